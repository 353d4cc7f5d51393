// The vehicle detail page of issue 6 as the built server answers it: canonical redirects, the spec's 404 for unknown,
// sold and locked private vehicles, the Unlock Price gate on the page and on its similar vehicles, the JSON-LD, and
// the private vehicles the search page hides until the inventory unlock. Runs the built server in this process.
import { vehiclePath } from "@showroom/rules/inventory";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schemaOrgProblems } from "../../app/content/schema-org.test-support";
import { formatMoney } from "../../app/content/shell.server";
import { visitors } from "../../app/server/db/schema.server";
import { visitorCookies } from "../../app/server/visitor.server";
import type { Running } from "../../server/app";
import { rowsOf } from "../support/databases";
import { startInProcess, TEST_SESSION_SECRET } from "./support/built-server";
import { type Answer, request } from "./support/requests";

let site: Running;

beforeAll(async () => {
  site = await startInProcess();
});

afterAll(async () => {
  await site?.close();
});

interface Row {
  vin: string;
  store_id: string;
  condition: string;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  price: number | null;
  old_price: number | null;
  private: boolean;
}

const db = () => site.database.db;

async function vehicle(where: ReturnType<typeof sql>): Promise<Row> {
  const [row] = rowsOf<Row>(
    await db().execute(sql`select vin, store_id, condition, year, make, model, trim, price, old_price, private
      from vehicles where status = 'available' and ${where} order by vin limit 1`),
  );
  if (!row) throw new Error("the fixture inventory has no such vehicle");
  return row;
}

const canonical = (v: Row) => vehiclePath({ ...v, condition: v.condition as "new" | "used" | "certified" });

/** A visitor id cookie as the server signs it, and the visitor's row with the given unlocks. */
async function visitor(unlocks: { price?: boolean; inventory?: boolean }): Promise<string> {
  const named = visitorCookies(TEST_SESSION_SECRET).newVisitorIdentity();
  const { visitorId } = named;
  const setCookie = await named.cookie();
  await db()
    .insert(visitors)
    .values({
      id: visitorId,
      unlockPriceAt: unlocks.price ? new Date() : null,
      unlockInventoryAt: unlocks.inventory ? new Date() : null,
    });
  return (setCookie as string).split(";")[0] as string;
}

const get = (path: string, cookie?: string): Promise<Answer> =>
  request(`${site.url}${path}`, cookie ? { headers: { Cookie: cookie } } : {});

/** The page's JSON-LD blocks, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] as string) as Record<string, unknown>,
  );
}

/** The HTML of the similar vehicles section and the VINs of its cards. */
function similar(html: string): { html: string; vins: string[] } {
  const start = html.indexOf('aria-labelledby="similar-title"');
  expect(start, "a similar vehicles section").toBeGreaterThan(0);
  const part = html.slice(start, html.indexOf("</section>", start));
  return { html: part, vins: [...part.matchAll(/data-vin="([A-Z0-9]{17})"/g)].map((m) => m[1] as string) };
}

