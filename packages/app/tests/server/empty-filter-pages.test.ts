// Empty filter pages and counts that say their store (issue 28, ADR 338): a filter page with no vehicle at the
// visitor's store is noindex, points to the other store's matches with a button that switches store, and is not in
// the sitemap (which lists what a crawler, at the default store, finds). The home page's body-style counts are the
// visitor's store's and agree with the page they open. Runs the built server in this process, on the fixtures:
// Toyota Camry is at St. Peters (5) and not at Brentwood, the default store.
import { describe, expect, it } from "vitest";
import { robotsMeta, visibleText } from "./support/html";
import { postForm, request, storeCookie } from "./support/requests";
import { siteForFile } from "./support/site-for-file";

const site = siteForFile({ RATE_LIMIT_POSTS_PER_MINUTE: "1000" });

async function sitemapPaths(): Promise<string[]> {
  const { body } = await request(`${site.url}/sitemap.xml`);
  return [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
}

describe("empty filter pages", () => {
  it("Toyota Camry at Brentwood: noindex, says its store, and offers St. Peters' 5 with a store-switching button", async () => {
    const { status, body } = await request(`${site.url}/cars-for-sale/toyota-camry`);
    expect(status).toBe(200);
    expect(robotsMeta(body)).toMatch(/noindex/);
    const words = visibleText(body);
    expect(words).toContain("0 vehicles at Brentwood");
    expect(words).toContain("No vehicles match your filters at Brentwood");
    expect(words).toContain("See 5 vehicles at St. Peters");
    const form = /<form[^>]*data-testid="elsewhere"[^>]*>([\s\S]*?)<\/form>/.exec(body)?.[0] ?? "";
    expect(form).toMatch(/method="post"/);
    expect(form).toMatch(/action="\/api\/store"/);
    expect(form).toContain('name="redirectTo" value="/cars-for-sale/toyota-camry"');
    const button = /<button[^>]*>[^<]*<\/button>/.exec(form)?.[0] ?? "";
    expect(button).toMatch(/name="storeId"/);
    expect(button).toMatch(/value="st-peters"/);
    expect(button).toMatch(/type="submit"/);
  });

  it("the button's post switches store and comes back to the same search, which lists the 5 and may be indexed", async () => {
    const answer = await postForm(site.url, "/api/store", {
      storeId: "st-peters",
      redirectTo: "/cars-for-sale/toyota-camry",
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/cars-for-sale/toyota-camry");
    const cookie = await storeCookie(site.url, "st-peters");
    const { body } = await request(`${site.url}/cars-for-sale/toyota-camry`, { headers: { Cookie: cookie } });
    expect(visibleText(body)).toContain("5 vehicles at St. Peters");
    expect(robotsMeta(body)).not.toMatch(/noindex/);
    expect(body).not.toContain('data-testid="elsewhere"');
  });

  it("the sitemap leaves out a filter page empty at the default store and keeps one that has cars there", async () => {
    const paths = await sitemapPaths();
    expect(paths).not.toContain("/cars-for-sale/toyota-camry");
    expect(paths).toContain("/cars-for-sale/toyota-corolla");
  });

  it("every filter page of the sitemap lists vehicles at the default store and may be indexed", async () => {
    const filters = (await sitemapPaths()).filter((p) => /^\/(certified-|used-)?cars-for-sale\//.test(p));
    expect(filters.length).toBeGreaterThan(20);
    for (const path of filters) {
      const { body } = await request(`${site.url}${path}`);
      expect(robotsMeta(body), path).not.toMatch(/noindex/);
      expect(visibleText(body), path).not.toContain("No vehicles match your filters");
    }
  }, 300_000);
});

describe("counts say which store they count", () => {
  it("each home body-style count names the visitor's store and equals the count of the page it opens", async () => {
    for (const storeId of ["brentwood", "st-peters"]) {
      const cookie = await storeCookie(site.url, storeId);
      const { body } = await request(`${site.url}/`, { headers: { Cookie: cookie } });
      // Each link's own text: the body-style cards are the links to /cars-for-sale/{slug} that hold a count.
      const links = [...body.matchAll(/<a[^>]*href="\/cars-for-sale\/([a-z-]+)"[^>]*>((?:(?!<\/a>)[\s\S])*)<\/a>/g)];
      const cards = links.flatMap(([, slug, inner]) => {
        const found = /(\d+) vehicles? at (.+?)(?: · |\s*$)/.exec(visibleText(inner ?? "").trim());
        return found ? [[slug, found[1], found[2]] as const] : [];
      });
      expect(cards.length, storeId).toBeGreaterThan(3);
      for (const [slug, count, store] of cards) {
        const page = await request(`${site.url}/cars-for-sale/${slug}`, { headers: { Cookie: cookie } });
        expect(visibleText(page.body), `${storeId} ${slug}`).toContain(`${count} vehicles at ${store}`);
      }
    }
  });

  it("the home page's SUV count is one store's, not both stores' 116", async () => {
    const { body } = await request(`${site.url}/`);
    const words = visibleText(body);
    expect(words).toContain("61 vehicles at Brentwood");
    expect(words).not.toContain("116 vehicles");
  });
});
