import type { RouteConfigEntry } from "@react-router/dev/routes";
import fc from "fast-check";
import type { ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import siteRoutes from "../../routes";
import { deepestRouteId, nestedRoutes, routeLabeller, STATIC_FILE_LABEL, UNMATCHED_LABEL } from "./route-label";

/** The site's route config (app/routes.ts) as the build's manifest lists it: ids, parents, paths. */
function siteManifest(): ServerBuild["routes"] {
  const manifest: Record<string, unknown> = { root: { id: "root", path: "" } };
  const walk = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      manifest[id] = { id, parentId, path: entry.path, index: entry.index };
      if (entry.children) walk(entry.children, id);
    }
  };
  walk(siteRoutes as RouteConfigEntry[], "root");
  return manifest as ServerBuild["routes"];
}

/** A manifest shaped as the build's: a root, a layout with pages, a splat, the catch-all, and resource routes. */
const manifest = {
  root: { id: "root", path: "" },
  "layouts/default": { id: "layouts/default", parentId: "root" },
  "routes/home": { id: "routes/home", parentId: "layouts/default", index: true },
  "routes/contact-us": { id: "routes/contact-us", parentId: "layouts/default", path: "contact-us" },
  "cars-for-sale": { id: "cars-for-sale", parentId: "layouts/default", path: "cars-for-sale/*" },
  "routes/schedule-test-drive": {
    id: "routes/schedule-test-drive",
    parentId: "layouts/default",
    path: "schedule-test-drive/:vin",
  },
  "routes/not-found": { id: "routes/not-found", parentId: "layouts/default", path: "*" },
  "routes/sitemap-xml": { id: "routes/sitemap-xml", parentId: "root", path: "sitemap.xml" },
  "routes/media": { id: "routes/media", parentId: "root", path: "media/*" },
} as unknown as ServerBuild["routes"];

describe("routeLabeller", () => {
  const label = routeLabeller(manifest, { "/build.json": "build-marker" });

  it("names a page by its route id, never its path", () => {
    expect(label("/")).toBe("routes/home");
    expect(label("/contact-us")).toBe("routes/contact-us");
    expect(label("/schedule-test-drive/1HGCM82633A004352")).toBe("routes/schedule-test-drive");
  });

  it("every address under a splat route has the splat route's one label", () => {
    const labels = new Set(
      Array.from({ length: 50 }, (_, i) => label(`/cars-for-sale/${Math.random().toString(36).slice(2)}/${i}`)),
    );
    expect([...labels]).toEqual(["cars-for-sale"]);
  });

  it("a data request counts under its page, the root's (/_.data) under the home page", () => {
    expect(label("/contact-us.data")).toBe("routes/contact-us");
    expect(label("/_.data")).toBe("routes/home");
  });

  it("unknown pages are the catch-all's; files the router does not name are static; named files keep their route", () => {
    expect(label("/no-such-page")).toBe("routes/not-found");
    expect(label("/assets/entry.client-AbC123.js")).toBe(STATIC_FILE_LABEL);
    expect(label("/favicon.ico")).toBe(STATIC_FILE_LABEL);
    expect(label("/sitemap.xml")).toBe("routes/sitemap-xml");
    expect(label("/media/vehicles/a.webp")).toBe("routes/media");
  });

  it("fixed paths take their given label", () => {
    expect(label("/build.json")).toBe("build-marker");
  });

  it("a path that cannot be decoded is unmatched, without a warning of its own", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(label("/%E0%A4%A")).toBe(UNMATCHED_LABEL);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe("routeLabeller on the site's own routes", () => {
  const manifest = siteManifest();
  const label = routeLabeller(manifest);
  const whole = nestedRoutes(manifest);
  const words = [
    "cars-for-sale",
    "staff",
    "leads",
    "Contact-Us",
    "contact-us",
    "api",
    "media",
    "faqs",
    "news",
    "x",
    "%41",
  ];
  const paths = fc
    .array(fc.oneof(fc.constantFrom(...words), fc.stringMatching(/^[A-Za-z0-9-]{1,12}$/)), { maxLength: 4 })
    .map((segments) => `/${segments.join("/")}`);

  it("for any path, the label is the route React Router matches on the whole route tree (narrowing changes nothing)", () => {
    fc.assert(
      fc.property(paths, (path) => {
        expect(label(path)).toBe(deepestRouteId(whole, path) ?? UNMATCHED_LABEL);
      }),
      { numRuns: 500 },
    );
  });
});
