import { InputError } from "../shared/errors";
import { type Condition, parseSearchPrefix, pathSegments } from "./search-path";
import { slugify } from "./slug";
import { normalizeVin } from "./vin";

/** What a detail path is built from (spec section 3's vehicle fields). */
export interface VehiclePathInput {
  readonly condition: Condition;
  readonly year: number | string;
  readonly make: string;
  readonly model: string;
  readonly trim?: string | null;
  readonly vin: string;
}

/** What a detail path holds: the VIN identifies the vehicle, the slug only reads well. */
export interface VehiclePathParts {
  condition: Condition;
  year: number;
  slug: string;
  /** Upper case. */
  vin: string;
}

/** The slug used when a vehicle's make, model and trim have no Latin letter or digit, so the path keeps its shape. */
export const FALLBACK_VEHICLE_SLUG = "vehicle";

const DETAIL_SEGMENT = /^(\d{4})-(?:(.*)-)?([a-hj-npr-z0-9]{17})$/;

function fourDigitYear(year: number | string): number | null {
  const text = String(year).trim();
  return /^\d{4}$/.test(text) ? Number(text) : null;
}

/** The slug of a vehicle's detail path: make, model and trim slugified together (`mercedes-benz-c-class-c-300`). */
export function vehicleSlug(vehicle: Pick<VehiclePathInput, "make" | "model" | "trim">): string {
  return slugify([vehicle.make, vehicle.model, vehicle.trim ?? ""].join(" ")) || FALLBACK_VEHICLE_SLUG;
}

/** `/{condition}-cars-for-sale/{year}-{slug}-{VIN}` from its parts; the slug is slugified again, the VIN upper-cased. */
export function formatVehiclePath(parts: {
  condition: Condition;
  year: number | string;
  slug: string;
  vin: string;
}): string {
  const year = fourDigitYear(parts.year);
  const vin = normalizeVin(parts.vin);
  const problems = [
    ...(year === null
      ? [{ path: "$.year", message: `A vehicle year has four digits, not ${String(parts.year)}.` }]
      : []),
    ...(vin === null
      ? [{ path: "$.vin", message: `${parts.vin} is not a VIN: 17 letters and digits without I, O or Q.` }]
      : []),
  ];
  if (year === null || vin === null) throw new InputError("vehicle path parts", problems);
  const slug = slugify(parts.slug) || FALLBACK_VEHICLE_SLUG;
  return `/${parts.condition}-cars-for-sale/${year}-${slug}-${vin}`;
}

/**
 * The canonical detail path of a vehicle: `/used-cars-for-sale/2021-toyota-camry-se-4T1G11AK5MU123456`. Throws an
 * InputError for a year that is not four digits or a VIN that is not 17 valid characters: the importer rejects such
 * vehicles, so meeting one here is a programming error.
 */
export function vehiclePath(vehicle: VehiclePathInput): string {
  return formatVehiclePath({ ...vehicle, slug: vehicleSlug(vehicle) });
}

/**
 * The parts of a detail path, or null when it is not one. The VIN may be in either case and the slug may be wrong
 * or missing: the app finds the vehicle by VIN and redirects to {@link vehiclePath} when the path differs.
 */
export function parseVehiclePath(pathname: string): VehiclePathParts | null {
  const segments = pathSegments(pathname);
  if (segments?.length !== 2) return null;
  const condition = parseSearchPrefix(segments[0])?.condition;
  const match = DETAIL_SEGMENT.exec(segments[1] ?? "");
  if (!condition || !match) return null;
  return { condition, year: Number(match[1]), slug: match[2] ?? "", vin: (match[3] ?? "").toUpperCase() };
}
