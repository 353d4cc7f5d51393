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
 * The worker's sites with settings, one per set of settings: files that ask for the same settings share it, as files
 * with none share the default site. The two photo files' site starts and makes the fixtures' nine photos once instead
 * of twice (docs/decisions/446). Each lives as long as the worker: a site stops when the process that started it ends
 * (serve.mjs), and the files run one after another in this worker.
 */
const sitesWithSettings = new Map<string, Promise<RunningSite>>();

function siteWithSettings(env: Record<string, string>): Promise<RunningSite> {
  const key = JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
  let site = sitesWithSettings.get(key);
  if (!site) {
    site = startSite(env);
    sitesWithSettings.set(key, site);
    // A site that failed to start is not kept: the next file with these settings tries again, and fails on its own.
    site.catch(() => sitesWithSettings.delete(key));
  }
  return site.then(({ url }) => ({ url, close: async () => {} }));
}

/**
 * The site and the browser every browser test file shares: with no `env`, the run's default site; with settings
 * (`env` added to the site's environment), the worker's site with those settings. The browser is the run's
 * Chromium; each test opens a fresh context in it (ADR 315).
 */
export function siteAndBrowserForFile(env: Record<string, string> = {}): SiteAndBrowser {
  const world = {} as SiteAndBrowser;
  beforeAll(async () => {
    [world.site, world.browser] = await Promise.all([
      Object.keys(env).length === 0 ? defaultSite() : siteWithSettings(env),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.site?.close();
  });
  return world;
}
