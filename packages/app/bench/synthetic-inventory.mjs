// A large inventory for issue 6's benchmarks ("with 10,000 vehicles imported"): the fixture vehicles cloned with
// fresh VINs (valid check digit), stock numbers, prices and mileages, so makes, models, body styles and features stay
// the ones the site knows. Deterministic: the same count always gives the same feed.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FIXTURE_VEHICLES = fileURLToPath(new URL("../../../fixtures/inventory/vehicles.json", import.meta.url));

const VALUES = Object.fromEntries(
  [..."ABCDEFGHJKLMNPRSTUVWXYZ"].map((c, i) => [
    c,
    [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][i],
  ]),
);
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The VIN with its ninth character set to the ISO 3779 / 49 CFR 565 check digit. */
export function withCheckDigit(vin) {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i];
    sum += (/\d/.test(c) ? Number(c) : VALUES[c]) * WEIGHTS[i];
  }
  const digit = sum % 11 === 10 ? "X" : String(sum % 11);
  return `${vin.slice(0, 8)}${digit}${vin.slice(9)}`;
}

function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function fixtureVehicles() {
  const data = JSON.parse(readFileSync(FIXTURE_VEHICLES, "utf8"));
  return Array.isArray(data) ? data : (data.vehicles ?? []);
}

/**
 * `count` vehicles beyond the fixtures, as feed rows per store id (`Map<storeId, rows[]>`), each store getting clones
 * of its own fixture vehicles in proportion to how many it has.
 */
export function syntheticFeeds(count) {
  const originals = fixtureVehicles();
  const rnd = random(count);
  const vins = new Set(originals.map((v) => v.vin));
  const feeds = new Map();
  for (let i = 0; i < count; i++) {
    const source = originals[i % originals.length];
    let vin;
    do {
      // Keep the manufacturer and descriptor (first 8) and year/plant (10-11); a new serial in 12-17.
      const serial = String(Math.floor(rnd() * 1_000_000)).padStart(6, "0");
      vin = withCheckDigit(`${source.vin.slice(0, 11)}${serial}`);
    } while (vins.has(vin));
    vins.add(vin);
    const price = typeof source.price === "number" ? Math.round(source.price * (0.85 + rnd() * 0.3)) : source.price;
    const clone = {
      ...source,
      vin,
      stockNumber: `S${String(i).padStart(6, "0")}`,
      price,
      initPrice: price,
      mileage: Math.max(0, Math.round((source.mileage ?? 0) * (0.7 + rnd() * 0.6))),
    };
    delete clone.url;
    const rows = feeds.get(source.storeId) ?? [];
    rows.push(clone);
    feeds.set(source.storeId, rows);
  }
  return feeds;
}
