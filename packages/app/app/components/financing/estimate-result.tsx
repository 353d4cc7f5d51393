import { Form } from "react-router";
import { type TextTree, translator } from "../i18n";
import { formatMoney } from "../money";
import { withIndefiniteArticle } from "../plural";
import { ButtonLink } from "../ui";
import type { EstimatorView } from "./types";

/**
 * Keeps these numbers for every payment of the site, or forgets the kept ones (ADR 375): a post of the shown choices,
 * with or without JavaScript.
 */
function KeepNumbers({ view, texts }: { view: EstimatorView; texts: TextTree }) {
  const t = translator(texts);
  const { choices } = view;
  return (
    <Form method="post" action="/auto-financing" className="mt-4 border-t border-brand-200 pt-4 text-sm text-slate-800">
      <p>{view.yourNumbers ? t("numbers.saved", { numbers: view.yourNumbers }) : t("numbers.none")}</p>
      {(["price", "vehicleYear", "cashDown", "tradeEquity", "creditScore", "termMonths"] as const).map((key) => (
        <input key={key} type="hidden" name={key} value={choices[key]} />
      ))}
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="submit"
          name="intent"
          value="save"
          className="min-h-11 rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-800 hover:bg-white"
        >
          {t("numbers.save")}
        </button>
        {view.yourNumbers ? (
          <button
            type="submit"
            name="intent"
            value="forget"
            className="min-h-11 rounded-md px-4 py-2 font-semibold text-brand-800 underline underline-offset-2"
          >
            {t("numbers.forget")}
          </button>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * The estimator's answer: the monthly payment, the APR in its parts and the amount financed with every fee, and the
 * way on to the pre-approval with these figures. Rendered by the server (JavaScript off) and by the live estimator.
 */
export function EstimateResult({ view, texts }: { view: EstimatorView; texts: TextTree }) {
  const t = translator(texts);
  const { estimate, choices } = view;
  return (
    <div className="rounded-xl bg-brand-50 p-6" aria-live="polite" aria-atomic="true">
      <p className="text-sm font-medium text-slate-800">{t("monthly")}</p>
      <p className="mt-1 text-4xl font-bold text-slate-900">
        {estimate.monthly}
        <span className="text-lg font-medium text-slate-700">{t("perMonth")}</span>
      </p>
      <p className="mt-1 text-slate-800">{t("over", { months: estimate.termMonths })}</p>
      <dl className="mt-5 space-y-1 text-sm text-slate-800">
        <div className="flex justify-between gap-4 font-semibold">
          <dt>{t("apr")}</dt>
          <dd>{estimate.apr}%</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>
            {t("aprBase", {
              score: choices.creditScore,
              scoreWithArticle: withIndefiniteArticle(String(choices.creditScore), choices.creditScore, "en"),
            })}
          </dt>
          <dd>{estimate.aprBase}%</dd>
        </div>
        {estimate.aprSurcharge ? (
          <div className="flex justify-between gap-4">
            <dt>{t("aprSurcharge")}</dt>
            <dd>+{estimate.aprSurcharge}%</dd>
          </div>
        ) : null}
        {estimate.aprProgram ? (
          <div className="flex justify-between gap-4">
            <dt>{t("aprProgram", { year: view.programFromYear })}</dt>
            <dd>+{estimate.aprProgram}%</dd>
          </div>
        ) : null}
      </dl>
      <dl className="mt-5 space-y-1 border-t border-brand-200 pt-4 text-sm text-slate-800">
        <div className="flex justify-between gap-4">
          <dt>{t("priceLine")}</dt>
          <dd>{formatMoney(choices.price)}</dd>
        </div>
        {view.fees.map((fee) => (
          <div key={fee.label} className="flex justify-between gap-4">
            <dt>{fee.label}</dt>
            <dd>+{fee.amount}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4">
          <dt>{t("cashDownLine")}</dt>
          <dd>−{formatMoney(choices.cashDown)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{t("tradeEquityLine")}</dt>
          <dd>−{formatMoney(choices.tradeEquity)}</dd>
        </div>
        <div className="flex justify-between gap-4 font-semibold">
          <dt>{t("amountFinanced")}</dt>
          <dd>{estimate.amountFinanced}</dd>
        </div>
      </dl>
      <ButtonLink to={view.applyHref} className="mt-6 w-full justify-center">
        {t("apply")}
      </ButtonLink>
      <KeepNumbers view={view} texts={texts} />
      <p className="mt-4 text-xs text-slate-700">{t("disclaimer")}</p>
    </div>
  );
}
