// Logs never carry personal data (issue 12): every form is posted while the database refuses its rows with an error
// that quotes the whole row (a trigger raising `row_to_json(NEW)`, the worst a database error can say). The server
// answers 503 without a 5xx page of its own making, and its output holds none of what the shopper typed.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../support/databases";
import { firstOpenSlot } from "../support/slots";
import { childSiteEachTest } from "./support/child-site";
import { APPLICANT, Browser, lastTextedCode, wholeApplication } from "./support/financing";

/** Personal data of the posts below, distinctive enough to find anywhere in the output. */
const PERSON = {
  firstName: "Quentina",
  lastName: "Zarkovsky",
  email: "q.zarkovsky@example.org",
  phone: "(314) 555-0187",
  phoneDigits: "3145550187",
  message: "Please call me about the Tacoma, my budget is tight",
};
const FAILING_PHONE = "3145550100";
const VIN = "WMWWJ9C03M2387500";

const LEAKS = [
  PERSON.firstName,
  PERSON.lastName,
  PERSON.email,
  PERSON.phoneDigits,
  "555-0187",
  PERSON.message,
  APPLICANT.ssn,
  APPLICANT.ssnDigits,
  APPLICANT.dateOfBirth,
  APPLICANT.incomeNumber,
  APPLICANT.street,
  FAILING_PHONE,
];

/** Triggers that refuse every lead, draft and the failing number's code, quoting the row they refuse. */
const REFUSE_ROWS = [
  sql`create function refuse_row() returns trigger language plpgsql as $$
    begin raise exception 'refused row %', row_to_json(NEW)::text; end $$`,
  sql`create trigger refuse_leads before insert on leads for each row execute function refuse_row()`,
  sql`create trigger refuse_drafts before insert on finance_application_drafts for each row execute function refuse_row()`,
  sql.raw(
    `create trigger refuse_codes before insert on phone_verifications for each row when (NEW.phone = '${FAILING_PHONE}') execute function refuse_row()`,
  ),
];

const details = {
  firstName: PERSON.firstName,
  lastName: PERSON.lastName,
  email: PERSON.email,
  phone: PERSON.phone,
};

describe.each(testDatabaseKinds())("forms whose rows the database refuses, on %s", (kind) => {
  const startSite = childSiteEachTest(kind);

  it("every form answers without a 5xx of its own and the server's output holds nothing the shopper typed", async () => {
    const { data, server: running } = await startSite((site) =>
      site.withDatabase(async (db) => {
        for (const statement of REFUSE_ROWS) await db.execute(statement);
      }),
    );
    const key = () => ({ idempotencyKey: randomUUID(), website: "" });
    const posts: [string, Record<string, string>][] = [
      ["/contact-us", { ...key(), ...details, topic: "2", message: PERSON.message }],
      ["/unlock-inventory", { ...key(), ...details, return: "/cars-for-sale" }],
      [`/schedule-test-drive/${VIN}`, { ...key(), ...details, intent: "confirm", ...firstOpenSlot() }],
      [
        `/personalize-price/${VIN}`,
        {
          ...key(),
          ...details,
          intent: "journey",
          cashDown: "2000",
          trading: "no",
          tradeEquity: "0",
          creditScore: "720",
          termMonths: "48",
        },
      ],
      ["/auto-financing/full-credit-application", wholeApplication(PERSON.lastName)],
      [
        "/auto-financing/full-credit-application",
        { intent: "continue", "user.firstName": PERSON.firstName, ssn: APPLICANT.ssn },
      ],
      ["/api/customer/phoneValidation", { type: "phone-validation", phone: FAILING_PHONE }],
    ];
    const statuses: Record<string, number> = {};
    for (const [path, fields] of posts) {
      const answer = await new Browser(running.url).post(path, fields);
      statuses[`${path} ${fields.intent ?? fields.type ?? ""}`] = answer.status;
      expect(answer.status, `${path}: ${answer.body.slice(0, 200)}`).not.toBe(500);
      expect(answer.status, path).toBeLessThan(600);
    }
    // The pre-approval, with its phone verified first (codes for this number are stored), fails at its lead.
    const shopper = new Browser(running.url);
    const preApproval = "/auto-financing/apply-for-financing";
    expect((await shopper.post(preApproval, { intent: "send-code", phone: PERSON.phone })).status).toBe(200);
    const code = lastTextedCode(data.dataDir, PERSON.phoneDigits);
    expect((await shopper.post(preApproval, { intent: "verify-code", phone: PERSON.phone, code })).status).toBe(200);
    const refused = await shopper.post(preApproval, {
      ...key(),
      ...details,
      "address.street": APPLICANT.street,
      "address.city": "St. Louis",
      "address.regioncode": "MO",
      "address.postalcode": "63103",
    });
    expect(refused.status).toBe(503);
    expect(refused.body).toContain("We couldn’t send your details");

    // Every database refusal was logged, and none of the logs says what was typed.
    const output = running.output();
    expect(output).toMatch(/database error P0001/);
    for (const leak of LEAKS) expect(output, `the output mentions ${leak}`).not.toContain(leak);
    // The lead forms that report failures say so with 503 (the journeys' own failure states answer as their pages do).
    expect(statuses["/contact-us "]).toBe(503);
    expect(statuses["/auto-financing/full-credit-application submit"]).toBe(503);
    expect(statuses["/auto-financing/full-credit-application continue"]).toBe(503);
    expect(statuses["/api/customer/phoneValidation phone-validation"]).toBe(503);
  }, 180_000);
});
