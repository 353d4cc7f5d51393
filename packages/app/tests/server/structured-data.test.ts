// Trust and structured data (issue 16): AutoDealer (both stores, hours, ratings) on the home and company pages,
// Article on articles, BreadcrumbList on search, detail and article pages, every node valid against the schema.org
// subset we check; the vehicle page's og:type and image describe the car; legal pages carry no note to counsel.
import { readFileSync } from "node:fs";
import { readFixtureJson } from "@showroom/fixtures/server";
import { describe, expect, it } from "vitest";
import { photoSources } from "../../app/components/vehicle/photo-sources";
import { mediaFilePath } from "../../app/content/fixtures-root.server";
import { schemaOrgProblems } from "../../app/content/schema-org.test-support";
import { makePhotoFiles } from "../../app/server/photos/photo-files.server";
import { waitForPhotos } from "../support/wait";
import { request } from "./support/requests";
import { siteForFile } from "./support/site-for-file";
import { tempDirs } from "./support/temp-dirs";

// The photo job on: the photographed vehicle's og:image is its photo once made.
const site = siteForFile({ PHOTO_WORKERS: "2" });
const tempDir = tempDirs();

type Node = Record<string, unknown> & { "@type": string };

async function page(path: string) {
  const { status, body } = await request(`${site.url}${path}`);
  const nodes = [...body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].flatMap((m) => {
    const value = JSON.parse(m[1] ?? "null") as Node | Node[];
    return Array.isArray(value) ? value : [value];
  });
  for (const node of nodes) expect(schemaOrgProblems(node), `${path}: ${node["@type"]}`).toEqual([]);
  return { status, body, nodes, of: (type: string) => nodes.filter((n) => n["@type"] === type) };
}

async function aVehiclePath(): Promise<string> {
  const { body } = await request(`${site.url}/cars-for-sale`);
  const href = /href="(\/(?:used|certified)-cars-for-sale\/\d{4}-[^"]+)"/.exec(body)?.[1];
  if (!href) throw new Error("no vehicle on the search page");
  return href;
}

describe("structured data", () => {
  it("the home and company pages describe both stores as AutoDealers with their hours and ratings", async () => {
    for (const path of ["/", "/our-company"]) {
      const dealers = (await page(path)).of("AutoDealer");
      expect(dealers.map((d) => d.name).sort(), path).toEqual([
        "Confluence Motors Brentwood",
        "Confluence Motors St. Peters",
      ]);
      for (const dealer of dealers) {
        expect(dealer.openingHours, path).toContain("Mo 10:00-19:00");
        expect((dealer.aggregateRating as Node).ratingValue, path).toBeGreaterThan(0);
        expect(dealer.url, path).toBe(site.url);
      }
    }
  });

  it("an article is an Article with its headline and author, and sits in a breadcrumb trail", async () => {
    const path = "/car-research/how-to-read-a-vehicle-history-report";
    const article = await page(path);
    expect(article.status).toBe(200);
    const [node] = article.of("Article");
    expect(node?.headline).toBe("How to Read a Vehicle History Report");
    expect(node?.url).toBe(`${site.url}${path}`);
    const [trail] = article.of("BreadcrumbList");
    const items = (trail?.itemListElement ?? []) as Node[];
    expect(items.map((i) => i.item)).toEqual([`${site.url}/`, `${site.url}/car-research`, `${site.url}${path}`]);
  });

  it("search and detail pages sit in breadcrumb trails that end at themselves", async () => {
    const search = await page("/cars-for-sale/suvs");
    const [trail] = search.of("BreadcrumbList");
    const items = (trail?.itemListElement ?? []) as Node[];
    expect(items.map((i) => i.name)).toEqual(["Home", "Used Cars", "Used SUVs"]);
    expect(items.at(-1)?.item).toBe(`${site.url}/cars-for-sale/suvs`);
    const detailPath = await aVehiclePath();
    const detail = await page(detailPath);
    expect(detail.of("Car")).toHaveLength(1);
    const crumbs = (detail.of("BreadcrumbList")[0]?.itemListElement ?? []) as Node[];
    expect(crumbs).toHaveLength(3);
    expect(crumbs.at(-1)?.item).toBe(`${site.url}${detailPath}`);
  });

  it("a vehicle page's og:type is product and its og:image is the car's picture", async () => {
    const detail = await page(await aVehiclePath());
    expect(detail.body).toContain('<meta property="og:type" content="product"/>');
    const image = /<meta property="og:image" content="([^"]+)"/.exec(detail.body)?.[1] ?? "";
    expect(image).toMatch(new RegExp(`^${site.url}/media/vehicles/`));
  });

  it("a photographed vehicle's og:image and JSON-LD image are its first photo as the server made it, not the drawing", async () => {
    const vehicles = readFixtureJson("inventory/vehicles.json") as { url: string; images?: string[] }[];
    const photographed = vehicles.find((v) => v.images?.length);
    if (!photographed?.images?.[0]) throw new Error("the fixtures have no photographed vehicle");
    await waitForPhotos(`${site.url}${photographed.url}`, photographed.images.length);
    const detail = await page(photographed.url);
    // The files the pipeline makes of the first photo: its name is the photo's content hash.
    const source = mediaFilePath(photographed.images[0]);
    if (!source) throw new Error(`${photographed.images[0]} is not a fixture picture`);
    const made = await makePhotoFiles(readFileSync(source), tempDir("showroom-og-photo-"));
    if (made.kind !== "ready") throw new Error(`the first photo was refused: ${made.reason}`);
    const first = `${site.url}${photoSources(`${made.name}-${made.width}`)?.src}`;
    expect(/<meta property="og:image" content="([^"]+)"/.exec(detail.body)?.[1]).toBe(first);
    expect(detail.of("Car")[0]?.image).toBe(first);
    const image = await fetch(first);
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/webp"]);
  });

  it("legal pages publish no drafting note", async () => {
    for (const slug of ["privacy-policy", "cookie-policy", "electronic-signature-disclosure"]) {
      const { status, body } = await request(`${site.url}/legal/${slug}`);
      expect(status, slug).toBe(200);
      expect(body, slug).not.toMatch(/Counsel:|Template for counsel review/);
    }
  });
});

describe("the footer", () => {
  it("links Car Research and the Help Center on every page, the home page included, beside the spec's menus", async () => {
    for (const path of ["/", "/contact-us"]) {
      const { body } = await request(`${site.url}${path}`);
      const footer = body.slice(body.indexOf("<footer"));
      expect(footer, path).toContain('href="/car-research"');
      expect(footer, path).toContain('href="/help-center"');
      expect(footer, path).toContain('href="/our-company/careers"');
    }
  });
});
