import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildAdfLead } from "./adf-lead";
import { creditApplicationLead } from "./credit-application";
import { type Lead, leadSchema } from "./lead.schema";
import { exampleDestination, exampleLead, exampleStore, exampleVehicle } from "./test-leads";
import { buildTextLead } from "./text-lead";

const letters = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"), minLength: min, maxLength: max });
const digits = (n: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: n, maxLength: n });

/** Money with cents, so it cannot be mistaken for a zip code, a year or a whole-dollar price. */
const money = fc
  .integer({ min: 100_001, max: 9_999_999 })
  .filter((n) => n % 100 !== 0)
  .map((n) => n / 100);

const person = fc.record({
  firstName: letters(2, 10),
  lastName: letters(2, 10),
  middleName: letters(1, 8),
  suffix: fc.constantFrom("Jr", "Sr", "III"),
  dateOfBirth: fc
    .date({ min: new Date("1930-01-01"), max: new Date("2006-12-31"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  email: letters(3, 10).map((l) => `${l}@example.com`),
  phone: digits(10).map((d) => `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`),
});

const employment = fc.record({
  employer: letters(3, 12),
  jobTitle: letters(3, 12),
  phone: digits(10),
  monthlyIncome: money,
  incomeType: fc.constantFrom("monthly", "yearly"),
  years: fc.nat(30),
  months: fc.nat(11),
});

const ssn = fc
  .tuple(fc.integer({ min: 1, max: 665 }), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 9999 }))
  .map(([a, g, s]) => `${String(a).padStart(3, "0")}-${String(g).padStart(2, "0")}-${String(s).padStart(4, "0")}`);

const application = fc.record({
  user: person,
  ssn,
  vendorName: fc.option(letters(3, 12), { nil: undefined }),
  comments: fc.option(letters(0, 30), { nil: undefined }),
  residences: fc.array(
    fc.record({
      housingStatus: fc.constantFrom("own", "rent"),
      monthlyRent: money,
      yearsAtAddress: fc.nat(30),
      monthsAtAddress: fc.nat(11),
      fullAddress: letters(5, 20).map((s) => `12 ${s} St`),
      apartment: letters(0, 3),
      city: letters(3, 10),
      state: fc.constantFrom("MO", "IL"),
      zipCode: digits(5),
    }),
    { minLength: 1, maxLength: 2 },
  ),
  employments: fc.array(employment, { minLength: 1, maxLength: 2 }),
  coBorrower: fc.option(fc.record({ user: person, ssn, employments: fc.array(employment, { maxLength: 1 }) }), {
    nil: undefined,
  }),
});

type Application = typeof application extends fc.Arbitrary<infer A> ? A : never;

/** Every value of the application that must never leave it, in the spellings a mapping slip could produce. */
function secrets(app: Application): string[] {
  const people = [app, ...(app.coBorrower ? [app.coBorrower] : [])];
  const incomes = [
    ...people.flatMap((p) => p.employments.map((e) => e.monthlyIncome)),
    ...app.residences.map((r) => r.monthlyRent),
  ];
  const births = [app.user.dateOfBirth, ...(app.coBorrower ? [app.coBorrower.user.dateOfBirth] : [])];
  return [
    ...people.flatMap((p) => [p.ssn, p.ssn.replace(/-/g, "")]),
    ...births.flatMap((d) => [d, `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`]),
    ...incomes.flatMap((n) => [n.toFixed(2), n.toLocaleString("en-US", { minimumFractionDigits: 2 })]),
  ];
}

/** Every string and number in a value, keyed by its path. */
function leaves(value: unknown, path = "$"): [string, string][] {
  if (value === null || value === undefined) return [];
  if (typeof value !== "object") return [[path, String(value)]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, `${path}.${key}`));
}

