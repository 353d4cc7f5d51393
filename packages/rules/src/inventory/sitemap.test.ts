import { describe, expect, it } from "vitest";
import { sitemapEntry, sitemapGroupDefaults, sitemapXml } from "./sitemap";
import { SITEMAP_GROUPS } from "./vocabulary";

describe("sitemap", () => {
  it("uses the spec's priorities and change frequencies per group", () => {
    expect(Object.fromEntries(SITEMAP_GROUPS.map((g) => [g, sitemapGroupDefaults(g)]))).toStrictEqual({
      pages: { priority: 1, changefreq: "weekly" },
      filters: { priority: 0.9, changefreq: "weekly" },
      vehicles: { priority: 0.9, changefreq: "daily" },
      offers: { priority: 0.6, changefreq: "weekly" },
      articles: { priority: 0.6, changefreq: "weekly" },
      "team-members": { priority: 0.6, changefreq: "weekly" },
    });
  });

  it("builds entries with the group's defaults, overrides and a W3C lastmod", () => {
    expect(
      sitemapEntry("vehicles", "https://x.example/used-cars-for-sale/2020-kia-rio-KNADM4A31F6123456", {
        lastmod: new Date("2026-03-01T12:00:00Z"),
      }),
    ).toStrictEqual({
      loc: "https://x.example/used-cars-for-sale/2020-kia-rio-KNADM4A31F6123456",
      lastmod: "2026-03-01T12:00:00.000Z",
      changefreq: "daily",
      priority: 0.9,
    });
    expect(sitemapEntry("pages", "https://x.example/", { lastmod: "2026-03-01", priority: 0.5 })).toStrictEqual({
      loc: "https://x.example/",
      lastmod: "2026-03-01",
      changefreq: "weekly",
      priority: 0.5,
    });
  });

  it("leaves out a lastmod that is not a date instead of failing", () => {
    expect(sitemapEntry("offers", "https://x.example/o", { lastmod: "last Tuesday" })).not.toHaveProperty("lastmod");
    expect(sitemapEntry("offers", "https://x.example/o", { lastmod: new Date("nope") })).not.toHaveProperty("lastmod");
  });

  it("writes an escaped urlset", () => {
    const xml = sitemapXml([sitemapEntry("filters", "https://x.example/cars-for-sale?a=1&b=<2>")]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "<url><loc>https://x.example/cars-for-sale?a=1&amp;b=&lt;2&gt;</loc><changefreq>weekly</changefreq><priority>0.9</priority></url>\n</urlset>\n",
    );
    expect(sitemapXml([{ ...sitemapEntry("pages", "https://x.example/"), priority: 1e-9 }])).toContain(
      "<priority>0.0</priority>",
    );
  });
});
