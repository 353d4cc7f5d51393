// A search at every store (issue 28, ADR 400): `?store=all` lists, counts and filters both stores' cars, says so,
// names each card's store, keeps the scope on every link, and is never indexed; picking a store ends it. Runs the
// built server in this process, on the fixtures: SUVs are 61 at Brentwood (the default store) and 55 at St. Peters;
// Toyota Camry is at St. Peters only (5).
import { describe, expect, it } from "vitest";
import { robotsMeta, visibleText } from "./support/html";
import { postForm, request, storeCookie } from "./support/requests";
import { siteForFile } from "./support/site-for-file";

const site = siteForFile({ RATE_LIMIT_POSTS_PER_MINUTE: "1000" });

const hero = (html: string) => /(\d+) vehicles? at (both stores|Brentwood|St\. Peters)/.exec(visibleText(html));
/** Each result card's "At {store}" line, in order. */
const cardStores = (html: string) =>
  [...html.matchAll(/<li[^>]*data-vin="[^"]+"[^>]*>([\s\S]*?)<\/article>/g)].map(
    ([, card]) => /At (Brentwood|St\. Peters)/.exec(visibleText(card ?? ""))?.[1] ?? null,
  );

async function heroCount(path: string, cookie?: string): Promise<number> {
  const { body } = await request(`${site.url}${path}`, cookie ? { headers: { Cookie: cookie } } : {});
  return Number(hero(body)?.[1]);
}

