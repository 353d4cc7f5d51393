import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { popupLeadSchema } from "./popup-lead.schema";

const good = {
  idempotencyKey: "0b7a6f1e-3c1d-4d6e-9a8b-2f1e0d9c8b7a",
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana@example.com",
  phone: "(314) 555-0142",
  popupId: "unlock-price-capture",
};

describe("popup lead form", () => {
  it("accepts the four contact fields with the popup's id, and a VIN when sent from a vehicle page", () => {
    expect(popupLeadSchema.safeParse(good).success).toBe(true);
    expect(popupLeadSchema.safeParse({ ...good, vin: "1HGCM82633A004352" }).success).toBe(true);
  });

  it("refuses any popup id that is not a plain id, whatever else is right", () => {
    fc.assert(
      fc.property(
        fc.string().filter((id) => !/^[A-Za-z0-9_-]{1,64}$/.test(id)),
        (popupId) => {
          expect(popupLeadSchema.safeParse({ ...good, popupId }).success).toBe(false);
        },
      ),
    );
  });

  it("refuses a VIN that is not 17 letters and digits without I, O or Q", () => {
    fc.assert(
      fc.property(
        fc.string().filter((vin) => !/^[A-HJ-NPR-Z0-9]{17}$/i.test(vin)),
        (vin) => {
          expect(popupLeadSchema.safeParse({ ...good, vin }).success).toBe(false);
        },
      ),
    );
  });
});
