import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../app/server/config.server";
import { loadKeyring } from "../../app/server/crypto/keyring.server";
import { openDatabase } from "../../app/server/db/client.server";
import { newApplicationReference, recordFinanceApplication } from "../../app/server/financing/applications.server";
import { recordLead } from "../../app/server/leads/record-lead.server";
import { seedIfEmpty } from "../../app/server/seed.server";
import { codeAt } from "../../app/server/staff/totp.server";
import { seedPgliteDataDir } from "../support/databases";
import { expectNoAxeViolations } from "./support/axe";
import { launchBrowser, openPage } from "./support/browser";
import { readManifest } from "./support/bundle-sizes";
import { type RunningSite, serverEntry, startDeskSite } from "./support/server";
import { addStaffWithCli, STAFF_PASSWORD, staffCodeStep, staffPasswordStep } from "./support/staff-sign-in";

const SSN = "123-45-6789";
const ROLES = ["admin", "finance", "sales"] as const;
type Role = (typeof ROLES)[number];

let site: RunningSite;
let browser: Browser;
let dataDir: string;
let reference: string;
/** A dealer system's feed of two cars: the server's pull at start holds it (it would sell most of Brentwood). */
let dealerFeed: Server;
const secrets = new Map<Role, string>();

/** `npm run staff -- add` as an operator runs it: the otpauth URI it prints gives the secret. */
function addWithCli(role: Role): string {
  const { out, secret } = addStaffWithCli(dataDir, `${role}@example.com`, role);
  expect(out).toContain("▄"); // the QR code, drawn in the terminal
  return secret;
}

