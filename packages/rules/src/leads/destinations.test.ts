import fc from "fast-check";
import { describe, expect, it } from "vitest";
import data from "../../rules/lead-destinations.json" with { type: "json" };
import { parseRuleFile, RuleFileError } from "../shared/rule-file";
import { defaultLeadDestinations } from "./default-destinations";
import { type DestinationSettings, type LeadDestinations, leadDestinationsSchema } from "./destination.schema";
import { contactFormKind, DEFAULT_SUBJECT, resolveDestination } from "./destinations";
import { FORM_KINDS } from "./lead.schema";
import { ruleFiles } from "./rule-files";
import { plainEmail } from "./test-arbitraries";

function problems(json: unknown): { path: string; message: string }[] {
  try {
    parseRuleFile(leadDestinationsSchema, json, "lead-destinations.json");
    return [];
  } catch (error) {
    if (!(error instanceof RuleFileError)) throw error;
    return error.problems.map(({ path, message }) => ({ path, message }));
  }
}

const config = (destinations: LeadDestinations["destinations"]): LeadDestinations => ({ destinations });

describe("lead destinations file", () => {
  it("ships DEFAULT and one entry for each of the spec's fourteen form kinds, and validates", () => {
    expect(Object.keys(data.destinations).sort()).toEqual([...FORM_KINDS].sort());
    expect(problems(data)).toEqual([]);
    expect(ruleFiles.map((f) => f.name)).toEqual(["lead-destinations.json"]);
    expect(Object.keys(data)[0]).toBe("$schema");
  });

  it("mails the kinds a CRM ingests as ADF and the careers, service and dealership kinds as text", () => {
    const adf = FORM_KINDS.filter((kind) => resolveDestination(kind, defaultLeadDestinations).type === "adf");
    expect(adf.sort()).toEqual(
      [
        "UNLOCK_INVENTORY",
        "UNLOCK_PRICE",
        "SCHEDULE_TEST_DRIVE",
        "SELL_OR_TRADE",
        "CONTACT_SALES",
        "CONTACT_FINANCE",
        "APPLY_FINANCING",
        "FULL_CREDIT_APP",
      ].sort(),
    );
    for (const kind of FORM_KINDS) {
      const destination = resolveDestination(kind, defaultLeadDestinations);
      expect(destination.to.length).toBeGreaterThan(0);
      expect(destination.to.every((address) => address.endsWith(".example.com"))).toBe(true);
    }
  });

  it.each<[string, unknown, string, RegExp]>([
    ["no DEFAULT", { destinations: { CAREERS: { to: ["a@x.example.com"] } } }, "$.destinations.DEFAULT", /DEFAULT/],
    [
      "DEFAULT without recipients",
      { destinations: { DEFAULT: { type: "text" } } },
      "$.destinations.DEFAULT",
      /recipient/,
    ],
    [
      "a name that is not configured",
      { destinations: { DEFAULT: { to: ["a@x.example.com"] }, CAREERS: "HR" } },
      "$.destinations.CAREERS",
      /CAREERS names HR, which is not a configured destination/,
    ],
    [
      "names in a loop",
      {
        destinations: { DEFAULT: { to: ["a@x.example.com"] }, SERVICE: "CONTACT_SERVICE", CONTACT_SERVICE: "SERVICE" },
      },
      "$.destinations.SERVICE",
      /loop/,
    ],
    [
      "a recipient that is not an email",
      { destinations: { DEFAULT: { to: ["leads at example"] } } },
      "$.destinations.DEFAULT.to[0]",
      /valid email/,
    ],
    [
      "an unknown type",
      { destinations: { DEFAULT: { to: ["a@x.example.com"], type: "xml" } } },
      "$.destinations.DEFAULT",
      /./,
    ],
    [
      "a two-line subject",
      { destinations: { DEFAULT: { to: ["a@x.example.com"], subject: "Lead\r\nBcc: x@y.example.com" } } },
      "$.destinations.DEFAULT",
      /./,
    ],
  ])("rejects %s, naming where", (_, json, path, message) => {
    const found = problems(json);
    expect(found.some((p) => p.path.startsWith(path) && message.test(p.message))).toBe(true);
  });
});

