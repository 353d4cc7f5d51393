import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedFormContext } from "../fields/context";
import { MESSAGES } from "../messages";
import { DANA, errorsOf, formData, VALID_KEY } from "../testing/form-data.test-support";
import {
  createFullCreditApplicationSchema,
  createFullCreditStepSchemas,
  FULL_CREDIT_STEPS,
  fullCreditStepOf,
} from "./full-credit.schema";

const schema = createFullCreditApplicationSchema(fixedFormContext("2026-05-01"));

function residence(index: number, years: string, months = "0", prefix = "") {
  const at = `${prefix}residences[${index}]`;
  return {
    [`${at}.housingStatus`]: "rent",
    [`${at}.monthlyRent`]: "1,250.50",
    [`${at}.yearsAtAddress`]: years,
    [`${at}.monthsAtAddress`]: months,
    [`${at}.fullAddress`]: "1200 Market St",
    [`${at}.apartment`]: "",
    [`${at}.city`]: "St. Louis",
    [`${at}.state`]: "mo",
    [`${at}.zipCode`]: "63103",
  };
}

function employment(index: number, years: string, months = "0", prefix = "") {
  const at = `${prefix}employments[${index}]`;
  return {
    [`${at}.incomeType`]: "full-time",
    [`${at}.employer`]: "Gateway Logistics",
    [`${at}.jobTitle`]: "Dispatcher",
    [`${at}.phone`]: "(314) 555-0199",
    [`${at}.monthlyIncome`]: "$4,200",
    [`${at}.years`]: years,
    [`${at}.months`]: months,
  };
}

function user(prefix = "", overrides: Record<string, string> = {}) {
  return {
    [`${prefix}user.firstName`]: DANA.firstName,
    [`${prefix}user.middleName`]: "",
    [`${prefix}user.lastName`]: DANA.lastName,
    [`${prefix}user.suffix`]: "",
    [`${prefix}user.email`]: DANA.email,
    [`${prefix}user.phone`]: DANA.phone,
    [`${prefix}user.dateOfBirth`]: "1990-06-15",
    ...Object.fromEntries(Object.entries(overrides).map(([key, value]) => [`${prefix}user.${key}`, value])),
  };
}

/** The co-borrower block exactly as the page posts it when the shopper leaves it alone. */
const untouchedCoBorrower = {
  ...Object.fromEntries(Object.keys(user("coBorrower.")).map((key) => [key, ""])),
  "coBorrower.ssn": "",
  "coBorrower.residences[0].housingStatus": "rent",
  "coBorrower.residences[0].yearsAtAddress": "",
  "coBorrower.employments[0].incomeType": "full-time",
  "coBorrower.employments[0].employer": "",
};

const complete = {
  idempotencyKey: VALID_KEY,
  website: "",
  ...user(),
  ssn: "123456789",
  ...residence(0, "1", "6"),
  ...residence(1, "0", "6"),
  ...employment(0, "3"),
  ...untouchedCoBorrower,
  vendorName: "",
  esignConsent: "yes",
};

