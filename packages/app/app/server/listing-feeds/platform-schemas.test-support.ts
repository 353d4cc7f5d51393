// The two platforms' published field lists as zod schemas, and a reader of the feeds' XML, for the feed tests. Not a
// test file itself. Every rule below cites what it was written from (docs/decisions/350):
// - Google: developers.google.com/vehicle-listings/reference/feed-specification (attributes, required or not, types,
//   accepted values); support.google.com/merchants/answer/11190480 and 14154510 (XML form `<g:vin>`, VIN of 17,
//   store code up to 64 characters, body_style values).
// - Meta: developers.facebook.com/docs/marketing-api/dynamic-ads-auto/auto-catalog and .../auto-ads/reference
//   (required fields, vehicle_id up to 100, VIN exactly 17, description up to 5,000, at most 20 images, body_style,
//   state_of_vehicle and mileage unit values, price greater than 0, the XML sample's `<listings>` and address form).
import { isValidVin, vinCheckDigitOk } from "@showroom/rules/inventory";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { z } from "zod";

const text = z.string().refine((value) => value.trim() !== "", "must not be blank");
const httpUrl = z.url({ protocol: /^https?$/ });
/**
 * Google's vehicle ads take GIF, JPEG, PNG, BMP or TIFF images (support.google.com/merchants/answer/11190670) and
 * Meta's catalog JPEG or PNG: an address that names an AVIF or WebP file is one neither platform shows.
 */
const imageUrl = httpUrl.refine(
  (url) => !/\.(?:avif|webp)$/i.test(new URL(url).pathname),
  "an image format the platforms take (not AVIF or WebP)",
);
const vin = z
  .string()
  .length(17)
  .refine((value) => isValidVin(value) && vinCheckDigitOk(value), "not a valid VIN (NHTSA check digit)");
/** ISO 4217 form: `10499 USD` or `10,499.00 USD` (Google's examples), `18000 USD` (Meta's). */
const isoPrice = z.string().regex(/^(?:\d+|\d{1,3}(?:,\d{3})+)(?:\.\d{2})? [A-Z]{3}$/, "not an ISO 4217 price");
const amountOf = (price: string) => Number(price.split(" ")[0]?.replaceAll(",", ""));
const yyyy = z.string().regex(/^\d{4}$/, "year as YYYY");
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "ISO 8601 date");

/** One `<item>` of Google's feed: only the specification's attributes (a misspelt one fails as unknown). */
export const googleItemSchema = z
  .strictObject({
    "g:vin": vin,
    "g:id": text.optional(),
    "g:store_code": text.max(64),
    "g:dealership_name": text,
    // "Full dealership address, which includes the city, postal code, and country".
    "g:dealership_address": text.regex(
      /, [^,]+, [A-Z]{2} \d{5}, [A-Z]{2}$/,
      "street, city, state and postal code, country",
    ),
    "g:link": httpUrl.optional(),
    "g:image_link": imageUrl.optional(),
    "g:additional_image_link": z.array(imageUrl).optional(),
    "g:date_in_stock": isoDate.optional(),
    "g:price": isoPrice.refine((price) => amountOf(price) > 0, "a price above 0"),
    "g:condition": z.enum(["n", "new", "u", "used"]),
    "g:certified_pre_owned": z.enum(["1", "y", "yes", "0", "n", "no"]).optional(),
    "g:make": text,
    "g:model": text,
    "g:trim": text.optional(),
    "g:year": yyyy,
    "g:mileage": z
      .string()
      .regex(/^(?:\d+|\d{1,3}(?:,\d{3})+) (?:miles|km)$/i, "an integer and its unit")
      .optional(),
    "g:exterior_color": text.optional(),
    "g:interior_color": text.optional(),
    "g:body_style": z
      .enum([
        "convertible",
        "coupe",
        "crossover",
        "full size van",
        "hatchback",
        "minivan",
        "sedan",
        "station wagon",
        "suv",
        "truck",
      ])
      .optional(),
  })
  .superRefine((item, ctx) => {
    if ((item["g:condition"] === "used" || item["g:condition"] === "u") && item["g:mileage"] === undefined)
      ctx.addIssue({ code: "custom", message: "mileage is required for a used vehicle", path: ["g:mileage"] });
  });
