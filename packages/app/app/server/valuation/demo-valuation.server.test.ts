import { describe, expect, it } from "vitest";
import { createDemoValuation } from "./demo-valuation.server";

const query = { year: 2019, make: "Toyota", model: "RAV4", mileage: 48_000, zip: "63119", asOf: "2026-11-26" };

describe("the demo book as a valuation provider", () => {
  it("values a catalogue vehicle in whole dollars, trim or not", async () => {
    const book = createDemoValuation();
    const plain = await book.value(query);
    const xle = await book.value({ ...query, trim: "XLE" });
    for (const value of [plain, xle]) {
      expect(value).not.toBeNull();
      for (const figure of Object.values(value ?? {})) expect(Number.isInteger(figure)).toBe(true);
    }
  });

  it("a vehicle it does not list, or one its input rules refuse, gets no value instead of an error", async () => {
    const book = createDemoValuation();
    await expect(book.value({ ...query, make: "Chevrolet", model: "Spark" })).resolves.toBeNull();
    await expect(
      book.value({ ...query, trim: "S, Final Edition SE, Final Edition SEL, SE".repeat(3) }),
    ).resolves.toBeNull();
    await expect(book.value({ ...query, model: "x".repeat(200) })).resolves.toBeNull();
  });
});