describe("full credit application leads", () => {
  it("no field of a full credit application lead, nor of its text or ADF email, holds the SSN, birth date or income", () => {
    fc.assert(
      fc.property(application, fc.boolean(), (app, withVehicle) => {
        const lead = creditApplicationLead(app, {
          id: "lead-fca-1",
          applicationId: "app-3141",
          createdAt: "2026-11-23T16:05:09Z",
          store: exampleStore,
          ...(withVehicle ? { vehicle: exampleVehicle } : {}),
        });
        expect(leadSchema.safeParse(lead).success).toBe(true);
        const outputs = [buildAdfLead(lead, exampleDestination), buildTextLead(lead, exampleDestination)];
        const fields = [...leaves(lead, "lead"), ...outputs.flatMap((o, i) => leaves(o, `email${i}`))];
        for (const secret of secrets(app)) {
          expect(fields.filter(([, text]) => text.includes(secret))).toEqual([]);
        }
        expect(lead.creditApplication).toEqual({ id: "app-3141", exists: true });
        expect(outputs.every((o) => o.body.includes("app-3141"))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("takes the applicant's name, contact, current address, vendor and message, in the spec's shape or the form's", () => {
    const lead = creditApplicationLead(
      {
        user: { firstName: "Dana", lastName: "Reyes", email: "dana@example.com", phone: "3145550142" },
        vendor: { vendorName: "Gateway Auto Credit" },
        residence: [{ fullAddress: "12 Main St", apartment: "4B", city: "St. Louis", state: "MO", zipCode: "63101" }],
      },
      { id: "lead-1", applicationId: "app-1", createdAt: "2026-11-23T16:05:09Z", store: exampleStore },
    );
    expect(lead.user).toEqual({
      firstName: "Dana",
      lastName: "Reyes",
      email: "dana@example.com",
      phone: "3145550142",
      address: {
        type: "home",
        street: "12 Main St",
        apartment: "4B",
        city: "St. Louis",
        regioncode: "MO",
        postalcode: "63101",
      },
    });
    expect(lead.vendor).toEqual({ vendorName: "Gateway Auto Credit" });
    expect(lead.kind).toBe("FULL_CREDIT_APP");
    const fromForm = creditApplicationLead(
      {
        user: { firstName: "Dana", lastName: "Reyes", phone: "3145550142" },
        vendorName: "Gateway Auto Credit",
        residences: [{ fullAddress: "12 Main St", city: "St. Louis", state: "MO", zipCode: "63101" }],
        comments: "Looking at the Camry",
      },
      { id: "lead-1", applicationId: "app-1", createdAt: "2026-11-23T16:05:09Z", store: exampleStore },
    );
    expect(fromForm.vendor).toEqual({ vendorName: "Gateway Auto Credit" });
    expect(fromForm.user.address?.street).toBe("12 Main St");
    expect(fromForm.text).toBe("Looking at the Camry");
  });

  it.each<[string, (lead: Lead) => unknown]>([
    ["an SSN on the user", (lead) => ({ ...lead, user: { ...lead.user, ssn: "123-45-6789" } })],
    ["a birth date on the lead", (lead) => ({ ...lead, dateOfBirth: "1984-03-07" })],
    [
      "income in the application reference",
      (lead) => ({ ...lead, creditApplication: { id: "a", exists: true, monthlyIncome: 5234.17 } }),
    ],
    ["employment on the lead", (lead) => ({ ...lead, employment: [{ employer: "Acme", monthlyIncome: 5234.17 }] })],
    ["any other key on the user", (lead) => ({ ...lead, user: { ...lead.user, socialSecurity: "123-45-6789" } })],
  ])("parsing refuses a lead carrying %s", (_, smuggle) => {
    const result = leadSchema.safeParse(smuggle(exampleLead("FULL_CREDIT_APP")));
    expect(result.success).toBe(false);
  });

  it("the Lead type cannot carry SSN, birth date or income", () => {
    const lead = exampleLead("FULL_CREDIT_APP");
    const withSsn = { ...lead.user, ssn: "123-45-6789" };
    const withBirth = { ...lead, dateOfBirth: "1984-03-07" };
    const withIncome = { id: "app-1", exists: true as const, monthlyIncome: 5234.17 };
    // @ts-expect-error an SSN is not a lead user field
    const a: Lead = { ...lead, user: withSsn };
    // @ts-expect-error a birth date is not a lead field
    const b: Lead = withBirth;
    // @ts-expect-error income is not part of a credit application reference
    const c: Lead = { ...lead, creditApplication: withIncome };
    expect([a, b, c].every((l) => !leadSchema.safeParse(l).success)).toBe(true);
  });

  it("a full credit application lead must carry the application's reference", () => {
    const { creditApplication: _, ...without } = exampleLead("FULL_CREDIT_APP");
    const result = leadSchema.safeParse(without);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "A full credit application lead carries the application's reference",
    ]);
  });
});
