import { data, redirect } from "react-router";
import type { CompareColumn } from "../components/vehicle/compare-table";
import { pageSeo, requirePage } from "../content/seo.server";
import { readShopperNumbers } from "../content/shopper-numbers.server";
import type { Site } from "../content/site.server";
import { pickTexts, t } from "../content/translations.server";
import { formattedPrice } from "../content/vehicle-card.server";
import { type CompareRefusal, compareHref, parseCompareQuery } from "../server/compare/compare-query";
import { priceDisplay } from "../server/search/cards";
import { TRANSMISSION_VALUES } from "../server/search/criteria";
import { getVehicleByVin } from "../server/search/vehicle.server";
import { readVisitor } from "../server/visitor-state.server";

export interface ComparePageData {
  seo: ReturnType<typeof pageSeo>;
  texts: ReturnType<typeof pickTexts>;
  columns: CompareColumn[];
  /** VINs of the address that are not for sale (sold, unknown, private before the unlock). */
  missing: string[];
  /** Why the address names no comparison (a 400), in the shopper's words. */
  refusal: string | null;
}

const REFUSALS: Readonly<Record<CompareRefusal, string>> = {
  tooLong: "inventory.compare.refusedTooLong",
  tooMany: "inventory.compare.refusedTooMany",
  malformed: "inventory.compare.refusedMalformed",
};

/** "Automatic" for the feed's `A`; a code the search does not know, as the feed wrote it. */
function transmissionName(code: string | null): string {
  if (code === null) return "";
  const known = TRANSMISSION_VALUES.find((value) => value.code === code);
  return known ? t(`inventory.transmissions.${known.value}`) : code;
}

/**
 * The compare page (ADR 346): up to three vehicles for sale, read by VIN as the detail page reads one, behind the same
 * gates (private vehicles only after the inventory unlock, prices only after the price unlock). A malformed or too
 * long list is a 400 that says why; VINs not for sale are named above the table, and a list with none left is a 404
 * that says so. Never indexed: the VIN list is the shopper's, and the vehicles have their own pages.
 */
export async function comparePage(site: Site, request: Request) {
  requirePage(site, request, "compare");
  const url = new URL(request.url);
  const seo = pageSeo(site, request, "compare", { indexable: false });
  const texts = pickTexts("inventory", ["compare", "card", "detail.specs"]);
  const query = parseCompareQuery(url);
  if (!query.ok) {
    const page: ComparePageData = { seo, texts, columns: [], missing: [], refusal: t(REFUSALS[query.reason]) };
    return data(page, { status: 400 });
  }
  if (query.redirect !== null) throw redirect(query.redirect);
  const { db } = site.services;
  const [visitor, ...vehicles] = await Promise.all([
    readVisitor(db, site.visitor),
    ...query.vins.map((vin) => getVehicleByVin(db, vin, { conditions: site.settings.vehicleConditions })),
  ]);
  const listed = vehicles.flatMap((vehicle) =>
    vehicle && !(vehicle.private && !visitor.inventoryUnlocked) ? [vehicle] : [],
  );
  const numbers = readShopperNumbers(request, site.settings);
  const storeName = new Map(site.stores.map((store) => [store.id, store.dealer.city]));
  const gone = query.vins.filter((vin) => !listed.some((vehicle) => vehicle.vin === vin));
  const columns = listed.map(
    (vehicle): CompareColumn => ({
      vin: vehicle.vin,
      href: vehicle.href,
      title: `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
      trim: vehicle.trim,
      year: vehicle.year,
      mileage: vehicle.mileage,
      store: storeName.get(vehicle.storeId) ?? "",
      price: formattedPrice(priceDisplay(vehicle, visitor.priceUnlocked), vehicle.year, numbers),
      drivetrain: vehicle.drivetrain ?? "",
      fuelType: vehicle.fuelType ?? "",
      transmission: transmissionName(vehicle.transmission),
      engine: vehicle.engine ?? "",
      features: vehicle.features,
      removeHref: compareHref(listed.filter((other) => other !== vehicle).map((other) => other.vin)),
    }),
  );
  const page: ComparePageData = { seo, texts, columns, missing: gone, refusal: null };
  // Every vehicle of the address gone: nothing to compare, the 404 a sold car's own page answers.
  return data(page, { status: columns.length === 0 && gone.length > 0 ? 404 : 200 });
}
