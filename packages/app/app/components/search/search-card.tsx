import { Link } from "react-router";
import { type TextTree, translator, useUi } from "../i18n";
import { VehiclePicture } from "../vehicles";
import type { SearchCardView } from "./types";

/** A search result: the picture, the title linking to the detail page, and the price behind the Unlock Price gate. */
export function SearchCard({ vehicle, texts }: { vehicle: SearchCardView; texts: TextTree }) {
  const t = translator(texts);
  const ui = useUi();
  const { price } = vehicle;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white">
      <VehiclePicture bodyStyle={vehicle.bodyStyle} color={vehicle.color} className="aspect-[16/7] w-full p-4" />
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-lg font-semibold text-slate-900">
          <Link to={vehicle.href} prefetch="intent" className="hover:text-brand-700 hover:underline">
            {vehicle.title}
            {vehicle.trim ? <span className="block text-sm font-normal text-slate-700">{vehicle.trim}</span> : null}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {t("card.mileage", { miles: vehicle.mileage })} · {t("card.stockNumber", { stock: vehicle.stockNumber })}
        </p>
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
          {price.kind === "amount" ? (
            <>
              {price.amount}
              {price.oldAmount ? (
                <span className="ml-2 text-sm font-normal text-slate-600 line-through">
                  {t("card.wasPrice", { price: price.oldAmount })}
                </span>
              ) : null}
            </>
          ) : (
            <span className="text-lg text-brand-800">
              {price.kind === "unlock" ? ui("common.labels.unlockPrice") : ui("common.labels.callForPrice")}
            </span>
          )}
        </p>
      </div>
    </article>
  );
}
