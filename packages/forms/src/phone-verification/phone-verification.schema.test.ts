import { parseWithZod } from "@conform-to/zod/v4";
import { isValidPhone } from "@showroom/rules/profile";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { phoneText } from "../testing/arbitraries.test-support";
import { errorsOf, formData } from "../testing/form-data.test-support";
import { isVerifiablePhone, phoneVerificationSchema } from "./phone-verification.schema";

function errors(fields: Record<string, string>) {
  return errorsOf(parseWithZod(formData(fields), { schema: phoneVerificationSchema }));
}

describe("phone verification (spec 5 messages)", () => {
  it.each([
    [{ type: "phone-validation", phone: "" }, { phone: ["Phone number is required"] }],
    [{ type: "phone-validation", phone: "   " }, { phone: ["Phone number is required"] }],
    [{ type: "phone-validation", phone: "314-555" }, { phone: ["Phone number is invalid by regex"] }],
    [{ type: "phone-validation", phone: "call 3145550142" }, { phone: ["Phone number is invalid by regex"] }],
    [{ type: "phone-validation", phone: "+44 20 7946 0958" }, { phone: ["Phone number is invalid by regex"] }],
    [{ type: "phone-validation", phone: "(114) 555-0142" }, { phone: ["Phone number is invalid by regex"] }],
    [{ type: "code-verification", phone: "3145550142", code: "" }, { code: ["Code is required"] }],
    [{ type: "code-verification", phone: "3145550142", code: "12345" }, { code: ["Code must be 6 digits"] }],
    [{ type: "code-verification", phone: "3145550142", code: "1234567" }, { code: ["Code must be 6 digits"] }],
    [{ type: "code-verification", phone: "3145550142", code: "abcdef" }, { code: ["Code must be 6 digits"] }],
  ])("%j answers %j", (fields, expected) => {
    expect(errors(fields)).toEqual(expected);
  });

  it("reads the code after removing non-digits", () => {
    const submission = parseWithZod(
      formData({ type: "code-verification", phone: "+1 (314) 555-0142", code: " 123-456 " }),
      {
        schema: phoneVerificationSchema,
      },
    );
    expect(submission.status === "success" && submission.value).toEqual({
      type: "code-verification",
      phone: "+1 (314) 555-0142",
      code: "123456",
    });
  });

  it("asks only for the phone on the first step", () => {
    const submission = parseWithZod(formData({ type: "phone-validation", phone: "314.555.0142", code: "" }), {
      schema: phoneVerificationSchema,
    });
    expect(submission.status === "success" && submission.value).toEqual({
      type: "phone-validation",
      phone: "314.555.0142",
    });
  });

  it("every phone verification accepts is a valid phone for the rest of the site", () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^[\d\s()+.-]{0,20}$/), phoneText), (phone) => {
        if (isVerifiablePhone(phone)) expect(isValidPhone(phone)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
