import { defaultInventoryRules, normalizeVin, slugify, vinCheckDigitOk } from "@showroom/rules/inventory";
import { z } from "zod";
import { parseCsv } from "./csv";
import { csvRows, type FeedRow, jsonRows } from "./feed-columns";

/** A vehicle as the database stores it, whatever feed format it came from. */
interface FeedVehicle {
  vin: string;
  stockNumber: string;
  condition: "new" | "used" | "certified";
  year: number;
  make: string;
  makeSlug: string;
  model: string;
  modelSlug: string;
  trim: string | null;
  /** Body-style slug of the URL grammar (`suvs`, `sedans`, …). */
  bodyStyle: string;
  mileage: number;
  /** What the shopper pays; null is "Call for Price". */
  price: number | null;
  /** The struck-through price of a sale. */
  oldPrice: number | null;
  exteriorColor: string | null;
  interiorColor: string | null;
  fuelType: string | null;
  transmission: "A" | "M" | null;
  priceDrop: boolean;
  premiumUpgrades: boolean;
  private: boolean;
  details: {
    doors?: number;
    drivetrain?: string;
    engine?: string;
    features: string[];
    dateAdded?: string;
    /** The feed's photos, in its order: absolute `https://` URLs, or this site's own `/media/…` pictures. */
    images?: string[];
  };
}

export interface Rejection {
  /** 1-based line of a CSV record, or 1-based position in a JSON array. */
  line: number;
  reason: string;
}

export interface ParsedFeed {
  vehicles: FeedVehicle[];
  rejected: Rejection[];
}

const bodyStyleBySlug = new Map(defaultInventoryRules.bodyStyles.map((b) => [b.slug, b.slug]));
for (const b of defaultInventoryRules.bodyStyles) bodyStyleBySlug.set(slugify(b.name), b.slug);
// Singular spellings feeds commonly use ("SUV", "Sedan", "Truck", "Van").
for (const b of defaultInventoryRules.bodyStyles) bodyStyleBySlug.set(b.slug.replace(/s$/, ""), b.slug);
bodyStyleBySlug.set("van", "minivans");
bodyStyleBySlug.set("pickup", "trucks");

const thisYear = new Date().getFullYear();
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
const text = (max: number) => z.preprocess(blankToUndefined, z.string().trim().min(1).max(max));
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const dollars = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.replace(/[$,\s]/g, ""))) : (v ?? undefined)),
  z
    .number("must be a number of dollars")
    .int("must be whole dollars")
    .positive("must be above zero")
    .max(1_000_000)
    .optional(),
);
const flag = z.preprocess(
  (v) => (typeof v === "string" ? ["1", "true", "yes", "y"].includes(v.trim().toLowerCase()) : (v ?? false)),
  z.boolean(),
);

/** How many photos of one vehicle are kept: more than any listing shows, few enough to keep a row small. */
export const MAX_IMAGES = 60;

/** The message for an image that is not a web address: said once per row, with the offending position. */
export const IMAGE_URL_MESSAGE = "each image must be an http or https URL";

/**
 * One photo URL. Only `http:` and `https:` are pictures a browser may fetch from a feed (never `javascript:`,
 * `data:` or a path that would resolve against the site); `http:` is stored upgraded to `https:`, the scheme the
 * page's CSP allows (docs/decisions/265). Paths under `/media/` are the fixtures' own photos, served by this site.
 */
const imageUrl = z
  .string(IMAGE_URL_MESSAGE)
  .trim()
  .max(2000, "each image URL must be at most 2000 characters")
  .refine((value) => {
    if (/^\/media\/[a-z0-9-]+\/[a-z0-9./_-]+$/.test(value)) return !value.includes("..");
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && !url.username;
    } catch {
      return false;
    }
  }, IMAGE_URL_MESSAGE)
  .transform((value) => {
    if (value.startsWith("/")) return value;
    const url = new URL(value);
    url.protocol = "https:";
    return url.href;
  });

/** CSV cells join the photos with `|` (fixtures/feeds/README.md); a JSON feed gives an array or the same string. */
const images = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split("|")
          .map((s) => s.trim())
          .filter((s) => s !== "")
      : (v ?? []),
  z.array(imageUrl, "images must be a list of URLs").max(MAX_IMAGES, `at most ${MAX_IMAGES} images`),
);

