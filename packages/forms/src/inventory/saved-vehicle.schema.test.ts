import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages";
import { savedVehicleSchema } from "./saved-vehicle.schema";

const VIN = "1HGCM82633A004352";

describe("savedVehicleSchema", () => {
  it("takes a VIN in any case with spaces around, and save or remove", () => {
    expect(savedVehicleSchema.parse({ vin: ` ${VIN.toLowerCase()} `, intent: "save" })).toEqual({
      vin: VIN,
      intent: "save",
    });
    expect(savedVehicleSchema.parse({ vin: VIN, intent: "remove" }).intent).toBe("remove");
  });

  it("refuses a malformed VIN and an unknown intent in the spec's words", () => {
    const result = savedVehicleSchema.safeParse({ vin: "1HGCM82633A00435O", intent: "like" });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(messages).toEqual([
      ["vin", MESSAGES.vin],
      ["intent", MESSAGES.choice],
    ]);
  });

  it("accepts exactly the 17-character VINs of the VIN alphabet, whatever else is posted", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.constantFrom("save", "remove"), (vin, intent) => {
        const ok = /^[A-HJ-NPR-Z0-9]{17}$/.test(vin.trim().toUpperCase());
        expect(savedVehicleSchema.safeParse({ vin, intent }).success).toBe(ok);
      }),
      { numRuns: 300 },
    );
  });
});
