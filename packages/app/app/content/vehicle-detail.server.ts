import type { Dealer } from "@showroom/fixtures";
import type { ShopperNumbers } from "@showroom/rules/financing";
import { defaultInventoryRules, searchPrefix } from "@showroom/rules/inventory";
import { redirect } from "react-router";
import { photoSources } from "../components/vehicle/photo-sources";
import { vehiclePicturePath } from "../components/vehicle/picture-path";
import type { DetailPrice, HoursView, VehicleDetailView, VehicleStoreView } from "../components/vehicle/types";
import { readyPhotos } from "../server/photos/photo-job.server";
import { photoBaseOf } from "../server/photos/photo-settings.server";
import { savedVins } from "../server/saved/saved-vehicles.server";
import { priceDisplay } from "../server/search/cards";
import type { VehicleDetail } from "../server/search/types";
import { getVehicleByVin, similarVehicles } from "../server/search/vehicle.server";
import { readVisitor } from "../server/visitor-state.server";
import { searchHeading } from "./search-heading.server";
import { absoluteUrl, notFound, pageSeo, requirePage } from "./seo.server";
import { formatMoney } from "./shell.server";
import { readShopperNumbers } from "./shopper-numbers.server";
import type { Site } from "./site.server";
import { breadcrumbJsonLd } from "./structured-data.server";
import { pickTexts, t } from "./translations.server";
import { cardsFor, formattedPrice } from "./vehicle-card.server";
import { vehicleJsonLd } from "./vehicle-json-ld.server";
import { inlineVehiclePicture } from "./vehicle-picture.server";

const TRANSMISSIONS: Readonly<Record<string, string>> = { A: "Automatic", M: "Manual" };

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
function detailPrice(vehicle: VehicleDetail, priceUnlocked: boolean, numbers: ShopperNumbers | null): DetailPrice {
  const price = formattedPrice(priceDisplay(vehicle, priceUnlocked), vehicle.year, numbers);
  if (price.kind !== "amount" || vehicle.price === null) return price;
  const sale = vehicle.oldPrice !== null && vehicle.oldPrice > vehicle.price;
  return { ...price, savings: sale ? formatMoney((vehicle.oldPrice as number) - vehicle.price) : null };
}

function detailView(
  vehicle: VehicleDetail,
  photos: string[],
  dealer: Dealer,
  visitor: { priceUnlocked: boolean; numbers: ShopperNumbers | null },
  saved: boolean,
): VehicleDetailView {
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
    // The drawing stands in for photos until one is made (ADR 380): then its markup is not shipped.
    pictureSvg:
      photos.length > 0 ? null : inlineVehiclePicture(vehiclePicturePath(vehicle.bodyStyle, vehicle.exteriorColor)),
    photos,
    pictureAlt: vehicle.exteriorColor
      ? t("inventory.card.photoAlt", {
          year: vehicle.year,
          make: vehicle.make,
          model: vehicle.model,
          color: vehicle.exteriorColor,
        })
      : title,
    mileage: vehicle.mileage,
    stockNumber: vehicle.stockNumber,
    price: detailPrice(vehicle, visitor.priceUnlocked, visitor.numbers),
    private: vehicle.private,
    saved,
    features: vehicle.features,
    specs: specs.filter(([, value]) => value !== ""),
    documentFee: formatMoney(dealer.fee.documentFee),
    historyReportUrl: historyReportUrl(vehicle.vin),
    store: storeView(dealer),
  };
}

/** What a shared link or search engine shows for the vehicle: its first photo made, or its drawing without one. */
function mainPicture(vehicle: VehicleDetail, photos: readonly string[], base: string): string {
  const first = photos[0] === undefined ? null : photoSources(photos[0], base);
  return first?.src ?? vehiclePicturePath(vehicle.bodyStyle, vehicle.exteriorColor);
}

/** How many similar vehicles the detail page shows: one row of the three-column grid. */
const SIMILAR = 3;

export async function detailPage(site: Site, request: Request, url: URL, vin: string) {
  requirePage(site, request, "cars-direct-page");
  const { db } = site.services;
  const [vehicle, visitor] = await Promise.all([
    getVehicleByVin(db, vin, { conditions: site.settings.vehicleConditions }),
    readVisitor(db, site.visitor),
  ]);
  // Unknown, sold, of a condition the site does not sell, and private before the inventory unlock all read the same: the route-validation 404. A private
  // vehicle is not even redirected to its canonical path, so its existence is not given away.
  if (!vehicle || (vehicle.private && !visitor.inventoryUnlocked)) notFound(request);
  if (vehicle.href !== url.pathname) throw redirect(`${vehicle.href}${url.search}`, 301);
  const dealer = (site.stores.find((s) => s.id === vehicle.storeId) ?? site.store).dealer;
  const [saved, photos] = await Promise.all([savedVins(db, visitor), readyPhotos(db, vehicle.images)]);
  const numbers = readShopperNumbers(request, site.settings);
  const similar = await similarVehicles(db, vehicle, SIMILAR, {
    storeId: vehicle.storeId,
    conditions: site.settings.vehicleConditions,
    priceUnlocked: visitor.priceUnlocked,
    privateUnlocked: visitor.inventoryUnlocked,
  });
  const name = [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(" ");
  return {
    kind: "detail" as const,
    seo: {
      ...pageSeo(site, request, "cars-direct-page", {
        values: { vehicle_title: name },
        canonicalPath: vehicle.href,
        // A private vehicle is shown only to visitors who unlocked it: not a page for search engines.
        indexable: !vehicle.private,
      }),
      // Shared, the page shows the car: its picture and Open Graph's product type, not the inventory's card.
      ogType: "product" as const,
      socialImage: absoluteUrl(site, mainPicture(vehicle, photos, photoBaseOf(site.services.config))),
    },
    // What the detail view and its similar vehicles' cards look up in the browser.
    texts: pickTexts("inventory", ["detail", "card", "alerts.createVehicle"]),
    vehicle: detailView(
      vehicle,
      photos,
      dealer,
      { priceUnlocked: visitor.priceUnlocked, numbers },
      saved.includes(vehicle.vin),
    ),
    similar: similar.map(cardsFor(saved, numbers)),
    breadcrumbs: breadcrumbJsonLd(site, [
      {
        name: searchHeading({
          filters: { condition: vehicle.condition },
          conditions: site.settings.vehicleConditions,
          city: "",
          state: "",
          page: 1,
        }).subject,
        path: searchPrefix(vehicle.condition, site.settings.vehicleConditions),
      },
      { name, path: vehicle.href },
    ]),
    jsonLd: vehicleJsonLd({
      vehicle,
      dealer,
      origin: site.origin,
      picture: mainPicture(vehicle, photos, photoBaseOf(site.services.config)),
      // schema.org's bodyType names one vehicle's body: "SUV", not the listing's "SUVs".
      bodyType: bodyStyleName(vehicle.bodyStyle).replace(/s$/, ""),
      priceUnlocked: visitor.priceUnlocked,
    }),
  };
}
