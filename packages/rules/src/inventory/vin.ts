/** Seventeen characters, letters and digits without I, O and Q, in either case. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/i;

/** True when `vin` has the shape of a VIN (17 characters, no I, O or Q, either case). The check digit is not read. */
export function isValidVin(vin: unknown): vin is string {
  return typeof vin === "string" && VIN_PATTERN.test(vin);
}

/** The canonical (upper-case) form of a VIN, or null when it is not one. */
export function normalizeVin(vin: string): string | null {
  return isValidVin(vin) ? vin.toUpperCase() : null;
}

// The transliteration and weights of 49 CFR 565.15: a letter counts as the digit printed beside it.
const LETTER_VALUES: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

function charValue(c: string): number {
  return c >= "0" && c <= "9" ? Number(c) : (LETTER_VALUES[c] ?? Number.NaN);
}

/** The check digit (`0`–`9` or `X`) a VIN's position 9 must hold under the North-American rule, or null for a non-VIN. */
export function vinCheckDigit(vin: string): string | null {
  const canonical = normalizeVin(vin);
  if (!canonical) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += charValue(canonical.charAt(i)) * (WEIGHTS[i] ?? 0);
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

/**
 * True when a VIN's check digit (position 9) is right under the North-American rule. Vehicles built for other
 * markets need not follow it, which is why {@link isValidVin} does not ask for it.
 */
export function vinCheckDigitOk(vin: string): boolean {
  const expected = vinCheckDigit(vin);
  return expected !== null && vin.charAt(8).toUpperCase() === expected;
}
