import { countText, type TextTree, translator, useUi } from "../i18n";
import { PageLink } from "../navigation/page-link";
import { PersonalizePriceLink } from "../unlock-price/personalize-price-link";
import { CompareCheckbox } from "./compare-pick";
import { MonthlyPayment } from "./monthly-payment";
import { SaveVehicleButton } from "./save-button";
import type { CardPrice, VehicleCardView } from "./types";
import { VehiclePicture } from "./vehicle-picture";

/**
 * Where a listing's price goes, behind the Unlock Price gate (spec section 6): the amount (struck-through old price
 * on a sale) once the visitor has unlocked prices; before that "Unlock Price", which opens Personalize My Price for
 * this vehicle; "Call for Price" when the vehicle has no price.
 */
export function VehiclePrice({ vin, price, texts }: { vin: string; price: CardPrice; texts: TextTree }) {
  const t = translator(texts);
  const ui = useUi();
  if (price.kind === "amount") {
    return (
      <>
        {price.amount}
        {price.oldAmount ? (
          <span className="ml-2 text-sm font-normal text-slate-600 line-through">
            {t("card.wasPrice", { price: price.oldAmount })}
          </span>
        ) : null}
        {price.monthly ? <MonthlyPayment monthly={price.monthly} /> : null}
      </>
    );
  }
  if (price.kind === "unlock") {
    return (
      <PersonalizePriceLink vin={vin} className="text-lg text-brand-800 underline-offset-2 hover:underline">
        {ui("common.labels.unlockPrice")}
      </PersonalizePriceLink>
    );
  }
  return <span className="text-lg text-brand-800">{ui("common.labels.callForPrice")}</span>;
}

/** A vehicle card: the picture and the title linking to the detail page, badges, and the gated price. */
export function VehicleCard({
  vehicle,
  texts,
  headingLevel = 2,
  compareForm,
  eager = false,
}: {
  vehicle: VehicleCardView;
  texts: TextTree;
  headingLevel?: 2 | 3;
  /** The id of the page's compare form: the card gets a "Compare" checkbox in it (texts need `compare`). */
  compareForm?: string;
  /** The card's picture is the page's main one (the listing's first card): fetched at once, before the scripts. */
  eager?: boolean;
}) {
  const t = translator(texts);
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="absolute top-2 right-2 z-10">
        <SaveVehicleButton vin={vehicle.vin} title={vehicle.title} saved={vehicle.saved} texts={texts} />
      </div>
      {/* The picture opens the vehicle too, as shoppers expect; the title is the one link a keyboard or a screen reader
          meets, so this copy stays out of the tab order and the accessibility tree. */}
      <PageLink to={vehicle.href} tabIndex={-1} aria-hidden="true" discover={false}>
        <VehiclePicture
          bodyStyle={vehicle.bodyStyle}
          color={vehicle.color}
          photo={vehicle.photo}
          eager={eager}
          className={`aspect-[16/7] w-full ${vehicle.photo ? "" : "p-4"}`}
        />
      </PageLink>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-lg font-semibold text-slate-900">
          <PageLink to={vehicle.href} prefetch="intent" className="hover:text-brand-700 hover:underline">
            {vehicle.title}
            {vehicle.trim ? <span className="block text-sm font-normal text-slate-700">{vehicle.trim}</span> : null}
          </PageLink>
        </Heading>
        <p className="mt-1 text-sm text-slate-700">
          {/* One text node rather than three: a listing hydrates many cards. */}
          {`${countText(texts, "card.mileage", vehicle.mileage)} · ${t("card.stockNumber", { stock: vehicle.stockNumber })}`}
        </p>
        {vehicle.store ? (
          <p className="mt-1 text-sm font-semibold text-slate-800">{t("card.atStore", { store: vehicle.store })}</p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-2">
          {vehicle.private ? (
            <span className="rounded-full bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">
              {t("card.privateBadge")}
            </span>
          ) : null}
          {vehicle.priceDrop ? (
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-ok-800">
              {t("card.priceDropBadge")}
            </span>
          ) : null}
          {vehicle.premiumUpgrades ? (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
              {t("card.premiumBadge")}
            </span>
          ) : null}
        </div>
        <p className="mt-auto pt-4 text-2xl font-bold text-slate-900">
          <VehiclePrice vin={vehicle.vin} price={vehicle.price} texts={texts} />
        </p>
        {compareForm ? (
          <div className="mt-3 border-t border-slate-100 pt-2">
            <CompareCheckbox form={compareForm} vin={vehicle.vin} title={vehicle.title} texts={texts} />
          </div>
        ) : null}
      </div>
    </article>
  );
}

/** A list of cards (similar vehicles, home page rows); search results keep their own ordered list. */
export function VehicleGrid({
  vehicles,
  texts,
  headingLevel = 2,
}: {
  vehicles: readonly VehicleCardView[];
  texts: TextTree;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {vehicles.map((vehicle) => (
        <li key={vehicle.vin} data-vin={vehicle.vin}>
          <VehicleCard vehicle={vehicle} texts={texts} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
