import { type TextTree, translator } from "../i18n";
import type { MonthlyView } from "./types";

/**
 * "est. $312.40/mo" beside an unlocked price, linking to the payment estimator set to the same choices, with those
 * choices in words underneath (the shopper's numbers, or an example) and a link to change or give them (ADR 375).
 */
export function MonthlyPayment({ monthly, texts }: { monthly: MonthlyView; texts: TextTree }) {
  const t = translator(texts);
  return (
    <span className="mt-1 block text-sm font-normal text-slate-700">
      <a href={monthly.href} className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
        {t("card.monthly", { amount: monthly.amount })}
      </a>
      <span className="block text-xs">
        {monthly.terms}{" "}
        <a href={monthly.href} className="text-brand-800 underline underline-offset-2 hover:text-brand-900">
          {t(monthly.personalized ? "card.changeNumbers" : "card.giveNumbers")}
        </a>
      </span>
    </span>
  );
}
