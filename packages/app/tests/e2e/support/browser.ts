import { readdirSync, readFileSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page, type Response } from "playwright-core";
import "./shared";

/**
 * Debian's Chromium headless shell: the same engine without the browser's windows, which cost every test's context a
 * fifth more CPU (docs/decisions/434). `CHROMIUM_PATH=/usr/bin/chromium` runs the tests on the full browser.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * The features Playwright switches off (its `chromiumSwitches`), then Chrome's omnibox popups: new headless Chrome
 * draws a window's toolbar too, and loaded two WebUI renderers for every context, about a fifth of Chromium's CPU in
 * the browser tests (docs/decisions/433). Chromium reads only the last `--disable-features`, so this one must name
 * Playwright's as well; the global setup checks that it still does.
 */
const DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
];

const CHROMIUM_ARGS = [
  `--disable-features=${DISABLED_FEATURES.join(",")}`,
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const DISABLE_FEATURES = "--disable-features=";

/**
 * Chromium reads only its last `--disable-features`, and ours comes after Playwright's: ours must name every feature
 * Playwright's does, or a new Playwright's would be switched back on unnoticed (docs/decisions/433). Read from the
 * command line of the Chromium this process launched.
 */
function assertFeaturesKept(): void {
  const launched = readdirSync("/proc").filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      // Debian's /usr/bin/chromium-headless-shell is a shell script that runs Chromium with the same arguments.
      return (
        parent === process.pid && readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").includes(CHROMIUM_PATH)
      );
    } catch {
      return false;
    }
  });
  if (launched.length !== 1)
    throw new Error(`expected one Chromium launched by this process, found ${launched.length}`);
  const args = readFileSync(`/proc/${launched[0]}/cmdline`, "utf8").split("\0");
  const lists = args
    .filter((arg) => arg.startsWith(DISABLE_FEATURES))
    .map((arg) => arg.slice(DISABLE_FEATURES.length).split(","));
  const last = new Set(lists.at(-1));
  const dropped = lists.flat().filter((feature) => !last.has(feature));
  if (dropped.length > 0) {
    throw new Error(`Chromium would run with ${dropped.join(", ")} on: add them to DISABLED_FEATURES in browser.ts.`);
  }
}

/** Launches Chromium, checked for the features it runs without, and closes it again if the check fails. */
async function launchChecked(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  // A Chromium that crashed is launched again for the next file, not handed on dead.
  browser.once("disconnected", () => {
    workerChromium = undefined;
  });
  try {
    assertFeaturesKept();
  } catch (error) {
    await browser.close();
    throw error;
  }
  return browser;
}

/** This worker's Chromium, launched by the first file that asks for one (ADR 439). */
let workerChromium: Promise<Browser> | undefined;

/**
 * The worker's one Chromium, which every file of the run shares (ADRs 315, 439), as this file's browser: its
 * `close()`, for `afterAll`, closes the contexts this file opened and leaves Chromium to the next file. Chromium is
 * launched here, in the test worker, over a pipe: launched by the global setup, every message between the tests and
 * Chromium went through Vitest's main process as well. It ends with the worker (Playwright kills what it launched
 * when its process exits, and Chromium quits when its pipe closes).
 */
