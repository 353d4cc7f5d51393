import type { MonthlyView } from "./types";

const LINK = "font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900";

/**
 * "est. $312.40/mo" beside an unlocked price, linking to the payment estimator set to the same choices, with those
 * choices in words underneath (the shopper's numbers, or an example) and a link to change or give them (ADR 375).
 * Every word comes from the server, so the listing's first-load script carries no translation lookups for it.
 */
export function MonthlyPayment({ monthly }: { monthly: MonthlyView }) {
  return (
    <span className="mt-1 block text-sm font-normal text-slate-700">
      <a href={monthly.href} className={LINK}>
        {monthly.amount}
      </a>
      <span className="block text-xs">{monthly.terms}</span>
      <a href={monthly.href} className={LINK}>
        {monthly.change}
      </a>
    </span>
  );
}
