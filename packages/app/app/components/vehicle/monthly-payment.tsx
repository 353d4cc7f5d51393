import type { MonthlyView } from "./types";

/**
 * "est. $312.40/mo" beside an unlocked price, with the choices it assumed in words underneath (the shopper's numbers,
 * or an example) and a link to the payment estimator set to the same choices, to change or give them (ADR 375).
 * Every word comes from the server: the listing's first-load script is counted in bytes (issue 28's budget).
 */
export function MonthlyPayment({ monthly }: { monthly: MonthlyView }) {
  return (
    <span className="mt-1 block text-sm font-normal text-slate-700">
      <strong>{monthly.amount}</strong>
      <span className="block text-xs">{monthly.terms}</span>
      <a href={monthly.href} className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
        {monthly.change}
      </a>
    </span>
  );
}
