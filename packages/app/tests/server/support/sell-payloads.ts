// fast-check arbitraries for the sell/trade actions (issue 13): whole journeys in one POST, their parts, and the offer
// page's visit times.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { openSlotsNow } from "../../support/slots";

/** Whole sell/trade journeys as one POST (issue 13): a VIN or a chosen vehicle, answers that fit, a profile. */
export const SELL_ANSWER_SETS: readonly Record<string, string | string[]>[] = [
  { q100: "great" },
  { q100: "good", q200: "no", q201: "yes", q202: "no", q203: "minor", q204: "one-two", q205: "one" },
  {
    q100: "poor",
    q200: "yes",
    q201: "no",
    q202: "no",
    q203: "major",
    q204: "five-plus",
    q205: "two-or-more",
    q300: ["brakes", "ac-heat"],
    q301: "replace-all",
    q400: "no",
    q401: "clean",
    q402: "no",
    q403: "moderate",
    q500: "Runs rough when cold.",
  },
];
export const SELL_FIELDS = [
  "intent",
  "step",
  "vin",
  "year",
  "make",
  "model",
  "trim",
  "mileage",
  "zip",
  "interest",
  ...["100", "200", "201", "202", "203", "204", "205", "300", "301", "400", "401", "402", "403", "500"].map(
    (id) => `q${id}`,
  ),
  "idempotencyKey",
  "website",
  "firstName",
  "lastName",
  "email",
  "phone",
];
/** Forms keep one value per name here; a checkbox answer's second box is left to the random entries. */
export const sellFirstValues = (answers: Record<string, string | string[]>) =>
  Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? "") : v]));
export const sellVehicle = fc.oneof(
  fc.constantFrom("WMWWJ9C03M2387500", "KL8CD6SA1EC456789").map((vin) => ({ vin })),
  fc.constantFrom(
    { year: "2019", make: "Toyota", model: "RAV4", trim: "XLE" },
    { year: "2021", make: "Honda", model: "Civic", trim: "" },
  ),
);
export const sellDetails = fc.record({
  mileage: fc.constantFrom("31,500", "88000", "151000"),
  zip: fc.constantFrom("63119", "63376"),
  interest: fc.constantFrom("sell", "trade-in"),
});
/** The store's open visit times now, as the offer page's form posts them (ISO with the dealer's offset). */
export const visitSlotsNow = () => openSlotsNow({ days: 4, slotMinutes: 60 }).flatMap((day) => day.times);

/**
 * The whole sell journey in one POST for the 2021 MINI the demo book values, with a one-question condition and the
 * given shopper: the answer is a 303 to the offer's page.
 */
export function wholeOfferBody(shopper: { firstName: string; lastName: string; email: string }): URLSearchParams {
  return new URLSearchParams({
    intent: "offer",
    idempotencyKey: randomUUID(),
    website: "",
    vin: "WMWWJ9C03M2387500",
    mileage: "30000",
    zip: "63119",
    interest: "sell",
    q100: "great",
    ...shopper,
    phone: "3145550100",
  });
}
