/**
 * The pre-approval form for a car the shopper is looking at: the VIN goes along, so the form shows the car and its
 * APPLY_FINANCING lead carries the vehicle (year, make, model, VIN, price) instead of the empty vehicle the ADF DTD
 * makes a lead without one send (ADR 332).
 */
export function preApprovalPath(vin: string): string {
  return `/auto-financing/apply-for-financing?${new URLSearchParams({ vin })}`;
}