/** One feed row in its loosest accepted form; `toFeedVehicle` turns it into a FeedVehicle. */
const rowSchema = z.object({
  vin: z
    .string("VIN is missing")
    .transform((v) => normalizeVin(v.trim()) ?? v.trim().toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^[A-HJ-NPR-Z0-9]{17}$/, "VIN must be 17 letters and digits without I, O or Q")
        .refine(vinCheckDigitOk, "VIN fails the check digit"),
    ),
  stockNumber: text(20),
  condition: z.preprocess(
    (v) => {
      const s = typeof v === "string" ? v.trim().toLowerCase() : v;
      return s === "cpo" || s === "certified pre-owned" ? "certified" : s === "pre-owned" ? "used" : s;
    },
    z.enum(["new", "used", "certified"], "condition must be new, used or certified"),
  ),
  year: z.coerce
    .number()
    .int("year must be a whole number")
    .min(1981)
    .max(thisYear + 2),
  make: text(40),
  model: text(60),
  trim: optionalText(60),
  bodyStyle: z.preprocess(
    (v) => (typeof v === "string" ? bodyStyleBySlug.get(slugify(v)) : undefined),
    z.string("body style is not one the site offers"),
  ),
  mileage: z.preprocess(
    (v) => (typeof v === "string" ? Number(v.replace(/[,\s]/g, "")) : v),
    z.number("mileage must be a number").int().min(0).max(999_999),
  ),
  price: dollars,
  salePrice: dollars,
  exteriorColor: optionalText(40),
  interiorColor: optionalText(40),
  fuelType: optionalText(30),
  transmission: z.preprocess((v) => {
    if (typeof v !== "string" || v.trim() === "") return undefined;
    const s = v.trim().toLowerCase();
    return s.startsWith("a") || s === "cvt" ? "A" : s.startsWith("m") ? "M" : v;
  }, z.enum(["A", "M"], "transmission must be automatic or manual").optional()),
  doors: z.preprocess(blankToUndefined, z.coerce.number().int().min(2).max(5).optional()),
  drivetrain: optionalText(10),
  engine: optionalText(60),
  features: z.preprocess(
    (v) => (typeof v === "string" ? v.split("|") : (v ?? [])),
    z.array(z.string().trim().min(1).max(60)).max(60),
  ),
  priceDrop: flag,
  premiumUpgrades: flag,
  private: flag,
  dateAdded: z.preprocess(blankToUndefined, z.iso.date().optional()),
  images,
});

function toFeedVehicle(row: z.infer<typeof rowSchema>): FeedVehicle {
  // A sale lists both prices: the shopper pays the lower, the higher is struck through.
  const sale = row.salePrice !== undefined && row.price !== undefined && row.salePrice < row.price;
  return {
    vin: row.vin,
    stockNumber: row.stockNumber,
    condition: row.condition,
    year: row.year,
    make: row.make,
    makeSlug: slugify(row.make),
    model: row.model,
    modelSlug: slugify(row.model),
    trim: row.trim ?? null,
    bodyStyle: row.bodyStyle,
    mileage: row.mileage,
    price: sale ? (row.salePrice ?? null) : (row.price ?? row.salePrice ?? null),
    oldPrice: sale ? (row.price ?? null) : null,
    exteriorColor: row.exteriorColor ?? null,
    interiorColor: row.interiorColor ?? null,
    fuelType: row.fuelType ?? null,
    transmission: row.transmission ?? null,
    priceDrop: row.priceDrop,
    premiumUpgrades: row.premiumUpgrades,
    private: row.private,
    details: {
      features: [...new Set(row.features)],
      ...(row.doors !== undefined && { doors: row.doors }),
      ...(row.drivetrain !== undefined && { drivetrain: row.drivetrain }),
      ...(row.engine !== undefined && { engine: row.engine }),
      ...(row.dateAdded !== undefined && { dateAdded: row.dateAdded }),
      ...(row.images.length > 0 && { images: [...new Set(row.images)] }),
    },
  };
}

