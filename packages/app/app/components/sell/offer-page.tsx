import { Form } from "react-router";
import { type FieldErrors, FormMetaFields, SelectField } from "../forms/fields";
import { type TextTree, translator } from "../i18n";
import { PRIMARY, SECONDARY } from "./form-frame";
import type { MoreCashLaterView, OfferView, PriceView } from "./offer-types";

/** "How we got this number": the starting figure and its day, every deduction and cost with why, the rounding, the price. */
function Explanation({
  offer,
  price,
  valued,
  asOf,
  texts,
  id,
}: {
  offer: PriceView;
  price: string;
  valued: boolean;
  asOf: string;
  texts: TextTree;
  id: string;
}) {
  const t = translator(texts);
  return (
    <details className="mt-4 rounded-md border border-slate-200 bg-white open:pb-3" open>
      <summary className="min-h-11 cursor-pointer px-4 py-2.5 font-semibold text-brand-800">
        {t("explain.title")}
      </summary>
      <table
        className="mx-4 w-[calc(100%-2rem)] text-left text-sm"
        aria-describedby={valued ? `${id}-valued-on` : undefined}
      >
        <tbody className="divide-y divide-slate-200">
          <tr>
            <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
              {offer.base.label}
            </th>
            <td className="py-2 text-right font-semibold whitespace-nowrap text-slate-900" data-amount="base">
              {offer.base.amount}
            </td>
          </tr>
          {offer.lines.map((line, i) => (
            // Lines of one offer never change order: the index keeps two equal deductions apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list rendered once
            <tr key={i}>
              <th scope="row" className="py-2 pr-3 font-normal text-slate-800">
                {line.label}
                {line.note ? <span className="block text-xs text-slate-700">{line.note}</span> : null}
              </th>
              <td className="py-2 text-right whitespace-nowrap text-slate-900" data-amount="line">
                {line.amount}
              </td>
            </tr>
          ))}
          {offer.rounding ? (
            <tr>
              <th scope="row" className="py-2 pr-3 font-normal text-slate-800">
                {t("explain.rounded")}
              </th>
              <td className="py-2 text-right whitespace-nowrap text-slate-900" data-amount="line">
                {offer.rounding}
              </td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" className="py-2 pr-3 font-semibold text-slate-900">
              {t("explain.total")}
            </th>
            <td className="py-2 text-right font-bold whitespace-nowrap text-slate-900" data-amount="total">
              {price}
            </td>
          </tr>
        </tbody>
      </table>
      {offer.lines.length === 0 ? <p className="mx-4 mt-2 text-sm text-slate-700">{t("explain.none")}</p> : null}
      {valued ? (
        <p id={`${id}-valued-on`} className="mx-4 mt-2 text-xs text-slate-700">
          {t("explain.valuedOn", { date: asOf })}
        </p>
      ) : null}
    </details>
  );
}

/** One offer's card: its price (or why there is none) and, for More Cash Later, its two checks. */
function OfferCard({
  id,
  title,
  text,
  offer,
  view,
  texts,
}: {
  id: string;
  title: string;
  text: string;
  offer: PriceView | MoreCashLaterView;
  view: OfferView;
  texts: TextTree;
}) {
  const t = translator(texts);
  const steps = "reserve" in offer && offer.reserve !== null ? offer : null;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{text}</p>
      {offer.price === null ? (
        <p className="mt-4 text-slate-800">
          <span className="font-semibold">{t("withheld")}.</span> {offer.withheld}
        </p>
      ) : (
        <>
          <p className="mt-4 text-4xl font-bold tracking-tight text-slate-900" data-price={id}>
            {offer.price}
          </p>
          {steps ? (
            <dl className="mt-4 grid gap-3 sm:grid-cols-2">
              <div className="rounded-md bg-slate-50 p-3">
                <dt className="text-sm font-medium text-slate-800">
                  {t("moreCashLater.reserve", { percent: steps.reservePercent ?? "" })}
                </dt>
                <dd className="text-lg font-semibold text-slate-900" data-check="reserve">
                  {steps.reserve}
                </dd>
                <dd className="text-xs text-slate-700">{t("moreCashLater.reserveWhen")}</dd>
              </div>
              <div className="rounded-md bg-slate-50 p-3">
                <dt className="text-sm font-medium text-slate-800">
                  {t("moreCashLater.profitShare", { percent: steps.profitSharePercent ?? "" })}
                </dt>
                <dd className="text-lg font-semibold text-slate-900" data-check="profit-share">
                  {steps.profitShare}
                </dd>
                <dd className="text-xs text-slate-700">{t("moreCashLater.profitShareWhen")}</dd>
              </div>
            </dl>
          ) : null}
          <Explanation offer={offer} price={offer.price} valued={view.valued} asOf={view.asOf} texts={texts} id={id} />
        </>
      )}
    </section>
  );
}

/** The offer's two cards, or the reasons to bring the vehicle in. */
export function OfferOutcome({ view, texts }: { view: OfferView; texts: TextTree }) {
  const t = translator(texts);
  if (view.outcome === "bring-in" || (!view.cashNow && !view.moreCashLater)) {
    return (
      <section aria-labelledby="bring-in-title" className="rounded-lg border border-amber-300 bg-amber-50 p-5">
        <h2 id="bring-in-title" className="text-xl font-semibold text-slate-900">
          {t("bringItIn.title")}
        </h2>
        <p className="mt-2 text-slate-800">{t("bringItIn.text")}</p>
        <h3 className="mt-4 font-semibold text-slate-900">{t("bringItIn.why")}</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
          {view.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {view.cashNow ? (
        <OfferCard
          id="cash-now"
          title={t("cashNow.title")}
          text={t("cashNow.text")}
          offer={view.cashNow}
          view={view}
          texts={texts}
        />
      ) : null}
      {view.moreCashLater ? (
        <OfferCard
          id="more-cash-later"
          title={t("moreCashLater.title")}
          text={t("moreCashLater.text")}
          offer={view.moreCashLater}
          view={view}
          texts={texts}
        />
      ) : null}
    </div>
  );
}

/** The store to bring the vehicle to, its hours, and the visit form (one choice of day and time). */
export function StoreVisit({
  view,
  texts,
  fields,
  slots,
  idempotencyKey,
  canBook,
  errors,
}: {
  view: OfferView;
  texts: TextTree;
  fields: TextTree;
  slots: readonly { group: string; options: readonly { value: string; label: string }[] }[];
  idempotencyKey: string;
  /** False for anyone but the browser that made the offer (or staff): they are given the store's number instead. */
  canBook: boolean;
  errors?: FieldErrors | undefined;
}) {
  const t = translator(texts);
  const f = translator(fields);
  return (
    <section aria-labelledby="visit-title" className="rounded-lg border border-slate-200 bg-slate-50 p-5">
      <h2 id="visit-title" className="text-xl font-semibold text-slate-900">
        {t("visit.title")}
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-700">{t("bringItIn.store")}</dt>
          <dd className="text-slate-900">
            <span className="font-semibold">{view.store.name}</span>
            <span className="block">{view.store.address}</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700">{t("bringItIn.hours")}</dt>
          <dd className="text-slate-900">{view.store.hours}</dd>
          <dd>
            <a
              href={`tel:${view.store.phone.replace(/[^\d+]/g, "")}`}
              className="text-brand-700 underline underline-offset-2"
            >
              {t("bringItIn.call", { phone: view.store.phone })}
            </a>
          </dd>
        </div>
      </dl>
      {!canBook ? (
        <p className="mt-4 text-slate-800">{t("visit.notYours", { phone: view.store.phone })}</p>
      ) : slots.length === 0 ? (
        <p className="mt-4 text-slate-800">{t("visit.noSlots", { phone: view.store.phone })}</p>
      ) : (
        <Form method="post" noValidate className="relative mt-5 print:hidden">
          <input type="hidden" name="intent" value="visit" />
          <FormMetaFields idempotencyKey={idempotencyKey} />
          <SelectField
            name="slot"
            label={t("visit.label")}
            placeholder={t("visit.placeholder") || f("time.placeholder")}
            options={slots}
            required
            errors={errors}
          />
          <button type="submit" className={`${PRIMARY} mt-4`}>
            {t("visit.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}

/** Print this offer: with JavaScript only (without it, the browser's own print works as well). */
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" className={`${SECONDARY} hidden js:inline-flex print:hidden`} onClick={() => window.print()}>
      {label}
    </button>
  );
}