describe("full credit application", () => {
  it("accepts a complete application posted by the browser, with money, counts and SSN normalised", () => {
    const submission = parseWithZod(formData(complete), { schema });
    expect(errorsOf(submission)).toBeUndefined();
    if (submission.status !== "success") throw new Error("expected success");
    const value = submission.value;
    expect(value.ssn).toBe("123-45-6789");
    expect(value.coBorrower).toBeUndefined();
    expect(value.residences).toHaveLength(2);
    expect(value.residences[0]).toMatchObject({ monthlyRent: 1250.5, yearsAtAddress: 1, state: "MO", country: "US" });
    expect(value.employments[0]).toMatchObject({ monthlyIncome: 4200, years: 3, incomeType: "full-time" });
    expect(value.user).toMatchObject({ firstName: "Dana", dateOfBirth: "1990-06-15", middleName: undefined });
  });

  it("says two years of residence and employment history are needed until they are covered", () => {
    const withoutSecondResidence = Object.fromEntries(
      Object.entries({ ...complete, ...employment(0, "1", "11") }).filter(([key]) => !key.startsWith("residences[1]")),
    );
    const submission = parseWithZod(formData(withoutSecondResidence), { schema });
    expect(errorsOf(submission)).toEqual({
      residences: ["Add residence history covering at least two years."],
      employments: ["Add employment history covering at least two years."],
    });
  });

  it("asks for history when none is given", () => {
    const none = Object.fromEntries(
      Object.entries(complete).filter(([key]) => !key.startsWith("residences") && !key.startsWith("employments")),
    );
    const submission = parseWithZod(formData(none), { schema });
    expect(errorsOf(submission)).toEqual({
      residences: [MESSAGES.residenceHistory],
      employments: [MESSAGES.employmentHistory],
    });
  });

  it("ignores trailing rows left blank but keeps errors on the rows a shopper started, by their index", () => {
    const blankThird = Object.fromEntries(Object.entries(residence(2, "")).map(([key]) => [key, ""]));
    const started = { ...complete, ...blankThird, "residences[1].zipCode": "6310", "residences[1].state": "PR" };
    const submission = parseWithZod(formData(started), { schema });
    expect(errorsOf(submission)).toEqual({
      "residences[1].zipCode": [MESSAGES.zipCode],
      "residences[1].state": [MESSAGES.state],
    });
  });

  it("needs employer, job title and phone unless the income is retirement or other", () => {
    const unemployedFields = {
      "employments[0].employer": "",
      "employments[0].jobTitle": "",
      "employments[0].phone": "",
    };
    const employed = parseWithZod(formData({ ...complete, ...unemployedFields }), { schema });
    expect(errorsOf(employed)).toEqual({
      "employments[0].employer": [MESSAGES.required],
      "employments[0].jobTitle": [MESSAGES.required],
      "employments[0].phone": [MESSAGES.required],
    });
    const alsoBadIncome = parseWithZod(
      formData({ ...complete, ...unemployedFields, "employments[0].monthlyIncome": "lots" }),
      { schema },
    );
    expect(errorsOf(alsoBadIncome)).toEqual({
      "employments[0].monthlyIncome": [MESSAGES.money],
      "employments[0].employer": [MESSAGES.required],
      "employments[0].jobTitle": [MESSAGES.required],
      "employments[0].phone": [MESSAGES.required],
    });
    const retired = parseWithZod(
      formData({ ...complete, ...unemployedFields, "employments[0].incomeType": "retired" }),
      { schema },
    );
    expect(retired.status).toBe("success");
  });

  it("requires the applicant to be 18 on today's date", () => {
    const minor = parseWithZod(formData({ ...complete, ...user("", { dateOfBirth: "2008-05-02" }) }), { schema });
    expect(errorsOf(minor)).toEqual({ "user.dateOfBirth": ["You must be at least 18 years old to apply."] });
    const adult = parseWithZod(formData({ ...complete, ...user("", { dateOfBirth: "2008-05-01" }) }), { schema });
    expect(adult.status).toBe("success");
  });

  it("validates a started co-borrower like the applicant, with a different SSN", () => {
    const coBorrower = {
      ...user("coBorrower.", { firstName: "Sam", dateOfBirth: "2010-01-01" }),
      "coBorrower.ssn": "123-45-6789",
      ...residence(0, "2", "0", "coBorrower."),
      ...employment(0, "1", "0", "coBorrower."),
    };
    const submission = parseWithZod(formData({ ...complete, ...coBorrower }), { schema });
    expect(errorsOf(submission)).toEqual({
      "coBorrower.user.dateOfBirth": [MESSAGES.underage],
      "coBorrower.ssn": [MESSAGES.coBorrowerSsn],
      "coBorrower.employments": [MESSAGES.employmentHistory],
    });
    const fixed = parseWithZod(
      formData({
        ...complete,
        ...coBorrower,
        "coBorrower.user.dateOfBirth": "1988-03-03",
        "coBorrower.ssn": "234-56-7890",
        "coBorrower.employments[0].years": "4",
      }),
      { schema },
    );
    expect(fixed.status === "success" && fixed.value.coBorrower?.user.firstName).toBe("Sam");
  });

  it("keeps an optional vendorName", () => {
    const submission = parseWithZod(formData({ ...complete, vendorName: "  Gateway Auto Credit " }), { schema });
    expect(submission.status === "success" && submission.value.vendorName).toBe("Gateway Auto Credit");
  });
});