describe("a search at every store", () => {
  it("counts both stores' SUVs, says so, is noindex, and names the store on every card", async () => {
    const { status, body } = await request(`${site.url}/cars-for-sale/suvs?store=all`);
    expect(status).toBe(200);
    const [, count, where] = hero(body) ?? [];
    expect(where).toBe("both stores");
    // The h1 names the stores it lists, not the visitor's city.
    expect(visibleText(/<h1[^>]*>[\s\S]*?<\/h1>/.exec(body)?.[0] ?? "").trim()).toBe(
      "Used SUVs for Sale at both stores",
    );
    const brentwood = await heroCount("/cars-for-sale/suvs", await storeCookie(site.url, "brentwood"));
    const stPeters = await heroCount("/cars-for-sale/suvs", await storeCookie(site.url, "st-peters"));
    expect(brentwood).toBe(61);
    expect(Number(count)).toBe(brentwood + stPeters);
    expect(robotsMeta(body)).toMatch(/noindex/);
    const stores = cardStores(body);
    expect(stores.length).toBeGreaterThan(10);
    expect(stores).not.toContain(null);
    // Ordered by price across both stores, so both appear on the first page of 116.
    expect(new Set(stores)).toStrictEqual(new Set(["Brentwood", "St. Peters"]));
  });

  it("at one store the cards name no store and the hero says the store", async () => {
    const { body } = await request(`${site.url}/cars-for-sale/suvs`);
    expect(hero(body)?.[0]).toBe("61 vehicles at Brentwood");
    expect(visibleText(/<h1[^>]*>[\s\S]*?<\/h1>/.exec(body)?.[0] ?? "").trim()).toBe(
      "Used SUVs for Sale in Brentwood, MO",
    );
    expect(cardStores(body).every((s) => s === null)).toBe(true);
  });

  it("keeps store=all on every facet, chip, sort and search form, and Clear all filters keeps the scope", async () => {
    const { body } = await request(`${site.url}/cars-for-sale/suvs?store=all&q=awd`);
    const main = body.slice(body.indexOf("<main"), body.indexOf("</main>"));
    const hrefs = [...main.matchAll(/href="(\/cars-for-sale[^"]*)"/g)].map((m) => (m[1] ?? "").replace(/&amp;/g, "&"));
    const searchLinks = hrefs.filter((h) => !/\/cars-for-sale\/[^/?]*[0-9a-z]{17}$/i.test(h.split("?")[0] ?? ""));
    expect(searchLinks.length).toBeGreaterThan(20);
    const oneStore = searchLinks.filter((h) => !h.includes("store=all"));
    // The store choice's own link back to the visitor's store is the one search link without it.
    expect(oneStore).toStrictEqual(["/cars-for-sale/suvs?q=awd"]);
    expect(searchLinks).toContain("/cars-for-sale?store=all&q=awd");
    expect(main).toMatch(/<input type="hidden" name="store" value="all"\/?>/);
  });

  it("the store choice: each store's count of the same search, All stores their sum, without JavaScript", async () => {
    const { body } = await request(`${site.url}/cars-for-sale/toyota-camry`);
    const form = /<form[^>]*aria-labelledby="store-choice-title"[^>]*>([\s\S]*?)<\/form>/.exec(body)?.[0] ?? "";
    expect(form).toMatch(/method="post"/);
    expect(form).toMatch(/action="\/api\/store"/);
    expect(form).toContain('name="redirectTo" value="/cars-for-sale/toyota-camry"');
    expect(visibleText(form)).toMatch(
      /Search at Brentwood 0 , 0 vehicles St\. Peters 5 , 5 vehicles All stores 5 , 5 vehicles/,
    );
    expect(form).toMatch(/<span aria-current="true"[^>]*><span>Brentwood<\/span>/);
    const button = /<button[^>]*>/.exec(form)?.[0] ?? "";
    for (const attribute of ['type="submit"', 'name="storeId"', 'value="st-peters"'])
      expect(button).toContain(attribute);
    expect(form).toContain('href="/cars-for-sale/toyota-camry?store=all"');
  });

  it("Toyota Camry at every store lists St. Peters' 5, each card saying so, with no store to switch to", async () => {
    const { body } = await request(`${site.url}/cars-for-sale/toyota-camry?store=all`);
    expect(hero(body)?.[0]).toBe("5 vehicles at both stores");
    expect(cardStores(body)).toStrictEqual(Array(5).fill("St. Peters"));
    expect(body).not.toContain('data-testid="elsewhere"');
  });

  it("an empty search at every store says both stores and offers none", async () => {
    const { status, body } = await request(`${site.url}/cars-for-sale?store=all&q=zzzzqqq`);
    expect(status).toBe(200);
    expect(visibleText(body)).toContain("No vehicles match your filters at both stores");
    expect(body).not.toContain('data-testid="elsewhere"');
  });

  it("picking a store (header or store choice) ends an all-stores search: /api/store drops store=all", async () => {
    const answer = await postForm(site.url, "/api/store", {
      storeId: "st-peters",
      redirectTo: "/cars-for-sale/suvs?store=all&q=awd&fuel=gasoline,hybrid",
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/cars-for-sale/suvs?q=awd&fuel=gasoline,hybrid");
    const home = await postForm(site.url, "/api/store", { storeId: "brentwood", redirectTo: "/?store=all#top" });
    expect(home.headers.get("location")).toBe("/#top");
  });

  it("a store the grammar does not know is left out, and the search stays at the visitor's store", async () => {
    const { status, body } = await request(`${site.url}/cars-for-sale/suvs?store=st-peters`);
    expect(status).toBe(200);
    expect(hero(body)?.[0]).toBe("61 vehicles at Brentwood");
  });

  it("the alert link of an all-stores search keeps its scope, and its form says it watches both stores (ADR 423)", async () => {
    const { body } = await request(`${site.url}/cars-for-sale/suvs?store=all`);
    const alert = /href="(\/alerts\?search=[^"]+)"/.exec(body)?.[1]?.replace(/&amp;/g, "&") ?? "";
    expect(decodeURIComponent(alert)).toBe("/alerts?search=/cars-for-sale/suvs?store=all");
    const form = await request(`${site.url}${alert}`);
    expect(form.status).toBe(200);
    expect(visibleText(form.body)).toContain("Alert for: SUVs at both stores");
    const oneStore = await request(`${site.url}/alerts?search=${encodeURIComponent("/cars-for-sale/suvs")}`);
    expect(visibleText(oneStore.body)).toContain("Alert for: SUVs ");
    expect(visibleText(oneStore.body)).not.toContain("both stores");
  });

  it("each filter count says its store: Brentwood at one store, both stores at every store", async () => {
    const [one, every] = await Promise.all([
      request(`${site.url}/cars-for-sale/suvs`),
      request(`${site.url}/cars-for-sale/suvs?store=all`),
    ]);
    const filters = (html: string) => /<nav aria-labelledby="filters-title"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    expect(visibleText(filters(one.body))).toContain("Filters Each number counts vehicles at Brentwood.");
    expect(visibleText(filters(every.body))).toContain("Filters Each number counts vehicles at both stores.");
  });
});

