import { rmSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser, openPage, waitForHydration } from "./support/browser";
import { deliveredLead, xmllintAdf } from "./support/lead-mail";
import { type RunningSite, startSiteWithDataDir } from "./support/server";

/** A public Brentwood vehicle of the fixture inventory, and a private one. */
const VIN = "WMWWJ9C03M2387500";
const DETAIL = `/used-cars-for-sale/2021-mini-cooper-convertible-cooper-${VIN}`;
const PRIVATE_VIN = "3FMCR9B94PR999826";

let site: RunningSite;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  let started: { site: RunningSite; dataDir: string };
  [started, browser] = await Promise.all([startSiteWithDataDir("test-drive"), launchBrowser()]);
  ({ site, dataDir } = started);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Presses Tab until `target` has the focus: how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The lead email mentioning `text`, read from the data directory once the relay has written it. */
const deliveredWith = (text: string) => deliveredLead(dataDir, (body) => body.includes(text), `mentioning "${text}"`);
const xmllint = (xml: string) => xmllintAdf(xml, dataDir);

async function fillDetails(page: Page, who: { first: string; last: string; email: string; phone: string }) {
  await page.getByLabel("First name").fill(who.first);
  await page.getByLabel("Last name").fill(who.last);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Mobile phone").fill(who.phone);
}

