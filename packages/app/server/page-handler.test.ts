import type { Request } from "express";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Db } from "../app/server/db/client.server";
import { NAMED_NOW_HEADER, visitorCookies } from "../app/server/visitor.server";
import { readVisitor } from "../app/server/visitor-state.server";
import { InventoryVersionCache } from "./inventory-version";
import {
  ignoredInCacheKey,
  keyedVariant,
  nameNewVisitor,
  readVariant,
  renderedAtKeyedInventory,
  requestKey,
} from "./page-handler";

function get(cookie: string): Request {
  const headers: Record<string, string> = { cookie, host: "site.example", "user-agent": "Mozilla/5.0" };
  return {
    method: "GET",
    path: "/",
    originalUrl: "/",
    protocol: "https",
    headers,
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as Request;
}

describe("the HTML cache key and the tracking cookies (ADR 281)", () => {
  it("leaves out the ad values, pending lead events and the tags' own cookies, which no page reads", () => {
    const consent = "displayCookies=hide; allowCookies=essential%2Ctargeting";
    const tracked = `${consent}; adValues=utm_source%3Dx; trackLead=Contact.1; _ga=GA1.1.1; _ga_ABC=GS1; _gcl_au=1.1; _fbp=fb.1.1.2; _fbc=fb.1.1.x`;
    expect(requestKey(get(tracked), "v1")).toBe(requestKey(get(consent), "v1"));
    for (const name of ["adValues", "trackLead", "_ga", "_ga_ABC", "_gid", "_gcl_au", "_fbp", "_fbc"]) {
      expect(ignoredInCacheKey(name), name).toBe(true);
    }
  });

  it("keeps every other cookie in the key: the consent choice changes the page", () => {
    const accepted = requestKey(get("displayCookies=hide; allowCookies=essential"), "v1");
    expect(accepted).not.toBe(requestKey(get(""), "v1"));
    for (const name of ["displayCookies", "allowCookies", "userSelectedStore", "_gadget", "fbp"]) {
      expect(ignoredInCacheKey(name), name).toBe(false);
    }
  });
});

/** A database no test here may reach: the point is that these reads need none. */
const noDatabase = new Proxy({} as Db, {
  get() {
    throw new Error("the database was read");
  },
});

function pageGet(headers: Record<string, string>): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    method: "GET",
    path: "/cars-for-sale",
    headers: lower,
    get: (name: string) => lower[name.toLowerCase()],
  } as unknown as Request;
}

const BROWSER = { accept: "text/html", "user-agent": "Mozilla/5.0 (Linux; Android 11) Chrome/136.0.0.0 Mobile" };

describe("the HTML cache key and the shopper's numbers (ADR 375)", () => {
  it("pages with different numbers, or with numbers and without, never share a cached document", () => {
    const consent = "displayCookies=hide; allowCookies=essential%2Cfunctional";
    const numbers = fc.tuple(fc.nat(200), fc.nat(200), fc.integer({ min: 40, max: 85 }), fc.constantFrom(12, 72));
    fc.assert(
      fc.property(numbers, numbers, ([a, b, c, d], [e, f, g, h]) => {
        const one = requestKey(get(`${consent}; shopperNumbers=${a * 100}.${b * 100}.${c * 10}.${d}`), "v1");
        const other = requestKey(get(`${consent}; shopperNumbers=${e * 100}.${f * 100}.${g * 10}.${h}`), "v1");
        expect(one).not.toBe(requestKey(get(consent), "v1"));
        expect(one === other).toBe(a === e && b === f && c === g && d === h);
      }),
    );
    expect(ignoredInCacheKey("shopperNumbers")).toBe(false);
  });
});

describe("a visitor named in this request (ADR 295)", () => {
  const cookies = visitorCookies("a-test-secret-that-is-long-enough-000000");

  it("is read without the database: nothing unlocked, nothing saved, its experiments from its new id", async () => {
    const req = pageGet(BROWSER);
    expect(await nameNewVisitor(req, cookies)).toMatch(/^uniqueUserId=/);
    const id = req.headers[NAMED_NOW_HEADER] as string;
    const versions = new InventoryVersionCache();
    versions.settle(versions.begin(), "42");
    const variant = await readVariant(noDatabase, cookies, req.headers.cookie, versions, async (v) => `exp:${v}`, id);
    expect(variant).toEqual({
      inventory: "42",
      priceUnlocked: false,
      inventoryUnlocked: false,
      experiments: `exp:${id}`,
      saved: "",
    });
    const request = new globalThis.Request("https://site.example/cars-for-sale", {
      headers: { cookie: req.headers.cookie as string, [NAMED_NOW_HEADER]: id },
    });
    expect(await readVisitor(noDatabase, await cookies.identify(request))).toMatchObject({
      visitorId: id,
      namedNow: true,
    });
  });

  it("is only ever said by the handler: a client's header is removed, and names nobody but the cookie's visitor", async () => {
    const known = await cookies.identify(new globalThis.Request("https://site.example/"));
    const pair = (await known.cookie())?.split(";")[0] ?? "";
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.boolean(), async (claimed, post) => {
        const req = pageGet({ ...BROWSER, cookie: pair, [NAMED_NOW_HEADER]: claimed });
        (req as { method: string }).method = post ? "POST" : "GET";
        expect(await nameNewVisitor(req, cookies)).toBeNull();
        expect(req.headers[NAMED_NOW_HEADER]).toBeUndefined();
      }),
      { numRuns: 100 },
    );
    // A header naming another id than the verified cookie's is not believed by the reader either.
    const request = new globalThis.Request("https://site.example/", {
      headers: { cookie: pair, [NAMED_NOW_HEADER]: "00000000-0000-4000-8000-000000000000" },
    });
    await expect(readVisitor(noDatabase, await cookies.identify(request))).rejects.toThrow("the database was read");
  });
});

describe("a page rendered while the search index is rebuilt (ADRs 361, 454)", () => {
  const variant = { inventory: "42", priceUnlocked: true, inventoryUnlocked: false, experiments: "x", saved: "v" };

  it("is found and kept under the inventory the index answers from, the visitor's parts unchanged", () => {
    // In step with the database, or no index yet: the database's version.
    expect(keyedVariant(variant, "42")).toBe(variant);
    expect(keyedVariant(variant, undefined)).toBe(variant);
    // A rebuild under way: the pages kept before the write go on being found until the swap.
    expect(keyedVariant(variant, "41")).toEqual({ ...variant, inventory: "41" });
    expect(keyedVariant({ ...variant, inventory: null }, "41")).toEqual({ ...variant, inventory: "41" });
    expect(keyedVariant(variant, null)).toEqual({ ...variant, inventory: null });
  });

  it("is kept only when the index stood at the key's inventory version (or was not built) as the render began and ended", () => {
    expect(renderedAtKeyedInventory("42", ["42", "42"])).toBe(true);
    expect(renderedAtKeyedInventory("42", [undefined, undefined])).toBe(true);
    expect(renderedAtKeyedInventory(null, [null, null])).toBe(true);
    // Behind the key as the render began, or swapped while it rendered: answered from the previous inventory.
    expect(renderedAtKeyedInventory("42", ["41", "41"])).toBe(false);
    expect(renderedAtKeyedInventory("42", ["41", "42"])).toBe(false);
    expect(renderedAtKeyedInventory("42", [null, "42"])).toBe(false);
    expect(renderedAtKeyedInventory("42", ["42", "43"])).toBe(false);
  });
});
