import { leadStoreSchema } from "@showroom/rules/leads";
import { describe, expect, it } from "vitest";
import { testStoreProfile } from "../../../tests/support/leads";
import { leadStoreFromProfile } from "./store-snapshot";

describe("the store a lead carries", () => {
  it("is taken from the fixture dealer profile: name, address, phone, email, site and general manager", () => {
    const store = leadStoreFromProfile(testStoreProfile, "brentwood");
    const manager = (testStoreProfile as { employee: { generalManager: Record<string, string> } }).employee
      .generalManager;
    expect(leadStoreSchema.parse(store)).toEqual(store);
    expect(store).toEqual({
      name: "Confluence Motors Brentwood",
      address: { line1: "8725 Manchester Rd", city: "Brentwood", state: "MO", zip: "63144" },
      phone: "(314) 555-0140",
      email: "brentwood@confluencemotors.example",
      url: "https://www.confluencemotors.example",
      generalManager: { fullName: manager.fullName, email: manager.email, phone: manager.phone },
    });
    expect(store.generalManager.email).toContain("@");
  });

  it("a second address line is kept when the profile has one", () => {
    const profile = { ...(testStoreProfile as object), address_line_2: "Suite 200" };
    expect(leadStoreFromProfile(profile, "brentwood").address.line2).toBe("Suite 200");
  });

  it("a profile that cannot address a lead is refused, naming the store and the field", () => {
    const { employee: _gone, ...profile } = testStoreProfile as Record<string, unknown>;
    expect(() => leadStoreFromProfile(profile, "brentwood")).toThrow(/store brentwood.*employee/);
    expect(() => leadStoreFromProfile(null, "x")).toThrow(/store x/);
  });
});
