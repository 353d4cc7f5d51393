// The financing journeys over HTTP against the built server: the pre-approval's phone verification and submit, the
// full credit application's single POST, receipts, and the headers of pages that hold a visitor's details.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../support/databases";
import { APPLICANT, Browser, creditSteps, lastTextedCode, wholeApplication } from "./support/financing";
import { siteForFile } from "./support/site-for-file";

const site = siteForFile({ RATE_LIMIT_POSTS_PER_MINUTE: "100000" });

const PRE_APPROVAL = "/auto-financing/apply-for-financing";
const FULL_CREDIT = "/auto-financing/full-credit-application";

async function counts() {
  const [row] = rowsOf<{ leads: string; outbox: string; applications: string }>(
    await site.database.db.execute(sql`select (select count(*) from leads) as leads, (select count(*) from outbox) as outbox,
      (select count(*) from finance_applications) as applications`),
  );
  return { leads: Number(row?.leads), outbox: Number(row?.outbox), applications: Number(row?.applications) };
}

function preApprovalFields(lastName: string, phone: string): Record<string, string> {
  return {
    idempotencyKey: randomUUID(),
    website: "",
    firstName: "Dana",
    lastName,
    email: `dana.${lastName.toLowerCase()}@example.com`,
    phone,
    "address.street": "1200 Market St",
    "address.city": "St. Louis",
    "address.regioncode": "MO",
    "address.postalcode": "63103",
    comments: "",
  };
}

describe("POST /api/customer/phoneValidation", () => {
  it("answers JSON in the spec's words for a missing phone, a bad phone, a missing or short code", async () => {
    const browser = new Browser(site.url);
    const ask = async (fields: Record<string, string>) => {
      const answer = await browser.post("/api/customer/phoneValidation", fields);
      return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
    };
    expect(await ask({ type: "phone-validation" })).toEqual({
      status: 400,
      body: { success: false, error: "Phone number is required", field: "phone" },
    });
    expect((await ask({ type: "phone-validation", phone: "+44 20 7946 0958" })).body.error).toBe(
      "Phone number is invalid by regex",
    );
    expect((await ask({ type: "code-verification", phone: "314-555-0142" })).body.error).toBe("Code is required");
    expect((await ask({ type: "code-verification", phone: "314-555-0142", code: "12-34" })).body.error).toBe(
      "Code must be 6 digits",
    );
  });

  it("takes JSON too, refuses another origin, and never sends when the honeypot is filled", async () => {
    const json = await fetch(`${site.url}/api/customer/phoneValidation`, {
      method: "POST",
      headers: { Origin: site.url, "Content-Type": "application/json" },
      body: JSON.stringify({ type: "phone-validation", phone: "(314) 555-0161" }),
    });
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({ success: true });
    expect(json.headers.get("Cache-Control")).toBe("private, no-store");
    const foreign = await fetch(`${site.url}/api/customer/phoneValidation`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify({ type: "phone-validation", phone: "(314) 555-0162" }),
    });
    expect(foreign.status).toBe(403);
    const trapped = await new Browser(site.url).post("/api/customer/phoneValidation", {
      type: "phone-validation",
      phone: "(314) 555-0163",
      website: "https://spam.example",
    });
    expect(JSON.parse(trapped.body)).toMatchObject({ success: true });
    expect(() => lastTextedCode(site.config.DATA_DIR, "3145550163")).toThrow();
  });
});

describe("the pre-approval", () => {
  it("refuses a submit whose phone was not verified with 400 and stores nothing; verified, it is received once", async () => {
    const browser = new Browser(site.url);
    const fields = preApprovalFields("Verified", "(314) 555-0164");
    const before = await counts();
    const unverified = await browser.post(PRE_APPROVAL, fields);
    expect(unverified.status).toBe(400);
    expect(unverified.body).toContain("Verify your phone number with the code we text you");
    expect(await counts()).toEqual(before);

    expect((await browser.post(PRE_APPROVAL, { intent: "send-code", phone: fields.phone ?? "" })).status).toBe(200);
    const code = lastTextedCode(site.config.DATA_DIR, "3145550164");
    const verified = await browser.post(PRE_APPROVAL, { intent: "verify-code", phone: fields.phone ?? "", code });
    expect(verified.status).toBe(200);
    // Another number than the one verified is not verified.
    expect((await browser.post(PRE_APPROVAL, { ...fields, phone: "(314) 555-0165" })).status).toBe(400);
    const accepted = await browser.post(PRE_APPROVAL, fields);
    expect(accepted.status).toBe(303);
    const location = accepted.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/auto-financing\/apply-for-financing\?received=PA-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await counts()).toEqual({
      leads: before.leads + 1,
      outbox: before.outbox + 1,
      applications: before.applications + 1,
    });
    // A double submit of the same form makes nothing more and lands on the same receipt.
    const again = await browser.post(PRE_APPROVAL, fields);
    expect(again.headers.get("Location")).toBe(location);
    expect((await counts()).applications).toBe(before.applications + 1);
    // The receipt is this visitor's: another browser with the link sees the form.
    const receipt = await browser.get(location);
    expect(receipt.body.includes(location.split("=")[1] ?? "?")).toBe(true);
    expect(receipt.headers.get("Cache-Control")).toBe("private, no-store");
    expect(receipt.body.includes("You’re on your way, Dana")).toBe(true);
    const stranger = await new Browser(site.url).get(location);
    expect(stranger.body.includes("You’re on your way, Dana")).toBe(false);
    expect(stranger.body.includes('name="firstName"')).toBe(true);
  });
});

