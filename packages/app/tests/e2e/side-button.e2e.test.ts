import { readFixtureJson } from "@showroom/fixtures/server";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { waitForPhotos } from "../support/wait";
import { axeViolations, describeViolations } from "./support/axe";
import { openPage, waitForHydration } from "./support/browser";
import { siteAndBrowserForFile } from "./support/site-for-file";

// The trade-in side button (issue 28, ADR 335 and 336): it keeps a place of its own, so it lies over nothing on a
// phone or a desktop; it can be closed with the keyboard and stays closed; its dialog's code loads when it is pressed.
// With the photo job on (test sites leave it off), so the vehicle page has its gallery.
const world = siteAndBrowserForFile({ PHOTO_WORKERS: "2" });

interface FixtureVehicle {
  url: string;
  images?: string[];
  private: boolean;
  storeId: string;
}
const photographed = (readFixtureJson("inventory/vehicles.json") as FixtureVehicle[]).find(
  (v) => v.images && v.images.length > 1 && !v.private && v.storeId === "brentwood",
);
if (!photographed) throw new Error("the fixtures have no photographed vehicle");
const VEHICLE = photographed.url;
const PHOTO_COUNT = photographed.images?.length ?? 0;

// The gallery is there once the server has made the photos (in the background after it starts, ADR 380).
beforeAll(() => waitForPhotos(`${world.site.url}${VEHICLE}`, PHOTO_COUNT));

const sideButton = (page: Page) => page.locator("[data-side-button=trade-in-value]");
/** The whole side button: what it opens and its close control. */
const sideButtonFace = (page: Page) => sideButton(page).locator("xpath=..");
const closeControl = (page: Page) => page.getByRole("button", { name: "Hide “Trade-in value” for this visit" });

/** What the side button must never lie over, page by page (issue 28). */
const PAGES: readonly { name: string; path: string; content: (page: Page) => Locator[] }[] = [
  {
    name: "the search page's sort",
    path: "/cars-for-sale",
    content: (page) => [page.locator("main select[name=sort]")],
  },
  {
    name: "the vehicle page's gallery, hours and phone numbers",
    path: VEHICLE,
    content: (page) => [
      page.getByRole("region", { name: /^Photos of the / }),
      page.locator("section[aria-labelledby=dealership-title] dl"),
      page.locator("main a[href^='tel:']"),
    ],
  },
  {
    name: "home's hero copy",
    path: "/",
    content: (page) => [page.locator("main h1").locator("xpath=..")],
  },
];

type Box = { x: number; y: number; width: number; height: number };
const meets = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every visible box of a locator's elements, as the viewport has them now. */
async function boxesOf(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((elements) =>
    elements
      .flatMap((element) => [...element.getClientRects()])
      .filter((rect) => rect.width > 0 && rect.height > 0)
      .map((rect) => ({ x: rect.x, y: rect.y, width: rect.width, height: rect.height })),
  );
}

/**
 * What lies under the side button where it shows in the viewport now: at points across it, every element the
 * browser paints beneath it that is not one of its own ancestors (the page's frame). Empty: it covers nothing.
 */
async function coveredNow(page: Page): Promise<string[]> {
  return sideButtonFace(page).evaluate((face) => {
    const box = face.getBoundingClientRect();
    const found = new Set<string>();
    for (let i = 1; i < 8; i += 1) {
      for (let j = 1; j < 8; j += 1) {
        const x = box.x + (box.width * i) / 8;
        const y = box.y + (box.height * j) / 8;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        const stack = document.elementsFromPoint(x, y);
        const own = stack.findIndex((element) => face.contains(element));
        if (own === -1) continue;
        for (const element of stack.slice(own + 1)) {
          if (face.contains(element) || element.contains(face)) continue;
          found.add(
            `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} at ${Math.round(x)},${Math.round(y)}`,
          );
        }
      }
    }
    return [...found];
  });
}