describe("schedule a test drive", () => {
  it("with JavaScript, the dialog goes through every step by keyboard alone, with no axe violations, and books the lead without a page load", async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${site.url}${DETAIL}`);
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    const link = page.getByRole("link", { name: "Schedule Test Drive" }).first();
    await tabTo(page, link, 200);
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Unlock Vehicle Inventory" });
    await dialog.waitFor();
    await dialog.getByRole("radiogroup", { name: "What day works best?" }).waitFor();
    await expectNoAxeViolations(page);

    const firstDay = dialog.getByRole("radio").first();
    await tabTo(page, firstDay);
    await page.keyboard.press("Space");
    const next = dialog.getByRole("button", { name: "Continue" });
    await tabTo(page, next);
    await page.keyboard.press("Enter");

    await dialog.getByRole("radiogroup", { name: "What time works best?" }).waitFor();
    await expectNoAxeViolations(page);
    const firstTime = dialog.getByRole("radiogroup", { name: "What time works best?" }).getByRole("radio").first();
    const timeLabel = (await firstTime.evaluate((el) => el.closest("label")?.textContent ?? "")).trim();
    await tabTo(page, firstTime);
    await page.keyboard.press("Space");
    await tabTo(page, dialog.getByRole("button", { name: "Continue" }));
    await page.keyboard.press("Enter");

    await dialog.getByRole("group", { name: "Confirm your details to schedule" }).waitFor();
    await expectNoAxeViolations(page);
    // Confirming without details raises the spec's error toast and names each field.
    await tabTo(page, dialog.getByRole("button", { name: "Schedule Test Drive Now" }));
    await page.keyboard.press("Enter");
    await page.getByRole("alert").filter({ hasText: "Please fill info about yourself." }).waitFor();
    expect(await dialog.getByText("Enter your first name.").isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await tabTo(page, dialog.getByLabel("First name"));
    await page.keyboard.type("Keyboard");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Shopper");
    await page.keyboard.press("Tab");
    await page.keyboard.type("keyboard.shopper@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("(314) 555-0177");
    await tabTo(page, dialog.getByRole("button", { name: "Schedule Test Drive Now" }));
    await page.keyboard.press("Enter");

    await page.getByRole("status").filter({ hasText: "Test Drive Scheduled" }).waitFor();
    await dialog.waitFor({ state: "detached" });
    // Focus goes back to the link that opened the dialog.
    // The dialog hands focus back on the next animation frame, after React has removed it.
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    const adf = await deliveredWith("keyboard.shopper@example.com");
    expect(adf).toContain('interest="test-drive"');
    expect(adf).toContain(VIN);
    expect(adf).toContain(timeLabel);
    const lint = xmllint(adf);
    expect(lint.stderr).toBe("");
    expect(lint.status).toBe(0);
    expect(errors).toEqual([]);
  });

  it("the dialog closes with Escape and returns focus to its link", async () => {
    const { page } = await openPage(browser);
    await page.goto(`${site.url}${DETAIL}`);
    await waitForHydration(page);
    const link = page.getByRole("link", { name: "Schedule Test Drive" }).first();
    await tabTo(page, link, 200);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Unlock Vehicle Inventory" });
    await dialog.getByRole("radiogroup", { name: "What day works best?" }).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // The dialog hands focus back on the next animation frame, after React has removed it.
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it("without JavaScript each step is a form post, with no axe violations on any step, and the booking lands on the vehicle with the success toast", async () => {
    // The steps as a browser without JavaScript gets them; axe needs a context that strips the site's scripts.
    for (const options of [{ javaScriptEnabled: false }, { stripScripts: true }] as const) {
      const { page } = await openPage(browser, options);
      const check = "stripScripts" in options ? () => expectNoAxeViolations(page) : async () => {};
      await page.goto(`${site.url}${DETAIL}`);
      await page.getByRole("link", { name: "Schedule Test Drive" }).first().click();
      await page.waitForURL(`${site.url}/schedule-test-drive/${VIN}`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Unlock Vehicle Inventory");
      await check();

      // Continue without a day: the page shows the forms' words.
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText("This field is required").waitFor();
      await check();

      await page.getByRole("group", { name: "What day works best?" }).getByRole("radio").nth(1).check();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("group", { name: "What time works best?" }).waitFor();
      await check();

      // Back to the days, then forward again.
      await page.getByRole("button", { name: "Change day" }).click();
      await page.getByRole("group", { name: "What day works best?" }).waitFor();
      // The dealer's closed dates (Thanksgiving, Christmas… of the fixture profile) are never among the days.
      const days = page.getByRole("group", { name: "What day works best?" }).getByRole("radio");
      const offered = await days.evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value));
      expect(offered.length).toBeGreaterThan(0);
      for (const closed of ["2026-11-26", "2026-12-25", "2027-01-01", "2027-11-25", "2027-12-25"]) {
        expect(offered).not.toContain(closed);
      }
      const dayLabel = (await days.nth(1).evaluate((r) => r.closest("label")?.textContent ?? "")).trim();
      await days.nth(1).check();
      await page.getByRole("button", { name: "Continue" }).click();

      const time = page.getByRole("group", { name: "What time works best?" }).getByRole("radio").nth(2);
      const timeLabel = (await time.evaluate((r) => r.closest("label")?.textContent ?? "")).trim();
      await time.check();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("group", { name: "Confirm your details to schedule" }).waitFor();
      await check();

      await page.getByRole("button", { name: "Schedule Test Drive Now" }).click();
      await page.getByText("Please fill info about yourself.").waitFor();
      await check();

      const email = "stripScripts" in options ? "axe.shopper@example.com" : "nojs.shopper@example.com";
      await fillDetails(page, { first: "Nojs", last: "Shopper", email, phone: "(636) 555-0123" });
      await page.getByRole("button", { name: "Schedule Test Drive Now" }).click();
      await page.waitForURL(`${site.url}${DETAIL}`);
      expect(await page.getByRole("status").filter({ hasText: "Test Drive Scheduled" }).isVisible()).toBe(true);
      // The confirmation repeats the booked day and time.
      expect(await page.getByRole("status").filter({ hasText: "Test Drive Scheduled" }).textContent()).toContain(
        `Your test drive on ${dayLabel} at ${timeLabel} has been scheduled.`,
      );

      const adf = await deliveredWith(email);
      expect(adf).toContain('interest="test-drive"');
      expect(xmllint(adf).status).toBe(0);
    }
  });
});

describe("unlock private inventory", () => {
  it("after the unlock a private vehicle appears in search; before it, it does not", async () => {
    const { page } = await openPage(browser, { stripScripts: true });
    const search = `${site.url}/cars-for-sale?q=${PRIVATE_VIN}`;
    await page.goto(search);
    const privateCar = page.locator(`a[href$="-${PRIVATE_VIN}"]`);
    expect(await privateCar.count()).toBe(0);
    await page.getByRole("link", { name: "Unlock Vehicle Inventory" }).first().click();
    await page.waitForURL(/\/unlock-inventory\?return=/);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Unlock Inventory" }).click();
    await page.getByText("Enter your first name.").waitFor();
    await expectNoAxeViolations(page);
    await fillDetails(page, { first: "Priv", last: "Ate", email: "private.shopper@example.com", phone: "3145550100" });
    await page.getByRole("button", { name: "Unlock Inventory" }).click();
    await page.waitForURL(search);
    expect(await page.getByRole("status").filter({ hasText: "Private inventory is now unlocked" }).isVisible()).toBe(
      true,
    );
    expect(await privateCar.count()).toBeGreaterThan(0);
    const adf = await deliveredWith("private.shopper@example.com");
    expect(xmllint(adf).status).toBe(0);
  });
});

describe("the database after the journeys", () => {
  it("holds each booking as a SCHEDULE_TEST_DRIVE lead with its outbox row and the visitor's profile, and the unlock stamp", async () => {
    await site.close();
    const db = new PGlite(join(dataDir, "pgdata"));
    try {
      const { rows: drives } = await db.query<{ email: string; start: string; state: string; profile: unknown }>(
        `select l.payload->'user'->>'email' as email, l.payload->'appointment'->>'start_datetime' as start,
           o.state, v.profile from leads l join outbox o on o.lead_id = l.id join visitors v on v.id = l.visitor_id
         where l.kind = 'SCHEDULE_TEST_DRIVE' order by email`,
      );
      expect(drives.map((d) => d.email)).toEqual([
        "axe.shopper@example.com",
        "keyboard.shopper@example.com",
        "nojs.shopper@example.com",
      ]);
      for (const drive of drives) {
        expect(drive.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-0[56]:00$/);
        expect(drive.state).toBe("sent");
        expect(drive.profile).toMatchObject({ email: drive.email });
      }
      const { rows: unlocks } = await db.query<{ stamped: boolean }>(
        `select v.unlock_inventory_at is not null as stamped from leads l join visitors v on v.id = l.visitor_id
         where l.kind = 'UNLOCK_INVENTORY'`,
      );
      expect(unlocks).toEqual([{ stamped: true }]);
    } finally {
      await db.close();
    }
  });
});