describe("a pre-approval with the estimator's figures (ADR 375)", () => {
  it("keeps its cash down, trade, credit band and term as the shopper's numbers, only with functional consent", async () => {
    const figures = {
      price: "4795",
      vehicleYear: "2016",
      cashDown: "2000",
      tradeEquity: "0",
      creditScore: "450",
      termMonths: "72",
    };
    const apply = async (allowed: string | null, lastName: string, phone: string, digits: string) => {
      const browser = new Browser(site.url);
      if (allowed) browser.cookies.set("allowCookies", encodeURIComponent(allowed));
      expect((await browser.post(PRE_APPROVAL, { intent: "send-code", phone })).status).toBe(200);
      const code = lastTextedCode(site.config.DATA_DIR, digits);
      expect((await browser.post(PRE_APPROVAL, { intent: "verify-code", phone, code })).status).toBe(200);
      expect((await browser.post(PRE_APPROVAL, { ...preApprovalFields(lastName, phone), ...figures })).status).toBe(
        303,
      );
      return browser;
    };
    const kept = await apply("essential,functional", "Numbers", "(314) 555-0171", "3145550171");
    expect(kept.cookies.get("shopperNumbers")).toBe("2000.0.400.72");
    expect((await kept.get("/auto-financing")).body).toContain(
      "Every payment on our site uses your numbers: $2,000 down, no trade-in, credit 400–499.",
    );
    const notKept = await apply("essential,analytics", "Nonumbers", "(314) 555-0172", "3145550172");
    expect(notKept.cookies.has("shopperNumbers")).toBe(false);
  });
});

describe("a pre-approval from a car", () => {
  it("carries the car to its lead, its receipt and the full application that follows, so neither lead is sent without it", async () => {
    const vin = "WMWWJ9C03M2387500";
    const browser = new Browser(site.url);
    const form = await browser.get(`${PRE_APPROVAL}?vin=${vin}`);
    expect(form.body).toContain(`name="vin" value="${vin}"`);
    const fields: Record<string, string> = { ...preApprovalFields("Carfirst", "(314) 555-0166"), vin };
    expect((await browser.post(PRE_APPROVAL, { intent: "send-code", phone: fields.phone ?? "" })).status).toBe(200);
    const code = lastTextedCode(site.config.DATA_DIR, "3145550166");
    expect((await browser.post(PRE_APPROVAL, { intent: "verify-code", phone: fields.phone ?? "", code })).status).toBe(
      200,
    );
    const accepted = await browser.post(PRE_APPROVAL, fields);
    expect(accepted.status).toBe(303);
    const location = accepted.headers.get("Location") ?? "";
    expect(location).toMatch(new RegExp(`^/auto-financing/apply-for-financing\\?received=PA-[0-9A-Z-]+&vin=${vin}$`));
    const [lead] = rowsOf<{ vin: string | null }>(
      await site.database.db.execute(sql`select vin from leads where payload->'user'->>'lastName' = 'Carfirst'`),
    );
    expect(lead?.vin).toBe(vin);
    const receipt = await browser.get(location);
    expect(receipt.body).toContain(`href="${FULL_CREDIT}?vin=${vin}"`);
  });
});