describe("the trade-in side button lies over nothing (issue 28, ADR 335)", () => {
  for (const mobile of [true, false]) {
    const device = mobile ? "on a phone" : "on a desktop";
    for (const { name, path, content } of PAGES) {
      it(`${device}, not over ${name}: its box meets none of them, nothing of the page is under it, and axe finds nothing`, async () => {
        const { context, page, errors } = await openPage(world.browser, { mobile });
        await page.goto(`${world.site.url}${path}`);
        await waitForHydration(page, "[data-side-button]");

        for (const locator of content(page)) {
          expect(await locator.count(), `${name}: ${locator}`).toBeGreaterThan(0);
          for (const element of await locator.all()) {
            await element.evaluate((e) => e.scrollIntoView({ block: "center" }));
            const [button] = await boxesOf(sideButtonFace(page));
            if (!button) throw new Error("the side button is not drawn");
            for (const box of await boxesOf(element)) expect(meets(button, box), `${locator}`).toBe(false);
          }
        }

        // Through the whole page, wherever the button shows, nothing of the page is painted under it.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const viewport = page.viewportSize()?.height ?? 800;
        for (let top = 0; top < height; top += Math.round(viewport * 0.75)) {
          await page.evaluate((y) => window.scrollTo(0, y), top);
          expect(await coveredNow(page), `scrolled to ${top}`).toEqual([]);
        }
        await sideButtonFace(page).scrollIntoViewIfNeeded();
        expect(await coveredNow(page)).toEqual([]);
        // Its place is its own: the page gets no wider for it.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

        const violations = await axeViolations(page);
        expect(violations, describeViolations(violations)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});

describe("closing the trade-in side button (issue 28, ADR 335)", () => {
  it("on a phone, its labelled close (at least 24 × 24) is reached and pressed with the keyboard; focus goes on; it stays closed after a reload and on the next pages", async () => {
    const { context, page, errors } = await openPage(world.browser, { mobile: true });
    await page.goto(`${world.site.url}/cars-for-sale`);
    await waitForHydration(page, "[data-side-button]");
    const close = closeControl(page);
    const size = await close.boundingBox();
    expect(size?.width).toBeGreaterThanOrEqual(24);
    expect(size?.height).toBeGreaterThanOrEqual(24);

    // From the side button itself, the next Tab reaches its close.
    await sideButton(page).focus();
    await page.keyboard.press("Tab");
    expect(await close.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await sideButton(page).waitFor({ state: "detached" });
    // The keyboard goes on from the next control, not from the top of the document.
    expect(await page.evaluate(() => document.activeElement?.matches("a[href], button, input, select, textarea"))).toBe(
      true,
    );
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "closedSideButtons")?.value)
      .toBe("trade-in-value");
    // A session cookie: the spec disables a popup for the session.
    expect((await context.cookies()).find((c) => c.name === "closedSideButtons")?.expires).toBe(-1);

    await page.reload();
    await waitForHydration(page);
    expect(await sideButton(page).count()).toBe(0);
    for (const path of ["/", VEHICLE]) {
      await page.goto(`${world.site.url}${path}`);
      await waitForHydration(page);
      expect(await sideButton(page).count(), path).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on a desktop, a client-side navigation brings the side button with the page, and one closed stays away on the next", async () => {
    const { context, page, errors } = await openPage(world.browser);
    await page.goto(`${world.site.url}/contact-us`);
    await waitForHydration(page);
    expect(await sideButton(page).count()).toBe(0);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page.locator("header a[href='/']").first().click();
    await page.waitForURL(`${world.site.url}/`);
    await sideButton(page).waitFor();
    await waitForHydration(page, "[data-side-button]");
    await closeControl(page).click();
    await sideButton(page).waitFor({ state: "detached" });
    await page.locator("main a[href^='/cars-for-sale']").first().click();
    await page.waitForURL(/\/cars-for-sale/);
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(await sideButton(page).count()).toBe(0);
    // Every page change above was the router's, not a document load.
    expect(documents).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("without JavaScript it is a link to the page it promotes, and its close is a form that keeps it closed", async () => {
    const { context, page } = await openPage(world.browser, { mobile: true, javaScriptEnabled: false });
    await page.goto(`${world.site.url}/`);
    expect(await sideButton(page).getAttribute("href")).toBe("/sell-trade-my-car/your-vehicle");
    await closeControl(page).click();
    await page.waitForURL(`${world.site.url}/`);
    expect(await sideButton(page).count()).toBe(0);
    await page.goto(`${world.site.url}/cars-for-sale`);
    expect(await sideButton(page).count()).toBe(0);
    await context.close();
  });
});

describe("what the trade-in side button costs before it is pressed (issue 27, ADR 336)", () => {
  it("home on a phone loads no popup runtime and no dialog code until the button is pressed; then the dialog opens and Escape returns focus to it", async () => {
    const { context, page, errors } = await openPage(world.browser, { mobile: true });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${world.site.url}/`);
    await waitForHydration(page, "[data-side-button]");
    await page.waitForTimeout(1000);
    const popupCode = (list: string[]) =>
      list.filter((p) => /\/(popup-runtime|popup-dialog|Modal|xstate)[^/]*\.js$/.test(p));
    expect(popupCode(scripts)).toEqual([]);

    await sideButton(page).click();
    const dialog = page.getByRole("dialog", { name: "What’s your trade worth?" });
    await dialog.waitFor();
    expect(popupCode(scripts).some((p) => p.includes("popup-dialog"))).toBe(true);
    expect(popupCode(scripts).some((p) => p.includes("popup-runtime"))).toBe(false);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.matches("[data-side-button]"));
    // Pressed again, it opens again.
    await sideButton(page).click();
    await dialog.waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
