// Meta's automotive inventory catalog (docs/decisions/350): the vehicle fields of developers.facebook.com/docs/
// marketing-api/dynamic-ads-auto/auto-catalog and .../auto-ads/reference, as its XML feed writes them, a `<listings>`
// document of `<listing>` elements.
import { absoluteUrl, type FeedSite, type FeedStore, type FeedVehicle, isoPrice, vehicleTitle } from "./feed-vehicle";
import { field, xmlAttribute, xmlText } from "./xml";

/** Meta's `body_style` values for the site's slugs (its commercial vehicles are cargo and passenger vans). */
const BODY_STYLES: Readonly<Record<string, string>> = {
  convertibles: "CONVERTIBLE",
  coupes: "COUPE",
  hatchbacks: "HATCHBACK",
  minivans: "MINIVAN",
  sedans: "SEDAN",
  suvs: "SUV",
  trucks: "TRUCK",
  wagons: "WAGON",
  commercial: "VAN",
};

const STATE_OF_VEHICLE = { new: "NEW", used: "USED", certified: "CPO" } as const;

const FUEL_TYPES: Readonly<Record<string, string>> = {
  gasoline: "GASOLINE",
  diesel: "DIESEL",
  electric: "ELECTRIC",
  hybrid: "HYBRID",
  "plug-in hybrid": "PLUGIN_HYBRID",
};

const DRIVETRAINS: Readonly<Record<string, string>> = {
  fwd: "FWD",
  rwd: "RWD",
  awd: "AWD",
  "4wd": "4X4",
  "4x4": "4X4",
};

/** Meta takes at most 20 images a vehicle. */
export const META_MAX_IMAGES = 20;
/** Meta's limit for `description`. */
export const META_MAX_DESCRIPTION = 5000;

const wholeNumber = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const list = new Intl.ListFormat("en-US", { style: "long", type: "conjunction" });

const CONDITION_WORDS = { new: "New", used: "Used", certified: "Certified pre-owned" } as const;

/**
 * A plain description of the car from its own data, as Meta asks (no links, no promotion, not in capitals): what it
 * is, its miles, colours, gearbox and drive, engine, and as many of its key features as fit in Meta's 5,000.
 */
export function metaDescription(vehicle: FeedVehicle, store: FeedStore): string {
  const parts = [
    `${CONDITION_WORDS[vehicle.condition]} ${vehicleTitle(vehicle)} with ${wholeNumber.format(vehicle.mileage)} ${vehicle.mileage === 1 ? "mile" : "miles"}`,
  ];
  const colours = [
    vehicle.exteriorColor ? `${vehicle.exteriorColor.toLowerCase()} outside` : null,
    vehicle.interiorColor ? `${vehicle.interiorColor.toLowerCase()} inside` : null,
  ].filter((part): part is string => part !== null);
  if (colours.length > 0) parts.push(list.format(colours));
  if (vehicle.transmission === "A" || vehicle.transmission === "M")
    parts.push(`${vehicle.transmission === "A" ? "automatic" : "manual"} transmission`);
  if (vehicle.drivetrain) parts.push(vehicle.drivetrain);
  if (vehicle.engine) parts.push(vehicle.engine);
  const where = ` At ${store.dealer.name} in ${store.dealer.city}, ${store.dealer.state_short}.`;
  const base = `${parts.join(", ")}.`;
  for (let n = vehicle.features.length; n > 0; n -= 1) {
    const text = `${base} Key features: ${list.format(vehicle.features.slice(0, n))}.${where}`;
    if (text.length <= META_MAX_DESCRIPTION) return text;
  }
  return `${base}${where}`.slice(0, META_MAX_DESCRIPTION);
}

/** The document's opening, up to the first listing. */
export function metaFeedStart(store: FeedStore, site: FeedSite, selfUrl: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<listings>\n` +
    `<title>${xmlText(`${store.dealer.name} vehicles`)}</title>\n` +
    `<link rel="self" href="${xmlAttribute(absoluteUrl(site, selfUrl))}"/>\n`
  );
}

export const META_FEED_END = "</listings>\n";

function component(name: string, value: string): string {
  return value.trim() === "" ? "" : `<component name="${name}">${xmlText(value)}</component>`;
}

/**
 * One vehicle as a `<listing>`. The caller lists only cars with a price, a photo and a colour (eligibility.ts). On a
 * sale, `price` is the price before it and `sale_price` the one the car sells at, as Meta reads them.
 */
export function metaListing(vehicle: FeedVehicle, store: FeedStore, site: FeedSite): string {
  if (vehicle.price === null) throw new Error(`metaListing: ${vehicle.vin} has no price`);
  const { dealer } = store;
  const onSale = vehicle.oldPrice !== null && vehicle.oldPrice > vehicle.price;
  const title = vehicleTitle(vehicle);
  const images = vehicle.images
    .slice(0, META_MAX_IMAGES)
    .map(
      (url, i) =>
        `<image>${field("url", absoluteUrl(site, url))}${field("tag", `${title}, photo ${i + 1} of ${Math.min(vehicle.images.length, META_MAX_IMAGES)}`)}</image>`,
    );
  return [
    "<listing>",
    field("vehicle_id", vehicle.vin),
    field("vin", vehicle.vin),
    field("title", title),
    field("description", metaDescription(vehicle, store)),
    field("url", absoluteUrl(site, vehicle.path)),
    field("make", vehicle.make),
    field("model", vehicle.model),
    field("trim", vehicle.trim),
    field("year", vehicle.year),
    `<mileage>${field("value", vehicle.mileage)}${field("unit", "MI")}</mileage>`,
    ...images,
    field("price", isoPrice(onSale && vehicle.oldPrice !== null ? vehicle.oldPrice : vehicle.price, site.currency)),
    onSale ? field("sale_price", isoPrice(vehicle.price, site.currency)) : "",
    field("state_of_vehicle", STATE_OF_VEHICLE[vehicle.condition]),
    field("body_style", BODY_STYLES[vehicle.bodyStyle] ?? "OTHER"),
    field("exterior_color", vehicle.exteriorColor),
    field("interior_color", vehicle.interiorColor),
    field("transmission", vehicle.transmission === "A" ? "AUTOMATIC" : vehicle.transmission === "M" ? "MANUAL" : null),
    field("fuel_type", vehicle.fuelType ? (FUEL_TYPES[vehicle.fuelType.toLowerCase()] ?? "OTHER") : null),
    field("drivetrain", vehicle.drivetrain ? (DRIVETRAINS[vehicle.drivetrain.toLowerCase()] ?? "OTHER") : null),
    field("availability", "AVAILABLE"),
    field("date_first_on_lot", vehicle.listedOn),
    field("dealer_id", store.id),
    field("dealer_name", dealer.name),
    field("dealer_phone", dealer.sales.phone),
    '<address format="simple">',
    component("addr1", dealer.address_line_1),
    component("addr2", dealer.address_line_2),
    component("city", dealer.city),
    component("region", dealer.state_short),
    component("postal_code", dealer.zip),
    component("country", dealer.country_short),
    "</address>",
    field("latitude", dealer.map.latitude),
    field("longitude", dealer.map.longitude),
    "</listing>\n",
  ].join("");
}
