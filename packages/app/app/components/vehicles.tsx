import { Link } from "react-router";
import { type TextTree, translator, useUi } from "./i18n";

/** A vehicle as a search result card. */
export interface VehicleCardView {
  readonly vin: string;
  readonly href: string;
  /** "2021 Toyota Camry" */
  readonly title: string;
  readonly trim: string | null;
  readonly condition: string;
  /** A body-style slug of the inventory rules (`suvs`), which picks the drawing. */
  readonly bodyStyle: string;
  readonly color: string | null;
  readonly mileage: string;
  /** Formatted; null is Call for Price. */
  readonly price: string | null;
  readonly oldPrice: string | null;
  readonly priceDrop: boolean;
  readonly premiumUpgrades: boolean;
  readonly stockNumber: string;
}

/** A vehicle's detail page. */
export interface VehicleDetailView extends VehicleCardView {
  readonly year: number;
  readonly make: string;
  readonly model: string;
  readonly features: readonly string[];
  /** [spec key of `inventory.detail.specs`, value] */
  readonly specs: readonly (readonly [string, string])[];
  readonly savings: string | null;
  readonly documentFee: string;
  readonly storeName: string;
  readonly storePhone: string;
}

/**
 * The vehicle's picture: the fixtures' drawing of its body style in its paint colour (ADR 084), served by
 * `/media/vehicles/{style}-{colour}.svg` so each combination is one cached file. Decorative on cards, where the
 * title names the vehicle; the detail page passes words.
 */
export function VehiclePicture({
  bodyStyle,
  color,
  alt = "",
  className = "",
  eager = false,
}: {
  bodyStyle: string;
  color: string | null;
  alt?: string;
  className?: string;
  eager?: boolean;
}) {
  const colour = (color ?? "other").toLowerCase().replace(/[^a-z]/g, "") || "other";
  return (
    <img
      src={`/media/vehicles/${bodyStyle}-${colour}.svg`}
      alt={alt}
      width={320}
      height={140}
      loading={eager ? "eager" : "lazy"}
      className={`bg-gradient-to-b from-slate-50 to-slate-100 object-contain ${className}`}
    />
  );
}

/** Search result cards. */
export function VehicleGrid({
  vehicles,
  texts,
  headingLevel = 2,
}: {
  vehicles: readonly VehicleCardView[];
  texts: TextTree;
  headingLevel?: 2 | 3;
}) {
  const t = translator(texts);
  const ui = useUi();
  const Heading = `h${headingLevel}` as const;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {vehicles.map((vehicle) => (
        <li key={vehicle.vin} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
          <VehiclePicture bodyStyle={vehicle.bodyStyle} color={vehicle.color} className="aspect-[16/7] w-full p-4" />
          <div className="flex flex-1 flex-col p-5">
            <Heading className="text-lg font-semibold text-slate-900">
              <Link to={vehicle.href} prefetch="intent" className="hover:text-brand-700 hover:underline">
                {vehicle.title}
                {vehicle.trim ? <span className="block text-sm font-normal text-slate-700">{vehicle.trim}</span> : null}
              </Link>
            </Heading>
            <p className="mt-1 text-sm text-slate-700">
              {t("card.mileage", { miles: vehicle.mileage })} · {t("card.stockNumber", { stock: vehicle.stockNumber })}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
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
              {vehicle.price ?? <span className="text-lg">{ui("common.labels.callForPrice")}</span>}
              {vehicle.oldPrice ? (
                <span className="ml-2 text-sm font-normal text-slate-600 line-through">
                  {t("card.wasPrice", { price: vehicle.oldPrice })}
                </span>
              ) : null}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
