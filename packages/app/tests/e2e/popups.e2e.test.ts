import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations } from "./support/axe";
import { clickTelLink, openPage, PERSON_UA, waitForHydration } from "./support/browser";
import { type RunningSite, startSite } from "./support/server";
import { siteAndBrowserForFile } from "./support/site-for-file";

const world = siteAndBrowserForFile();

/** The visitor has chosen "Accept all": functional storage is allowed, and the banner stays out of the way. */
async function acceptAll(context: BrowserContext) {
  const url = world.site.url;
  await context.addCookies([
    { name: "displayCookies", value: "hide", url },
    { name: "allowCookies", value: encodeURIComponent("essential,functional,analytics,targeting"), url },
  ]);
}

const popupChunk = (url: string) => /\/assets\/popup-runtime-[^/]*\.js$/.test(url);
const dialogChunk = (url: string) => /\/assets\/popup-dialog-[^/]*\.js$/.test(url);

async function popupStorage(page: Page) {
  return page.evaluate(() => ({
    finished: localStorage.getItem("finishedPopups"),
    viewed: localStorage.getItem("viewedPagesItems"),
    disabled: sessionStorage.getItem("disabledPopups"),
  }));
}

// The side button the server draws: a link to the page it promotes, whose dialog opens with JavaScript (ADR 336).
const sideButton = (page: Page) => page.getByRole("link", { name: /^Trade-in value/ });
const tradeDialog = (page: Page) => page.getByRole("dialog", { name: "What’s your trade worth?" });