// The header's store switcher on a search page (ADR 403): it says what the page covers and links to every store.
describe("the header on a search page", () => {
  /** The store switcher: the header's disclosure around the store forms. */
  const switcher = (html: string) =>
    /<details[^>]*data-menu=""[^>]*>\s*<summary[\s\S]*?<\/details>/.exec(html.slice(0, html.indexOf("<main")))?.[0] ??
    "";
  const summary = (html: string) => visibleText(/<summary[\s\S]*?<\/summary>/.exec(switcher(html))?.[0] ?? "").trim();
  const allStoresLink = (html: string) =>
    /<a[^>]*href="([^"]*)"[^>]*>(?:(?!<\/a>)[\s\S])*All stores[\s\S]*?<\/a>/.exec(switcher(html));

  it("on an all-stores page says it searches both stores, marks All stores, and sets no cookie", async () => {
    const cookie = await storeCookie(site.url, "st-peters");
    const answer = await request(`${site.url}/cars-for-sale/suvs?store=all&q=awd`, { headers: { Cookie: cookie } });
    const { body } = answer;
    expect(answer.headers.getSetCookie().filter((c) => c.startsWith("userSelectedStore="))).toStrictEqual([]);
    expect(summary(body)).toBe("Searching both stores");
    const all = allStoresLink(body);
    expect(all?.[1]?.replace(/&amp;/g, "&")).toBe("/cars-for-sale/suvs?store=all&q=awd");
    expect(all?.[0]).toContain('aria-current="page"');
    expect(visibleText(all?.[0] ?? "")).toContain("This search at both stores");
    // The visitor's store stays St. Peters (the cookie), named as theirs but not as the page's scope.
    const form = switcher(body);
    expect(form).not.toMatch(/<button[^>]*aria-current/);
    expect(visibleText(form)).toMatch(/St\. Peters [^A-Z]*Your store/);
    expect(visibleText(form)).toMatch(/Brentwood [^A-Z]*Switch store/);
    expect(form).toContain('name="redirectTo" value="/cars-for-sale/suvs?store=all&amp;q=awd"');
  });

  it("at one store says the visitor's store and offers the same search at every store as a link", async () => {
    const { body } = await request(`${site.url}/cars-for-sale/suvs?q=awd`);
    expect(summary(body)).toBe("Shopping at Confluence Motors Brentwood");
    const all = allStoresLink(body);
    expect(all?.[1]?.replace(/&amp;/g, "&")).toBe("/cars-for-sale/suvs?store=all&q=awd");
    expect(all?.[0]).not.toContain("aria-current");
    expect(switcher(body)).toMatch(
      /<button[^>]*aria-current="true"[^>]*value="brentwood"|<button[^>]*value="brentwood"[^>]*aria-current="true"/,
    );
  });

  it("off the search pages the header has no All stores link", async () => {
    const { body } = await request(`${site.url}/contact-us`);
    expect(summary(body)).toBe("Shopping at Confluence Motors Brentwood");
    expect(allStoresLink(body)).toBeNull();
  });
});