export async function launchBrowser(): Promise<Browser> {
  workerChromium ??= launchChecked();
  const chromiumOfWorker = await workerChromium;
  const opened = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    opened.add(context);
    context.once("close", () => opened.delete(context));
    return context;
  };
  const ofThisFile: Partial<Browser> = {
    newContext: async (options) => track(await chromiumOfWorker.newContext(options)),
    newPage: async (options) => {
      const page = await chromiumOfWorker.newPage(options);
      track(page.context());
      return page;
    },
    contexts: () => chromiumOfWorker.contexts().filter((context) => opened.has(context)),
    close: async () => {
      await Promise.all([...opened].map((context) => context.close()));
    },
  };
  return new Proxy(chromiumOfWorker, {
    get(target, key) {
      if (Object.hasOwn(ofThisFile, key)) return ofThisFile[key as keyof Browser];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export interface PageOptions {
  /** false renders the server HTML only, as a browser without JavaScript would. */
  readonly javaScriptEnabled?: boolean;
  /**
   * Serve the pages with every script removed, in a context where tools can still evaluate: how axe checks the
   * no-JavaScript rendering (axe itself needs JavaScript, so `javaScriptEnabled: false` cannot run it).
   */
  readonly stripScripts?: boolean;
  /** A phone-sized viewport (390 × 844) instead of a desktop one (1280 × 800). */
  readonly mobile?: boolean;
  readonly reducedMotion?: "reduce" | "no-preference";
  /** Another user agent: headless Chromium's own says "HeadlessChrome", which the server treats as a bot. */
  readonly userAgent?: string;
}

/** A person's browser, as the server sees it: named on its first page and assigned to experiments (ADR 287). */
export const PERSON_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

/**
 * A fresh context (its own cookies) and a page in it. axe needs a page of a context, not `browser.newPage()`.
 * Console errors and uncaught page errors are collected so a test can assert the page ran clean.
 */
export async function openPage(
  browser: Browser,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    reducedMotion: options.reducedMotion ?? "reduce",
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  const page = await context.newPage();
  if (options.stripScripts) {
    await page.route("**/*", async (route) => {
      const request = route.request();
      // An empty script rather than an aborted one: a failed module script is what the boot script's reload guard
      // answers with a reload (ADR 289), and a document reached by a redirect keeps its inline scripts, since a
      // route sees only the first request of a redirect chain.
      if (request.resourceType() === "script") {
        return route.fulfill({ status: 200, contentType: "text/javascript", body: "" });
      }
      if (request.resourceType() !== "document") return route.continue();
      const response = await route.fetch({ maxRedirects: 0 });
      const body = (await response.text())
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
        .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
      return route.fulfill({ response, body });
    });
  }
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    // A failed resource's message does not name it; its location does.
    const where = message.text().startsWith("Failed to load resource") ? ` (${message.location().url})` : "";
    if (message.type() === "error") errors.push(`console: ${message.text()}${where}`);
  });
  return { context, page, errors };
}

/**
 * Waits until React has hydrated the page: until then a click on a form submits it the old way, which a "no full
 * page load" test would misread. React marks every element it owns with a `__reactFiber$…` property.
 */
export async function waitForHydration(page: Page, selector = "main"): Promise<void> {
  await page.waitForFunction((sel) => {
    const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
    const element = document.querySelector(sel);
    // A vehicle page's view hydrates when its own chunk arrives, after the rest (ADR 402): until then its buttons
    // are plain links and forms, which open a dialog's page instead of the dialog.
    const vehicleView = document.querySelector('section[aria-labelledby="price-title"]');
    return element !== null && hydrated(element) && (vehicleView === null || hydrated(vehicleView));
  }, selector);
}

/**
 * Clicks the page's first `tel:` link as a shopper would, without leaving the page: the click is what the site
 * answers (ClickToCall, a popup's itemClicked), and a dialer cannot open in a headless browser.
 */
export async function clickTelLink(page: Page): Promise<void> {
  await page
    .locator("a[href^='tel:']")
    .first()
    .evaluate((link) => {
      link.addEventListener("click", (event) => event.preventDefault(), { once: true });
      (link as HTMLAnchorElement).click();
    });
}

/**
 * A form post that loads a new document (JavaScript off, or a plain form): its answer once the document it brought
 * has loaded. A response comes before the page it makes, and a redirect back to the same address leaves the URL as
 * it was, so neither `waitForResponse` nor `waitForURL` alone says the new page is there to read.
 */
export async function postAndLoad(page: Page, submit: () => Promise<void>, path?: string): Promise<Response> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && (path === undefined || response.url().endsWith(path)),
  );
  const committed = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
  await submit();
  const response = await answered;
  await committed;
  await page.waitForLoadState("domcontentloaded");
  return response;
}
