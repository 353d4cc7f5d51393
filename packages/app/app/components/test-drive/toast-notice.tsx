/** A toast as the test-drive rules give it: severity, summary, detail (see `@showroom/rules/test-drive`). */
export interface NoticeToast {
  readonly severity: "info" | "success" | "warn" | "error";
  readonly summary: string;
  readonly detail: string;
}

/**
 * A refused step's toast shown in the page, where a shopper without JavaScript reads it: the answer to a refused post
 * is the page itself (400), not a redirect that could carry a flash toast.
 */
export function TestDriveToastNotice({ toast }: { toast: NoticeToast }) {
  const error = toast.severity === "error" || toast.severity === "warn";
  return (
    <div
      role={error ? "alert" : "status"}
      className={`mt-4 rounded-md border p-4 ${error ? "border-red-300 bg-red-50 text-red-950" : "border-green-300 bg-green-50 text-green-950"}`}
    >
      <p className="font-semibold">{toast.summary}</p>
      <p className="mt-1 text-sm">{toast.detail}</p>
    </div>
  );
}
