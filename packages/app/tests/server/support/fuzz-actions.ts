// Every action of the site for the action fuzz (action-fuzz.ts): how to post to it, what an accepted post may
// write, and which test file's group fuzzes it. The scan of the route modules keeps the table whole.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { openSlotsNow } from "../../support/slots";
import { APP_DIR } from "./built-server";
import type { FieldValue } from "./payloads";
import {
  SELL_ANSWER_SETS,
  SELL_FIELDS,
  sellDetails,
  sellFirstValues,
  sellVehicle,
  visitSlotsNow,
} from "./sell-payloads";

export interface ActionUnderTest {
  path: string;
  fields: readonly string[];
  /** Forms the action accepts. */
  valid: fc.Arbitrary<Record<string, string>>;
  /** Whether an accepted post may write rows (a lead); the other actions only set cookies. */
  writesLeads: boolean;
  /** Steps before a lead (test drive) may save the visitor's journey: one visitors row and no lead. */
  savesJourney?: boolean;
  /** Which accepted posts must have made a lead (default: every one); the others are steps of a journey. */
  makesLead?: (entries: readonly [string, FieldValue][]) => boolean;
  /**
   * A staff desk action: without a (pending) session, which no fuzzed post has, it is refused before its body means
   * anything, with a redirect to the sign-in (303, or React Router's 202 for a data request).
   */
  signInRequired?: boolean;
  /** The cookie of the browser the action belongs to (the offer's maker), sent when the fuzzed post carries none. */
  ownerCookie?: () => string;
  /** An accepted post may queue one alert email (the alert form's confirmation), and no lead. */
  queuesAlertEmail?: boolean;
}

/** The value a form parser reads for `name`: the first one posted. */
export function firstValue(entries: readonly [string, FieldValue][], name: string): FieldValue | undefined {
  return entries.find(([key]) => key === name)?.[1];
}

/** Whether an answer is the desk's refusal of a post without a session: to the sign-in, nothing read. */
export function sentToSignIn(answer: { status: number; headers: Headers; body: string }): boolean {
  if (answer.status === 303) return answer.headers.get("location") === "/staff/login";
  return answer.status === 202 && answer.body.includes("/staff/login");
}

/** A public vehicle of the fixture inventory, and the slots its store offers now (as the forms post them). */
const TEST_DRIVE_VIN = "WMWWJ9C03M2387500";
const testDriveSlotsNow = () =>
  openSlotsNow().flatMap((day) => day.times.map((iso) => ({ date: day.date, time: iso.slice(11, 16) })));
const contactDetails = fc.record({
  firstName: fc.constantFrom("Dana", "José", "Mary-Kate"),
  lastName: fc.constantFrom("Reyes", "O'Neil", "Nguyễn"),
  email: fc.constantFrom("dana.reyes@example.com", "j.o@mail.example.org"),
  phone: fc.constantFrom("(314) 555-0142", "+1 636 555 0199", "3145550142"),
});

/** An offer made in the fuzz server's `beforeAll`, whose page takes the visit form, and its maker's cookie. */
let offerPage = "";
let offerOwnerCookie = "";

/** Sets the offer the visit form's fuzz posts to (serverForFuzz makes it once its server is up). */
export function useOfferForFuzz(page: string, ownerCookie: string): void {
  offerPage = page;
  offerOwnerCookie = ownerCookie;
}

/** The fields every single-step lead form posts: its key, the honeypot and the contact details. */
const LEAD_FORM_FIELDS = ["idempotencyKey", "website", "firstName", "lastName", "email", "phone"] as const;

