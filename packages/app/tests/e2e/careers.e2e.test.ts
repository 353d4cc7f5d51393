// The careers form in a browser (issue 16): with and without JavaScript, hostile résumés refused one by one with the
// spec's "Oops! …" and the file's own message, a good PDF and a good DOCX accepted and attached to the CAREERS email,
// axe clean in every state.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goodDocx, hostileResumes, pdf } from "../../app/server/careers/resume-files.test-support";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser, openPage, postAndLoad, waitForHydration } from "./support/browser";
import { deliveredLead } from "./support/lead-mail";
import { type RunningSite, startSite } from "./support/server";

let site: RunningSite;
let browser: Browser;
let dataDir: string;

const CAREERS = "/our-company/careers";
const OOPS = "Oops! Something went wrong while submitting the form.";
const THANKS = "Thank you! Your submission has been received!";

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "showroom-careers-e2e-"));
  [site, browser] = await Promise.all([
    startSite({ DATA_DIR: dataDir, RELAY_INTERVAL_MS: "200", RATE_LIMIT_POSTS_PER_MINUTE: "1000" }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function fillApplication(page: Page, message: string, file: { name: string; bytes: Buffer }) {
  await page.getByLabel("First name").fill("Casey");
  await page.getByLabel("Last name").fill("Applicant");
  await page.getByLabel("Email").fill("casey.applicant@example.com");
  await page.getByLabel("Mobile phone").fill("(314) 555-0177");
  await page.locator("#field-position").selectOption("finance-manager-brentwood");
  await page.getByLabel("Message (optional)").fill(message);
  const mimeType = file.name.endsWith(".docx")
    ? "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    : file.name.endsWith(".svg")
      ? "image/svg+xml"
      : "application/pdf";
  await page.locator("#field-resume").setInputFiles({ name: file.name, mimeType, buffer: file.bytes });
}

function attachmentOf(marker: string): string {
  for (const file of readdirSync(join(dataDir, "mail")).filter((f) => f.endsWith(".eml"))) {
    const raw = readFileSync(join(dataDir, "mail", file), "latin1");
    if (raw.includes(marker)) return raw;
  }
  return "";
}

describe("the careers form", () => {
  it("an opening's Apply now chooses its position in the form (no more mailto)", async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${site.url}${CAREERS}`);
    expect(await page.locator('a[href^="mailto:"]').count()).toBe(0);
    await page.locator('a[href="?position=finance-manager-brentwood#apply"]').click();
    expect(await page.locator("#field-position").inputValue()).toBe("finance-manager-brentwood");
    await context.close();
  });

  it("without JavaScript: each hostile file is refused with Oops and its message, then a PDF is attached to the lead", async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(`${site.url}${CAREERS}`);
    await page.getByRole("button", { name: "Submit application" }).click();
    await page.getByText(OOPS).waitFor();
    expect(await page.getByText("Attach your resume.", { exact: true }).isVisible()).toBe(true);
    // Files whose names a browser keeps (path parts and control characters are refused in tests/server/careers).
    for (const file of hostileResumes().filter((f) => !/file name/.test(f.what))) {
      await fillApplication(page, `Hostile ${file.what}`, file);
      const answer = await postAndLoad(
        page,
        () => page.getByRole("button", { name: "Submit application" }).click(),
        CAREERS,
      );
      expect(answer.status(), file.what).toBe(400);
      expect(await page.getByText(OOPS).isVisible(), file.what).toBe(true);
      expect(await page.locator("#field-resume-error").textContent(), file.what).toMatch(/resume|file/i);
    }
    await fillApplication(page, "No-JS application with a PDF", { name: "casey.pdf", bytes: pdf("Casey, PDF") });
    const accepted = await postAndLoad(
      page,
      () => page.getByRole("button", { name: "Submit application" }).click(),
      CAREERS,
    );
    expect(accepted.status()).toBe(303);
    expect(await page.getByRole("status").filter({ hasText: THANKS }).isVisible()).toBe(true);
    await deliveredLead(dataDir, (text) => text.includes("No-JS application with a PDF"), "with the PDF");
    const raw = attachmentOf("No-JS application with a PDF");
    expect(raw).toMatch(/filename="?resume\.pdf"?/);
    await context.close();
  });

  it("with JavaScript a DOCX application is sent without a full page load and attached to the lead", async () => {
    const { page, errors } = await openPage(browser);
    await page.goto(`${site.url}${CAREERS}`);
    await waitForHydration(page, "form");
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    const macros = hostileResumes().find((f) => f.what === "a DOCX carrying macros");
    if (!macros) throw new Error("no macro DOCX");
    await fillApplication(page, "JS application, refused first", macros);
    await page.getByRole("button", { name: "Submit application" }).click();
    await page.getByText(OOPS).waitFor();
    await fillApplication(page, "JS application with a DOCX", { name: "casey.docx", bytes: goodDocx("Casey, DOCX") });
    await page.getByRole("button", { name: "Submit application" }).click();
    await page.getByRole("status").filter({ hasText: THANKS }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await deliveredLead(dataDir, (text) => text.includes("JS application with a DOCX"), "with the DOCX");
    expect(attachmentOf("JS application with a DOCX")).toMatch(/filename="?resume\.docx"?/);
    // The refused submit's 400 is the browser's note on that response; nothing else may have gone wrong.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });

  it("the careers page has no axe violations (WCAG 2.2 AA): empty, refused, and after success, with and without scripts", async () => {
    for (const stripScripts of [false, true]) {
      const { page, context } = await openPage(browser, { stripScripts });
      await page.goto(`${site.url}${CAREERS}`);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Submit application" }).click();
      await page.getByText(OOPS).waitFor();
      await expectNoAxeViolations(page);
      await fillApplication(page, `Axe ${stripScripts}`, { name: "cv.pdf", bytes: pdf() });
      await page.getByRole("button", { name: "Submit application" }).click();
      await page.getByRole("status").filter({ hasText: THANKS }).waitFor();
      await expectNoAxeViolations(page);
      await context.close();
    }
  });
});
