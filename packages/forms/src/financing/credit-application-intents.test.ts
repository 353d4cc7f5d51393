import { describe, expect, it } from "vitest";
import { eventForIntent } from "./credit-application-intents";

const own = { "residences[0].city": "Brentwood" };

describe("eventForIntent", () => {
  it.each([
    ["continue", { type: "CONTINUE", values: own }],
    ["back", { type: "BACK", values: own }],
    ["submit", { type: "SUBMIT", values: own }],
    ["edit:employment", { type: "EDIT", step: "employment" }],
    ["add:residences", { type: "SAVE", values: { ...own, "residences[1].fullAddress": "" } }],
    ["remove:residences:0", { type: "SAVE", values: {} }],
  ])("maps the button %s to its stepper event", (intent, event) => {
    expect(eventForIntent(intent, own)).toEqual(event);
  });

  it("treats an unknown step, list or intent as continue, so a forged button cannot reach another event", () => {
    for (const intent of ["edit:nowhere", "add:pets", "remove:pets:0", "remove:residences:x", "anything"])
      expect(eventForIntent(intent, own)).toEqual({ type: "CONTINUE", values: own });
  });
});