/** Every route module with an action, by file under app/: the scan below fails when one is missing here. */
export const ACTIONS: Record<string, ActionUnderTest> = {
  "routes/contact-us.tsx": {
    path: "/contact-us",
    fields: [...LEAD_FORM_FIELDS, "topic", "message"],
    valid: fc
      .record({
        idempotencyKey: fc.uuid({ version: 4 }),
        firstName: fc.constantFrom("Dana", "José", "Mary-Kate"),
        lastName: fc.constantFrom("Reyes", "O'Neil", "Nguyễn"),
        email: fc.constantFrom("dana.reyes@example.com", "j.o@mail.example.org"),
        phone: fc.constantFrom("(314) 555-0142", "+1 636 555 0199", "3145550142"),
        topic: fc.integer({ min: 1, max: 7 }).map(String),
        message: fc.string({ minLength: 1, maxLength: 300 }).filter((m) => m.trim() !== ""),
      })
      .map((form) => ({ ...form, website: "" })),
    writesLeads: true,
  },
  // Fuzzed without a résumé (a refused form) and with the files formPayload adds; tests/server/careers.test.ts posts
  // good and hostile résumés.
  "routes/careers.tsx": {
    path: "/our-company/careers",
    fields: [...LEAD_FORM_FIELDS, "position", "message", "resume"],
    valid: fc
      .record({
        idempotencyKey: fc.uuid({ version: 4 }),
        position: fc.constantFrom("finance-manager-brentwood", "general"),
        message: fc.string({ maxLength: 300 }),
      })
      .chain((form) => contactDetails.map((details) => ({ ...form, ...details, website: "" }))),
    writesLeads: true,
  },
  "routes/team-member.tsx": {
    path: "/our-company/meet-our-team/grace-liu",
    fields: [...LEAD_FORM_FIELDS, "message"],
    valid: fc
      .record({
        idempotencyKey: fc.uuid({ version: 4 }),
        message: fc.string({ minLength: 1, maxLength: 300 }).filter((m) => m.trim() !== ""),
      })
      .chain((form) => contactDetails.map((details) => ({ ...form, ...details, website: "" }))),
    writesLeads: true,
  },
  "routes/schedule-test-drive.tsx": {
    path: `/schedule-test-drive/${TEST_DRIVE_VIN}`,
    fields: ["intent", "date", "time", "idempotencyKey", "website", "firstName", "lastName", "email", "phone", "via"],
    valid: fc.oneof(
      fc.constant({ intent: "back" }),
      fc.constantFrom(...testDriveSlotsNow()).map(({ date }) => ({ intent: "day", date })),
      fc.constantFrom(...testDriveSlotsNow()).map((slot) => ({ intent: "time", ...slot })),
      fc
        .record({
          slot: fc.constantFrom(...testDriveSlotsNow()),
          details: contactDetails,
          key: fc.uuid({ version: 4 }),
        })
        .map(({ slot, details, key }) => ({
          intent: "confirm",
          ...slot,
          ...details,
          idempotencyKey: key,
          website: "",
        })),
    ),
    writesLeads: true,
    savesJourney: true,
    makesLead: (entries) => firstValue(entries, "intent") === "confirm",
  },
  "routes/personalize-price.tsx": {
    path: `/personalize-price/${TEST_DRIVE_VIN}`,
    fields: ["intent", "step", "cashDown", "trading", "tradeEquity", "creditScore", "termMonths", ...LEAD_FORM_FIELDS],
    valid: fc.oneof(
      fc.record({
        step: fc.constant("downPayment"),
        intent: fc.constantFrom("next", "back"),
        cashDown: fc.constant("2500"),
      }),
      fc.record({
        step: fc.constant("tradeIn"),
        intent: fc.constantFrom("next", "back"),
        trading: fc.constantFrom("yes", "no"),
      }),
      fc.record({
        step: fc.constant("creditScore"),
        intent: fc.constant("next"),
        creditScore: fc.constant("700"),
        termMonths: fc.constant("60"),
      }),
      fc.constant({ step: "done", intent: "restart" }),
      fc
        .record({ details: contactDetails, key: fc.uuid({ version: 4 }), trading: fc.constantFrom("yes", "no") })
        .map(({ details, key, trading }) => ({
          intent: "journey",
          cashDown: "2000",
          trading,
          tradeEquity: "3000",
          creditScore: "720",
          termMonths: "48",
          ...details,
          idempotencyKey: key,
          website: "",
        })),
    ),
    writesLeads: true,
    savesJourney: true,
    // Only the dialog's whole journey always saves; a contact-step post saves only when the journey is at contact.
    makesLead: (entries) => firstValue(entries, "intent") === "journey",
  },
  "routes/unlock-inventory.tsx": {
    path: "/unlock-inventory",
    fields: [...LEAD_FORM_FIELDS, "return"],
    valid: fc
      .record({ details: contactDetails, key: fc.uuid({ version: 4 }), back: fc.constantFrom("/", "/cars-for-sale") })
      .map(({ details, key, back }) => ({ ...details, idempotencyKey: key, website: "", return: back })),
    writesLeads: true,
  },
  "routes/saved-vehicles.tsx": {
    path: "/saved-vehicles",
    fields: ["vin", "intent", "returnTo"],
    valid: fc.record({
      vin: fc.constantFrom(TEST_DRIVE_VIN, TEST_DRIVE_VIN.toLowerCase()),
      intent: fc.constantFrom("save", "remove"),
      returnTo: fc.constantFrom("/", "/cars-for-sale", "/saved-vehicles", ""),
    }),
    // A first save makes the visitor's row (and the saved row, which is not counted): never a lead.
    writesLeads: true,
    savesJourney: true,
    makesLead: () => false,
  },
  // The estimator's "Use these numbers" / "Forget my numbers" (ADR 375): a cookie at most, never a row.
  "routes/auto-financing.tsx": {
    path: "/auto-financing",
    fields: ["intent", "cashDown", "tradeEquity", "creditScore", "termMonths", "price", "vehicleYear"],
    valid: fc.oneof(
      fc.record({
        intent: fc.constant("save"),
        cashDown: fc.integer({ min: 0, max: 200 }).map((n) => String(n * 100)),
        tradeEquity: fc.integer({ min: 0, max: 200 }).map((n) => String(n * 100)),
        creditScore: fc.integer({ min: 40, max: 85 }).map((n) => String(n * 10)),
        termMonths: fc.constantFrom("12", "24", "36", "48", "60", "72"),
      }),
      fc.record({ intent: fc.constant("forget") }),
    ),
    writesLeads: false,
  },
  "routes/alerts-new.tsx": {
    path: "/alerts",
    fields: ["idempotencyKey", "website", "email", "search", "vin"],
    valid: fc.oneof(
      fc.record({
        idempotencyKey: fc.uuid({ version: 4 }),
        website: fc.constant(""),
        email: fc.constantFrom("dana.reyes@example.com", "j.o@mail.example.org"),
        search: fc.constantFrom("/cars-for-sale", "/used-cars-for-sale", "/cars-for-sale/suvs"),
      }),
      fc.record({
        idempotencyKey: fc.uuid({ version: 4 }),
        website: fc.constant(""),
        email: fc.constantFrom("dana.reyes@example.com"),
        vin: fc.constantFrom(TEST_DRIVE_VIN, TEST_DRIVE_VIN.toLowerCase()),
      }),
    ),
    writesLeads: false,
    queuesAlertEmail: true,
  },
  // A well-formed token that names no alert: every post is answered 4xx and changes nothing.
  "routes/alert.tsx": {
    path: `/alerts/manage/${"A".repeat(43)}`,
    fields: ["intent", "alert", "List-Unsubscribe"],
    valid: fc.oneof(
      fc.record({ intent: fc.constantFrom("confirm", "unsubscribe") }),
      fc.record({ "List-Unsubscribe": fc.constant("One-Click") }),
      fc.record({ intent: fc.constant("unsubscribe"), alert: fc.uuid({ version: 4 }) }),
    ),
    writesLeads: false,
  },
  "routes/your-vehicle.tsx": {
    path: "/sell-trade-my-car/your-vehicle",
    fields: SELL_FIELDS,
    valid: fc.oneof(
      fc
        .record({ vehicle: sellVehicle, details: sellDetails })
        .map(({ vehicle, details }) => ({ intent: "vin" in vehicle ? "vin" : "choice", ...vehicle, ...details })),
      fc.constantFrom<Record<string, string>>(
        { intent: "confirm" },
        { intent: "back" },
        { intent: "rewind" },
        { intent: "restart" },
        { intent: "answers", step: "0", q100: "fair" },
      ),
      fc
        .record({
          vehicle: sellVehicle,
          details: sellDetails,
          answers: fc.constantFrom(...SELL_ANSWER_SETS),
          contact: contactDetails,
          key: fc.uuid({ version: 4 }),
        })
        .map(({ vehicle, details, answers, contact, key }) => ({
          intent: "offer",
          ...vehicle,
          ...details,
          ...sellFirstValues(answers),
          ...contact,
          idempotencyKey: key,
          website: "",
        })),
    ),
    writesLeads: true,
    savesJourney: true,
    // A step saves the visitor's journey; the whole journey in one post makes the offer and its lead.
    makesLead: (entries) => firstValue(entries, "intent") === "offer",
  },
  "routes/sell-offer.tsx": {
    get path() {
      return offerPage;
    },
    fields: ["intent", "slot", "idempotencyKey", "website"],
    valid: fc
      .record({ slot: fc.constantFrom(...visitSlotsNow()), key: fc.uuid({ version: 4 }) })
      .map(({ slot, key }) => ({ intent: "visit", slot, idempotencyKey: key, website: "" })),
    writesLeads: true,
    // Only the browser that made the offer may book it: posts with other cookies are strangers, refused with 403.
    ownerCookie: () => offerOwnerCookie,
  },
  "routes/apply-for-financing.tsx": {
    path: "/auto-financing/apply-for-financing",
    fields: [
      "intent",
      "code",
      ...LEAD_FORM_FIELDS,
      "address.street",
      "address.apartment",
      "address.city",
      "address.regioncode",
      "address.postalcode",
      "comments",
      "vin",
      "price",
      "cashDown",
      "creditScore",
    ],
    valid: fc.oneof(
      fc.record({ details: contactDetails, key: fc.uuid({ version: 4 }) }).map(({ details, key }) => ({
        ...details,
        idempotencyKey: key,
        website: "",
        "address.street": "1200 Market St",
        "address.city": "St. Louis",
        "address.regioncode": "MO",
        "address.postalcode": "63103",
        vin: TEST_DRIVE_VIN,
        price: "18500",
      })),
      contactDetails.map(({ phone }) => ({ intent: "send-code", phone })),
      contactDetails.map(({ phone }) => ({ intent: "verify-code", phone, code: "123456" })),
    ),
    writesLeads: true,
    // Without a phone verified by SMS (which a fuzzed post cannot have) no post makes a lead: the verified journey is
    // in financing.test.ts.
    makesLead: () => false,
  },
  "routes/full-credit-application.tsx": {
    path: "/auto-financing/full-credit-application",
    fields: [
      "intent",
      "idempotencyKey",
      "website",
      "user.firstName",
      "user.lastName",
      "user.email",
      "user.phone",
      "user.dateOfBirth",
      "ssn",
      "residences[0].housingStatus",
      "residences[0].monthlyRent",
      "residences[0].yearsAtAddress",
      "residences[0].monthsAtAddress",
      "residences[0].fullAddress",
      "residences[0].city",
      "residences[0].state",
      "residences[0].zipCode",
      "employments[0].incomeType",
      "employments[0].monthlyIncome",
      "employments[0].years",
      "employments[0].months",
      "coBorrower.applying",
      "esignConsent",
      "tcpaConsent",
    ],
    valid: fc.oneof(
      fc
        .record({
          details: contactDetails,
          key: fc.uuid({ version: 4 }),
          ssn: fc.constantFrom("123-45-6789", "234567890"),
        })
        .map(({ details, key, ssn }) => ({
          intent: "submit",
          idempotencyKey: key,
          website: "",
          "user.firstName": details.firstName,
          "user.lastName": details.lastName,
          "user.email": details.email,
          "user.phone": details.phone,
          "user.dateOfBirth": "1990-06-15",
          ssn,
          "residences[0].housingStatus": "rent",
          "residences[0].monthlyRent": "1,250",
          "residences[0].yearsAtAddress": "3",
          "residences[0].monthsAtAddress": "0",
          "residences[0].fullAddress": "1200 Market St",
          "residences[0].city": "St. Louis",
          "residences[0].state": "MO",
          "residences[0].zipCode": "63103",
          "employments[0].incomeType": "retired",
          "employments[0].monthlyIncome": "2,100",
          "employments[0].years": "4",
          "employments[0].months": "0",
          "coBorrower.applying": "no",
          esignConsent: "yes",
        })),
      fc.constantFrom("continue", "back", "edit:review", "add:residences", "remove:residences:0").map((intent) => ({
        intent,
        "user.firstName": "Dana",
      })),
    ),
    writesLeads: true,
    savesJourney: true,
    makesLead: (entries) => firstValue(entries, "intent") === "submit",
  },
  // The staff desk: sign-in writes no lead (its audit rows are not counted here); the other desk actions need a
  // session, which a fuzzed post never has, so they answer 303 to the sign-in, or 4xx for an unreadable body.
  "routes/staff-login.tsx": {
    path: "/staff/login",
    fields: ["email", "password"],
    valid: fc.record({
      email: fc.constantFrom("admin@example.com", "Someone@Example.com"),
      password: fc.constantFrom("a long and unusual passphrase", "short"),
    }),
    writesLeads: false,
  },
  "routes/staff-verify.tsx": {
    path: "/staff/verify",
    fields: ["code"],
    valid: fc.record({ code: fc.stringMatching(/^\d{6}$/) }),
    writesLeads: false,
    signInRequired: true,
  },
  ...Object.fromEntries(
    (
      [
        [
          "routes/staff-credit-application.tsx",
          "/staff/credit-applications/00000000-0000-4000-8000-000000000000",
          ["status"],
        ],
        [
          "routes/staff-credit-application-ssn.tsx",
          "/staff/credit-applications/00000000-0000-4000-8000-000000000000/ssn",
          ["intent"],
        ],
        ["routes/staff-accounts.tsx", "/staff/accounts", ["intent", "email", "role"]],
        ["routes/staff-outbox.tsx", "/staff/outbox", ["id"]],
        ["routes/staff-retention.tsx", "/staff/retention", ["days"]],
        ["routes/staff-inventory-feeds.tsx", "/staff/inventory-feeds", ["id", "store", "scope", "feed"]],
        ["routes/staff-inventory.tsx", "/staff/inventory", ["intent", "vin", "price", "reason"]],
        [
          "routes/staff-offer-rules.tsx",
          "/staff/offer-rules",
          ["intent", "files", "editFile", "editText", "candidateName", "candidateText", "note", "version"],
        ],
        ["routes/staff-sign-out.ts", "/staff/sign-out", ["intent"]],
      ] as const
    ).map(([file, path, fields]) => [
      file,
      { path, fields, valid: fc.constant({}), writesLeads: false, signInRequired: true } satisfies ActionUnderTest,
    ]),
  ),
  "routes/api.phone-validation.ts": {
    path: "/api/customer/phoneValidation",
    fields: ["type", "phone", "code", "website"],
    valid: fc.oneof(
      contactDetails.map(({ phone }) => ({ type: "phone-validation", phone })),
      contactDetails.map(({ phone }) => ({ type: "code-verification", phone, code: "123-456" })),
    ),
    writesLeads: false,
  },
  "routes/api.popup-lead.ts": {
    path: "/api/popups/lead",
    fields: [...LEAD_FORM_FIELDS, "popupId", "vin"],
    valid: fc
      .record({ details: contactDetails, key: fc.uuid({ version: 4 }), vin: fc.constantFrom("1HGCM82633A004352", "") })
      .map(({ details, key, vin }) => ({
        ...details,
        idempotencyKey: key,
        website: "",
        popupId: "unlock-price-capture",
        ...(vin ? { vin } : {}),
      })),
    writesLeads: true,
  },
  "routes/api.popup-close.ts": {
    path: "/api/popups/close",
    fields: ["popupId", "outcome", "redirectTo", "via"],
    valid: fc.record({
      popupId: fc.constant("trade-in-value"),
      outcome: fc.constantFrom("closed", "finished"),
      redirectTo: fc.constantFrom("/", "/cars-for-sale"),
      via: fc.constantFrom("fetch", ""),
    }),
    writesLeads: false,
  },
  "routes/api.store.ts": {
    path: "/api/store",
    fields: ["storeId", "redirectTo", "via"],
    valid: fc.record({
      storeId: fc.constantFrom("brentwood", "st-peters"),
      redirectTo: fc.constantFrom("/", "/contact-us", "/cars-for-sale"),
      via: fc.constantFrom("fetch", ""),
    }),
    writesLeads: false,
  },
  // JSON only: a form body is a 415, a bad event a 400; a good one without consent a 204 that records nothing.
  "routes/api.track-facebook.ts": {
    path: "/api/track/facebook",
    fields: ["eventName", "eventID", "url"],
    valid: fc.record({
      eventName: fc.constantFrom("PageView", "Contact"),
      eventID: fc.uuid().map((id) => `PageView.${id}`),
      url: fc.constant("/"),
    }),
    writesLeads: false,
  },
  "routes/api.consent.ts": {
    path: "/api/consent",
    fields: ["choice", "categories", "language", "intent", "via", "redirectTo"],
    valid: fc.oneof(
      fc.record({ choice: fc.constantFrom("accept-all", "close", "deny", "save"), redirectTo: fc.constant("/") }),
      fc.record({ language: fc.constantFrom("en", "es") }),
      fc.record({ intent: fc.constant("reopen"), via: fc.constant("fetch") }),
    ),
    writesLeads: false,
  },
};

