import type { ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { routeLabeller, STATIC_FILE_LABEL, UNMATCHED_LABEL } from "./route-label";

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
