// The part of the schema.org vocabulary our JSON-LD uses, with each property's expected types, for tests.
//
// Transcribed from the schema.org type pages (https://schema.org/Car, /Vehicle, /Product, /Offer, /AutoDealer,
// /LocalBusiness, /Organization, /Place, /PostalAddress, /ContactPoint, /QuantitativeValue, /GeoCoordinates,
// /Brand, /ItemAvailability, /OfferItemCondition; release 29, 2025). The vocabulary is not available offline, so
// only the properties we emit are listed, with their full ranges ("Values expected to be one of these types").
// A property missing here is reported as unknown: add it from schema.org before emitting it.

type DataType = "Text" | "URL" | "Number" | "Date" | "Boolean" | "Integer";

interface TypeDef {
  /** Direct supertypes: properties are inherited. */
  parents: string[];
  /** Property → the types its values may have (data types, schema.org types, or enumerations). */
  properties: Record<string, string[]>;
}

const TYPES: Record<string, TypeDef> = {
  Thing: {
    parents: [],
    properties: {
      name: ["Text"],
      url: ["URL"],
      image: ["ImageObject", "URL"],
      description: ["Text"],
    },
  },
  Product: {
    parents: ["Thing"],
    properties: {
      brand: ["Brand", "Organization"],
      color: ["Text"],
      manufacturer: ["Organization"],
      model: ["ProductModel", "Text"],
      offers: ["Demand", "Offer"],
      sku: ["Text"],
      itemCondition: ["OfferItemCondition"],
    },
  },
  Vehicle: {
    parents: ["Product"],
    properties: {
      vehicleIdentificationNumber: ["Text"],
      mileageFromOdometer: ["QuantitativeValue"],
      vehicleConfiguration: ["Text"],
      vehicleModelDate: ["Date"],
      modelDate: ["Date"],
      bodyType: ["QualitativeValue", "Text", "URL"],
      vehicleTransmission: ["QualitativeValue", "Text", "URL"],
      fuelType: ["QualitativeValue", "Text", "URL"],
      vehicleInteriorColor: ["Text"],
      numberOfDoors: ["Number", "QuantitativeValue"],
      driveWheelConfiguration: ["DriveWheelConfigurationValue", "Text"],
    },
  },
  Car: { parents: ["Vehicle"], properties: {} },
  Intangible: { parents: ["Thing"], properties: {} },
  Offer: {
    parents: ["Intangible"],
    properties: {
      price: ["Number", "Text"],
      priceCurrency: ["Text"],
      availability: ["ItemAvailability"],
      itemCondition: ["OfferItemCondition"],
      seller: ["Organization", "Person"],
    },
  },
  Brand: { parents: ["Intangible"], properties: {} },
  StructuredValue: { parents: ["Intangible"], properties: {} },
  QuantitativeValue: {
    parents: ["StructuredValue"],
    properties: { value: ["Boolean", "Number", "StructuredValue", "Text"], unitCode: ["Text", "URL"] },
  },
  GeoCoordinates: {
    parents: ["StructuredValue"],
    properties: { latitude: ["Number", "Text"], longitude: ["Number", "Text"] },
  },
  ContactPoint: { parents: ["StructuredValue"], properties: { telephone: ["Text"] } },
  PostalAddress: {
    parents: ["ContactPoint"],
    properties: {
      streetAddress: ["Text"],
      addressLocality: ["Text"],
      addressRegion: ["Text"],
      postalCode: ["Text"],
      addressCountry: ["Country", "Text"],
    },
  },
  Organization: {
    parents: ["Thing"],
    properties: { address: ["PostalAddress", "Text"], telephone: ["Text"], aggregateRating: ["AggregateRating"] },
  },
  Place: {
    parents: ["Thing"],
    properties: {
      address: ["PostalAddress", "Text"],
      telephone: ["Text"],
      geo: ["GeoCoordinates", "GeoShape"],
      aggregateRating: ["AggregateRating"],
    },
  },
  Person: { parents: ["Thing"], properties: {} },
  // https://schema.org/Rating, /AggregateRating
  Rating: { parents: ["Intangible"], properties: { ratingValue: ["Number", "Text"], bestRating: ["Number", "Text"] } },
  AggregateRating: { parents: ["Rating"], properties: { reviewCount: ["Integer"], ratingCount: ["Integer"] } },
  // https://schema.org/CreativeWork, /Article
  CreativeWork: {
    parents: ["Thing"],
    properties: {
      headline: ["Text"],
      datePublished: ["Date", "DateTime"],
      dateModified: ["Date", "DateTime"],
      author: ["Organization", "Person"],
      publisher: ["Organization", "Person"],
    },
  },
  Article: { parents: ["CreativeWork"], properties: {} },
  // https://schema.org/ItemList, /BreadcrumbList, /ListItem. ListItem's item is a Thing; Google's breadcrumb
  // documentation writes it as the page's URL, which search engines read as the Thing's @id.
  ItemList: { parents: ["Intangible"], properties: { itemListElement: ["ListItem", "Text", "Thing"] } },
  BreadcrumbList: { parents: ["ItemList"], properties: {} },
  ListItem: { parents: ["Intangible"], properties: { position: ["Integer", "Text"], item: ["Thing", "URL"] } },
  LocalBusiness: { parents: ["Organization", "Place"], properties: { openingHours: ["Text"] } },
  AutomotiveBusiness: { parents: ["LocalBusiness"], properties: {} },
  AutoDealer: { parents: ["AutomotiveBusiness"], properties: {} },
};

