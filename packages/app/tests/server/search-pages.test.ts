// Search pages that say what they list (issue 16): each indexable filter page has its own title, h1 and description
// from its filters; a store that sells used and certified cars (production) lists no new car anywhere; page 2 and
// later are indexable with their own canonical. Runs the built server in this process, on the fixture inventory.
import { parseVehiclePath } from "@showroom/rules/inventory";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../support/databases";
import { request } from "./support/requests";
import { siteForFile } from "./support/site-for-file";

const site = siteForFile({ RATE_LIMIT_POSTS_PER_MINUTE: "1000" });

const decode = (html: string) =>
  html
    .replace(/<!--.*?-->/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .trim();

interface Head {
  status: number;
  title: string;
  h1: string;
  description: string;
  canonical: string;
  robots: string;
  body: string;
}

async function head(path: string): Promise<Head> {
  const { status, body } = await request(`${site.url}${path}`);
  const match = (re: RegExp) => decode(re.exec(body)?.[1] ?? "");
  return {
    status,
    title: match(/<title>([^<]*)<\/title>/),
    h1: match(/<h1[^>]*>(.*?)<\/h1>/s),
    description: match(/<meta name="description" content="([^"]*)"/),
    canonical: match(/<link rel="canonical" href="([^"]*)"/),
    robots: match(/<meta name="robots" content="([^"]*)"/),
    body,
  };
}

