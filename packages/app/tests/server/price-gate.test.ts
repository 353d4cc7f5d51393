// The Unlock Price gate as a visitor meets it (issue 16, docs/decisions/270): before the unlock no page the shopper
// can reach (home, search, detail, the stepper) carries a listed vehicle's price anywhere in its HTML, whether as
// text, JSON-LD, loader data or a price-derived figure; after it, cards and the detail page show the price with the
// estimated monthly payment. Runs the built server in this process.
import { listingEstimate } from "@showroom/rules/financing";
import { vehiclePath } from "@showroom/rules/inventory";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../app/content/shell.server";
import { visitors } from "../../app/server/db/schema.server";
import { PRICE_THRESHOLDS } from "../../app/server/search/shape";
import { visitorCookies } from "../../app/server/visitor.server";
import { rowsOf } from "../support/databases";
import { TEST_SESSION_SECRET } from "./support/built-server";
import { type Answer, request } from "./support/requests";
import { siteForFile } from "./support/site-for-file";

const site = siteForFile();

interface Row {
  vin: string;
  condition: "new" | "used" | "certified";
  year: number;
  make: string;
  model: string;
  trim: string | null;
  price: number | null;
  old_price: number | null;
  mileage: number;
}

const db = () => site.database.db;

async function listed(): Promise<Row[]> {
  return rowsOf<Row>(
    await db().execute(sql`select vin, condition, year, make, model, trim, price::float8 as price,
      old_price::float8 as old_price, mileage from vehicles where status = 'available' and not private and condition in ('used', 'certified')
      order by vin`),
  );
}

async function visitor(priceUnlocked: boolean): Promise<string> {
  const named = visitorCookies(TEST_SESSION_SECRET).newVisitorIdentity();
  const { visitorId } = named;
  const setCookie = await named.cookie();
  await db()
    .insert(visitors)
    .values({ id: visitorId, unlockPriceAt: priceUnlocked ? new Date() : null });
  return (setCookie as string).split(";")[0] as string;
}

const get = (path: string, cookie?: string): Promise<Answer> =>
  request(`${site.url}${path}`, cookie ? { headers: { Cookie: cookie } } : {});

/** The amounts a page must not show before the unlock: every listed price and old price, as a shopper reads them. */
function leaks(html: string, rows: readonly Row[]): string[] {
  // A facet's threshold ("Under $10,000") is a filter, not a vehicle's price.
  const thresholds = new Set<number>(PRICE_THRESHOLDS);
  const found = new Set<string>();
  for (const row of rows) {
    for (const amount of [row.price, row.old_price]) {
      if (amount === null || thresholds.has(amount)) continue;
      const money = formatMoney(amount);
      if (html.includes(money)) found.add(`${row.vin}: ${money}`);
    }
  }
  return [...found];
}

/** The raw numbers of the vehicles a page is about, in any serialisation (JSON-LD, loader data), not as mileage. */
function rawLeaks(html: string, rows: readonly Row[]): string[] {
  const mileages = new Set(rows.map((r) => r.mileage));
  return rows.flatMap((row) =>
    [row.price, row.old_price]
      .filter((n): n is number => n !== null && !mileages.has(n))
      // Bounded by what is no part of an identifier: a price inside a UUID (an idempotency key, a visitor id) is
      // no price, and one page holds enough of them that some carry a price's digits now and then.
      .filter((n) => new RegExp(`(?<![0-9A-Za-z-])${n}(?:\\.0+)?(?![0-9A-Za-z-])`).test(html))
      .map((n) => `${row.vin}: ${n}`),
  );
}

function cardVins(html: string): string[] {
  return [...html.matchAll(/data-vin="([A-HJ-NPR-Z0-9]{17})"/g)].map((m) => m[1] as string);
}

describe("the price gate before the unlock", () => {
  it("home, search pages, detail pages and the stepper carry no listed price, as text or as data, for a new visitor and a known one", async () => {
    const rows = await listed();
    const priced = rows.filter((r) => r.price !== null);
    expect(priced.length).toBeGreaterThan(10);
    const byVin = new Map(rows.map((r) => [r.vin, r]));
    const details = [priced[0], priced[Math.floor(priced.length / 2)], priced.at(-1)] as Row[];
    const paths = [
      "/",
      "/cars-for-sale",
      "/cars-for-sale?sort=priceHigh",
      "/cars-for-sale/suvs",
      ...details.map((r) => vehiclePath(r)),
      ...details.map((r) => `/personalize-price/${r.vin}`),
    ];
    for (const cookie of [undefined, await visitor(false)]) {
      for (const path of paths) {
        const { status, body } = await get(path, cookie);
        expect(status, path).toBe(200);
        expect(leaks(body, rows), `${path} shows a locked price`).toEqual([]);
        const onPage = [...cardVins(body), ...details.filter((d) => body.includes(d.vin)).map((d) => d.vin)];
        const shown = [...new Set(onPage)].map((vin) => byVin.get(vin)).filter((r): r is Row => r !== undefined);
        expect(rawLeaks(body, shown), `${path} carries a locked price in its data`).toEqual([]);
        expect(body, path).not.toMatch(/est\. \$[\d,.]+\/mo/);
      }
      // React separates adjacent text with empty comments.
      const home = (await get("/", cookie)).body.replaceAll("<!-- -->", "");
      expect(home).toMatch(/\d+ vehicles/);
      expect(home).not.toMatch(/ · from \$/);
    }
  });

  it("the detail page's JSON-LD offer has no price before the unlock and the price after it", async () => {
    const row = (await listed()).find((r) => r.price !== null) as Row;
    const offerOf = (html: string) => {
      const block = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
        .map((m) => JSON.parse(m[1] as string) as { "@type"?: string; offers?: { price?: number } })
        .find((d) => d["@type"] === "Car");
      return block?.offers;
    };
    expect(offerOf((await get(vehiclePath(row))).body)).not.toHaveProperty("price");
    expect(offerOf((await get(vehiclePath(row), await visitor(true))).body)?.price).toBe(row.price);
  });
});

describe("after the unlock", () => {
  it("the detail page and the cards show the price with the estimated monthly payment, linking to the estimator", async () => {
    const cookie = await visitor(true);
    const rows = await listed();
    const row = rows.find((r) => r.price !== null && r.year >= 2015) as Row;
    const { body } = await get(vehiclePath(row), cookie);
    const estimate = listingEstimate(row.price as number, row.year);
    const monthly = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(estimate.monthly);
    expect(body).toContain(formatMoney(row.price as number));
    expect(body).toContain(`est. ${monthly}/mo`);
    expect(body).toContain(
      `${estimate.termMonths} months at ${estimate.apr.toFixed(2)}% APR, ${formatMoney(estimate.cashDown)} down, credit score ${estimate.creditScore}, fees included`,
    );
    expect(body).toMatch(/href="\/auto-financing\?price=[^"]*termMonths=72[^"]*#estimator"/);

    const search = (await get("/cars-for-sale", cookie)).body;
    const vins = cardVins(search);
    expect(vins.length).toBeGreaterThan(0);
    const byVin = new Map(rows.map((r) => [r.vin, r]));
    for (const vin of vins) {
      const card = byVin.get(vin);
      if (!card || card.price === null) continue;
      const m = listingEstimate(card.price, card.year).monthly;
      expect(search, vin).toContain(
        `est. ${new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(m)}/mo`,
      );
    }
    expect((await get("/", cookie)).body.replaceAll("<!-- -->", "")).toMatch(/ · from \$[\d,]+/);
  });
});