export type GoogleItem = z.infer<typeof googleItemSchema>;

const ADDRESS_PARTS = ["addr1", "addr2", "city", "region", "postal_code", "country"] as const;
const addressSchema = z
  .strictObject({
    "@_format": z.literal("simple"),
    component: z.array(z.strictObject({ "#text": text, "@_name": z.enum(ADDRESS_PARTS) })),
  })
  .refine(
    (address) =>
      ["addr1", "city", "region", "postal_code", "country"].every((part) =>
        address.component.some((c) => c["@_name"] === part),
      ),
    "address needs addr1, city, region, postal_code and country",
  );

const coordinate = (limit: number) =>
  z.string().refine((value) => Math.abs(Number(value)) <= limit && value.trim() !== "", "a coordinate");

/** One `<listing>` of Meta's automotive catalog. */
export const metaListingSchema = z.strictObject({
  vehicle_id: text.max(100),
  vin,
  title: text,
  description: text
    .max(5000)
    .refine((value) => !/https?:\/\//i.test(value), "no links")
    .refine((value) => value !== value.toUpperCase(), "not in capital letters"),
  url: httpUrl,
  make: text,
  model: text,
  trim: text.optional(),
  year: yyyy,
  mileage: z.strictObject({ value: z.string().regex(/^\d+$/), unit: z.enum(["MI", "KM"]) }),
  image: z
    .array(z.strictObject({ url: imageUrl, tag: text.optional() }))
    .min(1)
    .max(20),
  price: isoPrice.refine((price) => amountOf(price) > 0, "a price above 0"),
  sale_price: isoPrice.optional(),
  state_of_vehicle: z.enum(["NEW", "USED", "CPO"]),
  body_style: z.enum([
    "CONVERTIBLE",
    "COUPE",
    "HATCHBACK",
    "MINIVAN",
    "TRUCK",
    "SUV",
    "SEDAN",
    "VAN",
    "WAGON",
    "CROSSOVER",
    "OTHER",
  ]),
  exterior_color: text,
  interior_color: text.optional(),
  transmission: z.enum(["AUTOMATIC", "MANUAL"]).optional(),
  fuel_type: z
    .enum(["DIESEL", "ELECTRIC", "FLEX", "GASOLINE", "HYBRID", "PETROL", "PLUGIN_HYBRID", "OTHER"])
    .optional(),
  drivetrain: z.enum(["4X2", "4X4", "AWD", "FWD", "RWD", "OTHER"]).optional(),
  availability: z.enum(["AVAILABLE"]),
  date_first_on_lot: isoDate.optional(),
  dealer_id: text.optional(),
  dealer_name: text.optional(),
  dealer_phone: text.optional(),
  address: addressSchema,
  latitude: coordinate(90),
  longitude: coordinate(180),
});
export type MetaListing = z.infer<typeof metaListingSchema>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // Values stay the strings the document holds: the schemas check their form.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  // Decodes character references (`&#13;`) as a conforming parser does; the feeds write no named HTML entity.
  htmlEntities: true,
  isArray: (name) => ["item", "listing", "g:additional_image_link", "image", "component"].includes(name),
});

/** Parses a document after checking it is well-formed XML; throws with the validator's message otherwise. */
export function parseXml(xml: string): Record<string, unknown> {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed: ${valid.err.msg} at line ${valid.err.line}`);
  return parser.parse(xml) as Record<string, unknown>;
}

const googleDocumentSchema = z.object({
  rss: z.object({
    "@_version": z.literal("2.0"),
    "@_xmlns:g": z.literal("http://base.google.com/ns/1.0"),
    channel: z.object({ title: text, link: httpUrl, description: text, item: z.array(z.unknown()).optional() }),
  }),
});

/** The items of a Google feed, the document's frame checked (RSS 2.0 in the `g:` namespace). */
export function googleItems(xml: string): unknown[] {
  return googleDocumentSchema.parse(parseXml(xml)).rss.channel.item ?? [];
}

const metaDocumentSchema = z.object({
  listings: z.object({ title: text, listing: z.array(z.unknown()).optional() }),
});

/** The listings of a Meta catalog, the document's frame checked. */
export function metaListings(xml: string): unknown[] {
  return metaDocumentSchema.parse(parseXml(xml)).listings.listing ?? [];
}
