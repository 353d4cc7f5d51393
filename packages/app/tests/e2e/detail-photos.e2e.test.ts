import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readFixtureJson } from "@showroom/fixtures/server";
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { type PhotoSources, photoSources } from "../../app/components/vehicle/photo-sources";
import { mediaFilePath } from "../../app/content/fixtures-root.server";
import { makePhotoFiles } from "../../app/server/photos/photo-files.server";
import { until, waitForPhotos } from "../support/wait";
import { axeViolations, describeViolations } from "./support/axe";
import { openPage, waitForHydration } from "./support/browser";
import { watchLayoutShifts } from "./support/layout-shifts";
import { siteAndBrowserForFile } from "./support/site-for-file";

// A site of its own with the photo job on (test sites leave it off): the gallery shows the photos it makes.
const world = siteAndBrowserForFile({ PHOTO_WORKERS: "2" });

interface FixtureVehicle {
  url: string;
  images?: string[];
  private: boolean;
  storeId: string;
}

// The fixtures' photographed vehicles (local files under fixtures/inventory/media: no test reaches the internet).
const fixtures = readFixtureJson("inventory/vehicles.json") as FixtureVehicle[];
const photographed = fixtures.find((v) => v.images && v.images.length > 1 && !v.private && v.storeId === "brentwood");
if (!photographed?.images) throw new Error("the fixtures have no photographed vehicle");
const PHOTO_PATH = photographed.url;
const PHOTOS = photographed.images;
const DRAWN = fixtures.find((v) => !v.images && !v.private && v.storeId === "brentwood");
if (!DRAWN) throw new Error("the fixtures have no vehicle without photos");
const DRAWN_PATH = DRAWN.url;

const PHONE_HEIGHT = 844;

/** Each photo's files as the server makes them (named by the photo's content hash), in the feed's order. */
let made: PhotoSources[] = [];
const madeSources = () => made.map((photo) => photo.src);

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "showroom-e2e-photos-"));
  try {
    made = await Promise.all(
      PHOTOS.map(async (path) => {
        const file = mediaFilePath(path);
        if (!file) throw new Error(`${path} is not a fixture picture`);
        const files = await makePhotoFiles(readFileSync(file), dir);
        if (files.kind !== "ready") throw new Error(`${path} was refused: ${files.reason}`);
        const sources = photoSources(`${files.name}-${files.width}`);
        if (!sources) throw new Error(`${path} has no sources`);
        return sources;
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // The server makes the fixtures' photos in the background once it starts; the gallery shows them once made.
  await waitForPhotos(`${world.site.url}${PHOTO_PATH}`, PHOTOS.length);
});

const gallery = (page: Page) => page.getByRole("region", { name: /^Photos of the / });
const strip = (page: Page) => gallery(page).getByRole("list");
const priceBox = (page: Page) => page.getByRole("region", { name: "Our price" });
const actionsBar = (page: Page) => page.getByRole("region", { name: "Price and next steps" });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not rendered");
  return found;
}

/** The strip's position in whole photos. */
const slideIndex = (list: Locator) => list.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth));

async function waitForSlide(list: Locator, index: number) {
  await list.evaluate(
    (el, i) =>
      new Promise<void>((resolve, reject) => {
        const started = performance.now();
        const check = () => {
          if (Math.abs(el.scrollLeft - i * el.clientWidth) < 2) return resolve();
          if (performance.now() - started > 3000) return reject(new Error(`still at ${el.scrollLeft}`));
          requestAnimationFrame(check);
        };
        check();
      }),
    index,
  );
}

