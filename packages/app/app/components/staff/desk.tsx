// The staff desk's few shared pieces. Only desk routes import this folder, so none of it reaches a public page's
// bundle (tests/e2e/staff-desk checks the manifest).
import type { ReactNode } from "react";

/** The desk's pages are never indexed, whatever a crawler ignores of robots.txt and X-Robots-Tag. */
export function deskMeta(page: string) {
  return [{ title: `${page} · Staff desk` }, { name: "robots", content: "noindex, nofollow" }];
}

export function DeskHeading({ children }: { children: ReactNode }) {
  return <h1 className="text-2xl font-semibold text-slate-900">{children}</h1>;
}

export const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2";
export const SECONDARY_BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2";
export const LINK = "text-brand-700 underline hover:text-brand-800";

/** A table with a caption (screen readers announce what it lists) that scrolls sideways on a narrow screen. */
export function DeskTable({
  caption,
  headers,
  children,
  empty,
}: {
  caption: string;
  headers: readonly string[];
  children: ReactNode;
  empty?: string | false;
}) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {headers.map((h) => (
              <th key={h} scope="col" className="px-2 py-2 font-semibold text-slate-900">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty ? <p className="mt-3 text-slate-700">{empty}</p> : null}
    </div>
  );
}

export const CELL = "border-b border-slate-200 px-2 py-2 align-top text-slate-900";

/** A message above a form: an error (announced) or a notice. */
export function DeskMessage({ tone, children }: { tone: "error" | "notice"; children: ReactNode }) {
  return tone === "error" ? (
    <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
      {children}
    </div>
  ) : (
    <output className="mt-4 block rounded-md border border-slate-300 bg-slate-50 p-4 text-slate-900">{children}</output>
  );
}

/** `2026-11-26 14:03 UTC`: staff compare times with logs and the CRM, which speak UTC. */
export function formatWhen(value: Date | string | null): string {
  if (!value) return "—";
  const date = new Date(value);
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
