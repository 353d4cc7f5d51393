import { useEffect } from "react";
import { type Entry, remove, type ToastSeverity } from "./toast-store";

const SEVERITY_CLASS: Record<ToastSeverity, string> = {
  info: "border-sky-300 bg-sky-50 text-sky-950",
  success: "border-green-300 bg-green-50 text-green-950",
  warn: "border-amber-300 bg-amber-50 text-amber-950",
  error: "border-red-300 bg-red-50 text-red-950",
  secondary: "border-slate-300 bg-slate-50 text-slate-900",
  contrast: "border-slate-900 bg-slate-900 text-white",
};

const ICON_PATH: Record<ToastSeverity, string> = {
  info: "M11.25 11.25l.041-.02a.75.75 0 011.063.852l-.708 2.836a.75.75 0 001.063.853l.041-.021M21 12a9 9 0 11-18 0 9 9 0 0118 0zm-9-3.75h.008v.008H12V8.25z",
  success: "M9 12.75L11.25 15 15 9.75M21 12a9 9 0 11-18 0 9 9 0 0118 0z",
  warn: "M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126zM12 15.75h.007v.008H12v-.008z",
  error: "M12 9v3.75m9-.75a9 9 0 11-18 0 9 9 0 0118 0zm-9 3.75h.008v.008H12v-.008z",
  secondary:
    "M11.25 11.25l.041-.02a.75.75 0 011.063.852l-.708 2.836a.75.75 0 001.063.853l.041-.021M21 12a9 9 0 11-18 0 9 9 0 0118 0zm-9-3.75h.008v.008H12V8.25z",
  contrast:
    "M11.25 11.25l.041-.02a.75.75 0 011.063.852l-.708 2.836a.75.75 0 001.063.853l.041-.021M21 12a9 9 0 11-18 0 9 9 0 0118 0zm-9-3.75h.008v.008H12V8.25z",
};

/** One toast: its severity's colours and icon, its life, and its close button (JavaScript only). */
export function ToastItem({
  entry,
  life,
  leaving,
  closeLabel,
}: {
  entry: Entry;
  life: number | null;
  leaving: boolean;
  closeLabel: string;
}) {
  const severity = entry.severity ?? "info";
  useEffect(() => {
    if (!life) return;
    const timer = setTimeout(() => remove(entry.id), life);
    return () => clearTimeout(timer);
  }, [entry.id, life]);
  // Without JavaScript a toast with a life still goes away: the fade runs after `life` ms, in CSS alone.
  const animation = leaving
    ? "toast-out 200ms ease-in forwards"
    : life
      ? `toast-in 200ms ease-out, toast-out 200ms ease-in ${life}ms forwards`
      : "toast-in 200ms ease-out";
  return (
    <div
      role={severity === "error" || severity === "warn" ? "alert" : "status"}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg ${SEVERITY_CLASS[severity]} ${entry.styleClass ?? ""}`}
      style={{ animation }}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        className="mt-0.5 size-5 shrink-0"
      >
        <path strokeLinecap="round" strokeLinejoin="round" d={ICON_PATH[severity]} />
      </svg>
      <div className={`min-w-0 flex-1 ${entry.contentStyleClass ?? ""}`}>
        <p className="font-semibold">{entry.summary}</p>
        {entry.detail ? <p className="mt-1 text-sm">{entry.detail}</p> : null}
      </div>
      {entry.closable === false ? null : (
        <button
          type="button"
          onClick={() => remove(entry.id)}
          aria-label={closeLabel}
          className="-m-1 hidden size-8 shrink-0 items-center justify-center rounded-md hover:bg-black/10 js:inline-flex"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            className="size-4"
          >
            <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      )}
    </div>
  );
}
