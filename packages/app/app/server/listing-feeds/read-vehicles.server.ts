import { type Condition, vehiclePath } from "@showroom/rules/inventory";
import { sql } from "drizzle-orm";
import { PHOTO_PATH } from "../../components/vehicle/photo-path";
import type { Db } from "../db/client.server";
import { vehiclePhotos, vehicles } from "../db/schema.server";
import { listedOn } from "../search/snapshot.server";
import type { FeedVehicle } from "./feed-vehicle";

/** Cars per read: a 100,000-car store is read in 500 short queries, each mapped and compressed before the next. */
const FEED_PAGE_SIZE = 200;

// The columns in the order of the JSON arrays a page comes back as; `photoBase` is where the photos' files are linked.
const columns = (photoBase: string) =>
  sql.join(
    [
      sql`${vehicles.vin}`,
      sql`${vehicles.stockNumber}`,
      sql`${vehicles.condition}`,
      sql`${vehicles.year}`,
      sql`${vehicles.make}`,
      sql`${vehicles.model}`,
      sql`${vehicles.trim}`,
      sql`${vehicles.bodyStyle}`,
      sql`${vehicles.mileage}`,
      sql`${vehicles.price}`,
      sql`${vehicles.oldPrice}`,
      sql`${vehicles.exteriorColor}`,
      sql`${vehicles.interiorColor}`,
      sql`${vehicles.fuelType}`,
      sql`${vehicles.transmission}`,
      sql`${vehicles.details}->>'drivetrain'`,
      sql`${vehicles.details}->>'engine'`,
      sql`coalesce(${vehicles.details}->'features', '[]'::jsonb)`,
      // Each photo the server has made with its feed JPEG as the site's own path (ADR 407) or its URL in the object store
      // (ADR 424), else the feed's URL, in the feed's order: one lookup by primary key per photo, inside the page's query.
      sql`coalesce((select jsonb_agg(coalesce(${`${photoBase}/`}::text || ${vehiclePhotos.name} || '-' || ${vehiclePhotos.width}
        || '.jpg', photo.url) order by photo.n)
      from jsonb_array_elements(case when jsonb_typeof(${vehicles.details}->'images') = 'array'
        then ${vehicles.details}->'images' else '[]'::jsonb end) with ordinality as photo_json(value, n),
      lateral (select photo_json.value #>> '{}' as url, photo_json.n) as photo
      left join ${vehiclePhotos} on ${vehiclePhotos.sourceUrl} = photo.url and ${vehiclePhotos.status} = 'ready'
        and ${vehiclePhotos.feedJpeg}
      where jsonb_typeof(photo_json.value) = 'string'), '[]'::jsonb)`,
      sql`${vehicles.private}`,
      sql`${vehicles.details}->>'dateAdded'`,
      sql`${vehicles.firstSeenAt}`,
      sql`${vehicles.storeId}`,
      sql`${vehicles.status}`,
    ],
    sql`, `,
  );

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);
const numberOrNull = (value: unknown): number | null => (typeof value === "number" ? value : null);

function toFeedVehicle(values: unknown[]): FeedVehicle {
  const [vin, stockNumber, condition, year, make, model, trim, bodyStyle, mileage, price, oldPrice] = values;
  const [exteriorColor, interiorColor, fuelType, transmission, drivetrain, engine, features, images] = values.slice(11);
  const [isPrivate, dateAdded, firstSeenAt] = values.slice(19);
  const vehicle = {
    vin: String(vin),
    stockNumber: String(stockNumber),
    condition: condition as Condition,
    year: Number(year),
    make: String(make),
    model: String(model),
    trim: text(trim),
    bodyStyle: String(bodyStyle),
    mileage: Number(mileage),
    price: numberOrNull(price),
    oldPrice: numberOrNull(oldPrice),
    exteriorColor: text(exteriorColor),
    interiorColor: text(interiorColor),
    fuelType: text(fuelType),
    transmission: text(transmission),
    drivetrain: text(drivetrain),
    engine: text(engine),
    features: strings(features),
    images: strings(images),
    private: isPrivate === true,
    // JSON writes a timestamptz with the session's offset; Date reads any offset.
    listedOn: listedOn(text(dateAdded), new Date(String(firstSeenAt))),
  };
  return { ...vehicle, path: vehiclePath(vehicle) };
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];

/**
 * The store's available vehicles by VIN, a page at a time. The VINs come first, in one query; then each page is read by
 * primary key alone, as one JSON array, which a driver decodes much faster than rows. The store and status are checked
 * here, not in the page's query: with them there, PGlite (whose statistics no autovacuum refreshes after an import)
 * took the store's index and scanned all of the store's cars for every page, 72 s of CPU for 100,000 cars. Pages are
 * read apart, not in one transaction: PGlite would serve nobody else while a long build held it, and a write between
 * two pages moves the inventory version, so the build that read them is replaced (feed-cache.server.ts). A car sold in
 * between is left out by the status check.
 */
export async function* storeVehiclePages(
  db: Db,
  storeId: string,
  photoBase: string = PHOTO_PATH,
): AsyncGenerator<FeedVehicle[]> {
  const COLUMNS = columns(photoBase);
  const [list] = rowsOf<{ vins: string | null }>(
    await db.execute(
      sql`select string_agg(${vehicles.vin}, ',' order by ${vehicles.vin}) as vins from ${vehicles}
        where ${vehicles.storeId} = ${storeId} and ${vehicles.status} = 'available'`,
    ),
  );
  const vins = list?.vins ? list.vins.split(",") : [];
  for (let start = 0; start < vins.length; start += FEED_PAGE_SIZE) {
    const page = vins.slice(start, start + FEED_PAGE_SIZE);
    const [first] = rowsOf<{ rows: string }>(
      await db.execute(
        sql`select coalesce(json_agg(json_build_array(${COLUMNS}) order by ${vehicles.vin}), '[]')::text as rows
          from ${vehicles} where ${vehicles.vin} = any(${`{${page.join(",")}}`}::text[])`,
      ),
    );
    const cars = (JSON.parse(first?.rows ?? "[]") as unknown[][])
      .filter((values) => values[22] === storeId && values[23] === "available")
      .map(toFeedVehicle);
    if (cars.length > 0) yield cars;
  }
}
