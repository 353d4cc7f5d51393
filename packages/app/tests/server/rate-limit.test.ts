// POSTs are limited per IP, with the default limit (10 a minute): the 11th gets 429 and writes nothing. The count holds
// across two server instances on one PostgreSQL; on PGlite, which one process serves, it is kept in memory and gives
// the database's verdicts (ADR 452).
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseRateLimiter, memoryRateLimiter, type RateLimiter } from "../../app/server/rate-limit.server";
import type { Running } from "../../server/app";
import {
  createTestDatabase,
  rowsOf,
  type TestDatabase,
  testDatabaseKinds,
  useTestDatabase,
} from "../support/databases";
import { startInProcess } from "./support/built-server";
import { contactFields, countRows, postForm } from "./support/requests";

const LIMIT = 10;
const WINDOW_MS = 60_000;

/**
 * The limiter counts the last 60 seconds, not a clock minute (rate-limit.server.ts), so a test needs no particular
 * time to start: only that its posts fall within one window. This says so when a slow machine stretches them past it,
 * where a bare 303 for the 11th post would look like a broken limiter.
 */
function expectWithinOneWindow(startedAt: number): void {
  expect(Date.now() - startedAt, "ms the posts took, which must fit in the limiter's window").toBeLessThan(WINDOW_MS);
}

let ip = 0;
const freshIp = () => `192.0.2.${++ip}`;

describe("one server with the default limit", () => {
  let site: Running;

  beforeAll(async () => {
    site = await startInProcess({ TRUST_PROXY: "1" });
  });

  afterAll(async () => {
    await site?.close();
  });

  it("answers the 11th POST in a minute from one IP with 429 and Retry-After, and that post writes nothing", async () => {
    const shopper = freshIp();
    const startedAt = Date.now();
    for (let i = 1; i <= LIMIT; i++) {
      const answer = await postForm(site.url, "/contact-us", contactFields({ lastName: `Limit ${i}` }), {
        "X-Forwarded-For": shopper,
      });
      expect(answer.status, `post ${i}`).toBe(303);
    }
    const before = await countRows(site.database.db);
    const eleventh = await postForm(site.url, "/contact-us", contactFields(), { "X-Forwarded-For": shopper });
    expectWithinOneWindow(startedAt);
    expect(eleventh.status).toBe(429);
    const retryAfter = Number(eleventh.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(eleventh.headers.get("set-cookie")).toBeNull();
    expect(await countRows(site.database.db)).toEqual(before);

    // Only POSTs count, and only this address's.
    const page = await fetch(`${site.url}/contact-us`, { headers: { "X-Forwarded-For": shopper } });
    expect(page.status).toBe(200);
    await page.text();
    const neighbour = await postForm(site.url, "/contact-us", contactFields(), { "X-Forwarded-For": freshIp() });
    expect(neighbour.status).toBe(303);
  });

  it("counts every action alike: store switches and cookie choices share the one budget", async () => {
    const visitor = freshIp();
    const startedAt = Date.now();
    const posts = [
      ...Array.from({ length: 4 }, () => ["/api/store", { storeId: "st-peters", redirectTo: "/" }] as const),
      ...Array.from({ length: 3 }, () => ["/api/consent", { choice: "accept-all", redirectTo: "/" }] as const),
      ...Array.from({ length: 3 }, () => ["/contact-us", contactFields()] as const),
    ];
    for (const [path, form] of posts) {
      const answer = await postForm(site.url, path, form, { "X-Forwarded-For": visitor });
      expect(answer.status, path).toBe(303);
    }
    const answer = await postForm(site.url, "/api/store", { storeId: "brentwood" }, { "X-Forwarded-For": visitor });
    expectWithinOneWindow(startedAt);
    expect(answer.status).toBe(429);
  });
});

describe.each(testDatabaseKinds().filter((kind) => kind === "postgres"))("two servers on one %s database", () => {
  let database: TestDatabase;
  const sites: Running[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    // One after the other: the first seeds the empty database, the second finds it seeded.
    sites.push(await startInProcess({ DATABASE_URL: database.url, TRUST_PROXY: "1" }));
    sites.push(await startInProcess({ DATABASE_URL: database.url, TRUST_PROXY: "1" }));
  });

  afterAll(async () => {
    await Promise.all(sites.map((s) => s.close()));
    await database?.dispose();
  });

  it("share one count: 10 posts spread over both pass, the 11th gets 429 from either", async () => {
    const [a, b] = sites as [Running, Running];
    const shopper = freshIp();
    const startedAt = Date.now();
    for (let i = 0; i < LIMIT; i++) {
      const answer = await postForm((i % 2 ? b : a).url, "/contact-us", contactFields(), {
        "X-Forwarded-For": shopper,
      });
      expect(answer.status, `post ${i + 1}`).toBe(303);
    }
    const statuses: number[] = [];
    for (const site of [a, b]) {
      statuses.push((await postForm(site.url, "/contact-us", contactFields(), { "X-Forwarded-For": shopper })).status);
    }
    expectWithinOneWindow(startedAt);
    expect(statuses).toEqual([429, 429]);
    const [row] = rowsOf<{ n: number | string }>(await database.db.execute(sql`select count(*) as n from leads`));
    expect(Number(row?.n)).toBe(LIMIT);
  });
});