describe("the vehicle's photos", () => {
  it("every photo of the feed is in the gallery as the server made it, in order: the first eager and high priority, the rest lazy, each sized, AVIF and WebP by width", async () => {
    const { context, page, errors } = await openPage(world.browser);
    const response = await page.goto(`${world.site.url}${PHOTO_PATH}`);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    const images = strip(page).locator("li img");
    expect(await images.evaluateAll((all) => all.map((img) => img.getAttribute("src")))).toEqual(madeSources());
    const sources = strip(page).locator('li picture source[type="image/avif"]');
    expect(await sources.evaluateAll((all) => all.map((s) => s.getAttribute("srcset")))).toEqual(
      made.map((photo) => photo.srcSet.avif),
    );
    const attributes = await images.evaluateAll((all) =>
      all.map((img) => [
        img.getAttribute("loading"),
        img.getAttribute("fetchpriority"),
        img.getAttribute("width"),
        img.getAttribute("height"),
      ]),
    );
    const size = made.map((photo) => [String(photo.width), String(photo.height)]);
    expect(attributes).toEqual(size.map((wh, i) => (i === 0 ? ["eager", "high", ...wh] : ["lazy", "auto", ...wh])));
    const alts = await images.evaluateAll((all) => all.map((img) => img.getAttribute("alt")));
    expect(alts).toEqual(
      PHOTOS.map((_, i) => expect.stringMatching(new RegExp(`, photo ${i + 1} of ${PHOTOS.length}$`))),
    );
    // With photos there is no drawing: neither the inlined one nor the drawing's image.
    expect(await page.locator('main [role="img"] svg').count()).toBe(0);
    const drawings = page.locator('main img[src^="/media/vehicles/"]');
    const similarCards = page.getByRole("region", { name: "Similar vehicles" }).locator('img[src^="/media/vehicles/"]');
    expect(await drawings.count()).toBe(await similarCards.count());
    // Each photo really arrives once the shopper moves to it (lazy ones included).
    const list = strip(page);
    for (let i = 0; i < PHOTOS.length; i++) {
      if (i > 0) {
        await page.getByRole("button", { name: "Next photo" }).click();
        await waitForSlide(list, i);
      }
      await images.nth(i).evaluate((img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0
          ? undefined
          : new Promise((resolve, reject) => {
              img.addEventListener("load", resolve, { once: true });
              img.addEventListener("error", reject, { once: true });
            }),
      );
      // Chromium takes the AVIF, at a width of the srcset, and decodes it.
      const loaded = await images.nth(i).evaluate((img: HTMLImageElement) => [img.currentSrc, img.naturalWidth]);
      expect(loaded[0]).toMatch(/\/media\/photos\/[0-9a-f]{32}-(480|960|1440)\.avif$/);
      expect(loaded[1]).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the arrow keys move one photo at a time on the focused strip, and the buttons do too", async () => {
    const { context, page } = await openPage(world.browser);
    await page.goto(`${world.site.url}${PHOTO_PATH}`);
    await waitForHydration(page);
    const list = strip(page);
    await list.focus();
    expect(await slideIndex(list)).toBe(0);
    await page.keyboard.press("ArrowRight");
    await waitForSlide(list, 1);
    await page.keyboard.press("ArrowRight");
    await waitForSlide(list, 2);
    // Past the last photo it stays there.
    await page.keyboard.press("ArrowRight");
    await page.waitForTimeout(300);
    expect(await slideIndex(list)).toBe(PHOTOS.length - 1);
    await page.keyboard.press("ArrowLeft");
    await waitForSlide(list, PHOTOS.length - 2);
    await page.getByRole("button", { name: "Previous photo" }).click();
    await waitForSlide(list, PHOTOS.length - 3);
    await context.close();
  });

  it("without JavaScript every photo is still there and swipeable, and the buttons that need a script are not shown", async () => {
    const { context, page } = await openPage(world.browser, { javaScriptEnabled: false, mobile: true });
    await page.goto(`${world.site.url}${PHOTO_PATH}`);
    expect(await strip(page).locator("li img").count()).toBe(PHOTOS.length);
    expect(await strip(page).evaluate((el) => getComputedStyle(el).scrollSnapType)).toContain("x mandatory");
    expect(await strip(page).evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.getByRole("button", { name: "Next photo" }).isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Previous photo" }).isVisible()).toBe(false);
    await context.close();
  });

  it("a vehicle without photos shows its body-style drawing and no gallery", async () => {
    const { context, page } = await openPage(world.browser);
    await page.goto(`${world.site.url}${DRAWN_PATH}`);
    expect(await gallery(page).count()).toBe(0);
    expect(await page.locator('main [role="img"] svg').count()).toBe(1);
    await context.close();
  });
});

describe("the detail page on a phone (390 × 844)", () => {
  for (const [what, path] of [
    ["with photos", PHOTO_PATH],
    ["with the drawing", DRAWN_PATH],
  ] as const) {
    it(`${what}: the price box is on the first screen, right under the picture, with Personalize My Price`, async () => {
      const { context, page } = await openPage(world.browser, { mobile: true });
      await page.goto(`${world.site.url}${path}`);
      await waitForHydration(page);
      const price = await box(priceBox(page));
      expect(price.y).toBeGreaterThan(0);
      expect(price.y).toBeLessThan(PHONE_HEIGHT);
      const picture = await box(what === "with photos" ? gallery(page) : page.locator('main [role="img"]'));
      // Right under the picture: nothing but the gap between them.
      expect(price.y - (picture.y + picture.height)).toBeGreaterThanOrEqual(0);
      expect(price.y - (picture.y + picture.height)).toBeLessThanOrEqual(32);
      const personalize = await box(priceBox(page).getByRole("link", { name: "Personalize My Price" }));
      expect(personalize.y + personalize.height).toBeLessThanOrEqual(PHONE_HEIGHT);
      await context.close();
    });
  }

  it("a bar stuck to the bottom of the screen shows Unlock Price and the two actions, and shifts nothing", async () => {
    const { context, page, errors } = await openPage(world.browser, { mobile: true });
    const shifts = await watchLayoutShifts(page);
    await page.goto(`${world.site.url}${PHOTO_PATH}`);
    await waitForHydration(page);
    // A first visit's cookie banner sits over everything until the shopper chooses.
    await page.getByRole("button", { name: "Decline" }).click();
    await page.getByRole("button", { name: "Decline" }).waitFor({ state: "detached" });
    const bar = actionsBar(page);
    expect(await bar.isVisible()).toBe(true);
    const stuck = await box(bar);
    expect(Math.round(stuck.y + stuck.height)).toBe(PHONE_HEIGHT);
    // Nothing covers it: the topmost element at its middle is its own.
    const onTop = await bar.evaluate(
      (el, y) => el.contains(document.elementFromPoint(window.innerWidth / 2, y)),
      stuck.y + stuck.height / 2,
    );
    expect(onTop).toBe(true);
    const vin = PHOTO_PATH.slice(-17);
    expect(await bar.getByRole("link", { name: "Unlock Price" }).getAttribute("href")).toBe(
      `/personalize-price/${vin}`,
    );
    expect(await bar.getByRole("link", { name: "Personalize My Price" }).getAttribute("href")).toBe(
      `/personalize-price/${vin}`,
    );
    expect(await bar.getByRole("link", { name: "Schedule Test Drive" }).getAttribute("href")).toBe(
      `/schedule-test-drive/${vin}`,
    );
    // Each action's label keeps to one line: the bar stays low.
    for (const name of ["Personalize My Price", "Schedule Test Drive"]) {
      expect((await box(bar.getByRole("link", { name }))).height, name).toBeLessThan(48);
    }
    expect(stuck.height).toBeLessThan(120);
    // It stays at the bottom while the shopper scrolls through the page.
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 1000);
    const scrolled = await box(bar);
    expect(Math.round(scrolled.y + scrolled.height)).toBe(PHONE_HEIGHT);
    await page.waitForTimeout(300);
    expect(await shifts()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("scrolled to the end, the bar covers nothing: the last section ends above it and the footer starts below it", async () => {
    const { context, page } = await openPage(world.browser, { mobile: true });
    await page.goto(`${world.site.url}${PHOTO_PATH}`);
    await waitForHydration(page);
    const similar = page.getByRole("region", { name: "Similar vehicles" });
    // While the page scrolls the bar floats over it, as a sticky bar does; at the end it takes its own place, so the
    // last of the content can always be scrolled into view above it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1);
    const barAtEnd = await box(actionsBar(page));
    const last = await box(similar);
    expect(last.y + last.height).toBeLessThanOrEqual(barAtEnd.y + 0.5);
    const footer = await box(page.locator("footer").last());
    expect(footer.y).toBeGreaterThanOrEqual(barAtEnd.y + barAtEnd.height - 0.5);
    await context.close();
  });

  it("on a desktop there is no bar, and the price box sits beside the photos", async () => {
    const { context, page } = await openPage(world.browser);
    await page.goto(`${world.site.url}${PHOTO_PATH}`);
    await waitForHydration(page);
    expect(await actionsBar(page).isVisible()).toBe(false);
    const price = await box(priceBox(page));
    const photos = await box(gallery(page));
    expect(price.x).toBeGreaterThan(photos.x + photos.width);
    expect(price.y).toBeLessThan(photos.y + photos.height);
    await context.close();
  });

  it("has no axe violations with photos, on a phone and a desktop, with JavaScript and as server HTML", async () => {
    for (const mobile of [true, false]) {
      for (const stripScripts of [false, true]) {
        const { context, page, errors } = await openPage(world.browser, { mobile, stripScripts });
        await page.goto(`${world.site.url}${PHOTO_PATH}`);
        if (!stripScripts) await waitForHydration(page);
        const violations = await axeViolations(page);
        expect(
          violations,
          `${mobile ? "phone" : "desktop"}${stripScripts ? ", no JS" : ""}\n${describeViolations(violations)}`,
        ).toEqual([]);
        if (!stripScripts) expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});

describe("a card's picture", () => {
  it("is the feed's first photo as the server made it (with its srcset) when the car has photos, and the body-style drawing when it has none", async () => {
    const { context, page, errors } = await openPage(world.browser);
    const vinOf = (path: string) => path.slice(path.lastIndexOf("-") + 1);
    const [first] = made;
    if (!first) throw new Error("no photo was made");
    // The search's index follows a photo turning ready in the background.
    await until(
      "the card's photo",
      async () =>
        (await (await fetch(`${world.site.url}/cars-for-sale?q=${vinOf(PHOTO_PATH)}`)).text()).includes(first.src),
      { timeoutMs: 60_000, everyMs: 250 },
    );
    for (const [path, picture] of [
      [PHOTO_PATH, first.src],
      [DRAWN_PATH, null],
    ] as const) {
      await page.goto(`${world.site.url}/cars-for-sale?q=${vinOf(path)}`);
      const card = page.locator("main ol > li").filter({ has: page.locator(`h2 a[href="${path}"]`) });
      const src = await card.locator("a:has(img) img").getAttribute("src");
      if (picture) {
        expect(src).toBe(picture);
        expect(await card.locator('a picture source[type="image/webp"]').getAttribute("srcset")).toBe(
          first.srcSet.webp,
        );
        expect(await card.locator("a:has(img) img").getAttribute("width")).toBe(String(first.width));
        expect(await card.locator("a:has(img) img").getAttribute("height")).toBe(String(first.height));
      } else expect(src).toMatch(/^\/media\/vehicles\/[a-z-]+\.svg$/);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("links to the vehicle too, without a second tab stop: the keyboard meets one link per card", async () => {
    const { context, page } = await openPage(world.browser);
    await page.goto(`${world.site.url}/cars-for-sale`);
    await waitForHydration(page);
    const card = page.locator("main ol > li").first();
    const title = card.locator("h2 a");
    const href = await title.getAttribute("href");
    const picture = card.locator("a:has(img)");
    expect(await picture.getAttribute("href")).toBe(href);
    expect(await picture.getAttribute("tabindex")).toBe("-1");
    expect(await picture.getAttribute("aria-hidden")).toBe("true");
    // A click on the picture opens the vehicle.
    await picture.click();
    await page.waitForURL(`${world.site.url}${href}`);
    await page.getByRole("heading", { name: "Vehicle Details" }).waitFor();
    // Tabbing from the page top reaches the first card's title, never its picture.
    await page.goBack();
    await waitForHydration(page);
    const stops: string[] = [];
    await page.locator("main").evaluate((main) => main.focus?.());
    for (let i = 0; i < 400 && !stops.includes(href ?? ""); i++) {
      await page.keyboard.press("Tab");
      stops.push(await page.evaluate(() => document.activeElement?.getAttribute("href") ?? ""));
    }
    expect(stops.filter((stop) => stop === href)).toHaveLength(1);
    const focused = await page.evaluate(() => document.activeElement?.closest("h2") !== null);
    expect(focused).toBe(true);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await context.close();
  });
});
