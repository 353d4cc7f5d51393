import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages";
import { alertManageIntent, alertManageSchema, alertSubscribeSchema } from "./alert.schema";

const KEY = "0b7e5c1e-2f7a-4c3b-9a55-0d6f1b2c3d4e";
const VIN = "1HGCM82633A004352";

describe("alertSubscribeSchema", () => {
  it("takes an address with a search of this site or a VIN", () => {
    expect(
      alertSubscribeSchema.parse({ idempotencyKey: KEY, email: " a@example.com ", search: "/cars-for-sale/honda" }),
    ).toMatchObject({ email: "a@example.com", search: "/cars-for-sale/honda" });
    expect(
      alertSubscribeSchema.parse({ idempotencyKey: KEY, email: "a@example.com", vin: VIN.toLowerCase() }).vin,
    ).toBe(VIN);
  });

  it("refuses a bad address in the spec's words, and another site's address as a search", () => {
    const bad = alertSubscribeSchema.safeParse({ idempotencyKey: KEY, email: "nope", search: "//evil.example/x" });
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["email", MESSAGES.email],
      ["search", MESSAGES.choice],
    ]);
  });

  it("property: a submission watches exactly one thing, a search or a vehicle, never both or neither", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (withSearch, withVin) => {
        const result = alertSubscribeSchema.safeParse({
          idempotencyKey: KEY,
          email: "a@example.com",
          ...(withSearch ? { search: "/cars-for-sale" } : {}),
          ...(withVin ? { vin: VIN } : {}),
        });
        expect(result.success).toBe(withSearch !== withVin);
      }),
    );
  });
});

describe("alertManageSchema", () => {
  it("property: a mailbox's one-click post means unsubscribe; any other body needs a known intent", () => {
    expect(alertManageIntent(alertManageSchema.parse({ "List-Unsubscribe": "One-Click" }))).toBe("unsubscribe");
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (intent) => {
        const result = alertManageSchema.safeParse({ intent });
        expect(result.success).toBe(intent === "confirm" || intent === "unsubscribe");
      }),
    );
  });
});
