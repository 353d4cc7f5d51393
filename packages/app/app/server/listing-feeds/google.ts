// Google's vehicle listings feed (docs/decisions/350): the attributes of developers.google.com/vehicle-listings/
// reference/feed-specification, written as Merchant Center takes XML, RSS 2.0 items in the `g:` namespace.
import {
  absoluteUrl,
  dealershipAddress,
  type FeedSite,
  type FeedStore,
  type FeedVehicle,
  isoPrice,
} from "./feed-vehicle";
import { field, xmlText } from "./xml";

const GOOGLE_NAMESPACE = "http://base.google.com/ns/1.0";

/** Merchant Center's vehicle body styles (support.google.com/merchants/answer/11190480) for the site's slugs. */
const BODY_STYLES: Readonly<Record<string, string>> = {
  convertibles: "convertible",
  coupes: "coupe",
  hatchbacks: "hatchback",
  minivans: "minivan",
  sedans: "sedan",
  suvs: "suv",
  trucks: "truck",
  wagons: "station wagon",
  commercial: "full size van",
};

const g = (name: string, value: string | number | null | undefined) => field(`g:${name}`, value);

/** The document's opening, up to the first item: the channel names the store and the site. */
export function googleFeedStart(store: FeedStore, site: FeedSite): string {
  const { dealer } = store;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">\n<channel>\n` +
    `<title>${xmlText(`${dealer.name} vehicles`)}</title>\n<link>${xmlText(site.origin)}</link>\n` +
    `<description>${xmlText(`Vehicles for sale at ${dealer.name}, ${dealershipAddress(dealer)}`)}</description>\n`
  );
}

export const GOOGLE_FEED_END = "</channel>\n</rss>\n";

/**
 * One vehicle as a feed item. The caller lists only cars with a price (eligibility.ts): `price` is required. Mileage
 * goes with its unit for every car (Google requires it for used ones); a certified car is used and certified
 * pre-owned.
 */
export function googleItem(vehicle: FeedVehicle, store: FeedStore, site: FeedSite): string {
  if (vehicle.price === null) throw new Error(`googleItem: ${vehicle.vin} has no price`);
  const { dealer } = store;
  const [image, ...more] = vehicle.images.map((url) => absoluteUrl(site, url));
  return [
    "<item>",
    g("vin", vehicle.vin),
    g("id", vehicle.stockNumber),
    g("store_code", store.id),
    g("dealership_name", dealer.name),
    g("dealership_address", dealershipAddress(dealer)),
    g("link", absoluteUrl(site, vehicle.path)),
    g("image_link", image),
    ...more.map((url) => g("additional_image_link", url)),
    g("price", isoPrice(vehicle.price, site.currency)),
    g("condition", vehicle.condition === "new" ? "new" : "used"),
    vehicle.condition === "new" ? "" : g("certified_pre_owned", vehicle.condition === "certified" ? "yes" : "no"),
    g("make", vehicle.make),
    g("model", vehicle.model),
    g("trim", vehicle.trim),
    g("year", vehicle.year),
    g("mileage", `${vehicle.mileage} miles`),
    g("date_in_stock", vehicle.listedOn),
    g("exterior_color", vehicle.exteriorColor),
    g("interior_color", vehicle.interiorColor),
    g("body_style", BODY_STYLES[vehicle.bodyStyle]),
    "</item>\n",
  ].join("");
}