describe("popups (spec sections 3, 4, 5)", () => {
  it("a page where no popup may apply loads no popup code; the home page draws the trade-in side button with no popup runtime, axe-clean", async () => {
    const { context, page, errors } = await openPage(world.browser);
    await acceptAll(context);
    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(request.url()));
    await page.goto(`${world.site.url}/contact-us`);
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(scripts.filter(popupChunk)).toEqual([]);
    expect(await sideButton(page).count()).toBe(0);

    await page.goto(`${world.site.url}/`);
    await sideButton(page).waitFor();
    await waitForHydration(page, "[data-side-button]");
    expect(scripts.filter(popupChunk)).toEqual([]);
    expect(scripts.filter(dialogChunk)).toEqual([]);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the trade-in popup shows on /, /auto-financing and /cars-for-sale, and not on /our-company", async () => {
    const { context, page } = await openPage(world.browser);
    await acceptAll(context);
    for (const path of ["/", "/auto-financing", "/cars-for-sale"]) {
      await page.goto(`${world.site.url}${path}`);
      await sideButton(page).waitFor();
    }
    await page.goto(`${world.site.url}/our-company`);
    await waitForHydration(page);
    await page.waitForTimeout(500);
    expect(await sideButton(page).count()).toBe(0);
    await context.close();
  });

  it("the side button pulses after 10 s for 4 s, animated only without reduced motion", async () => {
    const { context, page } = await openPage(world.browser, { reducedMotion: "no-preference" });
    await acceptAll(context);
    await page.clock.install();
    await page.goto(`${world.site.url}/`);
    await waitForHydration(page, "[data-side-button]");
    expect(await sideButton(page).getAttribute("data-pulsing")).toBeNull();
    await page.clock.fastForward(10_100);
    await page.waitForFunction(() => document.querySelector("[data-pulsing=true]") !== null);
    expect(await sideButton(page).evaluate((b) => getComputedStyle(b).animationName)).toBe("popup-pulse");
    await page.clock.fastForward(4_100);
    await page.waitForFunction(() => document.querySelector("[data-pulsing=true]") === null);
    await context.close();

    const reduced = await openPage(world.browser, { reducedMotion: "reduce" });
    await acceptAll(reduced.context);
    await reduced.page.clock.install();
    await reduced.page.goto(`${world.site.url}/`);
    await waitForHydration(reduced.page, "[data-side-button]");
    await reduced.page.clock.fastForward(10_100);
    await reduced.page.waitForFunction(() => document.querySelector("[data-pulsing=true]") !== null);
    expect(await sideButton(reduced.page).evaluate((b) => getComputedStyle(b).animationName)).toBe("none");
    await reduced.context.close();
  });

  it("the dialog opens from its side button with focus inside, passes axe, maximizes and restores, and Escape returns focus to the button", async () => {
    const { context, page, errors } = await openPage(world.browser);
    await acceptAll(context);
    await page.goto(`${world.site.url}/`);
    await waitForHydration(page, "[data-side-button]");
    await sideButton(page).click();
    const dialog = tradeDialog(page);
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Focus is trapped: tabbing from the last control comes back into the dialog.
    for (let i = 0; i < 5; i += 1) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await dialog.getByRole("button", { name: "Maximize" }).click();
    const box = await page.locator("[data-popup=trade-in-value]").boundingBox();
    expect(box?.width).toBeGreaterThan(1000);
    await dialog.getByRole("button", { name: "Restore" }).click();
    expect((await page.locator("[data-popup=trade-in-value]").boundingBox())?.width).toBeLessThan(500);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // A button-triggered popup closed before its submit goes back behind its button, which gets the focus back.
    await page.waitForFunction(() => document.activeElement?.matches("[data-side-button=trade-in-value]"));
    expect(await sideButton(page).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the dialog can be dragged by its title bar", async () => {
    const { context, page } = await openPage(world.browser);
    await acceptAll(context);
    await page.goto(`${world.site.url}/`);
    await waitForHydration(page, "[data-side-button]");
    await sideButton(page).click();
    await tradeDialog(page).waitFor();
    const before = await page.locator("[data-popup=trade-in-value]").boundingBox();
    const title = tradeDialog(page).getByRole("heading", { name: "What’s your trade worth?" });
    const at = await title.boundingBox();
    if (!before || !at) throw new Error("no dialog box");
    await page.mouse.move(at.x + 5, at.y + 5);
    await page.mouse.down();
    await page.mouse.move(at.x - 195, at.y + 65, { steps: 5 });
    await page.mouse.up();
    const after = await page.locator("[data-popup=trade-in-value]").boundingBox();
    expect(Math.round((after?.x ?? 0) - before.x)).toBe(-200);
    expect(Math.round((after?.y ?? 0) - before.y)).toBe(60);
    await context.close();
  });

  it("submitting the trade-in popup redirects into the journey and finishes it: it never shows again, even after a reload", async () => {
    const { context, page, errors } = await openPage(world.browser);
    await acceptAll(context);
    await page.goto(`${world.site.url}/`);
    await waitForHydration(page, "[data-side-button]");
    await sideButton(page).click();
    await tradeDialog(page).getByRole("button", { name: "Get my offer" }).click();
    await page.waitForURL(`${world.site.url}/sell-trade-my-car/your-vehicle`);
    // A side button the server draws is kept finished where the server reads it (ADR 335): with functional consent,
    // for a year.
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === "finishedSideButtons")?.value)
      .toBe("trade-in-value");

    await page.goto(`${world.site.url}/`);
    await waitForHydration(page);
    await page.waitForTimeout(800);
    expect(await sideButton(page).count()).toBe(0);
    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(800);
    expect(await sideButton(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("without consent to functional storage nothing is written to the browser, and the popup still works for the visit", async () => {
    const { context, page } = await openPage(world.browser);
    await page.goto(`${world.site.url}/`);
    await sideButton(page).waitFor();
    expect(await popupStorage(page)).toEqual({ finished: null, viewed: null, disabled: null });
    await context.close();
  });

  it("the paid-search financing popup shows after 20 s on /cars-for-sale only with utm_medium cpc; closing it disables it for the session", async () => {
    const promo = (page: Page) => page.getByRole("dialog", { name: "Every credit story is welcome" });
    const without = await openPage(world.browser);
    await acceptAll(without.context);
    await without.page.clock.install();
    await without.page.goto(`${world.site.url}/cars-for-sale`);
    await sideButton(without.page).waitFor();
    await without.page.waitForLoadState("networkidle");
    await without.page.clock.fastForward(21_000);
    await without.page.waitForTimeout(300);
    expect(await promo(without.page).count()).toBe(0);
    await without.context.close();

    // The same ad click without targeting consent keeps no ad values, so the popup has none to match.
    const declined = await openPage(world.browser);
    await declined.context.addCookies([
      { name: "displayCookies", value: "hide", url: world.site.url },
      { name: "allowCookies", value: encodeURIComponent("essential,functional,analytics"), url: world.site.url },
    ]);
    await declined.page.clock.install();
    await declined.page.goto(`${world.site.url}/cars-for-sale?utm_source=google&utm_medium=cpc`);
    await sideButton(declined.page).waitFor();
    await declined.page.waitForLoadState("networkidle");
    await declined.page.clock.fastForward(21_000);
    await declined.page.waitForTimeout(300);
    expect(await promo(declined.page).count()).toBe(0);
    await declined.context.close();

    // A paid click lands on the home page; the ad-values cookie it leaves carries utm_medium to the search page.
    const { context, page, errors } = await openPage(world.browser);
    await acceptAll(context);
    await page.goto(`${world.site.url}/?utm_source=google&utm_medium=cpc&utm_campaign=fall`);
    expect((await context.cookies()).find((c) => c.name === "adValues")?.value).toContain("utm_medium%3Dcpc");
    await page.clock.install();
    await page.goto(`${world.site.url}/cars-for-sale`);
    await sideButton(page).waitFor();
    await page.waitForLoadState("networkidle");
    await page.clock.fastForward(19_000);
    await page.waitForTimeout(300);
    expect(await promo(page).count()).toBe(0);
    await page.clock.fastForward(1_500);
    await promo(page).waitFor();
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await promo(page).getByRole("button", { name: "Close dialog" }).click();
    await promo(page).waitFor({ state: "detached" });
    expect(JSON.parse((await popupStorage(page)).disabled ?? "[]")).toEqual(["financing-promo-paid-search"]);

    await page.reload();
    await sideButton(page).waitFor();
    await page.waitForLoadState("networkidle");
    await page.clock.fastForward(21_000);
    await page.waitForTimeout(300);
    expect(await promo(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("popups a remote experiments service defines (tagQuery and itemClicked)", () => {
  // A service answering experiments.json's shape.
  const htmlPopup = (id: string, title: string, condition: Record<string, unknown>) => ({
    id,
    conditions: [condition],
    settings: { component: "PrimeDialog", position: "center", closeButton: true },
    component: { type: "html", data: { title, html: `<p>${title}.</p>` } },
    background: { modal: false },
  });
  // One experiment for everyone (allocation 1), whose popups replace the fixture's: the defaults keep the fixture's.
  const experiments = {
    defaults: { settings: {}, popups: null, langs: {} },
    experiments: [
      {
        name: "engagement-popups",
        description: "Popups that wait for something the visitor sees or does.",
        allocation: 1,
        parameters: {
          popups: [
            htmlPopup("seen-the-address", "You found our address", {
              pages: ["/our-company"],
              tagQuery: "footer address",
            }),
            htmlPopup("called-us", "Thanks for calling", { pages: ["/contact-us"], itemClicked: "a[href^='tel:']" }),
          ],
        },
      },
    ],
  };
  let service: Server;
  let remote: RunningSite;

  beforeAll(async () => {
    service = createServer((_req, res) =>
      res.setHeader("content-type", "application/json").end(JSON.stringify(experiments)),
    );
    await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}/experiments`;
    remote = await startSite({ EXPERIMENTS: "on", EXPERIMENTS_URL: url });
  });

  afterAll(async () => {
    await remote?.close();
    await new Promise<void>((resolve) => service?.close(() => resolve()));
  });

  it("a tagQuery popup waits until its element is wholly in view, then shows", async () => {
    // A person's browser: a bot (headless Chromium's own user agent) is in no experiment.
    const { context, page, errors } = await openPage(world.browser, { userAgent: PERSON_UA });
    await acceptAll(context);
    await page.goto(`${remote.url}/our-company`);
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "You found our address" });
    await page.waitForTimeout(500);
    expect(await dialog.count()).toBe(0);
    await page.locator("footer address").scrollIntoViewIfNeeded();
    await dialog.waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an itemClicked popup waits for a click on its element, then shows", async () => {
    const { context, page, errors } = await openPage(world.browser, { userAgent: PERSON_UA });
    await acceptAll(context);
    await page.goto(`${remote.url}/contact-us`);
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Thanks for calling" });
    await page.waitForTimeout(500);
    expect(await dialog.count()).toBe(0);
    await clickTelLink(page);
    await dialog.waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
