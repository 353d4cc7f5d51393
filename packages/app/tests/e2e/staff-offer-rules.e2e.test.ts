import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPgliteDataDir } from "../support/databases";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser, openPage, waitForHydration } from "./support/browser";
import { type RunningSite, startDeskSite } from "./support/server";
import { addStaffWithCli, signInStaff } from "./support/staff-sign-in";

const RULES = fileURLToPath(new URL("../../../rules/rules/", import.meta.url));
const settings = readFileSync(join(RULES, "offer-settings.json"), "utf8");
/** The Cash Now warranty cost raised from $300 to $500. */
const dearerWarranty = settings.replace(/("name": "warranty",[^}]*?"amount": )300/, (_, head: string) => `${head}500`);

let site: RunningSite;
let browser: Browser;
let dataDir: string;
let secret = "";

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "showroom-offer-rules-e2e-"));
  await seedPgliteDataDir(dataDir);
  const added = addStaffWithCli(dataDir, "ana@example.com", "analyst");
  expect(added.out).toContain("Account ana@example.com (analyst) created.");
  secret = added.secret;
  [site, browser] = await Promise.all([startDeskSite(dataDir), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function editAndCheck(page: Page, text: string, javaScript = true) {
  await page.goto(`${site.url}/staff/offer-rules?edit=offer-settings.json`);
  // Filled before React hydrates the textarea, the text did not always reach the post whole.
  if (javaScript) await waitForHydration(page, "textarea");
  await page.getByLabel("offer-settings.json, from the live version").fill(text);
  await page.getByRole("button", { name: "Check this edit" }).click();
  await page.getByRole("heading", { name: "Candidate", exact: true }).waitFor();
}

describe("the desk's offer rules", () => {
  // One signed-in page for the steps below, each its own test so that each has the e2e time of one (axe is slow
  // beside other work on two cores).
  let page: Page;

  it("an analyst made with the CLI signs in with TOTP and sees no lead; the page is axe-clean", async () => {
    // With JavaScript, which axe needs to run in the page; the page's forms are plain posts (reloadDocument) either way.
    ({ page } = await openPage(browser));
    // A step that does not happen fails by its name within the test's time, not as the test's timeout.
    page.setDefaultTimeout(30_000);
    await signInStaff(page, site.url, "ana@example.com", secret);
    const home = (await page.locator("main").textContent()) ?? "";
    expect(home).toContain("(Analyst)");
    expect(home).not.toContain("Leads");
    expect((await page.request.get(`${site.url}/staff/leads`)).status()).toBe(403);

    await page.getByRole("link", { name: "Offer rules" }).first().click();
    await page.getByRole("heading", { name: "Offer rules", level: 1 }).waitFor();
    await page.getByText("No offer rules published yet").waitFor();
    await expectNoAxeViolations(page);
  });

  it("a failing edit shows its problem at file, line and column, and nothing to publish; axe-clean", async () => {
    await editAndCheck(page, settings.replace('"amount": 260', '"amount": "260"'));
    const alert = (await page.getByRole("alert").textContent()) ?? "";
    expect(alert).toMatch(/offer-settings\.json, line \d+, column \d+/);
    expect(await page.getByRole("button", { name: "Publish this candidate" }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it("a good edit shows what moves on the sample book, by how much and on which rule; axe-clean", async () => {
    await editAndCheck(page, dearerWarranty);
    await page.getByText("The check found no problems.").waitFor();
    const sample = page.getByRole("region", { name: "On the sample book" });
    expect(await sample.textContent()).toMatch(
      /Cash Now: \d+ prices? changed: least −\$200, median −\$200, most −\$200/,
    );
    expect(await sample.getByRole("table").textContent()).toContain("cost “warranty”");
    await expectNoAxeViolations(page);
  });

  it("publishing it makes version 1 live, by the analyst, with the note; axe-clean", async () => {
    await page.getByLabel("What changed and why").fill("Warranty costs us $500 now");
    await page.getByRole("button", { name: "Publish this candidate" }).click();
    await page.getByText("Version 1 published: it is live.").waitFor();
    const versions = (await page.getByRole("table").textContent()) ?? "";
    expect(versions).toContain("ana@example.com");
    expect(versions).toContain("Warranty costs us $500 now");
    await expectNoAxeViolations(page);
  });

  it("an upload of the folder's files is compared with the live version; axe-clean", async () => {
    await page
      .getByLabel("Rule files")
      .setInputFiles([{ name: "offer-settings.json", mimeType: "application/json", buffer: Buffer.from(settings) }]);
    await page.getByRole("button", { name: "Check the uploaded files" }).click();
    await page.getByRole("heading", { name: "Candidate", exact: true }).waitFor();
    expect(await page.getByRole("region", { name: "On the sample book" }).textContent()).toContain("most +$200");
    await expectNoAxeViolations(page);
  });

  it("without JavaScript: sign in, check an edit, publish it, and roll back to version 1", async () => {
    const { page: plain, context } = await openPage(browser, { javaScriptEnabled: false });
    plain.setDefaultTimeout(30_000);
    // The next 30-second step: the first test used this one's code, and a code is accepted once.
    await signInStaff(plain, site.url, "ana@example.com", secret, new Date(Date.now() + 30_000));
    await editAndCheck(plain, settings, false);
    await plain.getByLabel("What changed and why").fill("Back to the shipped warranty");
    await plain.getByRole("button", { name: "Publish this candidate" }).click();
    await plain.getByText("Version 2 published: it is live.").waitFor();
    await plain.getByRole("button", { name: "Roll back to version 1" }).click();
    await plain.getByText("Version 3 published: it is live.").waitFor();
    expect(await plain.getByRole("table").textContent()).toContain("Rollback to version 1");
    await context.close();
  });
});