/** The price box's text, tags removed. */
function priceBox(html: string): string {
  const start = html.indexOf('aria-labelledby="price-title"');
  expect(start, "a price box").toBeGreaterThan(0);
  return html
    .slice(start, html.indexOf("</section>", start))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

async function pricesOf(vins: string[]): Promise<Map<string, number | null>> {
  const rows = rowsOf<{ vin: string; price: number | null }>(
    await db().execute(sql`select vin, price from vehicles where vin in ${vins}`),
  );
  return new Map(rows.map((r) => [r.vin, r.price === null ? null : Number(r.price)]));
}

function expectNotFound(answer: Answer, what: string) {
  expect(answer.status, what).toBe(404);
  expect(answer.body, what).toContain("Page not found");
  expect(answer.body, what).toContain("Sorry, we couldn’t find the page you’re looking for.");
  expect(jsonLd(answer.body), `${what}: no vehicle data`).toEqual([]);
}

describe("vehicle detail paths", () => {
  it("a wrong slug or a lower-case VIN for a known vehicle answers 301 to the canonical path, keeping the query", async () => {
    const v = await vehicle(sql`private = false`);
    const path = canonical(v);
    expect((await get(path)).status).toBe(200);
    for (const wrong of [
      `/${v.condition}-cars-for-sale/${v.year}-not-the-model-${v.vin}`,
      `/${v.condition}-cars-for-sale/${v.year}-${v.vin.toLowerCase()}`,
      `${path}/`,
    ]) {
      const answer = await get(`${wrong}?utm_source=mail`);
      expect(answer.status, wrong).toBe(301);
      expect(answer.headers.get("location"), wrong).toBe(`${path}?utm_source=mail`);
    }
  });

  it("an unknown VIN, a sold vehicle, and a private vehicle before the inventory unlock are the spec's 404", async () => {
    expectNotFound(await get("/used-cars-for-sale/2020-toyota-camry-4T1B11HK5LU000000"), "unknown VIN");

    const sold = await vehicle(sql`private = false and store_id = 'st-peters'`);
    expect((await get(canonical(sold))).status).toBe(200);
    await db().execute(sql`update vehicles set status = 'sold', sold_at = now() where vin = ${sold.vin}`);
    try {
      expectNotFound(await get(canonical(sold)), "sold");
    } finally {
      await db().execute(sql`update vehicles set status = 'available', sold_at = null where vin = ${sold.vin}`);
    }

    const hidden = await vehicle(sql`private = true`);
    expectNotFound(await get(canonical(hidden)), "private, no visitor");
    expectNotFound(await get(canonical(hidden), await visitor({ price: true })), "private, prices unlocked only");
    // Not even redirected: a wrong slug must not reveal that the VIN exists.
    expectNotFound(
      await get(`/${hidden.condition}-cars-for-sale/${hidden.year}-x-${hidden.vin}`),
      "private, wrong slug",
    );
  });

  it("a private vehicle shows after the inventory unlock, badged and kept out of search engines", async () => {
    const hidden = await vehicle(sql`private = true`);
    const answer = await get(canonical(hidden), await visitor({ inventory: true }));
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("Private deal");
    expect(answer.body).toMatch(/<meta name="robots" content="noindex, follow/);
  });
});

describe("the Unlock Price gate on the detail page", () => {
  it("before the unlock the price box and every similar vehicle read Unlock Price, and no amount is shown", async () => {
    const v = await vehicle(sql`private = false and price is not null and old_price > price`);
    for (const cookie of [undefined, await visitor({})]) {
      const { status, body } = await get(canonical(v), cookie);
      expect(status).toBe(200);
      const box = priceBox(body);
      expect(box).toContain("Unlock Price");
      expect(box).toContain("Personalize My Price");
      expect(box).not.toMatch(/\$\d/);
      expect(body).not.toContain(formatMoney(Number(v.price)));
      expect(body).not.toContain(formatMoney(Number(v.old_price)));
      expect(body).toContain(`href="/personalize-price/${v.vin}"`);
      const cards = similar(body);
      expect(cards.vins.length).toBeGreaterThan(0);
      const prices = await pricesOf(cards.vins);
      for (const vin of cards.vins) {
        const price = prices.get(vin) ?? null;
        if (price !== null) expect(body, vin).not.toContain(formatMoney(price));
      }
      const labels = [...cards.html.matchAll(/<p class="mt-auto[^"]*">([\s\S]*?)<\/p>/g)].map((m) =>
        (m[1] as string).replace(/<[^>]+>/g, ""),
      );
      expect(labels).toHaveLength(cards.vins.length);
      for (const [i, label] of labels.entries()) {
        expect(label).toBe(prices.get(cards.vins[i] as string) === null ? "Call for Price" : "Unlock Price");
      }
    }
  });

  it("after the unlock the sale price, the old price and the savings show, and similar vehicles show amounts", async () => {
    const v = await vehicle(sql`private = false and price is not null and old_price > price`);
    const { body } = await get(canonical(v), await visitor({ price: true }));
    const box = priceBox(body);
    expect(box).toContain(formatMoney(Number(v.price)));
    expect(box).toContain(`Was ${formatMoney(Number(v.old_price))}`);
    expect(box).toContain(`You save ${formatMoney(Number(v.old_price) - Number(v.price))}`);
    expect(box).not.toContain("Unlock Price");
    const cards = similar(body);
    const prices = await pricesOf(cards.vins);
    for (const vin of cards.vins) {
      const price = prices.get(vin) ?? null;
      expect(cards.html, vin).toContain(price === null ? "Call for Price" : formatMoney(price));
    }
    expect(cards.html).not.toContain("Unlock Price");
  });

  it("a vehicle without a price reads Call for Price, unlocked or not", async () => {
    const v = await vehicle(sql`private = false and price is null`);
    for (const cookie of [undefined, await visitor({ price: true })]) {
      const box = priceBox((await get(canonical(v), cookie)).body);
      expect(box).toContain("Call for Price");
      expect(box).not.toContain("Unlock Price");
    }
  });
});

describe("the detail page's content", () => {
  it("carries a parseable schema.org Car with the price and currency, whatever the visitor unlocked", async () => {
    const v = await vehicle(sql`private = false and price is not null and trim is not null`);
    const { body } = await get(canonical(v));
    const blocks = jsonLd(body);
    // The Car, then the page's breadcrumb trail (issue 16).
    expect(blocks.map((b) => b["@type"])).toEqual(["Car", "BreadcrumbList"]);
    const car = blocks[0] as Record<string, unknown>;
    expect(schemaOrgProblems(car)).toEqual([]);
    expect(car).toMatchObject({
      "@type": "Car",
      vehicleIdentificationNumber: v.vin,
      model: v.model,
      vehicleConfiguration: v.trim,
      url: `${site.url}${canonical(v)}`,
      offers: { "@type": "Offer", priceCurrency: "USD", seller: { "@type": "AutoDealer" } },
    });
    // The offer's price is behind the Unlock Price gate like the page's (docs/decisions/270).
    expect(car.offers).not.toHaveProperty("price");
    const unlocked = jsonLd((await get(canonical(v), await visitor({ price: true }))).body)[0] as Record<
      string,
      unknown
    >;
    expect(unlocked.offers).toMatchObject({ "@type": "Offer", price: Number(v.price), priceCurrency: "USD" });
  });

  it("shows Vehicle Details, Key Features, the history report, the asides and the store's map link and hours", async () => {
    const v = await vehicle(sql`private = false and store_id = 'st-peters'`);
    const { body } = await get(canonical(v));
    for (const text of [
      "Vehicle Details",
      "Key Features",
      "Free Recall Check",
      `href="https://www.nhtsa.gov/recalls?vin=${v.vin}"`,
      "Know your budget before you visit",
      'href="/auto-financing/apply-for-financing"',
      // The aside's link carries the car, so the pre-approval's lead has it (ADR 332).
      `href="/auto-financing/apply-for-financing?vin=${v.vin}"`,
      `href="/schedule-test-drive/${v.vin}"`,
      "Schedule Test Drive",
      "Sales hours",
      "Monday",
      "Sunday",
      "Closed",
    ]) {
      expect(body, text).toContain(text);
    }
    const [store] = rowsOf<{ profile: { name: string; map: { latitude: number; longitude: number } } }>(
      await db().execute(sql`select profile from stores where id = ${v.store_id}`),
    );
    const { latitude, longitude } = store?.profile.map ?? { latitude: NaN, longitude: NaN };
    expect(body).toContain(`href="https://www.google.com/maps/search/?api=1&amp;query=${latitude},${longitude}"`);
    expect(body).toContain(`This vehicle is at ${store?.profile.name}.`);
  });
});

describe("private vehicles on the search page", () => {
  const count = async (store: string) =>
    Number(
      rowsOf<{ n: number | string }>(
        await db().execute(
          sql`select count(*) as n from vehicles where status = 'available' and private and store_id = ${store}`,
        ),
      )[0]?.n,
    );

  it("a locked visitor is told how many private vehicles match, with the way to unlock them; an unlocked one sees them", async () => {
    const hidden = await count("brentwood");
    expect(hidden).toBeGreaterThan(1);
    const locked = await get("/cars-for-sale");
    expect(locked.body).toContain(`<p>${hidden} private vehicles match your search.`);
    expect(locked.body).toMatch(/href="\/unlock-inventory\?return=%2Fcars-for-sale"/);
    const total = (body: string) => Number(/(\d+) vehicles<\/p>/.exec(body)?.[1]);
    const unlocked = await get("/cars-for-sale", await visitor({ inventory: true }));
    expect(unlocked.body).not.toMatch(/<p>\d+ private vehicles? match/);
    expect(total(unlocked.body)).toBe(total(locked.body) + hidden);
  });
});

describe("the inventory pages' words", () => {
  /** The page's visible text: no scripts, styles or tags. */
  const visibleText = (html: string) =>
    html
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
  // The browser's translator shows a missing string as its key (`detail.salePrice`): loaders send only the strings
  // their pages look up (pickTexts), so every page kind is rendered and searched for one.
  const KEY = /\b(?:search|sort|filters|conditions|card|detail|unlockPrice|testDrive|privateInventory)\.[a-z][\w.]*/;

  it("search, condition, no-result and detail pages, locked and unlocked, show no text key in place of a string", async () => {
    const v = await vehicle(sql`private = false and price is not null`);
    const unlocked = await visitor({ price: true, inventory: true });
    for (const [path, cookie] of [
      ["/cars-for-sale", undefined],
      ["/used-cars-for-sale", undefined],
      ["/cars-for-sale?q=zzzz-no-such-car", undefined],
      ["/cars-for-sale", unlocked],
      [canonical(v), undefined],
      [canonical(v), unlocked],
    ] as const) {
      const { status, body } = await get(path, cookie);
      expect(status, path).toBe(200);
      expect(visibleText(body), `${path}${cookie ? " (unlocked)" : ""}`).not.toMatch(KEY);
    }
  });
});
