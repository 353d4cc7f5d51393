import { randomUUID } from "node:crypto";

/** A car as a JSON feed lists it: a used 2020 Honda Accord Sport, its stock number `<stockPrefix>-` and 8 characters. */
export const feedCar = (vin: string, stockPrefix: string, extra: Record<string, unknown> = {}) => ({
  vin,
  condition: "used",
  year: 2020,
  make: "Honda",
  model: "Accord",
  trim: "Sport",
  bodyStyle: "Sedans",
  mileage: 31_000,
  price: 23_995,
  stockNumber: `${stockPrefix}-${randomUUID().slice(0, 8)}`,
  exteriorColor: "Blue",
  ...extra,
});

/** Whether a search page lists the car: a card links to the car's page, whose path ends with its VIN. */
export const listsCar = (html: string, vin: string) =>
  new RegExp(`href="/[a-z-]*cars-for-sale/[^"]*-${vin}"`).test(html);
