import { type ComponentType, lazy, Suspense, startTransition, useEffect, useState } from "react";
import { Form } from "react-router";
import { INPUT } from "../forms/fields";
import { type TextTree, translator } from "../i18n";
import { EstimateResult } from "./estimate-result";
import type { EstimatorView } from "./types";

type LiveProps = { view: EstimatorView; texts: TextTree };

/** The live estimator (native range sliders and the math in the browser), loaded once the page is idle. */
const loadLive = () =>
  import("./estimator-live").then((m) => ({ default: m.LiveEstimator as ComponentType<LiveProps> }));
const LiveEstimator = lazy(loadLive);

/** Each control's row has one height, with or without JavaScript, so swapping in the sliders moves nothing. */
export const ROW = "grid h-[6.5rem] content-start gap-1";

function NumberRow({
  name,
  label,
  value,
  range,
  prefix,
}: {
  name: string;
  label: string;
  value: number;
  range: string;
  prefix?: string;
}) {
  const id = `estimator-${name}`;
  return (
    <div className={ROW}>
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="flex items-center gap-2">
        {prefix ? (
          <span aria-hidden="true" className="text-lg text-slate-700">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          defaultValue={value}
          className={INPUT}
          aria-describedby={`${id}-range`}
        />
      </div>
      <p id={`${id}-range`} className="text-sm text-slate-700">
        {range}
      </p>
    </div>
  );
}

/**
 * The payment estimator of /auto-financing (spec section 9): price, cash down, trade equity, credit score, term and
 * model year. Without JavaScript it is a GET form whose answer the server renders; once the page is idle the live
 * version replaces the inputs with sliders and recomputes as they move, with the same rows and the same answer.
 */
export function PaymentEstimator({ view, texts }: LiveProps) {
  const [live, setLive] = useState(false);
  useEffect(() => {
    const start = () => void loadLive().then(() => startTransition(() => setLive(true)));
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1500));
    idle(start);
  }, []);
  const fallback = <StaticEstimator view={view} texts={texts} />;
  if (!live) return fallback;
  return (
    <Suspense fallback={fallback}>
      <LiveEstimator key={view.applyHref} view={view} texts={texts} />
    </Suspense>
  );
}

/** The estimator as the server renders it: a GET form of inputs and selects, and the answer for the query. */
function StaticEstimator({ view: v, texts }: LiveProps) {
  const t = translator(texts);
  const range = (s: { min: number; max: number }, money = true) =>
    t("range", {
      min: money ? `$${s.min.toLocaleString("en-US")}` : s.min,
      max: money ? `$${s.max.toLocaleString("en-US")}` : s.max,
    });
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <Form method="get" action="/auto-financing" preventScrollReset className="grid gap-x-6 sm:grid-cols-2">
        <NumberRow name="price" label={t("price")} value={v.choices.price} range={range(v.sliders.price)} prefix="$" />
        <NumberRow
          name="cashDown"
          label={t("cashDown")}
          value={v.choices.cashDown}
          range={range(v.sliders.cashDown)}
          prefix="$"
        />
        <NumberRow
          name="tradeEquity"
          label={t("tradeEquity")}
          value={v.choices.tradeEquity}
          range={range(v.sliders.tradeEquity)}
          prefix="$"
        />
        <NumberRow
          name="creditScore"
          label={t("creditScore")}
          value={v.choices.creditScore}
          range={range(v.sliders.creditScore, false)}
        />
        <div className={ROW}>
          <label htmlFor="estimator-termMonths" className="text-sm font-medium text-slate-900">
            {t("termMonths")}
          </label>
          <select id="estimator-termMonths" name="termMonths" defaultValue={v.choices.termMonths} className={INPUT}>
            {monthsOf(v.sliders.termMonths).map((months) => (
              <option key={months} value={months}>
                {t("months", { months })}
              </option>
            ))}
          </select>
        </div>
        <YearRow view={v} label={t("vehicleYear")} />
        <div className="sm:col-span-2">
          <button
            type="submit"
            className="min-h-11 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            {t("update")}
          </button>
        </div>
      </Form>
      <EstimateResult view={v} texts={texts} />
    </div>
  );
}

/** Every term the term slider allows. */
function monthsOf(slider: { min: number; max: number; step: number }): number[] {
  const months: number[] = [];
  for (let m = slider.min; m <= slider.max; m += slider.step) months.push(m);
  return months;
}

/** The model year, a select in both versions: the program turns on at a year, not along a scale. */
export function YearRow({
  view,
  label,
  value,
  onChange,
}: {
  view: EstimatorView;
  label: string;
  value?: number;
  onChange?: (year: number) => void;
}) {
  return (
    <div className={ROW}>
      <label htmlFor="estimator-vehicleYear" className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <select
        id="estimator-vehicleYear"
        name="vehicleYear"
        {...(onChange
          ? { value, onChange: (e) => onChange(Number(e.target.value)) }
          : { defaultValue: view.choices.vehicleYear })}
        className={INPUT}
      >
        {view.years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </div>
  );
}