/** A credit application and a contact lead in the data directory, as the public forms would have stored them. */
async function storeApplication(): Promise<string> {
  const config = loadConfig({ DATA_DIR: dataDir });
  const database = await openDatabase({ dataDir });
  try {
    await seedIfEmpty(database.db);
    const contact = { firstName: "Dana", lastName: "Reyes", email: "dana.reyes@example.com", phone: "(314) 555-0142" };
    const ref = newApplicationReference("full-credit");
    await recordFinanceApplication(
      database.db,
      loadKeyring(config),
      {
        kind: "full-credit",
        reference: ref,
        idempotencyKey: crypto.randomUUID(),
        storeId: "brentwood",
        visitorId: null,
        adfLeadCookie: null,
        lead: { kind: "FULL_CREDIT_APP", user: contact },
        contact,
        personal: {
          user: { ...contact, dateOfBirth: "1990-06-15" },
          ssn: SSN,
          residences: [{ housingStatus: "rent", monthlyRent: 1250, fullAddress: "1200 Market St", city: "St. Louis" }],
          employments: [{ employer: "Gateway Logistics", jobTitle: "Dispatcher", monthlyIncome: 4200 }],
        },
      },
      { messageDomain: "showroom.example" },
    );
    await recordLead(
      database.db,
      {
        idempotencyKey: crypto.randomUUID(),
        storeId: "brentwood",
        lead: { kind: "CONTACT_SALES", user: { ...contact, firstName: "Sam" }, text: "Is the Camry still here?" },
      },
      { messageDomain: "showroom.example" },
    );
    return ref;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "showroom-staff-e2e-"));
  await seedPgliteDataDir(dataDir);
  for (const role of ROLES) secrets.set(role, addWithCli(role));
  reference = await storeApplication();
  dealerFeed = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/csv" });
    res.end(
      "VIN,Stock,Year,Make,Model,Body,Condition,Mileage,Price\n1HGCM82633A004352,E1,2019,Honda,Accord,Sedan,Used,41200,18995\nNOT-A-VIN,E2,2019,Honda,Civic,Sedan,Used,100,15000\n1M8GDM9AXKP042788,E3,2020,Ford,F-150,Truck,Used,20000,30995\n",
    );
  });
  await new Promise<void>((resolve) => dealerFeed.listen(0, "127.0.0.1", resolve));
  [site, browser] = await Promise.all([
    startDeskSite(dataDir, {
      FEED_URL_BRENTWOOD: `http://127.0.0.1:${(dealerFeed.address() as AddressInfo).port}/feed.csv`,
      RELAY_INTERVAL_MS: "200",
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  dealerFeed?.closeAllConnections();
  await new Promise((resolve) => dealerFeed?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const REFUSED = /That did not work\./;

/**
 * Password, then the code of now (or `code`); ends on the page the desk answers with: the desk's home, or the code
 * step saying it did not work. Waited for by what it shows: with JavaScript the code is posted without a new
 * document, so the page's load state said nothing, and a test that went on at once could leave the desk before the
 * sign-in had answered.
 */
async function signIn(page: Page, role: Role, code?: string) {
  await staffPasswordStep(page, site.url, `${role}@example.com`);
  const used = code ?? codeAt(secrets.get(role) ?? "", new Date());
  await staffCodeStep(page, used);
  await page.getByRole("heading", { name: "Staff desk" }).or(page.getByText(REFUSED)).waitFor();
  return used;
}

describe("the staff desk", () => {
  it("an admin signs in without JavaScript, and every admin page is axe-clean", async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false });
    await signIn(page, "admin");
    expect(page.url()).toBe(`${site.url}/staff`);
    await page.getByRole("heading", { name: "Staff desk" }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === "__Host-showroom-staff");
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/" });
    await context.close();

    const withJs = await openPage(browser);
    await withJs.page.goto(`${site.url}/staff/login`);
    await expectNoAxeViolations(withJs.page);
    // The refusal state of the first step.
    await withJs.page.getByLabel("Email").fill("admin@example.com");
    await withJs.page.getByLabel("Password").fill("not the password at all");
    await withJs.page.getByRole("button", { name: "Continue" }).click();
    await withJs.page.getByText(REFUSED).waitFor();
    await expectNoAxeViolations(withJs.page);
    await withJs.context.close();
  });

  it("finance reads an application and reveals its SSN: two audit rows; the leads, lead and CSV work", async () => {
    const { page, context } = await openPage(browser);
    await staffPasswordStep(page, site.url, "finance@example.com");
    await expectNoAxeViolations(page);
    await staffCodeStep(page, codeAt(secrets.get("finance") ?? "", new Date()));
    await page.waitForURL(`${site.url}/staff`);
    await expectNoAxeViolations(page);

    await page.goto(`${site.url}/staff/credit-applications`);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: reference }).click();
    await page.getByRole("heading", { name: `Credit application ${reference}` }).waitFor();
    const masked = (await page.locator("main").textContent()) ?? "";
    expect(masked).toContain("•••-••-6789");
    expect(masked).not.toContain("123-45");
    expect(masked).toContain("Gateway Logistics");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Reveal SSN" }).click();
    await page.getByText(SSN).waitFor();
    expect(page.url()).not.toContain(SSN);
    await expectNoAxeViolations(page);

    await page.goto(`${site.url}/staff/leads`);
    await expectNoAxeViolations(page);
    await page.getByRole("link").filter({ hasText: "UTC" }).first().click();
    await page.getByRole("heading", { name: "The email sent" }).waitFor();
    await expectNoAxeViolations(page);
    const csv = await page.request.get(`${site.url}/staff/leads/export?kind=CONTACT_SALES`);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain("Sam Reyes");
    await context.close();

    // The admin reads the trail: exactly one view and one reveal of this application, by finance.
    const admin = await openPage(browser);
    await signIn(admin.page, "admin", codeAt(secrets.get("admin") ?? "", new Date(Date.now() + 30_000)));
    expect(admin.page.url()).toBe(`${site.url}/staff`);
    await admin.page.goto(`${site.url}/staff/audit?subject=${reference}`);
    const rows = admin.page.locator("tbody tr");
    const texts = await rows.allTextContents();
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/finance@example\.com.*revealed ssn/);
    expect(texts[1]).toMatch(/finance@example\.com.*viewed application/);
    await expectNoAxeViolations(admin.page);
    await admin.page.goto(`${site.url}/staff/audit?action=exported-csv`);
    expect(await rows.count()).toBe(1);
    for (const path of ["/staff/accounts", "/staff/outbox", "/staff/retention", "/staff/listing-feeds"]) {
      await admin.page.goto(`${site.url}${path}`);
      await expectNoAxeViolations(admin.page);
    }
    // The ad feeds page names each store's feeds and what they leave out: the fixtures' private cars among them.
    await admin.page.getByRole("heading", { name: "Confluence Motors Brentwood" }).waitFor();
    expect(
      await admin.page.getByRole("link", { name: /\/feeds\/brentwood\/google-vehicle-listings\.xml$/ }).count(),
    ).toBe(1);
    expect(
      await admin.page.getByText("Private inventory: the site shows it only to shoppers who unlock it.").count(),
    ).toBe(4);

    // The feed the server pulled at start is held (it would sell most of Brentwood): its rejected line and the
    // admin's button, axe-checked; Apply anyway is a plain form post that comes back to the page saying so.
    await admin.page.goto(`${site.url}/staff/inventory-feeds`);
    const apply = admin.page.getByRole("button", { name: /Apply anyway/ });
    // The pull at start may still be running: the page shows it once it is held.
    for (let i = 0; i < 20 && (await apply.count()) === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await admin.page.reload();
    }
    await apply.waitFor();
    expect(await admin.page.getByText("Line 3: vin: VIN must be").count()).toBe(1);
    await expectNoAxeViolations(admin.page);
    await apply.click();
    await admin.page.waitForURL(/\/staff\/inventory-feeds\?applied=\d+$/);
    await admin.page.getByText(/The held feed of pull #\d+ is applied\./).waitFor();
    expect(await admin.page.getByText(/applied anyway by admin@example\.com/).count()).toBe(1);
    expect(await apply.count()).toBe(0);
    await expectNoAxeViolations(admin.page);

    // An admin uploads a feed on the same page (ADR 386): a plain multipart post, answered with its summary and its
    // rejected line, axe-checked.
    await admin.page.getByLabel("Store").selectOption("brentwood");
    await admin.page.getByLabel("The feed lists").selectOption("partial");
    await admin.page.getByLabel("Feed file").setInputFiles({
      name: "desk-upload.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        [
          "VIN,Stock,Year,Make,Model,Trim,Body,Condition,Mileage,Price",
          "1HGCV1F37LA012345,DESK1,2020,Honda,Accord,Sport,Sedan,Used,28000,21995",
          "NOT-A-VIN,DESK2,2020,Honda,Accord,Sport,Sedan,Used,28000,21995",
        ].join("\n"),
      ),
    });
    await admin.page.getByRole("button", { name: "Upload and apply" }).click();
    await admin.page
      .getByText(/desk-upload\.csv is applied \(pull #\d+\): 1 added, 0 updated, 0 sold, 1 rejected\./)
      .waitFor();
    expect(await admin.page.getByText(/^Line 3: vin: /).count()).toBeGreaterThan(0);
    await expectNoAxeViolations(admin.page);
    await admin.context.close();
  });

  it("sales gets 403 on credit applications; a replayed code and a locked account are refused; sign-out ends it", async () => {
    const { page, context } = await openPage(browser);
    const used = await signIn(page, "sales");
    expect(page.url()).toBe(`${site.url}/staff`);
    const forbidden = await page.goto(`${site.url}/staff/credit-applications`);
    expect(forbidden?.status()).toBe(403);
    await page.getByRole("heading", { name: "Not allowed" }).waitFor();
    await expectNoAxeViolations(page);
    await page.goto(`${site.url}/staff/leads`);
    expect(await page.locator("main").textContent()).not.toContain("Full credit application");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${site.url}/staff/login`);
    await page.goto(`${site.url}/staff/leads`);
    expect(page.url()).toBe(`${site.url}/staff/login`);

    // The code that signed in a minute ago, replayed.
    await signIn(page, "sales", used);
    expect(page.url()).toBe(`${site.url}/staff/verify`);
    await page.getByText(REFUSED).waitFor();
    await expectNoAxeViolations(page);

    // Four more failures make five: locked, and the right password and code no longer open it.
    for (let i = 0; i < 4; i++) {
      await page.goto(`${site.url}/staff/login`);
      await page.getByLabel("Email").fill("sales@example.com");
      await page.getByLabel("Password").fill("wrong password, again");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText(REFUSED).waitFor();
    }
    await page.goto(`${site.url}/staff/login`);
    await page.getByLabel("Email").fill("sales@example.com");
    await page.getByLabel("Password").fill(STAFF_PASSWORD);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText(REFUSED).waitFor();
    expect(page.url()).toBe(`${site.url}/staff/login`);
    await context.close();
  });

  it("no desk code reaches a public page's first-load JavaScript", () => {
    const clientDir = join(dirname(dirname(serverEntry())), "client");
    const manifest = readManifest(clientDir);
    const isDesk = (id: string) => id.startsWith("routes/staff-") || id === "layouts/staff";
    const deskModules = Object.values(manifest.routes)
      .filter((r) => isDesk(r.id))
      .map((r) => r.module);
    expect(deskModules.length).toBeGreaterThan(5);
    for (const route of Object.values(manifest.routes)) {
      if (isDesk(route.id) || !route.hasDefaultExport) continue;
      const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
      for (let at: typeof route | undefined = route; at; at = at.parentId ? manifest.routes[at.parentId] : undefined) {
        files.add(at.module);
        for (const imported of at.imports ?? []) files.add(imported);
      }
      for (const file of files) {
        expect(deskModules, `${route.id} loads ${file}`).not.toContain(file);
        const text = readFileSync(join(clientDir, file), "utf8");
        expect(/Staff desk|Reveal SSN|staff\/credit-applications/.test(text), `${route.id}: ${file}`).toBe(false);
      }
    }
  });
});
