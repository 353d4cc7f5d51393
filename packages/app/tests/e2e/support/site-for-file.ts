import type { Browser } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { launchBrowser } from "./browser";
import { type RunningSite, startSite } from "./server";
import "./shared";

/** The built site and a Chromium for one test file; both exist once the file's `beforeAll` has run. */
export interface SiteAndBrowser {
  site: RunningSite;
  browser: Browser;
}

/**
 * The site a file with no settings of its own uses: the one the global setup started for the whole run (it closes it
 * there), else one of the file's own.
 */
async function defaultSite(): Promise<RunningSite> {
  const url = inject("e2eSiteUrl");
  if (!url) return startSite();
  return { url, close: async () => {} };
}

/**
 * The site and the browser every browser test file shares: with no `env`, the run's default site; with settings
 * (`env` added to the site's environment), a site of the file's own, started before its tests and closed after
 * them. The browser is the run's Chromium; each test opens a fresh context in it (ADR 315).
 */
export function siteAndBrowserForFile(env: Record<string, string> = {}): SiteAndBrowser {
  const world = {} as SiteAndBrowser;
  beforeAll(async () => {
    [world.site, world.browser] = await Promise.all([
      Object.keys(env).length === 0 ? defaultSite() : startSite(env),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.site?.close();
  });
  return world;
}
