import { openVpic, type Vpic } from "@showroom/fixtures/server";
import { normalizeVin, vinCheckDigitOk } from "@showroom/rules/inventory";
import { type DecodedVehicle, VinDecodeError } from "@showroom/rules/questionnaire";
import { logError } from "../log.server";

/** Decodes VINs offline, with corgi over NHTSA's vPIC database (ADR 081): no network, no native addon. */
export interface VinDecoder {
  /** The vehicle a VIN names; rejects with a `VinDecodeError` saying why there is none. */
  decode(vin: string): Promise<DecodedVehicle>;
  /** Opens the database now (about a second the first time a machine runs, to unpack it), instead of on first use. */
  open(): void;
  close(): void;
}

const clean = (text: string | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/** The longest trim name a decode is taken at; vPIC sometimes lists a model's trims or plant codes instead. */
const MAX_TRIM_LENGTH = 30;

/**
 * A trim as vPIC gives it, when it names one: "JCW", "1LT", "EX-V6". A list ("S, SE, SEL"), alternatives
 * ("3.8 Base / 3.8 Premium") or plant codes say which trims the VIN could be, not which it is: no trim then.
 */
function oneTrim(text: string | undefined): string | null {
  const trim = clean(text);
  return trim === "" || trim.length > MAX_TRIM_LENGTH || /[,/]/.test(trim) ? null : trim;
}

/**
 * The server's VIN decoder. A wrong check digit is refused before the database is read; a VIN vPIC gives no year,
 * make and model for is undecodable; a database that cannot be opened makes every VIN unavailable, so the shopper can
 * still choose the vehicle instead. Nothing is cached: each VIN is decoded when asked (5–40 ms).
 */
export function createVinDecoder(options: { cacheDir?: string } = {}): VinDecoder {
  let vpic: Vpic | null = null;
  const open = () => {
    vpic ??= openVpic(options);
    return vpic;
  };
  return {
    open: () => void open(),
    close() {
      vpic?.close();
      vpic = null;
    },
    async decode(vin) {
      const canonical = normalizeVin(vin.trim());
      if (!canonical) throw new VinDecodeError("undecodable");
      if (!vinCheckDigitOk(canonical)) throw new VinDecodeError("check-digit");
      let database: Vpic;
      try {
        database = open();
      } catch (error) {
        logError("vin-decoder: the vPIC database could not be opened", error);
        throw new VinDecodeError("unavailable");
      }
      const { components } = await database.decode(canonical);
      const vehicle = components.vehicle;
      const year = components.modelYear?.year ?? vehicle?.year;
      const make = clean(vehicle?.make);
      const model = clean(vehicle?.model);
      if (!year || make === "" || model === "") throw new VinDecodeError("undecodable");
      return { year, make, model, trim: oneTrim(vehicle?.trim) ?? oneTrim(vehicle?.series) };
    },
  };
}
