import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedFormContext } from "../fields/context";
import { DANA, errorsOf, formData, VALID_KEY } from "../testing/form-data.test-support";
import { createSellJourneySchemas } from "./sell-journey.schema";

const schemas = createSellJourneySchemas({ context: fixedFormContext("2026-11-26") });

function post(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const DETAILS: [string, string][] = [
  ["mileage", "48,200"],
  ["zip", "63119"],
  ["interest", "trade-in"],
];
const CONTACT: [string, string][] = [["idempotencyKey", VALID_KEY], ["website", ""], ...Object.entries(DANA)];
const POOR: [string, string][] = [
  ["q100", "poor"],
  ["q200", "no"],
  ["q201", "no"],
  ["q202", "no"],
  ["q203", "none"],
  ["q204", "none"],
  ["q205", "one"],
  ["q300", "brakes"],
  ["q300", "ac-heat"],
  ["q301", "good"],
  ["q400", "no"],
  ["q401", "clean"],
  ["q402", "no"],
  ["q403", "minor"],
];

describe("the sell/trade journey's forms", () => {
  it("the single POST with a VIN reads it without spaces, upper-cased, with the details, every answer and the profile", () => {
    const submission = parseWithZod(
      post([["vin", " kl8cd6sa1-ec456789 "], ...DETAILS, ...POOR, ["q500", "  New brakes in May. "], ...CONTACT]),
      { schema: schemas.offer },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      idempotencyKey: VALID_KEY,
      website: undefined,
      vehicle: { by: "vin", vin: "KL8CD6SA1EC456789" },
      details: { mileage: 48_200, zip: "63119", interest: "trade-in" },
      answers: {
        "100": "poor",
        "200": "no",
        "201": "no",
        "202": "no",
        "203": "none",
        "204": "none",
        "205": "one",
        "300": ["brakes", "ac-heat"],
        "301": "good",
        "400": "no",
        "401": "clean",
        "402": "no",
        "403": "minor",
        "500": "New brakes in May.",
      },
      profile: { ...DANA },
    });
  });

  it("without a VIN it reads year, make, model and an optional trim; great needs no other answer", () => {
    const submission = parseWithZod(
      post([
        ["year", "2019"],
        ["make", "Toyota"],
        ["model", "RAV4"],
        ["trim", ""],
        ...DETAILS,
        ["q100", "great"],
        ["q200", "yes"],
        ...CONTACT,
      ]),
      { schema: schemas.offer },
    );
    expect(submission.status === "success" && submission.value.vehicle).toEqual({
      by: "choice",
      year: 2019,
      make: "Toyota",
      model: "RAV4",
      trim: null,
    });
    // An answer to a question great does not show counts for nothing.
    expect(submission.status === "success" && submission.value.answers).toEqual({ "100": "great" });
  });

  it("an empty POST lists every missing part at once, each on its field in the spec's words", () => {
    const submission = parseWithZod(post([]), { schema: schemas.offer });
    expect(errorsOf(submission)).toEqual({
      idempotencyKey: ["This form has expired. Please reload the page and try again."],
      year: ["Enter the year of the vehicle."],
      make: ["Enter the make of the vehicle."],
      model: ["Enter the model of the vehicle."],
      mileage: ["Enter the mileage of the vehicle."],
      zip: ["This field is required"],
      interest: ["This field is required"],
      q100: ["This field is required"],
      firstName: ["Enter your first name."],
      lastName: ["Enter your last name."],
      email: ["This field is required"],
      phone: ["This field is required"],
    });
  });

  it("a bad VIN, ZIP and interest and a missing poor-condition answer say what is wrong", () => {
    const submission = parseWithZod(
      post([
        ["vin", "KL8CD6SA1EC45678O"],
        ["mileage", "0"],
        ["zip", "6311"],
        ["interest", "lease"],
        ...POOR.filter(([name]) => name !== "q402"),
        ...CONTACT,
      ]),
      { schema: schemas.offer },
    );
    expect(errorsOf(submission)).toEqual({
      vin: ["Enter a valid 17-character VIN."],
      mileage: ["Enter the mileage of the vehicle."],
      zip: ["Enter a 5-digit ZIP code."],
      interest: ["Choose one of the options."],
      q402: ["This field is required"],
    });
  });

  it("each step has its own schema: the VIN step, the choice step, one questionnaire step, the contact step", () => {
    expect(
      parseWithZod(formData({ vin: "", mileage: "1", zip: "63119", interest: "sell" }), { schema: schemas.vin }),
    ).toMatchObject({ status: "error", error: { vin: ["Enter the VIN of the vehicle."] } });
    expect(
      parseWithZod(
        formData({ year: "2028", make: "Toyota", model: "RAV4", mileage: "5", zip: "63119", interest: "sell" }),
        {
          schema: schemas.choice,
        },
      ),
    ).toMatchObject({ status: "error", error: { year: ["Enter the year of the vehicle."] } });
    const firstStep = parseWithZod(post([["q100", "fair"]]), { schema: schemas.answers(0) });
    expect(firstStep.status === "success" && firstStep.value).toEqual({ "100": "fair" });
    // A later step is read with the answers so far, which decide what it shows; it returns its own answers only.
    expect(
      errorsOf(parseWithZod(post([["q100", "great"]]), { schema: schemas.answers(1, { "100": "fair" }) })),
    ).toEqual({
      q200: ["This field is required"],
      q201: ["This field is required"],
      q202: ["This field is required"],
      q203: ["This field is required"],
      q204: ["This field is required"],
      q205: ["This field is required"],
    });
    const details = parseWithZod(post(POOR.filter(([n]) => /^q20/.test(n))), {
      schema: schemas.answers(1, { "100": "fair" }),
    });
    expect(details.status === "success" && details.value).toEqual({
      "200": "no",
      "201": "no",
      "202": "no",
      "203": "none",
      "204": "none",
      "205": "one",
    });
    expect(errorsOf(parseWithZod(formData({ ...DANA, idempotencyKey: VALID_KEY }), { schema: schemas.contact }))).toBe(
      undefined,
    );
  });

  it("property: any post is either refused with messages on named fields, or gives a vehicle, details, answers and a profile", () => {
    const names = [
      "vin",
      "year",
      "make",
      "model",
      "trim",
      "mileage",
      "zip",
      "interest",
      "q100",
      "q200",
      "q300",
      "q500",
    ];
    const entries = fc.array(
      fc.tuple(
        fc.constantFrom(...names, ...CONTACT.map(([n]) => n)),
        fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("great", "2019", "Toyota", "63119", "sell", "none")),
      ),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(entries, (pairs) => {
        const submission = parseWithZod(post([...CONTACT, ...pairs]), { schema: schemas.offer });
        if (submission.status === "success") {
          expect(["vin", "choice"]).toContain(submission.value.vehicle.by);
          expect(submission.value.details.zip).toMatch(/^\d{5}$/);
          expect(submission.value.answers["100"]).toBeDefined();
        } else {
          const error = errorsOf(submission) as Record<string, string[]>;
          expect(Object.keys(error).length).toBeGreaterThan(0);
          for (const messages of Object.values(error)) for (const m of messages) expect(m.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
