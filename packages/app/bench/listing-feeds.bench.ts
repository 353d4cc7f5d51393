// The ad feeds at scale (ADR 351): one store of BENCH_VEHICLES available cars (default 100,000) on PGlite, every car
// with three photos so Meta lists it too. Measures a build of each feed, its size, and what a request costs once the
// feed is kept: unchanged, and right after an import (the kept feed is answered while the new one is built).
//
//   npm run bench:feeds -w packages/app
//   BENCH_VEHICLES=10000 npm run bench:feeds -w packages/app
import { loadavg } from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { siteContent } from "../app/content/fixtures.server";
import { openDatabase } from "../app/server/db/client.server";
import { parseJsonFeed } from "../app/server/inventory/feed";
import { importFeed } from "../app/server/inventory/import.server";
import { listingFeed } from "../app/server/listing-feeds/feed-cache.server";
import type { FeedSite, FeedStore, Platform } from "../app/server/listing-feeds/feed-vehicle";
import { seedGeneratedInventory } from "../app/server/search/inventory.test-support";

const WANTED = Number(process.env.BENCH_VEHICLES ?? 100_000);
const REQUESTS = 200;

const dealer = siteContent().dealers.find((d) => d.id === "brentwood");
if (!dealer) throw new Error("no brentwood in the fixtures");
const store: FeedStore = { id: "brentwood", dealer };
const site: FeedSite = { origin: "https://www.example.com", conditions: ["new", "used", "certified"], currency: "USD" };

const database = await openDatabase({ url: "memory://", dataDir: "unused" });
const { db } = database;
let started = performance.now();
// The generator gives six cars in seven to the first store; privates and Call for Price stay as it makes them.
const feed = await seedGeneratedInventory(db, { count: Math.ceil((WANTED * 7) / 6), privateShare: 0.06 });
await db.execute(
  sql`update vehicles set details = details || jsonb_build_object('images', jsonb_build_array(
    'https://photos.example.com/' || vin || '-1.jpg', 'https://photos.example.com/' || vin || '-2.jpg',
    '/media/inventory/photos/' || lower(vin) || '-3.jpg'))`,
);
const result = await db.execute(
  sql`select count(*)::int as n from vehicles where store_id = 'brentwood' and status = 'available'`,
);
const [row] = (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as { n: number }[];
const counted = row?.n ?? 0;
console.log(
  `seeded ${counted.toLocaleString("en-US")} available cars at brentwood in ${Math.round(performance.now() - started) / 1000} s`,
);

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

for (const platform of ["google", "meta"] as Platform[]) {
  const heapBefore = process.memoryUsage().heapUsed;
  // How long a request arriving during the build would wait for the event loop.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  started = performance.now();
  const cpuBefore = process.cpuUsage();
  const built = await listingFeed(db, store, site, platform, { fresh: true });
  const buildMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  delay.disable();
  const { gunzipSync } = await import("node:zlib");
  const plainBytes = gunzipSync(built.gzip).length;
  console.log(
    `${platform}: built in ${ms(buildMs)} (${ms((cpu.user + cpu.system) / 1000)} of CPU, load average ${loadavg()[0]?.toFixed(1)}); ${built.listed.toLocaleString("en-US")} listed, ` +
      `${built.leftOut.map((g) => `${g.count} ${g.reason}`).join(", ")} left out; ${mb(plainBytes)} of XML, ` +
      `${mb(built.gzip.length)} gzip; heap +${mb(process.memoryUsage().heapUsed - heapBefore)}; ` +
      `event loop held at most ${ms(delay.max / 1e6)} at a time (p99 ${ms(delay.percentile(99) / 1e6)})`,
  );
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    await listingFeed(db, store, site, platform);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${platform}: kept feed, ${REQUESTS} requests: median ${ms(times[REQUESTS / 2] ?? 0)}, p95 ${ms(times[Math.floor(REQUESTS * 0.95)] ?? 0)}`,
  );
}

// An import of one car moves the version: the next request is answered the kept feed while the new one builds.
const car = feed[0];
await importFeed(db, "brentwood", parseJsonFeed([{ ...car, mileage: Number(car?.mileage ?? 0) + 10 }]), {
  full: false,
});
let t = performance.now();
const stale = await listingFeed(db, store, site, "google");
console.log(
  `google: first request after an import answered in ${ms(performance.now() - t)} (version ${stale.version})`,
);
t = performance.now();
const fresh = await listingFeed(db, store, site, "google", { fresh: true });
console.log(`google: the new build was ready ${ms(performance.now() - t)} later (version ${fresh.version})`);
await database.close();
