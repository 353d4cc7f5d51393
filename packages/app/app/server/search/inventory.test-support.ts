// Generated inventories for the search tests and the search benchmark. Not a test file itself: vitest only runs
// `*.test.ts`. The vehicles go in as a JSON feed through the real parser and importer, so what the search reads is
// exactly what a dealer's feed would have written.
import { vinCheckDigit } from "@showroom/rules/inventory";
import type { Db } from "../db/client.server";
import { stores } from "../db/schema.server";
import { parseJsonFeed } from "../inventory/feed";
import { importFeed } from "../inventory/import.server";

/** A seeded PRNG (mulberry32): the same seed gives the same inventory on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface ModelSpec {
  model: string;
  body: string;
  trims: (string | null)[];
  fuels: string[];
  base: number;
}

// Hyphens, digits, spaces and a diacritic in makes and models, so slugs are exercised the way real feeds do.
const CATALOGUE: Record<string, ModelSpec[]> = {
  Toyota: [
    { model: "Camry", body: "Sedan", trims: ["LE", "SE", "XSE"], fuels: ["Gasoline", "Hybrid"], base: 27000 },
    { model: "RAV4", body: "SUV", trims: ["LE", "XLE", "Limited"], fuels: ["Gasoline", "Hybrid"], base: 30000 },
    { model: "Tacoma", body: "Truck", trims: ["SR5", "TRD Off-Road"], fuels: ["Gasoline"], base: 34000 },
    { model: "Sienna", body: "Minivan", trims: ["LE", "XSE"], fuels: ["Hybrid"], base: 38000 },
    { model: "Prius", body: "Hatchback", trims: [null, "XLE"], fuels: ["Hybrid", "Plug-In Hybrid"], base: 26000 },
  ],
  Honda: [
    { model: "Civic", body: "Sedan", trims: ["LX", "Sport", "Touring"], fuels: ["Gasoline"], base: 24000 },
    { model: "CR-V", body: "SUV", trims: ["EX", "EX-L"], fuels: ["Gasoline", "Hybrid"], base: 31000 },
    { model: "Odyssey", body: "Minivan", trims: ["EX-L", "Elite"], fuels: ["Gasoline"], base: 39000 },
  ],
  Ford: [
    { model: "F-150", body: "Truck", trims: ["XL", "XLT", "Lariat"], fuels: ["Gasoline", "Hybrid"], base: 42000 },
    {
      model: "Escape",
      body: "SUV",
      trims: ["S", "SE", "Titanium"],
      fuels: ["Gasoline", "Plug-In Hybrid"],
      base: 28000,
    },
    { model: "Mustang", body: "Coupe", trims: ["EcoBoost", "GT"], fuels: ["Gasoline"], base: 33000 },
    { model: "Transit", body: "Commercial", trims: ["Cargo 250"], fuels: ["Gasoline", "Diesel"], base: 45000 },
  ],
  Chevrolet: [
    { model: "Silverado 1500", body: "Truck", trims: ["LT", "RST"], fuels: ["Gasoline", "Diesel"], base: 43000 },
    { model: "Equinox", body: "SUV", trims: ["LS", "LT", "Premier"], fuels: ["Gasoline"], base: 27000 },
    { model: "Camaro", body: "Convertible", trims: ["1LT", "2SS"], fuels: ["Gasoline"], base: 35000 },
    { model: "Bolt EV", body: "Hatchback", trims: ["1LT", "2LT"], fuels: ["Electric"], base: 27000 },
  ],
  "Mercedes-Benz": [
    { model: "C-Class", body: "Sedan", trims: ["C 300", "AMG C 43"], fuels: ["Gasoline"], base: 46000 },
    { model: "GLC", body: "SUV", trims: ["GLC 300"], fuels: ["Gasoline", "Plug-In Hybrid"], base: 48000 },
    { model: "E-Class", body: "Wagon", trims: ["E 450 All-Terrain"], fuels: ["Gasoline"], base: 67000 },
  ],
  "Land Rover": [
    { model: "Range Rover Evoque", body: "SUV", trims: ["S", "R-Dynamic SE"], fuels: ["Gasoline"], base: 50000 },
    { model: "Defender", body: "SUV", trims: ["110 X-Dynamic"], fuels: ["Gasoline", "Diesel"], base: 62000 },
  ],
  Mazda: [
    { model: "CX-5", body: "SUV", trims: ["Touring", "Carbon Edition"], fuels: ["Gasoline"], base: 29000 },
    { model: "MX-5 Miata", body: "Convertible", trims: ["Club", "Grand Touring"], fuels: ["Gasoline"], base: 31000 },
  ],
  Subaru: [
    { model: "Outback", body: "Wagon", trims: ["Premium", "Onyx Edition XT"], fuels: ["Gasoline"], base: 32000 },
    { model: "Forester", body: "SUV", trims: ["Base", "Sport"], fuels: ["Gasoline"], base: 29000 },
  ],
  Tesla: [{ model: "Model 3", body: "Sedan", trims: ["Long Range", null], fuels: ["Electric"], base: 42000 }],
  Hyundai: [
    { model: "Ioniq 5", body: "SUV", trims: ["SE", "Limited"], fuels: ["Electric"], base: 45000 },
    { model: "Elantra", body: "Sedan", trims: ["SEL", "N Line"], fuels: ["Gasoline", "Hybrid"], base: 22000 },
  ],
  Ram: [
    { model: "1500", body: "Truck", trims: ["Big Horn", "Laramie"], fuels: ["Gasoline", "Diesel"], base: 44000 },
    { model: "ProMaster", body: "Commercial", trims: ["2500 High Roof"], fuels: ["Gasoline"], base: 47000 },
  ],
  Citroën: [{ model: "C5 Aircross", body: "SUV", trims: ["Shine"], fuels: ["Diesel"], base: 33000 }],
  Volkswagen: [
    { model: "Golf GTI", body: "Hatchback", trims: ["S", "Autobahn"], fuels: ["Gasoline"], base: 31000 },
    { model: "Atlas", body: "SUV", trims: ["SE", "SEL Premium R-Line"], fuels: ["Gasoline"], base: 40000 },
  ],
};

/** Exterior colours as feeds spell them: plain names, multi-word paint names, and one with an accent. */
export const GENERATED_COLOURS = [
  "White",
  "Black",
  "Gray",
  "Silver",
  "Blue",
  "Red",
  "Green",
  "Brown",
  "Beige",
  "Orange",
  "Midnight Blue",
  "Pearl White Tri-Coat",
  "Soul Red Crystal",
  "Rosé Gold",
  "Grigio Telesto",
] as const;