describe("full credit application steps", () => {
  const steps = createFullCreditStepSchemas(fixedFormContext("2026-05-01"));
  const stepFields = (step: (typeof FULL_CREDIT_STEPS)[number]) =>
    Object.fromEntries(Object.entries(complete).filter(([key]) => fullCreditStepOf(key) === step));

  it("each step passes with its own fields of a complete application, and the steps together are the whole", () => {
    for (const step of FULL_CREDIT_STEPS) {
      const submission = parseWithZod(formData(stepFields(step)), { schema: steps[step] });
      expect({ step, errors: errorsOf(submission) }).toEqual({ step, errors: undefined });
    }
    const fields = FULL_CREDIT_STEPS.flatMap((step) => Object.keys(stepFields(step)));
    expect(fields.sort()).toEqual(Object.keys(complete).sort());
  });

  it("review needs the E-SIGN consent and takes the TCPA consent as an unticked box by default", () => {
    const { esignConsent: _consent, ...review } = stepFields("review");
    expect(errorsOf(parseWithZod(formData(review), { schema: steps.review }))).toEqual({
      esignConsent: [MESSAGES.esignConsent],
    });
    const whole = parseWithZod(formData(complete), { schema });
    expect(whole.status === "success" && whole.value.tcpaConsent).toBe(false);
    const agreed = parseWithZod(formData({ ...complete, tcpaConsent: "yes" }), { schema });
    expect(agreed.status === "success" && agreed.value.tcpaConsent).toBe(true);
  });

  it("a co-borrower answered no is none whatever the fields hold; answered yes, it must be complete", () => {
    const started = { ...untouchedCoBorrower, "coBorrower.user.firstName": "Sam" };
    const none = parseWithZod(formData({ ...complete, ...started, "coBorrower.applying": "no" }), { schema });
    expect(none.status === "success" && none.value.coBorrower).toBeUndefined();
    const yes = parseWithZod(formData({ ...untouchedCoBorrower, "coBorrower.applying": "yes" }), {
      schema: steps.coBorrower,
    });
    expect(Object.keys(errorsOf(yes) as object)).toEqual(
      expect.arrayContaining(["coBorrower.user.firstName", "coBorrower.ssn", "coBorrower.residences"]),
    );
  });

  it("a co-borrower at the applicant's address needs no residences of their own", () => {
    const coBorrower = {
      ...user("coBorrower.", { firstName: "Sam" }),
      "coBorrower.applying": "yes",
      "coBorrower.ssn": "234-56-7890",
      "coBorrower.sameAddress": "yes",
      "coBorrower.residences[0].housingStatus": "rent",
      "coBorrower.residences[0].fullAddress": "",
      ...employment(0, "3", "0", "coBorrower."),
    };
    const submission = parseWithZod(formData({ ...complete, ...coBorrower }), { schema });
    expect(errorsOf(submission)).toBeUndefined();
    expect(submission.status === "success" && submission.value.coBorrower).toMatchObject({
      sameAddress: true,
      residences: undefined,
      user: { firstName: "Sam" },
    });
  });

  it("every field name of the single POST belongs to the step that shows it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          ["user.firstName", "applicant"],
          ["ssn", "applicant"],
          ["residences[3].zipCode", "residence"],
          ["employments[0].monthlyIncome", "employment"],
          ["coBorrower.user.dateOfBirth", "coBorrower"],
          ["coBorrower.residences[1].city", "coBorrower"],
          ["esignConsent", "review"],
          ["idempotencyKey", "review"],
        ),
        ([field, step]) => fullCreditStepOf(field) === step,
      ),
    );
  });
});
