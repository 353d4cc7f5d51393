import type { Dealer } from "@showroom/fixtures";
import {
  type Condition,
  defaultInventoryRules,
  formatSearchPath,
  isIndexable,
  parseSearchPath,
  parseSearchQuery,
  parseVehiclePath,
  type SearchCriteria,
  searchCriteria,
  searchHref,
  searchSortOptions,
} from "@showroom/rules/inventory";
import { redirect } from "react-router";
import type { FacetGroup, FacetLink, FormTarget, SearchResultsView } from "../components/search/types";
import { vehiclePicturePath } from "../components/vehicle/picture-path";
import type {
  CardPrice,
  DetailPrice,
  HoursView,
  VehicleCardView,
  VehicleDetailView,
  VehicleStoreView,
} from "../components/vehicle/types";
import { priceDisplay } from "../server/search/cards";
import { searchCatalogue, searchVehicles } from "../server/search/search.server";
import type {
  FacetValue,
  PriceDisplay,
  RangeFacet,
  SearchFacets,
  VehicleCard,
  VehicleDetail,
} from "../server/search/types";
import { getVehicleByVin, similarVehicles } from "../server/search/vehicle.server";
import { readVisitor } from "../server/visitor-state.server";
import { cachedFilterPages } from "./inventory.server";
import { notFound, pageSeo, requirePage } from "./seo.server";
import { formatMoney } from "./shell.server";
import type { Site } from "./site.server";
import { t, tree } from "./translations.server";
import { vehicleJsonLd } from "./vehicle-json-ld.server";
import { inlineVehiclePicture } from "./vehicle-picture.server";

const TRANSMISSIONS: Readonly<Record<string, string>> = { A: "Automatic", M: "Manual" };

/** A gated price with its amounts formatted; an old price shows only when it is above the price (a sale). */
function formattedPrice(price: PriceDisplay): CardPrice {
  if (price.kind !== "amount") return price;
  return {
    kind: "amount",
    amount: formatMoney(price.amount),
    oldAmount: price.oldAmount !== null && price.oldAmount > price.amount ? formatMoney(price.oldAmount) : null,
  };
}

/** A vehicle card as every listing shows it: the price gate already applied by the search, amounts formatted here. */
function vehicleCard(vehicle: VehicleCard): VehicleCardView {
  return {
    vin: vehicle.vin,
    href: vehicle.href,
    title: `${vehicle.year} ${vehicle.make} ${vehicle.model}`,
    trim: vehicle.trim,
    bodyStyle: vehicle.bodyStyle,
    color: vehicle.exteriorColor,
    mileage: vehicle.mileage.toLocaleString("en-US"),
    stockNumber: vehicle.stockNumber,
    price: formattedPrice(vehicle.price),
    priceDrop: vehicle.priceDrop,
    premiumUpgrades: vehicle.premiumUpgrades,
    private: vehicle.private,
  };
}

type Href = (criteria: Partial<SearchCriteria>) => string;

/**
 * Links of a facet's values. A single-valued facet (body style, make, price…) works like radio buttons: the other
 * values switch to themselves and the chosen one is not a link (its chip removes it). A list facet (fuel,
 * transmission, colours) works like checkboxes: every value toggles.
 */
function links(
  values: FacetValue[],
  choose: (value: FacetValue) => Partial<SearchCriteria>,
  href: Href,
  list = false,
): FacetLink[] {
  return values.map((v) => ({
    label: v.label,
    count: v.count,
    selected: v.selected,
    href: (v.selected ? list : v.count > 0) ? href(choose(v)) : null,
  }));
}

