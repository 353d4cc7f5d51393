import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { fixedFormContext } from "../fields/context";
import { errorsOf, formData, VALID_KEY } from "../testing/form-data.test-support";
import { createSellFormSchema } from "./sell.schema";

const schema = createSellFormSchema(fixedFormContext("2026-05-01"));

describe("sell form", () => {
  it("reads make, model, year, price and mileage as typed", () => {
    const submission = parseWithZod(
      formData({
        idempotencyKey: VALID_KEY,
        make: " Honda ",
        model: "Civic",
        year: "2019",
        price: "$14,500",
        mileage: "62,350",
      }),
      { schema },
    );
    expect(submission.status === "success" && submission.value).toEqual({
      idempotencyKey: VALID_KEY,
      website: undefined,
      make: "Honda",
      model: "Civic",
      year: 2019,
      price: 14500,
      mileage: 62350,
      interest: "sell",
    });
  });

  it('answers each missing field with "Enter the {field} of the vehicle."', () => {
    const submission = parseWithZod(
      formData({ idempotencyKey: VALID_KEY, make: "", model: " ", year: "", price: "", mileage: "" }),
      { schema },
    );
    expect(errorsOf(submission)).toEqual({
      make: ["Enter the make of the vehicle."],
      model: ["Enter the model of the vehicle."],
      year: ["Enter the year of the vehicle."],
      price: ["Enter the price of the vehicle."],
      mileage: ["Enter the mileage of the vehicle."],
    });
  });

  it.each([
    ["year", "1899"],
    ["year", "2028"],
    ["year", "19"],
    ["year", "2019.5"],
    ["price", "0"],
    ["price", "-100"],
    ["price", "lots"],
    ["mileage", "0"],
    ["mileage", "62.5"],
    ["mileage", "about 60k"],
  ])("answers %s %j with the same spec message", (field, value) => {
    const submission = parseWithZod(
      formData({
        idempotencyKey: VALID_KEY,
        make: "Honda",
        model: "Civic",
        year: "2019",
        price: "14500",
        mileage: "62000",
        [field]: value,
      }),
      { schema },
    );
    expect(errorsOf(submission)).toEqual({ [field]: [`Enter the ${field} of the vehicle.`] });
  });

  it("takes next year's models, since they go on sale in the current year", () => {
    expect(
      schema.safeParse({ idempotencyKey: VALID_KEY, make: "Kia", model: "EV9", year: 2027, price: 1, mileage: 5 })
        .success,
    ).toBe(true);
  });

  it("keeps the trade-in interest when the shopper trades", () => {
    const result = schema.parse({
      idempotencyKey: VALID_KEY,
      make: "Ford",
      model: "F-150",
      year: "2015",
      price: "9,000",
      mileage: "150,000",
      interest: "trade-in",
    });
    expect(result.interest).toBe("trade-in");
  });
});
