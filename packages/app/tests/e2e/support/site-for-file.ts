import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";
import { type RunningSite, startSite } from "./server";

/** The built site and a Chromium for one test file; both exist once the file's `beforeAll` has run. */
export interface SiteAndBrowser {
  site: RunningSite;
  browser: Browser;
}

/**
 * Starts a site (with `env` added to its environment) and a browser before the file's tests, in parallel, and closes
 * both after them: the set-up every browser test file shares.
 */
export function siteAndBrowserForFile(env: Record<string, string> = {}): SiteAndBrowser {
  const world = {} as SiteAndBrowser;
  beforeAll(async () => {
    [world.site, world.browser] = await Promise.all([startSite(env), launchBrowser()]);
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.site?.close();
  });
  return world;
}
