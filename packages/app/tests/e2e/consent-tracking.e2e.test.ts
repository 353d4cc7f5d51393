import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./support/axe";
import { clickTelLink, launchBrowser, openPage, waitForHydration } from "./support/browser";
import { firstVehiclePath, type RunningSite, startSite } from "./support/server";

// What each consent state may leave in a browser and send (ADRs 280, 281). The site runs tier 3 (customize, decline,
// accept all) with a Google tag configured; Google's script is answered by a stub here, so the tests run offline and
// see every request for it.
const GA_ID = "G-TEST12345";
const ESSENTIAL_COOKIES = new Set([
  "uniqueUserId",
  "userSelectedStore",
  "displayCookies",
  "allowCookies",
  "cookieDialogLanguage",
  "adfLead",
  "flash",
]);
// React Router's scroll restoration keeps positions for the tab's back button in sessionStorage: strictly needed for
// the page to work as a page, in every consent state, and listed as essential in the cookie policy.
const ESSENTIAL_SESSION_KEYS = new Set(["react-router-scroll-positions"]);
const AD_URL = "/?utm_source=google&utm_medium=cpc&utm_campaign=fall&gclid=Cj0KCQ-test&fbclid=IwAR-test";

let site: RunningSite;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "showroom-tracking-e2e-"));
  [site, browser] = await Promise.all([
    startSite({
      DATA_DIR: dataDir,
      GA_MEASUREMENT_ID: GA_ID,
      RATE_LIMIT_POSTS_PER_MINUTE: "1000",
      TRACK_EVENTS_PER_MINUTE: "1000",
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Recorded {
  origin: "browser" | "server";
  event: { event_name: string; event_id: string; user_data: Record<string, unknown>; event_source_url?: string };
}

function recordedEvents(): Recorded[] {
  const file = join(dataDir, "tracking", "events.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Recorded);
}

/** A page that records every request it makes, answers Google's tag with a stub, and reads back its storage. */
async function watchedPage(options: { javaScriptEnabled?: boolean } = {}) {
  const opened = await openPage(browser, options);
  const requests: { url: string; method: string; body: string | null }[] = [];
  opened.page.on("request", (request) =>
    requests.push({ url: request.url(), method: request.method(), body: request.postData() }),
  );
  await opened.context.route("https://www.googletagmanager.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "window.__gtagLoaded = true;" }),
  );
  return { ...opened, requests };
}

// The popups' memory (spec section 3): functional, so kept in the browser only when functional is allowed.
const FUNCTIONAL_LOCAL_KEYS = new Set(["finishedPopups", "viewedPagesItems"]);
const FUNCTIONAL_SESSION_KEYS = new Set(["disabledPopups"]);

/** The storage keys beyond the functional ones (empty is a pass), for a visitor who allowed functional storage. */
async function nonFunctionalStorage(page: Page) {
  const keys = await storage(page);
  return {
    local: keys.local.filter((key) => !FUNCTIONAL_LOCAL_KEYS.has(key)),
    session: keys.session.filter((key) => !FUNCTIONAL_SESSION_KEYS.has(key)),
  };
}

/** The storage keys beyond the essential ones (empty is a pass). */
async function storage(page: Page) {
  const keys = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
  return { local: keys.local, session: keys.session.filter((key) => !ESSENTIAL_SESSION_KEYS.has(key)) };
}

async function cookieMap(context: BrowserContext) {
  return new Map((await context.cookies()).map((c) => [c.name, c]));
}

function offSite(requests: readonly { url: string }[]) {
  return requests.filter((r) => !r.url.startsWith(site.url) && !r.url.startsWith("data:"));
}

function trackCalls(requests: readonly { url: string; method: string; body: string | null }[]) {
  return requests
    .filter((r) => r.method === "POST" && r.url === `${site.url}/api/track/facebook`)
    .map((r) => JSON.parse(r.body ?? "{}") as { eventName: string; eventID: string; url: string });
}

async function dataLayer(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((entry) =>
      Array.from(entry as unknown as unknown[]).map((v) => (v instanceof Date ? "date" : v)),
    ),
  );
}

async function choose(page: Page, button: "Accept all" | "Decline") {
  await page.goto(`${site.url}/our-company`);
  const banner = page.getByRole("region", { name: "We use cookies" });
  await waitForHydration(page, "#cookie-banner-title");
  await banner.getByRole("button", { name: button }).click();
  await banner.waitFor({ state: "detached" });
}

describe("consent states: what runs, is stored and is sent", () => {
  it("before any choice: only essential cookies, no storage, no tracking request and no third party", async () => {
    const { context, page, requests, errors } = await watchedPage();
    await page.goto(`${site.url}${AD_URL}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Contact Us" }).first().click();
    await page.waitForURL(`${site.url}/contact-us`);
    await page.waitForTimeout(500);

    const cookies = await cookieMap(context);
    expect([...cookies.keys()].filter((name) => !ESSENTIAL_COOKIES.has(name))).toEqual([]);
    expect(cookies.has("displayCookies")).toBe(false);
    expect(await storage(page)).toEqual({ local: [], session: [] });
    expect(trackCalls(requests)).toEqual([]);
    expect(offSite(requests)).toEqual([]);
    expect(requests.some((r) => /tracker-.*\.js$/.test(r.url))).toBe(false);
    expect(await dataLayer(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("after Decline: analytics only: Google's tag with ads denied, no ad values, no Meta cookie or event", async () => {
    const { context, page, requests, errors } = await watchedPage();
    await choose(page, "Decline");
    expect((await cookieMap(context)).get("allowCookies")?.value).toBe("essential%2Cfunctional%2Canalytics");
    await page.goto(`${site.url}${AD_URL}`);
    await waitForHydration(page);
    await page.waitForFunction(() => (window as unknown as { __gtagLoaded?: boolean }).__gtagLoaded === true);

    const cookies = await cookieMap(context);
    expect([...cookies.keys()].filter((name) => !ESSENTIAL_COOKIES.has(name))).toEqual([]);
    expect(await nonFunctionalStorage(page)).toEqual({ local: [], session: [] });
    expect(trackCalls(requests)).toEqual([]);
    expect([...new Set(offSite(requests).map((r) => new URL(r.url).origin))]).toEqual([
      "https://www.googletagmanager.com",
    ]);
    const layer = await dataLayer(page);
    expect(layer[0]).toEqual([
      "consent",
      "default",
      expect.objectContaining({ analytics_storage: "denied", ad_storage: "denied", ad_user_data: "denied" }),
    ]);
    expect(layer).toContainEqual([
      "consent",
      "update",
      expect.objectContaining({ analytics_storage: "granted", ad_storage: "denied", ad_personalization: "denied" }),
    ]);
    expect(layer).toContainEqual(["event", "page_view", expect.objectContaining({ page_path: AD_URL })]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("after Accept all: ad values kept 30 days, Meta's cookies, PageView on every route change, ClickToCall on tel: links", async () => {
    const { context, page, requests, errors } = await watchedPage();
    await choose(page, "Accept all");
    // The page where the visitor accepted counts from the moment they did, once the tracker's chunk is in.
    await expect
      .poll(() => trackCalls(requests).map((c) => [c.eventName, new URL(c.url).pathname]))
      .toEqual([["PageView", "/our-company"]]);
    await page.goto(`${site.url}${AD_URL}`);
    await waitForHydration(page);

    const cookies = await cookieMap(context);
    const ads = cookies.get("adValues");
    expect(new URLSearchParams(decodeURIComponent(ads?.value ?? ""))).toEqual(
      new URLSearchParams("utm_source=google&utm_medium=cpc&utm_campaign=fall&gclid=Cj0KCQ-test&fbclid=IwAR-test"),
    );
    expect(ads?.sameSite).toBe("Lax");
    expect(ads?.secure).toBe(true);
    const days = ((ads?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    await page.waitForFunction(() => document.cookie.includes("_fbp=") && document.cookie.includes("_fbc="));
    expect((await cookieMap(context)).get("_fbc")?.value).toMatch(/^fb\.1\.\d{13}\.IwAR-test$/);

    await page.getByRole("link", { name: "Contact Us" }).first().click();
    await page.waitForURL(`${site.url}/contact-us`);
    await clickTelLink(page);
    await expect
      .poll(() => trackCalls(requests).map((c) => [c.eventName, new URL(c.url).pathname + new URL(c.url).search]))
      .toEqual([
        ["PageView", "/our-company"],
        ["PageView", AD_URL],
        ["PageView", "/contact-us"],
        ["ClickToCall", "/contact-us"],
      ]);
    await expect.poll(() => recordedEvents().filter((e) => e.event.event_name === "ClickToCall").length).toBe(1);
    expect(await nonFunctionalStorage(page)).toEqual({ local: [], session: [] });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a lead reports its event once, with the same event id from the server and the browser, and no raw details", async () => {
    const { context, page, requests, errors } = await watchedPage();
    await choose(page, "Accept all");
    await page.goto(`${site.url}/contact-us?utm_source=newsletter&utm_medium=email`);
    await waitForHydration(page, "form");
    await page.getByLabel("First name").fill("Dana");
    await page.getByLabel("Last name").fill("Reyes");
    await page.getByLabel("Email").fill("dana.reyes@example.com");
    await page.getByLabel("Mobile phone").fill("(314) 555-0199");
    await page.getByLabel("Choose an inquiry topic").selectOption({ label: "Financing options" });
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Tracking test: a lead with an ad click.");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.getByRole("status").filter({ hasText: "Message sent!" }).waitFor();

    await expect.poll(() => trackCalls(requests).filter((c) => c.eventName === "Contact").length).toBe(1);
    const [browserCall] = trackCalls(requests).filter((c) => c.eventName === "Contact");
    await expect
      .poll(() =>
        recordedEvents()
          .filter((e) => e.event.event_id === browserCall?.eventID)
          .map((e) => e.origin),
      )
      .toEqual(expect.arrayContaining(["server", "browser"]));
    const contact = recordedEvents().filter((e) => e.event.event_name === "Contact");
    expect(contact).toHaveLength(2);
    expect(new Set(contact.map((e) => e.event.event_id)).size).toBe(1);
    // The first lead of a visitor with an empty profile also reports Lead, once, with the server's id.
    await expect.poll(() => trackCalls(requests).filter((c) => c.eventName === "Lead").length).toBe(1);
    const lead = recordedEvents().filter((e) => e.event.event_name === "Lead");
    expect(lead.map((e) => e.origin).sort()).toEqual(["browser", "server"]);
    expect(lead[0]?.event.event_id).toBe(lead[1]?.event.event_id);
    const server = contact.find((e) => e.origin === "server");
    expect(Object.keys(server?.event.user_data ?? {}).sort()).toEqual(["em", "external_id", "fbp", "fn", "ln", "ph"]);
    const file = readFileSync(join(dataDir, "tracking", "events.jsonl"), "utf8");
    for (const raw of ["dana", "Dana", "Reyes", "reyes", "example.com", "5550199", "555-0199"]) {
      expect(file).not.toContain(raw);
    }
    // Fired once: another page later sends no second Contact.
    await page.goto(`${site.url}/our-company`);
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(trackCalls(requests).filter((c) => c.eventName === "Contact")).toHaveLength(1);
    expect((await cookieMap(context)).has("trackLead")).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a test drive booked on a vehicle reports Schedule and Google's add_to_cart (20 USD) with the VIN as its item", async () => {
    const VIN = "WMWWJ9C03M2387500";
    const { context, page, requests, errors } = await watchedPage();
    await choose(page, "Accept all");
    await page.goto(`${site.url}/schedule-test-drive/${VIN}`);
    await waitForHydration(page);
    await page.getByRole("group", { name: "What day works best?" }).getByRole("radio").first().check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("group", { name: "What time works best?" }).getByRole("radio").first().check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("First name").fill("Dana");
    await page.getByLabel("Last name").fill("Reyes");
    await page.getByLabel("Email").fill("dana.cart@example.com");
    await page.getByLabel("Mobile phone").fill("(314) 555-0188");
    await page.getByRole("button", { name: "Schedule Test Drive Now" }).click();
    await page.getByRole("status").filter({ hasText: "Test Drive Scheduled" }).waitFor();

    await expect.poll(() => trackCalls(requests).filter((c) => c.eventName === "Schedule").length).toBe(1);
    await expect
      .poll(async () => (await dataLayer(page)).filter((entry) => entry[0] === "event" && entry[1] === "add_to_cart"))
      .toEqual([["event", "add_to_cart", { value: 20, currency: "USD", items: [{ item_id: VIN }] }]]);
    const [schedule] = (await dataLayer(page)).filter((entry) => entry[0] === "event" && entry[1] === "Schedule");
    expect(schedule?.[2]).toEqual(expect.objectContaining({ value: 20, currency: "USD" }));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("after changing preferences (targeting and functional off): the pixel's consent is revoked, ad values removed, Google told", async () => {
    const { context, page, requests, errors } = await watchedPage();
    await choose(page, "Accept all");
    await page.goto(`${site.url}${AD_URL}`);
    await waitForHydration(page);
    expect((await cookieMap(context)).has("adValues")).toBe(true);
    // A vehicle page's popup runtime (the unlock-price popup counts vehicles viewed) keeps its memory under functional
    // consent; the home page draws only a side button and runs no runtime (ADR 336).
    const vehicle = await firstVehiclePath(site);
    await page.goto(`${site.url}${vehicle}`);
    await waitForHydration(page);
    await expect.poll(async () => (await storage(page)).local).toContain("viewedPagesItems");

    await page.getByRole("button", { name: "Cookie settings" }).click();
    const banner = page.getByRole("region", { name: "We use cookies" });
    await waitForHydration(page, "#cookie-banner-title");
    await banner.getByRole("link", { name: "Customize" }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await dialog.waitFor();
    await dialog.getByRole("checkbox", { name: "Functional" }).uncheck();
    await dialog.getByRole("checkbox", { name: "Targeting" }).uncheck();
    await dialog.getByRole("button", { name: "Save preferences" }).click();
    await banner.waitFor({ state: "detached" });
    expect((await cookieMap(context)).get("allowCookies")?.value).toBe("essential%2Canalytics");
    const before = trackCalls(requests).length;

    await page.getByRole("link", { name: "Contact Us" }).first().click();
    await page.waitForURL(`${site.url}/contact-us`);
    await page.waitForTimeout(500);
    expect(trackCalls(requests)).toHaveLength(before);
    expect((await cookieMap(context)).has("adValues")).toBe(false);
    // Functional withdrawn: what was kept under it is gone, and nothing new is written.
    expect(await storage(page)).toEqual({ local: [], session: [] });
    expect(await dataLayer(page)).toContainEqual([
      "consent",
      "update",
      expect.objectContaining({ analytics_storage: "granted", ad_storage: "denied", functionality_storage: "denied" }),
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("cookie preferences", () => {
  it("Save preferences then leaving at once keeps the choice (written before the banner's 500 ms fade)", async () => {
    const { context, page } = await watchedPage();
    await page.goto(`${site.url}/our-company`);
    await waitForHydration(page, "#cookie-banner-title");
    await page.getByRole("link", { name: "Customize" }).click();
    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    await dialog.getByRole("checkbox", { name: "Functional" }).check();
    await dialog.getByRole("button", { name: "Save preferences" }).click();
    // No wait: the next page is requested at once, well inside the fade.
    await page.goto(`${site.url}/help-center`);
    expect(await page.getByRole("region", { name: "We use cookies" }).count()).toBe(0);
    const cookies = await cookieMap(context);
    expect(decodeURIComponent(cookies.get("allowCookies")?.value ?? "")).toBe("essential,functional");
    expect(cookies.get("displayCookies")?.value).toBe("hide");
    await context.close();
  });

  it("Customize opens a dialog: closed by its X, a click outside or Escape, focus kept inside and given back, axe clean", async () => {
    const { context, page, errors } = await watchedPage();
    await page.goto(`${site.url}/our-company`);
    await waitForHydration(page, "#cookie-banner-title");
    const customize = page.getByRole("link", { name: "Customize" });
    const dialog = page.getByRole("dialog", { name: "Cookie preferences" });
    const focusedIsCustomize = () => customize.evaluate((link) => link === document.activeElement);

    await customize.click();
    await dialog.waitFor();
    const axe = await axeViolations(page);
    expect(axe, describeViolations(axe)).toEqual([]);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole("button", { name: "Close cookie preferences" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(focusedIsCustomize).toBe(true);

    await customize.press("Enter");
    await dialog.waitFor();
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: "detached" });
    await expect.poll(focusedIsCustomize).toBe(true);

    await customize.press("Enter");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(focusedIsCustomize).toBe(true);
    expect(await page.getByRole("region", { name: "We use cookies" }).isVisible()).toBe(true);
    expect((await cookieMap(context)).has("allowCookies")).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("without JavaScript, Customize leads to the preferences on the cookie policy, which save and send the visitor back", async () => {
    const { context, page } = await watchedPage({ javaScriptEnabled: false });
    await page.goto(`${site.url}/our-company`);
    await page.getByRole("link", { name: "Customize" }).click();
    await page.waitForURL(/\/legal\/cookie-policy\?return=%2Four-company#cookie-preferences$/);
    const section = page.getByRole("region", { name: "Cookie preferences" });
    expect(await section.getByRole("checkbox", { name: /Essential/ }).isDisabled()).toBe(true);
    await section.getByRole("checkbox", { name: "Analytics" }).check();
    await section.getByRole("button", { name: "Save preferences" }).click();
    await page.waitForURL(`${site.url}/our-company`);
    expect(await page.getByRole("region", { name: "We use cookies" }).count()).toBe(0);
    expect(decodeURIComponent((await cookieMap(context)).get("allowCookies")?.value ?? "")).toBe("essential,analytics");
    await context.close();
  });
});
