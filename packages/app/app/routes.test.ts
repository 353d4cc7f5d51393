import type { RouteConfigEntry } from "@react-router/dev/routes";
import { examplePaths, isPageEnabled, ROUTES, type RouteDefinition } from "@showroom/fixtures";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { siteContent } from "./content/fixtures.server";
import routes from "./routes";

/**
 * The site map is kept once, as data: the route table in `@showroom/fixtures` (spec section 2, with titles, layouts
 * and page switches). React Router's config in `routes.ts` must stay a file of `route()` calls for its type
 * generation, so it is checked against the table here instead of derived from it (ADR 318).
 */

/** Public routes the spec's route table does not list: flows reached from a vehicle or a form, feeds and assets. */
const APP_ONLY_ROUTES = new Set([
  "routes/not-found", // the catch-all: every unknown path and every page that is off
  "routes/personalize-price",
  "routes/saved-vehicles",
  "routes/alerts-new", // email alerts (issue 28): reached from a search or a vehicle, and from the alert emails
  "routes/alert",
  "routes/schedule-test-drive",
  "routes/unlock-inventory",
  "routes/sell-offer",
  "routes/robots-txt",
  "routes/feed-google-vehicle-listings", // the ad platforms' feeds (ADR 350)
  "routes/feed-meta-catalog",
  "routes/api.sitemaps",
  "routes/api.store",
  "routes/api.consent",
  "routes/api.track-facebook",
  "routes/api.statsig-experiments",
  "routes/api.popup-lead",
  "routes/api.popup-close",
  "routes/api.phone-validation",
  "routes/vehicle-picture",
  "routes/media-photo", // feed photos the server made (ADR 380)
  "routes/media",
  "routes/healthz",
]);

/**
 * Pages that are off yet share a parameterised route with pages that are on: the module answers 404 from the page
 * switch itself (`routes/legal.tsx`). Every other page that is off has no route and reaches the catch-all.
 */
const OFF_IN_SHARED_ROUTE: Readonly<Record<string, string>> = { "legal-terms-of-sale": "routes/legal" };

/** The staff desk is not part of the public site map (ADR 221). */
const STAFF_LAYOUT = "layouts/staff.tsx";

const withoutExtension = (file: string) => file.replace(/\.tsx?$/, "");

/** React Router's config as route objects `matchRoutes` reads; each id is the module (or the alias's own id). */
function routeObjects(entries: readonly RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const base = { id: entry.id ?? withoutExtension(entry.file), handle: { file: entry.file } };
    if (entry.index) return { ...base, index: true };
    return { ...base, path: entry.path, children: entry.children ? routeObjects(entry.children) : undefined };
  });
}

const objects = routeObjects(routes);

/** The leaf route a path reaches and the layout around it (none for a resource route outside every layout). */
function reached(path: string): { file: string; layout: string | null } | null {
  const matches = matchRoutes(objects, path);
  const leaf = matches?.at(-1);
  if (!matches || !leaf) return null;
  const file = (leaf.route.handle as { file: string }).file;
  const outer = matches.length > 1 ? matches[0] : undefined;
  const layout = outer ? (outer.route.handle as { file: string }).file : null;
  return { file, layout };
}

function expectedLayout(route: RouteDefinition): string | null {
  if (route.kind === "resource") return null;
  // The minimal layout shows the default chrome itself when the store's pre-approval is on (layouts/minimal.tsx).
  return route.layout === "default" ? "layouts/default.tsx" : "layouts/minimal.tsx";
}

/** Every leaf of the config outside the staff desk, by module. */
function publicLeaves(entries: readonly RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => {
    if (entry.file === STAFF_LAYOUT) return [];
    if (entry.children) return publicLeaves(entry.children);
    return [withoutExtension(entry.file)];
  });
}

const { pages } = siteContent();

describe("app/routes.ts against the fixtures' route table", () => {
  const onRoutes = ROUTES.filter((route) => isPageEnabled(pages, route.name));
  const offRoutes = ROUTES.filter((route) => !isPageEnabled(pages, route.name));

  it.each(onRoutes.flatMap((route) => examplePaths(route).map((path) => [route.name, path, route] as const)))(
    "the %s route's %s reaches its own module in its layout",
    (_name, path, route) => {
      const found = reached(path);
      expect(found, path).not.toBeNull();
      expect(withoutExtension(found?.file ?? ""), path).not.toBe("routes/not-found");
      expect(found?.layout ?? null, path).toBe(expectedLayout(route));
    },
  );

  it.each(offRoutes.flatMap((route) => examplePaths(route).map((path) => [route.name, path] as const)))(
    "the %s page is off, so %s reaches the catch-all (or the shared module that checks the switch)",
    (name, path) => {
      expect(withoutExtension(reached(path)?.file ?? ""), path).toBe(OFF_IN_SHARED_ROUTE[name] ?? "routes/not-found");
    },
  );

  it("has no public route that is neither in the route table nor a listed app-only route", () => {
    const fromTable = new Set(
      onRoutes.flatMap((route) => examplePaths(route).map((path) => withoutExtension(reached(path)?.file ?? ""))),
    );
    const unaccounted = publicLeaves(routes).filter((file) => !fromTable.has(file) && !APP_ONLY_ROUTES.has(file));
    expect(unaccounted).toEqual([]);
    // And the list holds nothing stale: each app-only module is still routed.
    for (const file of APP_ONLY_ROUTES) expect(publicLeaves(routes), file).toContain(file);
  });
});
