/** A feed's JSON row for a 2019 Honda Accord, used, at Brentwood's usual figures; `more` adds or overrides fields. */
export function accordFeedRow(vin: string, stockNumber: string, more: Record<string, unknown> = {}) {
  return {
    vin,
    stockNumber,
    year: 2019,
    make: "Honda",
    model: "Accord",
    bodystyle: "Sedan",
    condition: "Used",
    mileage: 41200,
    price: 18000,
    ...more,
  };
}
