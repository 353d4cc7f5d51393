import {
  type Condition,
  defaultInventoryRules,
  formatSearchPath,
  isIndexable,
  pageCount,
  parseSearchPath,
  parseSearchQuery,
  parseVehiclePath,
  type SearchCriteria,
  searchCriteria,
  searchHref,
} from "@showroom/rules/inventory";
import { redirect } from "react-router";
import type { VehicleCardView, VehicleDetailView } from "../components/vehicles";
import {
  bodyStyleSlug,
  cachedFilterPages,
  inventoryCatalogue,
  rowPath,
  searchVehicles,
  similarVehicles,
  type VehicleRow,
  vehicleByVin,
} from "./inventory.server";
import { notFound, pageSeo, requirePage } from "./seo.server";
import { formatMoney } from "./shell.server";
import type { Site } from "./site.server";
import { t, tree } from "./translations.server";

const TRANSMISSIONS: Readonly<Record<string, string>> = { A: "Automatic", M: "Manual" };

function card(row: VehicleRow): VehicleCardView {
  const title = [row.year, row.make, row.model].join(" ");
  return {
    vin: row.vin,
    href: rowPath(row),
    title,
    trim: row.trim,
    condition: row.condition,
    bodyStyle: bodyStyleSlug(row.bodyStyle) ?? "sedans",
    color: row.exteriorColor,
    mileage: row.mileage.toLocaleString("en-US"),
    price: row.price === null ? null : formatMoney(row.price),
    oldPrice:
      row.oldPrice !== null && row.price !== null && row.oldPrice > row.price ? formatMoney(row.oldPrice) : null,
    priceDrop: row.priceDrop,
    premiumUpgrades: row.premiumUpgrades,
    stockNumber: row.stockNumber,
  };
}

function detailsOf(row: VehicleRow): Record<string, unknown> {
  return typeof row.details === "object" && row.details !== null ? (row.details as Record<string, unknown>) : {};
}

/** The criteria with one filter removed, as the canonical search URL: the "remove filter" links. */
function without(criteria: SearchCriteria, keys: (keyof SearchCriteria)[], conditions: readonly Condition[]): string {
  const rest: Partial<SearchCriteria> = { ...criteria, page: 1 };
  for (const key of keys) delete rest[key];
  return searchHref(rest, { conditions });
}

async function searchPage(site: Site, request: Request, url: URL) {
  requirePage(site, request, "cars-search-page");
  const conditions = site.settings.vehicleConditions;
  const { db } = site.services;
  const catalogue = await inventoryCatalogue(db);
  const filters = parseSearchPath(url.pathname, catalogue, { conditions });
  if (!filters) notFound(request);
  const canonicalPath = formatSearchPath(filters, { conditions });
  if (canonicalPath !== url.pathname) throw redirect(`${canonicalPath}${url.search}`, 301);
  const criteria = searchCriteria(filters, parseSearchQuery(url.searchParams));
  const perPage = site.settings.inventory.itemsPerPage;
  const { total, vehicles } = await searchVehicles(db, criteria, perPage);
  const pages = pageCount(total, perPage);
  if (criteria.page > 1 && criteria.page > pages) notFound(request);
  const filterPages = (await cachedFilterPages(db, conditions)).map((p) => p.loc);
  const texts = tree("inventory");
  const chips: { label: string; href: string }[] = [];
  const f = tree("inventory.filters") as Record<string, string>;
  const rules = defaultInventoryRules;
  if (criteria.bodyStyle) {
    const name = rules.bodyStyles.find((b) => b.slug === criteria.bodyStyle)?.name ?? criteria.bodyStyle;
    chips.push({ label: name, href: without(criteria, ["bodyStyle"], conditions) });
  }
  if (criteria.make) {
    const make = catalogue.makes.find((m) => m.slug === criteria.make);
    const model = make?.models.find((m) => m.slug === criteria.model);
    chips.push({
      label: [make?.name ?? criteria.make, model?.name].filter(Boolean).join(" "),
      href: without(criteria, ["make", "model"], conditions),
    });
  }
  if (criteria.feature) {
    const name = rules.features.find((x) => x.slug === criteria.feature)?.name ?? criteria.feature;
    chips.push({ label: name, href: without(criteria, ["feature"], conditions) });
  }
  const { price, mileage } = criteria;
  if (price) {
    const label =
      price.min === undefined && price.max !== undefined
        ? t("inventory.filters.priceUnder", { amount: formatMoney(price.max) })
        : price.max === undefined && price.min !== undefined
          ? t("inventory.filters.priceOver", { amount: formatMoney(price.min) })
          : `${f.price} ${formatMoney(price.min ?? 0)}–${formatMoney(price.max ?? 0)}`;
    chips.push({ label, href: without(criteria, ["price"], conditions) });
  }
  if (mileage) {
    const label =
      mileage.max !== undefined && mileage.min === undefined
        ? t("inventory.filters.mileageUnder", { miles: mileage.max.toLocaleString("en-US") })
        : `${f.mileage}`;
    chips.push({ label, href: without(criteria, ["mileage"], conditions) });
  }
  if (criteria.year) chips.push({ label: `${f.year}`, href: without(criteria, ["year"], conditions) });
  if (criteria.q) chips.push({ label: `“${criteria.q}”`, href: without(criteria, ["q"], conditions) });
  return {
    kind: "search" as const,
    seo: pageSeo(site, request, "cars-search-page", {
      canonicalPath,
      indexable: isIndexable(`${url.pathname}${url.search}`, filterPages),
    }),
    texts,
    condition: criteria.condition ?? null,
    total,
    page: criteria.page,
    pages,
    sort: criteria.sort,
    q: criteria.q ?? "",
    action: canonicalPath,
    // The query the sort and search forms carry along (each form sets its own field and starts at page 1).
    keep: [...url.searchParams].filter(([key]) => key !== "page").slice(0, 20),
    chips,
    clearHref: searchHref({}, { conditions }),
    prevHref: criteria.page > 1 ? searchHref({ ...criteria, page: criteria.page - 1 }, { conditions }) : null,
    nextHref: criteria.page < pages ? searchHref({ ...criteria, page: criteria.page + 1 }, { conditions }) : null,
    vehicles: vehicles.map(card),
  };
}

