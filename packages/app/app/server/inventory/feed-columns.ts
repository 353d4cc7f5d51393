import type { CsvRecord } from "./csv";
import type { FeedField } from "./feed";

/** Column names dealer systems use, normalized (lower case, letters and digits only), to our field names. */
const COLUMN_ALIASES: Record<string, FeedField> = {
  vin: "vin",
  stock: "stockNumber",
  stocknumber: "stockNumber",
  stockno: "stockNumber",
  year: "year",
  modelyear: "year",
  make: "make",
  model: "model",
  trim: "trim",
  body: "bodyStyle",
  bodystyle: "bodyStyle",
  condition: "condition",
  type: "condition",
  newused: "condition",
  mileage: "mileage",
  miles: "mileage",
  odometer: "mileage",
  price: "price",
  internetprice: "price",
  saleprice: "salePrice",
  exteriorcolor: "exteriorColor",
  extcolor: "exteriorColor",
  interiorcolor: "interiorColor",
  intcolor: "interiorColor",
  fuel: "fuelType",
  fueltype: "fuelType",
  transmission: "transmission",
  doors: "doors",
  drivetrain: "drivetrain",
  engine: "engine",
  features: "features",
  options: "features",
  pricedrop: "priceDrop",
  premiumupgrades: "premiumUpgrades",
  private: "private",
  dateadded: "dateAdded",
  dateinstock: "dateAdded",
  images: "images",
  image: "images",
  imageurls: "images",
  photos: "images",
  photourls: "images",
  pictures: "images",
};

export type FeedRow = { line: number; record: Record<string, unknown> };

/** A column or JSON key as the importer names it: lower case, letters and digits only, then its alias. */
function fieldOf(name: string): FeedField | undefined {
  return COLUMN_ALIASES[name.toLowerCase().replace(/[^a-z0-9]/g, "")];
}

/** The importer's name for each column of a CSV header (undefined for a column it does not read). */
export function csvColumns(header: CsvRecord): (string | undefined)[] {
  return header.fields.map(fieldOf);
}

/** One CSV record as a feed row, its fields named by `columns`. */
export function csvRow(columns: readonly (string | undefined)[], { line, fields }: CsvRecord): FeedRow {
  return { line, record: Object.fromEntries(columns.flatMap((key, k) => (key ? [[key, fields[k] ?? ""]] : []))) };
}

/** The rows of a parsed CSV, named by the header's known columns; `release` drops each record once it is read. */
export function* csvRows(records: (CsvRecord | undefined)[], release: boolean): Generator<FeedRow> {
  const header = records[0];
  if (!header) return;
  const columns = csvColumns(header);
  for (let i = 1; i < records.length; i++) {
    const record = records[i] as CsvRecord;
    if (release) records[i] = undefined;
    yield csvRow(columns, record);
  }
}

/** A JSON feed item's fields under the importer's names; `price` may be `{ salePrice, oldPrice }`. */
export function jsonRecord(item: unknown): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  if (item && typeof item === "object") {
    for (const [name, value] of Object.entries(item)) {
      const key = fieldOf(name);
      if (key === "price" && value && typeof value === "object") {
        const sale = value as { salePrice?: unknown; oldPrice?: unknown };
        record.price = sale.oldPrice;
        record.salePrice = sale.salePrice;
      } else if (key) record[key] = value;
    }
  }
  return record;
}

/** The rows of a JSON array; `release` drops each item from the array once it is read (the array is ours). */
export function* jsonRows(items: unknown[], release: boolean): Generator<FeedRow> {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (release) items[i] = undefined;
    yield { line: i + 1, record: jsonRecord(item) };
  }
}
