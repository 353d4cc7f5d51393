import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PhoneVerificationField } from "./phone-verification-field";

const texts = {
  fields: { phone: { label: "Mobile phone" }, code: { label: "Verification code" } },
  phoneVerification: { codeSentTo: "Enter the 6-digit code we sent to {phone}." },
};

describe("PhoneVerificationField", () => {
  it("names the number the code went to as a person writes it, however it was typed", () => {
    for (const typed of ["3145552468", "+1 314 555 2468", "314.555.2468"]) {
      const html = renderToStaticMarkup(
        createElement(PhoneVerificationField, {
          texts,
          initial: { state: "sent", phone: typed, message: null, error: null, field: null },
          defaultValue: typed,
          errors: undefined,
        }),
      );
      expect(html, typed).toContain("Enter the 6-digit code we sent to (314) 555-2468.");
    }
  });
});