const FEATURES = [
  "Bluetooth",
  "Backup Camera",
  "Heated Seats",
  "Apple CarPlay",
  "Android Auto",
  "Blind Spot Monitor",
  "Lane Keep Assist",
  "Navigation",
  "Remote Start",
  "Third Row Seating",
  "Leather Seats",
];
const PREMIUM = ["Panoramic Sunroof", "Premium Audio", "Ventilated Front Seats", "Heads-Up Display"];
const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

/** A random VIN whose position 9 holds the right North-American check digit. */
function randomVin(random: () => number): string {
  const chars = Array.from({ length: 17 }, () => VIN_CHARS.charAt(Math.floor(random() * VIN_CHARS.length)));
  chars[8] = "0";
  chars[8] = vinCheckDigit(chars.join("")) ?? "0";
  return chars.join("");
}

export interface GeneratedFeedOptions {
  count: number;
  seed?: number;
  /** The day the newest vehicle arrived (`yyyy-mm-dd`); arrivals spread over the 240 days before it. */
  today?: string;
  /** Share of vehicles behind the private-inventory unlock. */
  privateShare?: number;
  /** Share of vehicles without a price (Call for Price). */
  callForPriceShare?: number;
}

/** A JSON feed (the fixture shape `parseJsonFeed` reads) of `count` distinct, plausible vehicles. */
function generateFeed(options: GeneratedFeedOptions): Record<string, unknown>[] {
  const { count, seed = 1, today = "2026-06-01", privateShare = 0.06, callForPriceShare = 0.07 } = options;
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const makes = Object.keys(CATALOGUE);
  const newestYear = Number(today.slice(0, 4));
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const vins = new Set<string>();
  const feed: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    let vin = randomVin(random);
    while (vins.has(vin)) vin = randomVin(random);
    vins.add(vin);
    const make = pick(makes);
    const spec = pick(CATALOGUE[make] ?? []);
    const roll = random();
    const condition = roll < 0.08 ? "new" : roll < 0.3 ? "certified" : "used";
    const age = condition === "new" ? 0 : Math.floor(random() * 12);
    const year = newestYear - age;
    const mileage =
      condition === "new" ? Math.floor(random() * 40) : Math.floor((age + random()) * (6000 + random() * 9000));
    const list = Math.max(4000, Math.round((spec.base * 0.88 ** age * (0.85 + random() * 0.3)) / 100) * 100 - 5);
    const onSale = random() < 0.2;
    const callForPrice = random() < callForPriceShare;
    const features = FEATURES.filter(() => random() < 0.4);
    const premium = PREMIUM.filter(() => random() < 0.12);
    const transmission = random() < 0.02 ? null : spec.body !== "Commercial" && random() < 0.08 ? "M" : "A";
    feed.push({
      vin,
      stockNumber: `${condition === "new" ? "N" : "P"}${String(10000 + i)}`,
      condition,
      year,
      make,
      model: spec.model,
      trim: pick(spec.trims),
      bodystyle: spec.body,
      mileage,
      price: callForPrice ? null : onSale ? { salePrice: list - 1000, oldPrice: list } : list,
      exteriorcolor: random() < 0.03 ? null : pick(GENERATED_COLOURS),
      interiorcolor: pick(["Black", "Gray", "Beige"]),
      fuelType: random() < 0.02 ? null : pick(spec.fuels),
      transmission,
      doors: spec.body === "Coupe" || spec.body === "Convertible" ? 2 : 4,
      drivetrain: pick(["FWD", "AWD", "RWD", "4WD"]),
      engine: spec.fuels.includes("Electric") ? "Electric Motor" : pick(["2.0L I4", "2.5L I4", "3.5L V6"]),
      features: [...features, ...premium],
      priceDrop: !callForPrice && (onSale || random() < 0.1),
      premiumUpgrades: premium.length > 0,
      private: random() < privateShare,
      dateAdded: new Date(todayMs - Math.floor(random() * 240) * 86_400_000).toISOString().slice(0, 10),
    });
  }
  return feed;
}

