// The desk's Inventory page over HTTP against the built server, on each database (issue 29, ADRs 395-396): sales finds
// a car and may change nothing; an admin hides it (gone from the listing, its page, the sitemap and both ad feeds),
// an import that lists it again keeps it hidden, the admin shows it again; a corrected price is what the listing and
// the feeds show and stays through an import of the same feed price. Every change is an audit row.
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, vehicles } from "../../app/server/db/schema.server";
import type { ParsedFeed } from "../../app/server/inventory/feed";
import { importFeed } from "../../app/server/inventory/import.server";
import type { Running } from "../../server/app";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/databases";
import { until } from "../support/wait";
import { startInProcess } from "./support/built-server";
import { postForm, request } from "./support/requests";
import { deskAccounts } from "./support/staff-sign-in";

const DATA_KEY = randomBytes(32).toString("base64");

describe.each(testDatabaseKinds())("the desk's Inventory page on %s", (kind) => {
  let site: Running;
  let database: TestDatabase | undefined;
  const staff = deskAccounts(DATA_KEY, ["sales", "admin"] as const);
  /** A Brentwood car that the listing, the sitemap and both ad feeds show. */
  let car: typeof vehicles.$inferSelect;

  beforeAll(async () => {
    if (kind === "postgres") database = await createTestDatabase("postgres");
    site = await startInProcess({
      RATE_LIMIT_POSTS_PER_MINUTE: "100000",
      STAFF_SIGN_INS_PER_MINUTE: "30",
      DATA_KEY,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    await staff.add(site.database.db);
    const google = (await request(`${site.url}/feeds/brentwood/google-vehicle-listings.xml`)).body;
    const meta = (await request(`${site.url}/feeds/brentwood/meta-catalog.xml`)).body;
    const candidates = await site.database.db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.storeId, "brentwood"), eq(vehicles.status, "available"), eq(vehicles.private, false)))
      .orderBy(asc(vehicles.vin));
    const listed = candidates.find(
      (v) => v.price !== null && google.includes(`<g:vin>${v.vin}</g:vin>`) && meta.includes(v.vin),
    );
    if (!listed) throw new Error("no fixture car of Brentwood is in both of its ad feeds");
    car = listed;
  });

  afterAll(async () => {
    await site?.close();
    await database?.dispose();
  });

  /** One sign-in per role: a TOTP code is accepted once. */
  const signIn = (role: "sales" | "admin") => staff.session(site.url, role);

  const body = async (path: string) => (await request(`${site.url}${path}`)).body;
  /** Where the site shows the car: its card in the search, its page, the sitemap, the Google and Meta feeds. */
  async function shown() {
    const search = await body(`/cars-for-sale?q=${car.vin}`);
    const path = search.match(new RegExp(`href="(/[a-z-]*cars-for-sale/[^"]*-${car.vin})"`))?.[1] ?? null;
    const sitemap = await body("/sitemap.xml");
    return {
      search: path !== null,
      sitemap: sitemap.includes(car.vin.toLowerCase()) || sitemap.includes(car.vin),
      google: (await body("/feeds/brentwood/google-vehicle-listings.xml")).includes(`<g:vin>${car.vin}</g:vin>`),
      meta: (await body("/feeds/brentwood/meta-catalog.xml")).includes(car.vin),
      path,
    };
  }
  const everywhere = { search: true, sitemap: true, google: true, meta: true };
  const nowhere = { search: false, sitemap: false, google: false, meta: false };
  const where = async () => {
    const { path: _, ...rest } = await shown();
    return rest;
  };
  /** The same car again in a partial feed, as the dealer system sends it: every field as it was imported. */
  const sameCarAgain = () => {
    const { storeId: _, status: __, firstSeenAt: ___, updatedAt: ____, soldAt: _____, ...fields } = car;
    const vehicle = {
      ...fields,
      transmission: fields.transmission as "A" | "M" | null,
    } as ParsedFeed["vehicles"][number];
    return importFeed(site.database.db, "brentwood", { vehicles: [vehicle], rejected: [] }, { full: false });
  };

  it("sales finds the car by stock number and sees no change to make; its posts are refused", async () => {
    const sales = await signIn("sales");
    const page = await request(`${site.url}/staff/inventory?q=${encodeURIComponent(car.stockNumber)}`, {
      headers: { Cookie: sales },
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`VIN ${car.vin}`);
    expect(page.body).toContain("An admin can hide this car or correct its price.");
    expect(page.body).not.toContain('name="intent" value="hide"');
    const forms: Record<string, string>[] = [
      { intent: "hide", vin: car.vin, reason: "not sales's call" },
      { intent: "price", vin: car.vin, price: "1000", reason: "not sales's call" },
    ];
    for (const form of forms) {
      expect((await postForm(site.url, "/staff/inventory", form, { Cookie: sales })).status).toBe(403);
    }
    expect((await site.database.db.select().from(auditEvents).where(eq(auditEvents.subject, car.vin))).length).toBe(0);
  });

  it("an admin hides the car: gone everywhere at once, kept hidden by an import, listed on the desk, shown again", async () => {
    const admin = await signIn("admin");
    expect(await where()).toEqual(everywhere);
    const { path } = await shown();
    expect((await request(`${site.url}${path}`)).status).toBe(200);

    const noReason = await postForm(
      site.url,
      "/staff/inventory",
      { intent: "hide", vin: car.vin, reason: "" },
      { Cookie: admin },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body).toContain("Say why");
    const unknown = { intent: "hide", vin: "1G1ZT51806F100000", reason: "typo" };
    expect((await postForm(site.url, "/staff/inventory", unknown, { Cookie: admin })).status).toBe(404);
    const hide = { intent: "hide", vin: car.vin.toLowerCase(), reason: "Hail damage, at the body shop" };
    const hidden = await postForm(site.url, "/staff/inventory", hide, { Cookie: admin });
    expect([hidden.status, hidden.headers.get("location")]).toEqual([303, `/staff/inventory?q=${car.vin}&done=hide`]);
    await until("the car to leave the site", async () => JSON.stringify(await where()) === JSON.stringify(nowhere));
    expect((await request(`${site.url}${path}`)).status).not.toBe(200);

    expect(await sameCarAgain()).toMatchObject({ applied: true, updated: 1 });
    expect(await where()).toEqual(nowhere);
    const desk = await request(`${site.url}/staff/inventory?q=${car.vin}&done=hide`, { headers: { Cookie: admin } });
    expect(desk.body).toContain("The car is hidden from the site and the ad feeds");
    expect(desk.body).toContain("Hail damage, at the body shop");
    expect(desk.body).toContain("Show again");

    const show = await postForm(site.url, "/staff/inventory", { intent: "show", vin: car.vin }, { Cookie: admin });
    expect(show.status).toBe(303);
    await until("the car to be back", async () => JSON.stringify(await where()) === JSON.stringify(everywhere));
    const trail = await site.database.db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.action, ["hid-vehicle", "showed-vehicle"]))
      .orderBy(asc(auditEvents.id));
    expect(trail.map((e) => [e.action, e.actor, e.subject])).toEqual([
      ["hid-vehicle", "admin@example.com", car.vin],
      ["showed-vehicle", "admin@example.com", car.vin],
    ]);
    expect(trail[0]?.detail).toMatchObject({ reason: "Hail damage, at the body shop" });
  });

  it("an admin corrects the price: the listing and the feeds show it, an import of the same feed price keeps it", async () => {
    const admin = await signIn("admin");
    const corrected = (car.price ?? 20_000) - 1_234;
    // The search (prices are shown only to a visitor who unlocked them, so its price filter), and both ad feeds.
    const shows = async (price: number) => {
      const under = await body(`/cars-for-sale/price-under-${price}?q=${car.vin}`);
      const google = await body("/feeds/brentwood/google-vehicle-listings.xml");
      const item = google.slice(google.indexOf(`<g:vin>${car.vin}</g:vin>`)).split("</item>")[0] ?? "";
      const meta = await body("/feeds/brentwood/meta-catalog.xml");
      const listing = meta.slice(meta.indexOf(car.vin)).split("</listing>")[0] ?? "";
      return under.includes(`-${car.vin}"`) && item.includes(`${price}.00 USD`) && listing.includes(`${price}`);
    };
    expect(await shows(corrected)).toBe(false);
    expect(
      (
        await postForm(
          site.url,
          "/staff/inventory",
          { intent: "price", vin: car.vin, price: "12 dollars", reason: "typo" },
          { Cookie: admin },
        )
      ).status,
    ).toBe(400);
    const post = await postForm(
      site.url,
      "/staff/inventory",
      { intent: "price", vin: car.vin, price: `$${corrected.toLocaleString("en-US")}`, reason: "DMS typo" },
      { Cookie: admin },
    );
    expect(post.status).toBe(303);
    await until("the corrected price to show", () => shows(corrected));
    expect(await sameCarAgain()).toMatchObject({ applied: true });
    expect(await shows(corrected)).toBe(true);
    const desk = await request(`${site.url}/staff/inventory`, { headers: { Cookie: admin } });
    expect(desk.body).toContain("DMS typo");
    const restore = await postForm(
      site.url,
      "/staff/inventory",
      { intent: "restore", vin: car.vin },
      { Cookie: admin },
    );
    expect(restore.status).toBe(303);
    await until("the feed's price to show", () => shows(car.price ?? 0));
    const trail = await site.database.db
      .select()
      .from(auditEvents)
      .where(inArray(auditEvents.action, ["corrected-price", "restored-feed-price"]))
      .orderBy(asc(auditEvents.id));
    expect(trail.map((e) => [e.action, e.subject, e.detail])).toEqual([
      ["corrected-price", car.vin, { from: car.price, to: corrected, feedPrice: car.price, reason: "DMS typo" }],
      ["restored-feed-price", car.vin, { from: corrected, to: car.price }],
    ]);
  });

  it("any body an admin posts is answered without a 5xx, and one refused writes no audit row", async () => {
    const admin = await signIn("admin");
    const field = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(car.vin, "19995", "$1,000", "-5", "1e9", ""));
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            intent: fc.constantFrom("hide", "show", "price", "restore", "drop", ""),
            vin: field,
            price: field,
            reason: field,
          },
          { requiredKeys: [] },
        ),
        async (form) => {
          const before = (await site.database.db.select().from(auditEvents)).length;
          const answer = await postForm(site.url, "/staff/inventory", form, { Cookie: admin });
          expect(answer.status).toBeLessThan(500);
          if (answer.status !== 303) {
            expect((await site.database.db.select().from(auditEvents)).length).toBe(before);
          }
        },
      ),
      { numRuns: 40 },
    );
    // Put back what the property's valid posts changed, for nothing after it.
    for (const intent of ["show", "restore"])
      await postForm(site.url, "/staff/inventory", { intent, vin: car.vin }, { Cookie: admin });
  });
});
