import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { applyFinancingSchema } from "../financing/apply-financing.schema";
import { MESSAGES } from "../messages";
import { visitorProfileSchema } from "../profile/visitor-profile.schema";
import { staffMessageSchema } from "../staff/staff-message.schema";
import { DANA, errorsOf, formData, VALID_KEY } from "../testing/form-data.test-support";
import { leadUserSchema } from "./lead-user.schema";

const blankAddress = {
  "address.type": "home",
  "address.street": "",
  "address.apartment": "",
  "address.city": "",
  "address.regioncode": "",
  "address.postalcode": "",
};

describe("lead user record", () => {
  it("treats an address left blank as no address, even with its type radio posted", () => {
    const submission = parseWithZod(formData({ ...DANA, ...blankAddress, comments: " " }), { schema: leadUserSchema });
    expect(submission.status === "success" && submission.value).toEqual({
      ...DANA,
      address: undefined,
      comments: undefined,
    });
  });

  it("takes a complete home or delivery address, with the state upper-cased and the country fixed to US", () => {
    const submission = parseWithZod(
      formData({
        ...DANA,
        "address.type": "delivery",
        "address.street": "4500 Gravois Ave",
        "address.apartment": "",
        "address.city": "St. Louis",
        "address.regioncode": "mo",
        "address.postalcode": "63116",
      }),
      { schema: leadUserSchema },
    );
    expect(submission.status === "success" && submission.value.address).toEqual({
      type: "delivery",
      street: "4500 Gravois Ave",
      apartment: undefined,
      city: "St. Louis",
      regioncode: "MO",
      postalcode: "63116",
      country: "US",
    });
  });

  it("asks for the rest of an address once it is started", () => {
    const submission = parseWithZod(formData({ ...DANA, ...blankAddress, "address.city": "Clayton" }), {
      schema: leadUserSchema,
    });
    expect(errorsOf(submission)).toEqual({
      "address.street": [MESSAGES.required],
      "address.regioncode": [MESSAGES.required],
      "address.postalcode": [MESSAGES.required],
    });
  });

  it("refuses an address type other than home or delivery and a country other than US", () => {
    const result = leadUserSchema.safeParse({
      ...DANA,
      address: {
        type: "work",
        street: "1 Main St",
        city: "Alton",
        regioncode: "IL",
        postalcode: "62002",
        country: "CA",
      },
    });
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["address.type", MESSAGES.choice],
      ["address.country", MESSAGES.country],
    ]);
  });
});

describe("visitor profile (valid only when all four fields are)", () => {
  it.each([
    ["firstName", "", "Enter your first name."],
    ["lastName", "  ", "Enter your last name."],
    ["email", "dana@", "Please enter a valid email address"],
    ["phone", "314555014", "Please enter a valid phone number"],
  ])("a bad %s (%j) makes the profile invalid with %j", (field, value, message) => {
    const submission = parseWithZod(formData({ ...DANA, [field]: value }), { schema: visitorProfileSchema });
    expect(errorsOf(submission)).toEqual({ [field]: [message] });
  });

  it("accepts the four fields and nothing else", () => {
    const result = visitorProfileSchema.parse({ ...DANA, unlockPrice: "2026-05-01T10:00:00Z" });
    expect(result).toEqual(DANA);
  });
});

describe("staff message and apply for financing", () => {
  it("a staff message needs the member's slug and a message", () => {
    const submission = parseWithZod(
      formData({ idempotencyKey: VALID_KEY, ...DANA, staffSlug: "../admin", message: "" }),
      {
        schema: staffMessageSchema,
      },
    );
    expect(errorsOf(submission)).toEqual({ staffSlug: [MESSAGES.slug], message: ["Enter your message."] });
    const ok = staffMessageSchema.safeParse({
      idempotencyKey: VALID_KEY,
      ...DANA,
      staffSlug: "maria-lopez",
      message: "Hi",
    });
    expect(ok.success).toBe(true);
  });

  it("apply for financing takes the contact fields, a home address it requires, comments and an optional VIN", () => {
    const blank = parseWithZod(formData({ idempotencyKey: VALID_KEY, ...DANA, ...blankAddress, vin: "" }), {
      schema: applyFinancingSchema,
    });
    expect(errorsOf(blank)).toEqual({
      "address.street": [MESSAGES.required],
      "address.city": [MESSAGES.required],
      "address.regioncode": [MESSAGES.required],
      "address.postalcode": [MESSAGES.required],
    });
    const home = {
      "address.street": "1200 Market St",
      "address.city": "St. Louis",
      "address.regioncode": "mo",
      "address.postalcode": "63103",
    };
    const submission = parseWithZod(formData({ idempotencyKey: VALID_KEY, ...DANA, ...blankAddress, ...home }), {
      schema: applyFinancingSchema,
    });
    expect(submission.status === "success" && submission.value).toEqual({
      idempotencyKey: VALID_KEY,
      website: undefined,
      ...DANA,
      address: {
        type: "home",
        street: "1200 Market St",
        apartment: undefined,
        city: "St. Louis",
        regioncode: "MO",
        postalcode: "63103",
        country: "US",
      },
      comments: undefined,
      vin: undefined,
    });
  });
});
