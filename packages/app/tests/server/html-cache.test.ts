// The HTML cache (docs/decisions/152) against the built server: a cached page is the page a render would give, with
// a nonce of its own, and every input the page depends on (store, consent, inventory, the visitor's unlocks) gives
// its own variant. Runs two built servers in this process: one with the cache, one without.
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import experiments from "@showroom/fixtures/content/experiments.json" with { type: "json" };
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignExperiments } from "../../app/server/experiments/assignment";
import { visitorCookies } from "../../app/server/visitor.server";
import type { Running } from "../../server/app";
import { until } from "../support/wait";
import { startInProcess, TEST_SESSION_SECRET } from "./support/built-server";
import { contactFields, request } from "./support/requests";

let cached: Running;
let uncached: Running;
let ip = 0;
const freshIp = () => `203.0.113.${++ip}`;

beforeAll(async () => {
  [cached, uncached] = await Promise.all([
    startInProcess({ TRUST_PROXY: "1" }),
    startInProcess({ TRUST_PROXY: "1" }, { htmlCache: false }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([cached?.close(), uncached?.close()]);
});

interface Page {
  status: number;
  headers: Headers;
  /** The body as sent, before any decoding. */
  raw: Buffer;
  html: string;
  nonce: string;
}

/** GETs `path` without letting fetch decode the body, so the gzip stream itself is checked. */
async function page(site: Running, path: string, headers: Record<string, string> = {}): Promise<Page> {
  const { request: send } = await import("node:http");
  const url = new URL(path, site.url);
  return new Promise((resolve, reject) => {
    const req = send(url, { headers: { "accept-encoding": "identity", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const headersOut = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) headersOut.append(name, v);
        }
        const encoding = res.headers["content-encoding"];
        const html = (
          encoding === "gzip"
            ? gunzipSync(raw)
            : encoding === "br"
              ? brotliDecompressSync(raw)
              : encoding === "zstd"
                ? zstdDecompressSync(raw)
                : raw
        ).toString("utf8");
        const nonce = /'nonce-([^']+)'/.exec(headersOut.get("content-security-policy") ?? "")?.[1] ?? "";
        resolve({ status: res.statusCode ?? 0, headers: headersOut, raw, html, nonce });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The document with its nonce and its server's origin taken out: what must match between two responses. */
function normalized(p: Page, site: Running): string {
  return p.html.replaceAll(p.nonce, "NONCE").replaceAll(site.url, "ORIGIN").replaceAll(new URL(site.url).host, "HOST");
}

function stats(site: Running = cached) {
  const s = site.htmlCache?.stats();
  if (!s) throw new Error("the server has no HTML cache");
  return s;
}

/** Every nonce attribute in the document names the response's own nonce. */
function expectOwnNonce(p: Page) {
  expect(p.nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
  const attributes = [...p.html.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]);
  expect(attributes.length).toBeGreaterThan(3);
  for (const value of attributes) expect(value).toBe(p.nonce);
}

/** The Set-Cookie pairs (`name=value`) of an answer, as a Cookie header. */
function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("the HTML cache", () => {
  it("serves the home page from the cache with a new nonce on every response, in every place it appears", async () => {
    const first = await page(cached, "/");
    const before = stats();
    const responses = [
      await page(cached, "/"),
      await page(cached, "/", { "accept-encoding": "gzip, deflate, br" }),
      await page(cached, "/", { "accept-encoding": "gzip" }),
    ];
    const after = stats();
    expect(after.hits - before.hits).toBe(3);
    expect(after.stores).toBe(before.stores);
    const all = [first, ...responses];
    for (const p of all) {
      expect(p.status).toBe(200);
      expectOwnNonce(p);
      // The stylesheet is inline and allowed by the nonce alone.
      expect(p.html).toMatch(new RegExp(`<style nonce="${p.nonce.replace(/[+/=]/g, "\\$&")}">`));
      expect(p.headers.get("content-security-policy")).toContain(`style-src 'self' 'nonce-${p.nonce}'`);
    }
    expect(new Set(all.map((p) => p.nonce)).size).toBe(all.length);
    for (const p of responses) {
      for (const other of all) if (other !== p) expect(p.html).not.toContain(other.nonce);
    }
    expect(responses[1]?.headers.get("content-encoding")).toBe("gzip");
    expect(responses[1]?.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(Number(responses[1]?.headers.get("content-length"))).toBe(responses[1]?.raw.length);
    expect(responses[0]?.headers.get("content-encoding")).toBeNull();
    const shape = new Set(all.map((p) => normalized(p, cached)));
    expect(shape.size).toBe(1);
  });

  it("a cached page is byte for byte what a server without the cache renders, apart from nonce and origin", async () => {
    await page(cached, "/");
    const hit = await page(cached, "/", { "accept-encoding": "gzip" });
    const rendered = await page(uncached, "/");
    const renderedGzip = await page(uncached, "/", { "accept-encoding": "gzip" });
    expect(stats(cached).hits).toBeGreaterThan(0);
    expect(uncached.htmlCache).toBeNull();
    expect(normalized(hit, cached)).toBe(normalized(rendered, uncached));
    expect(normalized(renderedGzip, uncached)).toBe(normalized(rendered, uncached));
    expect(hit.headers.get("content-type")).toBe(rendered.headers.get("content-type"));
    expect(hit.headers.get("content-security-policy")?.replaceAll(hit.nonce, "N")).toBe(
      rendered.headers.get("content-security-policy")?.replaceAll(rendered.nonce, "N"),
    );
  });

  it("a rendered document is sent whole and compressed once: Zstandard when the client takes it, else Brotli, else gzip, else as it is, with its length and Vary", async () => {
    // Pages that are never kept (an ad click's parameter) and a first view of a page that is: both rendered here.
    const paths = ["/?gclid=render-1", "/cars-for-sale?sort=year-new"];
    for (const path of paths) {
      const chrome = await page(cached, path, { "accept-encoding": "gzip, deflate, br, zstd" });
      const safari = await page(uncached, path, { "accept-encoding": "gzip, deflate, br" });
      const gzipOnly = await page(uncached, path, { "accept-encoding": "gzip" });
      const plain = await page(uncached, path, { "accept-encoding": "identity" });
      const noBrotli = await page(uncached, path, { "accept-encoding": "zstd;q=0, br;q=0, gzip" });
      const all = [chrome, safari, gzipOnly, plain, noBrotli];
      expect(all.map((p) => p.headers.get("content-encoding"))).toEqual(["zstd", "br", "gzip", null, "gzip"]);
      for (const p of all) {
        expect(p.status).toBe(200);
        // One body with its length, not a chunked stream.
        expect(p.headers.get("transfer-encoding")).toBeNull();
        expect(Number(p.headers.get("content-length"))).toBe(p.raw.length);
        expect(p.headers.get("vary")).toMatch(/accept-encoding/i);
        expectOwnNonce(p);
        expect(p.html).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);
      }
      // The same page whichever way it travelled, and from either server.
      expect(normalized(chrome, cached)).toBe(normalized(gzipOnly, uncached).replaceAll(uncached.url, cached.url));
      expect(normalized(plain, uncached)).toBe(normalized(gzipOnly, uncached));
      expect(normalized(safari, uncached)).toBe(normalized(gzipOnly, uncached));
      expect(chrome.raw.length).toBeLessThan(gzipOnly.raw.length);
      expect(safari.raw.length).toBeLessThan(gzipOnly.raw.length);
    }
    // A response that is not a document still goes through the compression middleware.
    const robots = await page(uncached, "/robots.txt", { "accept-encoding": "gzip, deflate, br" });
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toMatch(/^text\/plain/);
  });

  it("a store switch gives the picked store's page, and the default store's page stays for everyone else", async () => {
    const home = await page(cached, "/");
    expect(home.html).toContain("Shopping at Confluence Motors Brentwood");
    const switched = await request(`${cached.url}/api/store`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: cached.url, "X-Forwarded-For": freshIp() },
      body: new URLSearchParams({ storeId: secondStoreId(home.html), redirectTo: "/" }),
    });
    expect(switched.status).toBe(303);
    const storeCookie = cookieHeader(switched.headers)
      .split("; ")
      .filter((c) => c.startsWith("userSelectedStore="))
      .join("; ");
    expect(storeCookie).not.toBe("");
    for (let i = 0; i < 2; i++) {
      const picked = await page(cached, "/", { cookie: storeCookie });
      expect(picked.html).toContain("Shopping at Confluence Motors St. Peters");
      expect(picked.html).not.toContain("Shopping at Confluence Motors Brentwood");
      const other = await page(cached, "/");
      expect(other.html).toContain("Shopping at Confluence Motors Brentwood");
    }
  });

  it("a consent choice gives the page without the banner; visitors who have not chosen still get the banner", async () => {
    const banner = 'aria-labelledby="cookie-banner-title"';
    expect((await page(cached, "/")).html).toContain(banner);
    const chosen = await request(`${cached.url}/api/consent`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: cached.url, "X-Forwarded-For": freshIp() },
      body: new URLSearchParams({ choice: "accept-all", redirectTo: "/" }),
    });
    expect(chosen.status).toBe(303);
    const cookie = cookieHeader(chosen.headers)
      .split("; ")
      .filter((c) => !c.startsWith("flash="))
      .join("; ");
    for (let i = 0; i < 2; i++) {
      expect((await page(cached, "/", { cookie })).html).not.toContain(banner);
      expect((await page(cached, "/")).html).toContain(banner);
    }
  });

  it("a write to the inventory shows once its index is swapped in, and no page rendered before is kept under its version (the inventory version is part of the key)", async () => {
    const db = cached.database.db;
    // Home shows the body styles' lowest prices only once prices are unlocked (docs/decisions/270). Both unlocks: a
    // variant of its own, which the next test's single-unlock visitors must not find cached.
    const named = visitorCookies(TEST_SESSION_SECRET).newVisitorIdentity();
    const { visitorId } = named;
    const setCookie = await named.cookie();
    await db.execute(sql`insert into visitors (id, unlock_price_at, unlock_inventory_at)
      values (${visitorId}::uuid, now(), now())`);
    const cookie = (setCookie as string).split(";")[0] as string;
    const before = await page(cached, "/", { cookie });
    const s = stats();
    await page(cached, "/", { cookie });
    expect(stats().hits - s.hits, "the page is cached before the write").toBe(1);
    expect(before.html).not.toContain("from $1,234");
    await db.execute(sql`update vehicles set price = 1234 where vin = (
      select vin from vehicles where status = 'available' and private = false order by price asc, vin limit 1)`);
    // Pages answer from the previous inventory until the index rebuilt beside it is swapped in (ADR 361); one rendered
    // meanwhile, kept under the new version, would be served on every later request instead of the new price.
    await until(
      "the home page to show the new price",
      async () => (await page(cached, "/", { cookie })).html.includes("from $1,234"),
      { timeoutMs: 10_000, everyMs: 10 },
    );
    const again = await page(cached, "/", { cookie });
    expect(again.html).toContain("from $1,234");
  });

  it("while a new index is built, a search kept before is served from the cache and a car sold meanwhile is gone from its own page at once (ADR 454)", async () => {
    const db = cached.database.db;
    const listing = await page(cached, "/cars-for-sale");
    const link = /href="(\/[a-z-]*cars-for-sale\/\d{4}-[a-z0-9-]+-([a-hj-npr-z0-9]{17}))"/i.exec(listing.html);
    const [, detailPath, vin] = link ?? [];
    if (!detailPath || !vin) throw new Error("the listing links no vehicle page");
    expect((await page(cached, detailPath)).status).toBe(200);
    let s = stats();
    await page(cached, "/cars-for-sale");
    await page(cached, detailPath);
    expect(stats().hits - s.hits, "both pages are kept").toBe(2);

    const release = cached.holdInventorySwaps();
    let sold = false;
    try {
      await db.execute(sql`update vehicles set status = 'sold' where vin = ${vin}`);
      sold = true;
      // The vehicle's page reads its row: the spec's 404 as soon as the site sees the write, whatever the index holds.
      await until("the sold car's page to be gone", async () => (await page(cached, detailPath)).status === 404, {
        timeoutMs: 10_000,
        everyMs: 10,
      });
      s = stats();
      const during = await page(cached, "/cars-for-sale");
      expect(stats().hits - s.hits, "the search kept before the write is served while the index is built").toBe(1);
      // The search still answers from the index in use (ADR 361): the car is listed until the swap.
      expect(during.html).toContain(vin);
      expect((await page(cached, detailPath)).status, "a vehicle page is never served from before the write").toBe(404);
      release();
      await until(
        "the listing to drop the sold car",
        async () => !(await page(cached, "/cars-for-sale")).html.includes(vin),
        { timeoutMs: 10_000, everyMs: 10 },
      );
    } finally {
      release();
      // The later tests compare this site's pages with each other: the car goes back on sale whatever happened here.
      if (sold) await db.execute(sql`update vehicles set status = 'available' where vin = ${vin}`);
    }
    await until("the car to be listed again", async () => (await page(cached, "/cars-for-sale")).html.includes(vin), {
      timeoutMs: 10_000,
      everyMs: 10,
    });
  });

  it("a visitor who unlocked prices or private inventory gets a variant of their own, never the anonymous one", async () => {
    const cookies = visitorCookies(TEST_SESSION_SECRET);
    const db = cached.database.db;
    const visitor = async (unlocks: { price?: boolean; inventory?: boolean }) => {
      // In no experiment: a visitor in one has a variant of its own (ADR 287), which is not what this test is about.
      let named = await cookies.identify(new Request("http://localhost/"));
      while (assignExperiments(experiments.experiments, named.visitorId).length > 0) {
        named = await cookies.identify(new Request("http://localhost/"));
      }
      const { visitorId } = named;
      const setCookie = await named.cookie();
      await db.execute(sql`insert into visitors (id, profile, unlock_price_at, unlock_inventory_at)
        values (${visitorId}::uuid, '{}'::jsonb, ${unlocks.price ? sql`now()` : sql`null`},
                ${unlocks.inventory ? sql`now()` : sql`null`})`);
      return (setCookie as string).split(";")[0] as string;
    };
    await page(cached, "/");
    const plain = await visitor({});
    const price = await visitor({ price: true });
    const inventory = await visitor({ inventory: true });

    let s = stats();
    await page(cached, "/", { cookie: plain });
    // A visitor with no unlock shares the anonymous page.
    expect(stats().hits - s.hits).toBe(1);

    for (const cookie of [price, inventory]) {
      s = stats();
      await page(cached, "/", { cookie });
      expect(stats().misses - s.misses, "first request of an unlocked visitor renders").toBe(1);
      expect(stats().stores - s.stores).toBe(1);
      s = stats();
      await page(cached, "/", { cookie });
      expect(stats().hits - s.hits).toBe(1);
    }
    // A forged id cookie is a new visitor: nothing unlocked.
    s = stats();
    await page(cached, "/", { cookie: `${price.slice(0, -3)}abc` });
    expect(stats().hits - s.hits).toBe(1);
  });

  it("never keeps a page with a flash toast, a form with an idempotency key, an error, a data request or a POST", async () => {
    const s = stats();
    const flash = await page(cached, "/", {
      cookie: `flash=${Buffer.from(JSON.stringify({ key: "contact.success" })).toString("base64url")}`,
    });
    expect(flash.headers.get("set-cookie")).toMatch(/^flash=;/);
    expect(flash.html).toContain("Notifications");

    const contactA = await page(cached, "/contact-us");
    const contactB = await page(cached, "/contact-us");
    const key = (p: Page) => /name="idempotencyKey" value="([^"]+)"/.exec(p.html)?.[1];
    expect(key(contactA)).toBeTruthy();
    expect(key(contactA)).not.toBe(key(contactB));
    expect(contactA.nonce).not.toBe(contactB.nonce);

    expect((await page(cached, "/no-such-page")).status).toBe(404);
    const data = await page(cached, "/_.data");
    expect(data.status).toBe(200);
    expect(data.headers.get("content-type")).not.toMatch(/html/);
    const posted = await request(`${cached.url}/contact-us`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: cached.url, "X-Forwarded-For": freshIp() },
      body: new URLSearchParams(contactFields()),
    });
    expect(posted.status).toBeLessThan(500);
    expect(stats().stores).toBe(s.stores);
    expect(stats().hits).toBe(s.hits);
  });

  it("query parameters the search does not read never make or take an entry, and a known one keys its own", async () => {
    const s = stats();
    for (let i = 0; i < 20; i++) {
      const p = await page(cached, `/cars-for-sale?utm_source=ad-${i}&gclid=${i}`, { "accept-encoding": "gzip" });
      expect(p.status).toBe(200);
      expectOwnNonce(p);
    }
    for (let i = 0; i < 5; i++) expect((await page(cached, `/?anything=${i}`)).status).toBe(200);
    expect(stats().stores - s.stores, "no entry for unknown parameters").toBe(0);
    expect(stats().entries).toBe(s.entries);
    // The search's own parameters are pages of their own: kept once, then served.
    const sorted = await page(cached, "/cars-for-sale?sort=price-low", { "accept-encoding": "gzip" });
    expect(sorted.status).toBe(200);
    expect(stats().stores - s.stores).toBe(1);
    const again = await page(cached, "/cars-for-sale?sort=price-low", { "accept-encoding": "gzip" });
    expect(stats().hits - s.hits).toBe(1);
    // The first response was compressed as rendered, the next from the kept segments: the same document either way.
    expect(normalized(again, cached)).toBe(normalized(sorted, cached));
    expect(again.headers.get("content-encoding")).toBe("gzip");
  });

  it("a browser's first page names it (a Set-Cookie on a cached page too, never kept), and each experiment variant has its own entry", async () => {
    const browser = { accept: "text/html", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36" };
    const tier2 = (html: string) => html.includes(">Accept all<") && !html.includes(">Decline<");
    const ids = [0, 1].map(() => "");
    // Two ids, one in the tier-2 experiment and one out of it, found by hashing (the assignment's own function).
    const { experimentBucket } = await import("../../app/server/experiments/assignment");
    for (let i = 0; ids.includes(""); i += 1) {
      const id = `0c0c0000-0000-4000-8000-${String(i).padStart(12, "0")}`;
      const slot = experimentBucket("cookie-banner-two-buttons", id) < 0.2 ? 0 : 1;
      if (ids[slot] === "") ids[slot] = id;
    }
    const { createCookie } = await import("react-router");
    const signed = async (id: string) =>
      (await createCookie("uniqueUserId", { secrets: [TEST_SESSION_SECRET], path: "/" }).serialize(id)).split(";")[0];
    const [inside, outside] = [`${await signed(ids[0] as string)}`, `${await signed(ids[1] as string)}`];
    for (let i = 0; i < 2; i += 1) {
      expect(tier2((await page(cached, "/", { ...browser, cookie: outside })).html)).toBe(false);
      expect(tier2((await page(cached, "/", { ...browser, cookie: inside })).html)).toBe(true);
    }
    const s = stats();
    const named = [await page(cached, "/", browser), await page(cached, "/", browser)];
    for (const answer of named) expect(answer.headers.get("set-cookie")).toMatch(/^uniqueUserId=[^;]+;.*HttpOnly/i);
    expect(named[0]?.headers.get("set-cookie")).not.toBe(named[1]?.headers.get("set-cookie"));
    expect(stats().hits - s.hits, "a named browser's page may come from the cache").toBeGreaterThan(0);
    const bot = await page(cached, "/", { accept: "text/html", "user-agent": "Googlebot/2.1" });
    expect(bot.headers.get("set-cookie")).toBeNull();
  });
});

/** The other store's id, as the store switcher offers it. */
function secondStoreId(html: string): string {
  const ids = [...html.matchAll(/name="storeId" value="([^"]+)"|value="([^"]+)"[^>]*name="storeId"/g)].map(
    (m) => m[1] ?? m[2],
  );
  const other = ids.find((id) => id && id !== ids[0]) ?? ids[1];
  if (!other) throw new Error("no second store in the store switcher");
  return other;
}