describe.each(testDatabaseKinds())("the limit's window on %s", (kind) => {
  const t = useTestDatabase(kind);
  const limiters: [string, () => RateLimiter][] = [
    [`counted in the ${kind} database`, () => databaseRateLimiter(t.db)],
    ["counted in memory", () => memoryRateLimiter()],
  ];

  it.each(limiters)(
    "%s, admits no more than 10 POSTs from one IP in any 60 seconds, across the turn of a clock minute too",
    async (_name, limiter) => {
      const { hit } = limiter();
      const key = "post:192.0.2.250";
      const turn = new Date("2026-03-02T15:00:00.000Z").getTime();
      const verdicts: boolean[] = [];
      // Ten posts in the last second of one clock minute, then more in the first seconds of the next.
      for (let i = 0; i < LIMIT; i++) verdicts.push((await hit(key, LIMIT, new Date(turn - 900 + i * 50))).allowed);
      for (let i = 0; i < 5; i++) verdicts.push((await hit(key, LIMIT, new Date(turn + 100 + i * 100))).allowed);
      expect(verdicts.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(true));
      expect(verdicts.slice(LIMIT)).toEqual(Array(5).fill(false));
    },
  );

  // What lets the embedded database count in memory (ADR 452): whatever the hits, keys, times and limits, the two
  // kinds of limiter answer alike.
  it("the memory's count gives the database's verdict and Retry-After for any hits, keys, times (in any order) and limits", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.record({ key: fc.constantFrom("a", "b", "c"), at: fc.integer({ min: 0, max: 150_000 }) }), {
          minLength: 1,
          maxLength: 25,
        }),
        async (limit, hits) => {
          run += 1;
          const database = databaseRateLimiter(t.db);
          const memory = memoryRateLimiter();
          const start = new Date("2026-03-02T15:00:00.000Z").getTime();
          for (const { key, at } of hits) {
            const now = new Date(start + at);
            const expected = await database.hit(`property:${run}:${key}`, limit, now);
            expect(await memory.hit(key, limit, now), `${key} at ${at} ms, limit ${limit}`).toEqual(expected);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("the memory's count", () => {
  it("keeps at most the keys it is given room for, dropping the least recently hit, each key's verdict its own", async () => {
    const limiter = memoryRateLimiter(3);
    const now = new Date("2026-03-02T15:00:00.000Z");
    for (const key of ["a", "a", "b", "c", "d"]) await limiter.hit(key, 1, now);
    // "a" was hit twice and is refused a third time only while it is kept; "d" pushed it out.
    expect(await limiter.state()).toBe(["b", "c", "d"].map((key) => `${key}:${now.getTime()}`).join("|"));
    expect((await limiter.hit("d", 1, now)).allowed).toBe(false);
    expect((await limiter.hit("a", 1, now)).allowed).toBe(true);
  });
});