function describe(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; ");
}

/** A field of a feed row, as the importer names it (`feed-columns.ts` maps dealer column names to these). */
export type FeedField = keyof z.input<typeof rowSchema>;

/** Rows at a time in the batches the importer writes (ADR 327). */
export const FEED_BATCH_ROWS = 500;

/**
 * Validates rows into batches: only the batch being read is held as vehicles, so a feed of 100,000 rows costs the
 * memory of its raw rows and one batch, not of every validated vehicle at once (ADR 327). A VIN repeated in a later
 * batch is still refused with the line it repeats.
 */
export class FeedBatcher {
  private readonly seen = new Map<string, number>();
  private batch: ParsedFeed = { vehicles: [], rejected: [] };
  private returned = false;

  constructor(private readonly size = FEED_BATCH_ROWS) {}

  /** Validates one row; returns the batch this row completes, if it completes one. */
  add({ line, record }: FeedRow): ParsedFeed | null {
    const result = rowSchema.safeParse(record);
    if (!result.success) this.batch.rejected.push({ line, reason: describe(result.error) });
    else {
      const earlier = this.seen.get(result.data.vin);
      if (earlier !== undefined) {
        this.batch.rejected.push({ line, reason: `VIN ${result.data.vin} repeats line ${earlier}` });
      } else {
        this.seen.set(result.data.vin, line);
        this.batch.vehicles.push(toFeedVehicle(result.data));
      }
    }
    return this.batch.vehicles.length + this.batch.rejected.length >= this.size ? this.take() : null;
  }

  /** The rows left over: a last batch, or an empty one when no batch was returned (a feed is one batch at least). */
  finish(): ParsedFeed | null {
    return !this.returned || this.batch.vehicles.length + this.batch.rejected.length > 0 ? this.take() : null;
  }

  private take(): ParsedFeed {
    const full = this.batch;
    this.batch = { vehicles: [], rejected: [] };
    this.returned = true;
    return full;
  }
}

function* parseRowsInBatches(rows: Iterable<FeedRow>, size = FEED_BATCH_ROWS): Generator<ParsedFeed> {
  const batcher = new FeedBatcher(size);
  for (const row of rows) {
    const full = batcher.add(row);
    if (full) yield full;
  }
  const last = batcher.finish();
  if (last) yield last;
}

function parseRows(rows: Iterable<FeedRow>): ParsedFeed {
  const whole: ParsedFeed = { vehicles: [], rejected: [] };
  for (const batch of parseRowsInBatches(rows)) {
    for (const vehicle of batch.vehicles) whole.vehicles.push(vehicle);
    for (const rejection of batch.rejected) whole.rejected.push(rejection);
  }
  return whole;
}

export const NOT_AN_ARRAY: ParsedFeed = {
  vehicles: [],
  rejected: [{ line: 0, reason: "a JSON feed must be an array" }],
};

/**
 * A feed file's text read a batch at a time for the importer (ADR 327): parsed at once, so a file that is not JSON
 * throws here, before anything is written; validated lazily, each raw row released once read.
 */
export function readFeedInBatches(
  text: string,
  format: "csv" | "json",
  rowsPerBatch = FEED_BATCH_ROWS,
): Iterable<ParsedFeed> {
  if (format === "csv") return parseRowsInBatches(csvRows(parseCsv(text), true), rowsPerBatch);
  const json: unknown = JSON.parse(text);
  return Array.isArray(json) ? parseRowsInBatches(jsonRows(json, true), rowsPerBatch) : [NOT_AN_ARRAY];
}

/** Parses a CSV export (header row first). Unknown columns are ignored; a bad row is rejected with its line. */
export function parseCsvFeed(text: string): ParsedFeed {
  return parseRows(csvRows(parseCsv(text), false));
}

/**
 * Parses a JSON feed: an array of vehicles in the fixture shape (`bodystyle`, `exteriorcolor`, `price` as a number,
 * `{ salePrice, oldPrice }` or null) or with the CSV's column names.
 */
export function parseJsonFeed(json: unknown): ParsedFeed {
  return Array.isArray(json) ? parseRows(jsonRows(json, false)) : NOT_AN_ARRAY;
}