async function sitemapPaths(): Promise<string[]> {
  const { body } = await request(`${site.url}/sitemap.xml`);
  return [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
}

describe("search pages that say what they list", () => {
  it("the filter pages of the sitemap each have their own title, h1 and description (all of them, at least 20)", async () => {
    const filterPages = (await sitemapPaths()).filter(
      (path) => /^\/([a-z]+-)?cars-for-sale(\/|$)/.test(path) && !parseVehiclePath(path),
    );
    expect(filterPages.length).toBeGreaterThanOrEqual(20);
    const heads = await Promise.all(filterPages.map(async (path) => ({ path, ...(await head(path)) })));
    for (const page of heads) {
      expect(page.status, page.path).toBe(200);
      expect(page.robots.startsWith("index"), page.path).toBe(true);
      expect(page.canonical, page.path).toBe(`${site.url}${page.path}`);
    }
    for (const field of ["title", "h1", "description"] as const) {
      const seen = new Map<string, string>();
      for (const page of heads) {
        expect(page[field], `${page.path}: ${field}`).not.toBe("");
        expect(seen.get(page[field]), `${field} "${page[field]}" of ${page.path}`).toBeUndefined();
        seen.set(page[field], page.path);
      }
    }
  });

  it("SUVs, a make and model, a price and certified say so in the title, the h1 and the description", async () => {
    const suvs = await head("/cars-for-sale/suvs");
    expect(suvs.h1).toBe("Used SUVs for Sale in Brentwood, MO");
    expect(suvs.title).toBe("Used SUVs for Sale in Brentwood, MO | Confluence Motors Brentwood");
    expect(suvs.description).toMatch(/^Shop Used SUVs at Confluence Motors Brentwood\./);
    const camry = await head("/cars-for-sale/toyota-camry");
    expect(camry.h1).toBe("Used Toyota Camry for Sale in Brentwood, MO");
    expect(camry.title).toContain("Toyota Camry");
    const price = await head("/cars-for-sale/price-under-20000");
    expect(price.h1).toBe("Used Cars Under $20,000 for Sale in Brentwood, MO");
    const certified = await head("/certified-cars-for-sale");
    expect(certified.h1).toBe("Certified Cars for Sale in Brentwood, MO");
    expect(certified.title).toMatch(/^Certified Cars for Sale/);
    const make = await head("/cars-for-sale/toyota");
    expect(make.h1).toBe("Used Toyota Vehicles for Sale in Brentwood, MO");
  });

  it("page 2 and later of a filter page are indexable with their own canonical and title; any other query is not", async () => {
    const first = await head("/cars-for-sale");
    const second = await head("/cars-for-sale?page=2");
    expect(second.status).toBe(200);
    expect(second.robots.startsWith("index")).toBe(true);
    expect(second.canonical).toBe(`${site.url}/cars-for-sale?page=2`);
    expect(second.title).not.toBe(first.title);
    expect(second.title).toContain("Page 2");
    // The first page links the second for crawlers.
    expect(first.body).toContain('href="/cars-for-sale?page=2"');
    const sorted = await head("/cars-for-sale?page=2&sort=priceLow");
    expect(sorted.robots.startsWith("noindex")).toBe(true);
    expect(sorted.canonical).toBe(`${site.url}/cars-for-sale`);
  });

  it("?shown=N lists N pages (what Show more left), is not indexed, clamps to the last page and drops a bad value", async () => {
    const cardIds = (body: string) => [...body.matchAll(/<li id="card-(\d+)"/g)].map((m) => Number(m[1]));
    const first = await head("/cars-for-sale");
    expect(cardIds(first.body)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    // Show more is a plain link to the list one page longer, on its first new card.
    expect(first.body).toContain('href="/cars-for-sale?shown=2#card-20"');
    const three = await head("/cars-for-sale?shown=3");
    expect(three.status).toBe(200);
    expect(cardIds(three.body)).toEqual(Array.from({ length: 57 }, (_, i) => i + 1));
    expect(three.robots.startsWith("noindex")).toBe(true);
    expect(three.canonical).toBe(`${site.url}/cars-for-sale`);
    expect(three.body).toContain('href="/cars-for-sale?shown=4#card-58"');
    expect(three.body).toContain('href="/cars-for-sale?page=4"');
    const fromTwo = await head("/cars-for-sale?page=2&shown=2");
    expect(cardIds(fromTwo.body)).toEqual(Array.from({ length: 38 }, (_, i) => i + 20));
    // A narrow list has fewer pages than asked: what is left, not a 404.
    const narrow = await head("/cars-for-sale/convertibles?shown=20");
    expect(narrow.status).toBe(200);
    expect(cardIds(narrow.body).length).toBeGreaterThan(0);
    expect(narrow.body).not.toContain(">Show more<");
    for (const bad of ["shown=0", "shown=21", "shown=all", "shown=1e3"]) {
      const page = await head(`/cars-for-sale?${bad}`);
      expect(page.status, bad).toBe(200);
      expect(cardIds(page.body), bad).toHaveLength(19);
    }
  });
});

describe("a store that sells used and certified cars lists no new car anywhere", () => {
  const newCars = async () =>
    rowsOf<{ vin: string; condition: string; year: number; make: string; model: string; trim: string | null }>(
      await site.database.db.execute(
        sql`select vin, condition, year, make, model, trim from vehicles where condition = 'new' and status = 'available' and not private`,
      ),
    );

  it("the fixtures hold new cars, so the checks below can fail", async () => {
    expect((await newCars()).length).toBeGreaterThan(0);
  });

  it("search totals count used and certified cars only, and no card links a new car", async () => {
    const [counts] = rowsOf<{ listed: number | string }>(
      await site.database.db.execute(
        sql`select count(*) as listed from vehicles where status = 'available' and not private and store_id = 'brentwood' and condition in ('used', 'certified')`,
      ),
    );
    const page = await head("/cars-for-sale");
    expect(page.body).toContain(`${Number(counts?.listed)} vehicles`);
    expect(page.body).not.toMatch(/href="\/new-cars-for-sale\//);
    for (const car of (await newCars()).slice(0, 5)) expect(page.body).not.toContain(car.vin);
    const search = await request(`${site.url}/cars-for-sale?q=${(await newCars())[0]?.vin}`);
    expect(search.body).toContain("No vehicles match your filters");
  });

  it("the sitemap names no new car and no new-car list; a new car's detail page and /new-cars-for-sale are 404s", async () => {
    const paths = await sitemapPaths();
    expect(paths.filter((p) => p.startsWith("/new-cars-for-sale"))).toEqual([]);
    for (const car of (await newCars()).slice(0, 3)) {
      expect(paths.some((p) => p.endsWith(car.vin))).toBe(false);
      const slug = `${car.year}-x-${car.vin}`;
      const detail = await request(`${site.url}/new-cars-for-sale/${slug}`);
      expect(detail.status, car.vin).toBe(404);
      const testDrive = await request(`${site.url}/schedule-test-drive/${car.vin}`);
      expect(testDrive.status, car.vin).toBe(404);
    }
    expect((await request(`${site.url}/new-cars-for-sale`)).status).toBe(404);
  });
});

describe("the listing's pictures", () => {
  it("the first card's picture is fetched at once and first (eager, high), before the scripts; every other card's waits", async () => {
    const { body } = await request(`${site.url}/cars-for-sale`);
    const pictures = [...body.matchAll(/<li[^>]* id="card-(\d+)"[^>]*>.*?<img ([^>]*)>/gs)].map(([, card, img]) => [
      card,
      /\bloading="([^"]*)"/i.exec(img ?? "")?.[1],
      /\bfetchpriority="([^"]*)"/i.exec(img ?? "")?.[1],
    ]);
    expect(pictures.length).toBeGreaterThanOrEqual(10);
    expect(pictures).toEqual(
      pictures.map(([card], i) => [card, i === 0 ? "eager" : "lazy", i === 0 ? "high" : "auto"]),
    );
    expect(pictures[0]?.[0]).toBe("1");
  });
});