export function routeModulesWithAction(): string[] {
  const appDir = join(APP_DIR, "app");
  const candidates = [
    "root.tsx",
    ...readdirSync(join(appDir, "routes")).map((f) => `routes/${f}`),
    ...readdirSync(join(appDir, "layouts")).map((f) => `layouts/${f}`),
  ].filter((f) => /\.tsx?$/.test(f) && !/\.(server|test)\.tsx?$/.test(f));
  return candidates
    .filter((file) =>
      /export\s+(async\s+)?(function|const|let)\s+action\b/.test(readFileSync(join(appDir, file), "utf8")),
    )
    .sort();
}

/**
 * The actions by test file: each group's file fuzzes its actions against a server of its own. Every action is in
 * exactly one group (bad-input-contact.test.ts checks it, with the scan of the route modules).
 */
export const FUZZ_GROUPS = {
  contact: ["routes/contact-us.tsx", "routes/careers.tsx", "routes/team-member.tsx"],
  vehicle: [
    "routes/schedule-test-drive.tsx",
    "routes/personalize-price.tsx",
    "routes/unlock-inventory.tsx",
    "routes/saved-vehicles.tsx",
  ],
  alerts: ["routes/alerts-new.tsx", "routes/alert.tsx"],
  sell: ["routes/your-vehicle.tsx", "routes/sell-offer.tsx"],
  financing: [
    "routes/apply-for-financing.tsx",
    "routes/full-credit-application.tsx",
    "routes/api.phone-validation.ts",
    "routes/auto-financing.tsx",
  ],
  staff: [
    "routes/staff-login.tsx",
    "routes/staff-verify.tsx",
    "routes/staff-credit-application.tsx",
    "routes/staff-credit-application-ssn.tsx",
    "routes/staff-accounts.tsx",
    "routes/staff-outbox.tsx",
    "routes/staff-retention.tsx",
    "routes/staff-offer-rules.tsx",
    "routes/staff-inventory-feeds.tsx",
    "routes/staff-inventory.tsx",
    "routes/staff-sign-out.ts",
  ],
  api: [
    "routes/api.popup-lead.ts",
    "routes/api.popup-close.ts",
    "routes/api.store.ts",
    "routes/api.track-facebook.ts",
    "routes/api.consent.ts",
  ],
} as const satisfies Record<string, readonly string[]>;

export type FuzzGroup = keyof typeof FUZZ_GROUPS;