async function detailPage(site: Site, request: Request, url: URL, vin: string) {
  requirePage(site, request, "cars-direct-page");
  const row = await vehicleByVin(site.services.db, vin);
  if (!row || row.private) notFound(request);
  const path = rowPath(row);
  if (path !== url.pathname) throw redirect(`${path}${url.search}`, 301);
  const details = detailsOf(row);
  const features = Array.isArray(details.features)
    ? details.features.filter((x): x is string => typeof x === "string")
    : [];
  const base = card(row);
  const store = site.stores.find((s) => s.id === row.storeId) ?? site.store;
  const detail: VehicleDetailView = {
    ...base,
    year: row.year,
    make: row.make,
    model: row.model,
    features,
    specs: [
      ["condition", row.condition.charAt(0).toUpperCase() + row.condition.slice(1)],
      ["year", String(row.year)],
      ["make", row.make],
      ["model", row.model],
      ["trim", row.trim ?? ""],
      ["mileage", `${base.mileage} mi`],
      ["bodyStyle", row.bodyStyle],
      ["exteriorColor", row.exteriorColor ?? ""],
      ["interiorColor", row.interiorColor ?? ""],
      ["transmission", TRANSMISSIONS[row.transmission ?? ""] ?? row.transmission ?? ""],
      ["fuelType", row.fuelType ?? ""],
      ["doors", typeof details.doors === "number" ? String(details.doors) : ""],
      ["stockNumber", row.stockNumber],
      ["vin", row.vin],
    ].filter((entry): entry is [string, string] => entry[1] !== ""),
    savings:
      row.oldPrice !== null && row.price !== null && row.oldPrice > row.price
        ? formatMoney(row.oldPrice - row.price)
        : null,
    documentFee: formatMoney(store.dealer.fee.documentFee),
    storeName: store.dealer.name,
    storePhone: store.dealer.sales.phone,
  };
  const title = [row.year, row.make, row.model, row.trim].filter(Boolean).join(" ");
  return {
    kind: "detail" as const,
    seo: pageSeo(site, request, "cars-direct-page", { values: { vehicle_title: title } }),
    texts: tree("inventory"),
    vehicle: detail,
    similar: (await similarVehicles(site.services.db, row)).map(card),
  };
}

/**
 * The inventory pages (`/cars-for-sale/…`, `/{condition}-cars-for-sale/…`): a vehicle's detail page when the path
 * names a VIN, otherwise the search page of its filters. Paths are canonicalised with 301s; unknown segments,
 * VINs and pages past the end answer the route-validation 404.
 */
export function carsPage(site: Site, request: Request) {
  const url = new URL(request.url);
  const vehicle = parseVehiclePath(url.pathname);
  return vehicle ? detailPage(site, request, url, vehicle.vin) : searchPage(site, request, url);
}