/** Enumerations: their members, as the absolute URLs JSON-LD writes them. */
const ENUMERATIONS: Record<string, string[]> = {
  ItemAvailability: [
    "BackOrder",
    "Discontinued",
    "InStock",
    "InStoreOnly",
    "LimitedAvailability",
    "MadeToOrder",
    "OnlineOnly",
    "OutOfStock",
    "PreOrder",
    "PreSale",
    "Reserved",
    "SoldOut",
  ].map((m) => `https://schema.org/${m}`),
  OfferItemCondition: ["DamagedCondition", "NewCondition", "RefurbishedCondition", "UsedCondition"].map(
    (m) => `https://schema.org/${m}`,
  ),
};

/** Whether `type` is `ancestor` or inherits from it. */
function isA(type: string, ancestor: string): boolean {
  if (type === ancestor) return true;
  return (TYPES[type]?.parents ?? []).some((parent) => isA(parent, ancestor));
}

/** The expected types of `property` on `type`, from the type and every supertype; undefined when not defined. */
function rangeOf(type: string, property: string): string[] | undefined {
  const own = TYPES[type]?.properties[property];
  const inherited = (TYPES[type]?.parents ?? []).flatMap((parent) => rangeOf(parent, property) ?? []);
  const all = [...(own ?? []), ...inherited];
  return all.length > 0 ? all : undefined;
}

/** ISO 8601 calendar dates schema.org's Date accepts: `2021`, `2021-07`, `2021-07-19`. */
const ISO_DATE = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;

function matchesDataType(value: unknown, type: DataType): boolean {
  switch (type) {
    case "Text":
      return typeof value === "string";
    case "URL":
      if (typeof value !== "string") return false;
      try {
        return ["http:", "https:"].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    case "Number":
      return typeof value === "number" && Number.isFinite(value);
    case "Date":
      return typeof value === "string" && ISO_DATE.test(value);
    case "Boolean":
      return typeof value === "boolean";
    case "Integer":
      return typeof value === "number" && Number.isInteger(value);
  }
}

const DATA_TYPES = new Set<string>(["Text", "URL", "Number", "Date", "Boolean", "Integer"]);

/**
 * What is wrong with a JSON-LD node against the subset above: unknown types, properties not defined on the node's
 * type (or its supertypes), and values of none of the property's expected types. Nested nodes are checked too.
 * Empty means valid. `path` names where each problem is.
 */
export function schemaOrgProblems(node: unknown, path = "$"): string[] {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return [`${path}: not a node`];
  const record = node as Record<string, unknown>;
  const type = record["@type"];
  if (typeof type !== "string" || !TYPES[type]) return [`${path}: unknown @type ${JSON.stringify(type)}`];
  const problems: string[] = [];
  for (const [property, value] of Object.entries(record)) {
    if (property === "@type") continue;
    if (property === "@context") {
      if (path !== "$" || value !== "https://schema.org") problems.push(`${path}.@context: ${JSON.stringify(value)}`);
      continue;
    }
    const range = rangeOf(type, property);
    if (!range) {
      problems.push(`${path}.${property}: not a property of ${type}`);
      continue;
    }
    for (const [i, item] of (Array.isArray(value) ? value : [value]).entries()) {
      const at = Array.isArray(value) ? `${path}.${property}[${i}]` : `${path}.${property}`;
      problems.push(...valueProblems(item, range, at));
    }
  }
  return problems;
}

function valueProblems(value: unknown, range: string[], at: string): string[] {
  if (typeof value === "object" && value !== null) {
    const nested = (value as Record<string, unknown>)["@type"];
    if (typeof nested !== "string" || !range.some((expected) => !DATA_TYPES.has(expected) && isA(nested, expected))) {
      return [`${at}: a ${JSON.stringify(nested)} node where ${range.join(" or ")} is expected`];
    }
    return schemaOrgProblems(value, at);
  }
  const ok = range.some((expected) =>
    DATA_TYPES.has(expected)
      ? matchesDataType(value, expected as DataType)
      : (ENUMERATIONS[expected]?.includes(value as string) ?? false),
  );
  return ok ? [] : [`${at}: ${JSON.stringify(value)} is not ${range.join(" or ")}`];
}