describe("the full credit application", () => {
  it("takes the whole application in one POST (the JavaScript stepper's), with the lead carrying only a reference", async () => {
    const browser = new Browser(site.url);
    const answer = await browser.post(FULL_CREDIT, wholeApplication("Onepost"));
    expect(answer.status, answer.body.slice(0, 300)).toBe(303);
    const reference = /received=(FC-[0-9A-Z-]+)/.exec(answer.headers.get("Location") ?? "")?.[1];
    expect(reference).toBeDefined();
    const [lead] = rowsOf<{ payload: unknown }>(
      await site.database.db.execute(sql`select payload from leads where payload->'user'->>'lastName' = 'Onepost'`),
    );
    const payload = JSON.stringify(lead?.payload);
    expect(payload).toContain(reference);
    for (const secret of [
      APPLICANT.ssn,
      APPLICANT.ssnDigits,
      APPLICANT.dateOfBirth,
      APPLICANT.incomeNumber,
      APPLICANT.street,
    ]) {
      expect(payload).not.toContain(secret);
    }
    const page = await browser.get(answer.headers.get("Location") ?? "");
    expect(page.body).toContain("Application received");
    expect(page.body).toContain(reference);
  });

  it("a refused single POST answers 400 with the step its first message belongs to, and stores nothing", async () => {
    const before = await counts();
    const fields = wholeApplication("Refused");
    const answer = await new Browser(site.url).post(FULL_CREDIT, { ...fields, "employments[0].monthlyIncome": "lots" });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Step 3 of 5");
    expect(answer.body).toContain("Enter an amount in dollars, like 1,250.50.");
    const noConsent = await new Browser(site.url).post(FULL_CREDIT, { ...fields, esignConsent: "" });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body).toContain("Agree to the Electronic Signature Disclosure");
    expect(await counts()).toEqual(before);
  });

  it("takes a co-borrower at the applicant's address without residences of their own, and refuses one with the applicant's SSN", async () => {
    const coBorrower = {
      "coBorrower.applying": "yes",
      "coBorrower.user.firstName": "Sam",
      "coBorrower.user.lastName": "Reyes",
      "coBorrower.user.email": "sam.reyes@example.com",
      "coBorrower.user.phone": "(314) 555-0177",
      "coBorrower.user.dateOfBirth": "1985-09-09",
      "coBorrower.ssn": "234-56-7890",
      "coBorrower.sameAddress": "yes",
      "coBorrower.employments[0].incomeType": "retired",
      "coBorrower.employments[0].monthlyIncome": "1,900",
      "coBorrower.employments[0].years": "6",
      "coBorrower.employments[0].months": "0",
    };
    const before = await counts();
    const together = await new Browser(site.url).post(FULL_CREDIT, { ...wholeApplication("Together"), ...coBorrower });
    expect(together.status, together.body.slice(0, 200)).toBe(303);
    expect((await counts()).applications).toBe(before.applications + 1);
    const sameSsn = await new Browser(site.url).post(FULL_CREDIT, {
      ...wholeApplication("Twins"),
      ...coBorrower,
      "coBorrower.ssn": APPLICANT.ssn,
    });
    expect(sameSsn.status).toBe(400);
    expect(sameSsn.body).toContain("Step 4 of 5");
    expect(sameSsn.body).toContain("Social Security number must differ from the applicant");
  });

  it("without JavaScript, step by step on a sealed draft, the VIN of the vehicle page it came from reaches the lead", async () => {
    const vin = "WMWWJ9C03M2387500";
    const browser = new Browser(site.url);
    const page = await browser.get(`${FULL_CREDIT}?vin=${vin}`);
    expect(page.body).toContain(`name="vin" value="${vin}"`);
    const steps = creditSteps("Carried");
    const answers: [string, Record<string, string>][] = [
      ["continue", { ...steps.applicant, vin }],
      ["continue", steps.residence],
      ["continue", steps.employment],
      ["continue", steps.coBorrower],
      ["submit", steps.review],
    ];
    for (const [intent, fields] of answers)
      expect((await browser.post(FULL_CREDIT, { intent, ...fields })).status).toBe(303);
    expect(browser.urls.at(-1)).toMatch(/received=FC-/);
    const [lead] = rowsOf<{ vin: string | null }>(
      await site.database.db.execute(sql`select vin from leads where payload->'user'->>'lastName' = 'Carried'`),
    );
    expect(lead?.vin).toBe(vin);
  });

  it("a button without a known intent is not this form: 400, nothing kept", async () => {
    const answer = await new Browser(site.url).post(FULL_CREDIT, { intent: "delete-everything" });
    expect(answer.status).toBe(400);
  });

  it("pages holding a visitor's details answer Cache-Control: private, no-store", async () => {
    const vin = "WMWWJ9C03M2387500";
    for (const path of [
      FULL_CREDIT,
      PRE_APPROVAL,
      `/personalize-price/${vin}`,
      `/schedule-test-drive/${vin}`,
      "/unlock-inventory",
    ]) {
      const answer = await new Browser(site.url).get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });
});