const GENERATED_STORES = ["brentwood", "kirkwood"] as const;

/**
 * Creates the two stores and imports a generated feed split between them (every seventh vehicle to the second),
 * then sells `soldShare` of them by importing a full feed without them, as a dealer's next export would.
 */
export async function seedGeneratedInventory(
  db: Db,
  options: GeneratedFeedOptions & { soldShare?: number },
): Promise<Record<string, unknown>[]> {
  const feed = generateFeed(options);
  await db
    .insert(stores)
    .values(GENERATED_STORES.map((id) => ({ id, name: id, profile: {} })))
    .onConflictDoNothing();
  const random = seededRandom((options.seed ?? 1) + 1);
  for (const [index, storeId] of GENERATED_STORES.entries()) {
    const own = feed.filter((_, i) => (i % 7 === 0 ? 1 : 0) === index);
    const first = await importFeed(db, storeId, parseJsonFeed(own));
    if (!first.applied || first.rejected.length > 0) {
      throw new Error(`generated feed refused: ${first.reason ?? JSON.stringify(first.rejected.slice(0, 3))}`);
    }
    const kept = own.filter(() => random() >= (options.soldShare ?? 0));
    if (kept.length < own.length) await importFeed(db, storeId, parseJsonFeed(kept));
  }
  return feed;
}
