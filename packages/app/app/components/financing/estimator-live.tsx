import type { PaymentEstimateChoices } from "@showroom/forms";
import { aprBreakdown, defaultFinancingRules, estimateParsedPayment } from "@showroom/rules/financing";
import { useMemo, useState } from "react";
import { AmountSlider } from "../forms/amount-slider";
import { type TextTree, translator } from "../i18n";
import { formatMoney } from "../money";
import { EstimateResult } from "./estimate-result";
import { ROW, YearRow } from "./payment-estimator";
import type { EstimatorView } from "./types";

/**
 * The estimate of `choices`, computed here as the server computes it, with the same rules and arithmetic. The server
 * validated the choices it rendered and the sliders only reach their own values, so nothing is parsed again here: the
 * parsing variant would bring zod's core into this chunk (ADR 427).
 */
export function liveView(view: EstimatorView, choices: PaymentEstimateChoices): EstimatorView {
  const estimate = estimateParsedPayment(choices, defaultFinancingRules);
  const apr = aprBreakdown(choices.creditScore, choices.vehicleYear, defaultFinancingRules);
  const query = new URLSearchParams(Object.entries(choices).map(([k, v]) => [k, String(v)])).toString();
  return {
    ...view,
    choices,
    estimate: {
      monthly: formatMoney(estimate.monthly),
      amountFinanced: formatMoney(estimate.amountFinanced),
      apr: apr.total.toFixed(2),
      aprBase: apr.base.toFixed(2),
      aprSurcharge: apr.surcharge > 0 ? apr.surcharge.toFixed(2) : null,
      aprProgram: apr.program > 0 ? apr.program.toFixed(2) : null,
      termMonths: estimate.termMonths,
    },
    applyHref: `/auto-financing/apply-for-financing?${query}`,
  };
}

/** The estimator with sliders, recomputing as they move; the same rows as the server's form. */
export function LiveEstimator({ view, texts }: { view: EstimatorView; texts: TextTree }) {
  const t = translator(texts);
  const [choices, setChoices] = useState(view.choices);
  const live = useMemo(() => liveView(view, choices), [view, choices]);
  const set = (key: keyof PaymentEstimateChoices) => (value: number) => setChoices((c) => ({ ...c, [key]: value }));
  const money = (value: number) => formatMoney(value);
  const term = view.sliders.termMonths;
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div className="grid gap-x-6 sm:grid-cols-2">
        <div className={ROW}>
          <AmountSlider
            label={t("price")}
            slider={view.sliders.price}
            value={choices.price}
            onChange={set("price")}
            format={money}
          />
        </div>
        <div className={ROW}>
          <AmountSlider
            label={t("cashDown")}
            slider={view.sliders.cashDown}
            value={choices.cashDown}
            onChange={set("cashDown")}
            format={money}
          />
        </div>
        <div className={ROW}>
          <AmountSlider
            label={t("tradeEquity")}
            slider={view.sliders.tradeEquity}
            value={choices.tradeEquity}
            onChange={set("tradeEquity")}
            format={money}
          />
        </div>
        <div className={ROW}>
          <AmountSlider
            label={t("creditScore")}
            slider={view.sliders.creditScore}
            value={choices.creditScore}
            onChange={set("creditScore")}
            format={String}
          />
        </div>
        <div className={ROW}>
          <AmountSlider
            label={t("termMonths")}
            slider={term}
            value={choices.termMonths}
            onChange={set("termMonths")}
            format={(months) => t("months", { months })}
          />
        </div>
        <YearRow view={view} label={t("vehicleYear")} value={choices.vehicleYear} onChange={set("vehicleYear")} />
      </div>
      <EstimateResult view={live} texts={texts} />
    </div>
  );
}