function toggled(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** Threshold links of a range facet: each sets one end (`mileage=null,85000`); the chosen one is not a link. */
function rangeLinks(
  facet: RangeFacet,
  end: "min" | "max",
  label: (bound: number) => string,
  set: (range: { min?: number; max?: number }) => Partial<SearchCriteria>,
  href: Href,
): FacetLink[] {
  const other = end === "min" ? "max" : "min";
  return facet.thresholds.map(({ bound, count }) => {
    const selected = facet.selected?.[end] === bound && facet.selected[other] === undefined;
    return {
      label: label(bound),
      count,
      selected,
      href: !selected && count > 0 ? href(set({ [end]: bound })) : null,
    };
  });
}

/** The facet groups: every value links to the search with it toggled (page 1), with its count. */
function facetGroups(facets: SearchFacets, criteria: SearchCriteria, conditions: readonly Condition[]): FacetGroup[] {
  const href: Href = (change) => searchHref({ ...criteria, ...change, page: 1 }, { conditions });
  const label = (key: string) => t(`inventory.filters.${key}`);
  const condition = facets.condition.filter((v) => (conditions as readonly string[]).includes(v.value));
  const groups: Omit<FacetGroup, "open">[] = [
    {
      id: "condition",
      label: label("condition"),
      values: conditions.length > 1 ? links(condition, (v) => ({ condition: v.value as Condition }), href) : [],
    },
    {
      id: "body-style",
      label: label("bodyStyle"),
      values: links(facets.bodyStyle, (v) => ({ bodyStyle: v.value }), href),
    },
    {
      id: "make",
      label: label("make"),
      values: links(facets.make, (v) => ({ make: v.value, model: undefined }), href),
    },
    {
      id: "model",
      label: label("model"),
      // Under a chosen make only: every model of every make is too long a list to scan.
      values: criteria.make
        ? facets.model.map((m) => ({
            label: m.label,
            count: m.count,
            selected: m.selected,
            href: !m.selected && m.count > 0 ? href({ make: m.make, model: m.value }) : null,
          }))
        : [],
    },
    {
      id: "price",
      label: label("price"),
      values: rangeLinks(
        facets.price,
        "max",
        (n) => t("inventory.filters.priceUnder", { amount: formatMoney(n) }),
        (price) => ({ price }),
        href,
      ),
    },
    {
      id: "mileage",
      label: label("mileage"),
      values: rangeLinks(
        facets.mileage,
        "max",
        (n) => t("inventory.filters.mileageUnder", { miles: n.toLocaleString("en-US") }),
        (mileage) => ({ mileage }),
        href,
      ),
    },
    {
      id: "year",
      label: label("year"),
      values: rangeLinks(
        facets.year,
        "min",
        (n) => `${t("inventory.filters.yearMin")} ${n}`,
        (year) => ({ year }),
        href,
      ),
    },
    {
      id: "fuel",
      label: label("fuelType"),
      values: links(facets.fuel, (v) => ({ fuel: toggled(criteria.fuel, v.value) }), href, true),
    },
    {
      id: "transmission",
      label: label("transmission"),
      values: links(
        facets.transmission,
        (v) => ({ transmission: toggled(criteria.transmission, v.value) }),
        href,
        true,
      ),
    },
    {
      id: "exterior-color",
      label: label("exteriorColor"),
      values: links(
        facets.exteriorColor,
        (v) => ({ exteriorColor: toggled(criteria.exteriorColor, v.value) }),
        href,
        true,
      ),
    },
    {
      id: "features",
      label: label("features"),
      values: links(facets.feature, (v) => ({ feature: v.value }), href),
    },
  ];
  return groups.filter((g) => g.values.length > 0).map((g) => ({ ...g, open: g.values.some((v) => v.selected) }));
}

/** A GET form on the canonical URL of `criteria` that sets `field` itself: the rest of the query rides along hidden. */
function formTarget(criteria: Partial<SearchCriteria>, conditions: readonly Condition[], field: string): FormTarget {
  const url = new URL(searchHref({ ...criteria, page: 1 }, { conditions }), "http://x");
  return { action: url.pathname, hidden: [...url.searchParams].filter(([key]) => key !== field) };
}

async function searchPage(site: Site, request: Request, url: URL) {
  requirePage(site, request, "cars-search-page");
  const conditions = site.settings.vehicleConditions;
  const { db } = site.services;
  const catalogue = await searchCatalogue(db);
  const filters = parseSearchPath(url.pathname, catalogue, { conditions });
  if (!filters) notFound(request);
  const canonicalPath = formatSearchPath(filters, { conditions });
  if (canonicalPath !== url.pathname) throw redirect(`${canonicalPath}${url.search}`, 301);
  const visitor = await readVisitor(db, site.cookies, request);
  const search = {
    storeId: site.store.id,
    criteria: searchCriteria(filters, parseSearchQuery(url.searchParams)),
    priceUnlocked: visitor.priceUnlocked,
  };
  // Private vehicles (spec section 4) are listed only after the private-inventory unlock (lead UNLOCK_INVENTORY).
  const result = await searchVehicles(db, { ...search, privateUnlocked: visitor.inventoryUnlocked });
  const { criteria, page, pageCount } = result;
  if (page > pageCount) notFound(request);
  // How many private vehicles this search would add once unlocked: the engine counts only what it lists, so the
  // same criteria are counted again with them (one pass, no facets, no cards kept).
  const privateHidden = visitor.inventoryUnlocked
    ? 0
    : (await searchVehicles(db, { ...search, privateUnlocked: true, facets: false })).total - result.total;
  const filterPages = (await cachedFilterPages(db, conditions)).map((p) => p.loc);
  const pageHref = (n: number) => searchHref({ ...criteria, page: n }, { conditions });
  const results: SearchResultsView = {
    vehicles: result.vehicles.map(vehicleCard),
    total: result.total,
    page,
    pageCount,
    firstIndex: (page - 1) * result.perPage + 1,
    nextHref: page < pageCount ? pageHref(page + 1) : null,
    prevHref: page > 1 ? pageHref(page - 1) : null,
  };
  return {
    kind: "search" as const,
    seo: pageSeo(site, request, "cars-search-page", {
      canonicalPath,
      indexable: isIndexable(`${url.pathname}${url.search}`, filterPages),
    }),
    texts: tree("inventory"),
    condition: criteria.condition ?? null,
    q: criteria.q ?? "",
    sort: result.sort.value,
    sortOptions: searchSortOptions.map((o) => ({ value: o.value, label: t(`inventory.sort.search.${o.value}`) })),
    sortForm: formTarget(criteria, conditions, "sort"),
    searchForm: formTarget(criteria, conditions, "q"),
    chips: result.appliedFilters.map((f) => ({ label: f.label, href: searchHref(f.without, { conditions }) })),
    clearHref: searchHref({ sort: criteria.sort }, { conditions }),
    facets: result.facets ? facetGroups(result.facets, criteria, conditions) : [],
    results,
    privateHidden,
  };
}

/** Decimal hours as the shop sign reads them: 10 → "10 AM", 7.5 → "7:30 AM", 19 → "7 PM", 12 → "12 PM". */
export function formatHour(hours: number): string {
  const minutesOfDay = Math.round(hours * 60);
  const hour = Math.floor(minutesOfDay / 60) % 24;
  const minutes = minutesOfDay % 60;
  const clock = `${hour % 12 || 12}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""}`;
  return `${clock} ${hour < 12 ? "AM" : "PM"}`;
}

const WEEK = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

/** The sales hours of each day, Monday first, as the dealer profile's working hours give them (spec section 3). */
export function salesHours(dealer: Dealer): HoursView[] {
  return WEEK.map((day, i) => {
    const entry = dealer.sales.workingHours[i];
    return {
      day: t(`inventory.detail.days.${day}`),
      hours:
        !entry || entry.closed
          ? t("inventory.detail.closed")
          : `${formatHour(entry.open)} – ${formatHour(entry.close)}`,
    };
  });
}

/**
 * A map link for the store: Google Maps at the profile's coordinates, which point at the lot itself. The profile's
 * `google_map_url` is an embed URL (`output=embed`), made for an iframe rather than for a shopper to open.
 */
export function mapsUrl(dealer: Dealer): string {
  return `https://www.google.com/maps/search/?api=1&query=${dealer.map.latitude},${dealer.map.longitude}`;
}

/** A free history report for a VIN: NHTSA's recall lookup (docs/decisions/161). */
export function historyReportUrl(vin: string): string {
  return `https://www.nhtsa.gov/recalls?vin=${encodeURIComponent(vin)}`;
}

function storeView(dealer: Dealer): VehicleStoreView {
  return {
    name: dealer.name,
    phone: dealer.sales.phone,
    addressLine1: [dealer.address_line_1, dealer.address_line_2].filter(Boolean).join(", "),
    cityLine: `${dealer.city}, ${dealer.state_short} ${dealer.zip}`,
    mapsUrl: mapsUrl(dealer),
    hours: salesHours(dealer),
  };
}

/** The body style's name in the inventory rules ("SUVs"); the slug itself for one the rules do not know. */
function bodyStyleName(slug: string): string {
  return defaultInventoryRules.bodyStyles.find((b) => b.slug === slug)?.name ?? slug;
}

/** The detail page's price box: the gated price, and what a sale saves once the amounts show. */
function detailPrice(vehicle: VehicleDetail, priceUnlocked: boolean): DetailPrice {
  const price = formattedPrice(priceDisplay(vehicle, priceUnlocked));
  if (price.kind !== "amount" || vehicle.price === null) return price;
  const sale = vehicle.oldPrice !== null && vehicle.oldPrice > vehicle.price;
  return { ...price, savings: sale ? formatMoney((vehicle.oldPrice as number) - vehicle.price) : null };
}

function detailView(vehicle: VehicleDetail, dealer: Dealer, priceUnlocked: boolean): VehicleDetailView {
  const title = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const mileage = vehicle.mileage.toLocaleString("en-US");
  const transmission = vehicle.transmission ? (TRANSMISSIONS[vehicle.transmission] ?? vehicle.transmission) : "";
  const specs: [string, string][] = [
    ["condition", t(`inventory.conditions.${vehicle.condition}`)],
    ["year", String(vehicle.year)],
    ["make", vehicle.make],
    ["model", vehicle.model],
    ["trim", vehicle.trim ?? ""],
    ["mileage", `${mileage} mi`],
    ["bodyStyle", bodyStyleName(vehicle.bodyStyle)],
    ["exteriorColor", vehicle.exteriorColor ?? ""],
    ["interiorColor", vehicle.interiorColor ?? ""],
    ["transmission", transmission],
    ["drivetrain", vehicle.drivetrain ?? ""],
    ["engine", vehicle.engine ?? ""],
    ["fuelType", vehicle.fuelType ?? ""],
    ["doors", vehicle.doors === null ? "" : String(vehicle.doors)],
    ["stockNumber", vehicle.stockNumber],
    ["vin", vehicle.vin],
  ];
  return {
    vin: vehicle.vin,
    title,
    trim: vehicle.trim,
    bodyStyle: vehicle.bodyStyle,
    color: vehicle.exteriorColor,
    pictureSvg: inlineVehiclePicture(vehiclePicturePath(vehicle.bodyStyle, vehicle.exteriorColor)),
    pictureAlt: vehicle.exteriorColor
      ? t("inventory.card.photoAlt", {
          year: vehicle.year,
          make: vehicle.make,
          model: vehicle.model,
          color: vehicle.exteriorColor,
        })
      : title,
    mileage,
    stockNumber: vehicle.stockNumber,
    price: detailPrice(vehicle, priceUnlocked),
    private: vehicle.private,
    features: vehicle.features,
    specs: specs.filter(([, value]) => value !== ""),
    documentFee: formatMoney(dealer.fee.documentFee),
    historyReportUrl: historyReportUrl(vehicle.vin),
    store: storeView(dealer),
  };
}

/** How many similar vehicles the detail page shows: one row of the three-column grid. */
const SIMILAR = 3;

async function detailPage(site: Site, request: Request, url: URL, vin: string) {
  requirePage(site, request, "cars-direct-page");
  const { db } = site.services;
  const [vehicle, visitor] = await Promise.all([getVehicleByVin(db, vin), readVisitor(db, site.cookies, request)]);
  // Unknown, sold, and private before the inventory unlock all read the same: the route-validation 404. A private
  // vehicle is not even redirected to its canonical path, so its existence is not given away.
  if (!vehicle || (vehicle.private && !visitor.inventoryUnlocked)) notFound(request);
  if (vehicle.href !== url.pathname) throw redirect(`${vehicle.href}${url.search}`, 301);
  const dealer = (site.stores.find((s) => s.id === vehicle.storeId) ?? site.store).dealer;
  const similar = await similarVehicles(db, vehicle, SIMILAR, {
    storeId: vehicle.storeId,
    priceUnlocked: visitor.priceUnlocked,
    privateUnlocked: visitor.inventoryUnlocked,
  });
  const name = [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(" ");
  return {
    kind: "detail" as const,
    seo: pageSeo(site, request, "cars-direct-page", {
      values: { vehicle_title: name },
      canonicalPath: vehicle.href,
      // A private vehicle is shown only to visitors who unlocked it: not a page for search engines.
      indexable: !vehicle.private,
    }),
    texts: tree("inventory"),
    vehicle: detailView(vehicle, dealer, visitor.priceUnlocked),
    similar: similar.map(vehicleCard),
    jsonLd: vehicleJsonLd({
      vehicle,
      dealer,
      origin: site.origin,
      picture: vehiclePicturePath(vehicle.bodyStyle, vehicle.exteriorColor),
      // schema.org's bodyType names one vehicle's body: "SUV", not the listing's "SUVs".
      bodyType: bodyStyleName(vehicle.bodyStyle).replace(/s$/, ""),
    }),
  };
}

/**
 * The inventory pages (`/cars-for-sale/…`, `/{condition}-cars-for-sale/…`): a vehicle's detail page when the path
 * names a VIN, otherwise the search page of its filters. Paths are canonicalised with 301s; unknown segments,
 * VINs and pages past the end answer the route-validation 404. `url` is the loader's normalized URL: a data
 * request's `request.url` ends in `.data`.
 */
export function carsPage(site: Site, request: Request, url: URL) {
  const vehicle = parseVehiclePath(url.pathname);
  return vehicle ? detailPage(site, request, url, vehicle.vin) : searchPage(site, request, url);
}
