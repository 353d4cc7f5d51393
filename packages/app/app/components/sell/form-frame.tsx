import type { FieldErrors } from "../forms/fields";

// What the sell/trade pages' forms share with the offer page: the buttons and the message above a refused form.

const BUTTON =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-5 py-2.5 text-base font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-70";
export const PRIMARY = `${BUTTON} bg-brand-700 text-white shadow-sm hover:bg-brand-800`;
export const SECONDARY = `${BUTTON} border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`;

/** A refusal's message that belongs to no field (or to a field the step does not show). */
export function FormError({ error, shown }: { error: FieldErrors | undefined; shown: readonly string[] }) {
  const messages = Object.entries(error ?? {})
    .filter(([name]) => !shown.includes(name))
    .flatMap(([, list]) => list ?? []);
  if (messages.length === 0) return null;
  return (
    <div role="alert" tabIndex={-1} className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
      {[...new Set(messages)].map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}
