import { describe, expect, it } from "vitest";
import { MESSAGES, SPEC_MESSAGES, vehicleFieldMessage } from "./messages";

describe("messages are the spec's strings, word for word (section 5)", () => {
  it.each([
    ["required", "This field is required"],
    ["email", "Please enter a valid email address"],
    ["phone", "Please enter a valid phone number"],
    ["firstName", "Enter your first name."],
    ["lastName", "Enter your last name."],
    ["message", "Enter your message."],
    ["phoneRequired", "Phone number is required"],
    ["phoneInvalidByRegex", "Phone number is invalid by regex"],
    ["codeRequired", "Code is required"],
    ["codeSixDigits", "Code must be 6 digits"],
  ] as const)("%s is %j", (key, text) => {
    expect(SPEC_MESSAGES[key]).toBe(text);
    expect(MESSAGES[key]).toBe(text);
  });

  it.each(["make", "model", "year", "price", "mileage"] as const)(
    '%s: "Enter the {field} of the vehicle."',
    (field) => {
      expect(vehicleFieldMessage(field)).toBe(`Enter the ${field} of the vehicle.`);
    },
  );
});