describe("resolveDestination", () => {
  const settings = config({
    DEFAULT: { to: ["leads@dealer.example.com"], adParams: ["utm_source"] },
    SCHEDULE_TEST_DRIVE: { type: "adf", to: ["adf@crm.example.com"], mergeCommentsIntoTop: true, provider: "CRM X" },
    CONTACT_SERVICE: "SERVICE",
    SERVICE: { subject: "Service request" },
    CAREERS: "DEFAULT",
  });

  it("a kind without an entry gets DEFAULT, over the spec's subject Website Lead and type text", () => {
    const destination = resolveDestination("UNLOCK_PRICE", settings);
    expect(destination).toEqual({
      name: "DEFAULT",
      type: "text",
      subject: DEFAULT_SUBJECT,
      to: ["leads@dealer.example.com"],
      mergeCommentsIntoTop: false,
      adParams: ["utm_source"],
    });
    expect(DEFAULT_SUBJECT).toBe("Website Lead");
  });

  it("an object is merged over DEFAULT", () => {
    expect(resolveDestination("SCHEDULE_TEST_DRIVE", settings)).toEqual({
      name: "SCHEDULE_TEST_DRIVE",
      type: "adf",
      subject: "Website Lead",
      to: ["adf@crm.example.com"],
      provider: "CRM X",
      mergeCommentsIntoTop: true,
      adParams: ["utm_source"],
    });
  });

  it("a name is followed to the settings it names", () => {
    const destination = resolveDestination("CONTACT_SERVICE", settings);
    expect(destination.name).toBe("SERVICE");
    expect(destination.subject).toBe("Service request");
    expect(destination.to).toEqual(["leads@dealer.example.com"]);
    expect(resolveDestination("CAREERS", settings).name).toBe("DEFAULT");
  });

  it("a hand-built configuration with a loop or a missing name is refused, not followed forever", () => {
    expect(() => resolveDestination("A", config({ DEFAULT: { to: ["a@x.example.com"] }, A: "B", B: "A" }))).toThrow(
      /loop/,
    );
    expect(() => resolveDestination("A", config({ DEFAULT: { to: ["a@x.example.com"] }, A: "B" }))).toThrow(
      /A names B/,
    );
  });

  it("each setting is the entry's own when set, else DEFAULT's, else the spec's default", () => {
    const entry = fc.record<DestinationSettings>(
      {
        type: fc.constantFrom("adf" as const, "text" as const),
        subject: fc.stringMatching(/^[A-Za-z ]{1,20}$/),
        to: fc.array(plainEmail, { minLength: 1, maxLength: 2 }),
        provider: fc.string(),
        mergeCommentsIntoTop: fc.boolean(),
        adParams: fc.array(fc.constantFrom("utm_source", "utm_medium", "gclid")),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(entry, entry, fc.array(plainEmail, { minLength: 1, maxLength: 2 }), (own, fallback, to) => {
        const defaults = { ...fallback, to: fallback.to ?? to };
        const destination = resolveDestination("UNLOCK_PRICE", config({ DEFAULT: defaults, UNLOCK_PRICE: own }));
        expect(destination.type).toBe(own.type ?? defaults.type ?? "text");
        expect(destination.subject).toBe(own.subject ?? defaults.subject ?? "Website Lead");
        expect(destination.to).toEqual(own.to ?? defaults.to);
        expect(destination.provider).toBe(own.provider ?? defaults.provider);
        expect(destination.mergeCommentsIntoTop).toBe(
          own.mergeCommentsIntoTop ?? defaults.mergeCommentsIntoTop ?? false,
        );
        expect(destination.adParams).toEqual(own.adParams ?? defaults.adParams ?? []);
      }),
      { numRuns: 200 },
    );
  });
});

describe("contact form kinds", () => {
  it("the form type key of a contact form is CONTACT_{inquiry target}", () => {
    expect(contactFormKind("SALES")).toBe("CONTACT_SALES");
    expect(contactFormKind("DEALERSHIP")).toBe("CONTACT_DEALERSHIP");
    expect(contactFormKind("FINANCE")).toBe("CONTACT_FINANCE");
    expect(contactFormKind("SERVICE")).toBe("CONTACT_SERVICE");
    for (const target of ["SALES", "DEALERSHIP", "FINANCE", "SERVICE"] as const) {
      expect(FORM_KINDS).toContain(contactFormKind(target));
    }
  });
});
