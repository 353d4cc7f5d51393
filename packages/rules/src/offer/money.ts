/**
 * Exact money arithmetic. Rule files hold dollars with at most two decimals and percents with at most four, so
 * every deduction and cost is a whole number of 10⁻⁸ dollars; adding them as bigints keeps `floor(base − …)` exact,
 * where float sums could land a cent below a whole dollar and floor it away.
 */
export type Units = bigint;

const UNITS_PER_DOLLAR = 100_000_000n;
const PERCENT_SCALE = 10_000n;

/** `digits`-decimal fixed point of a finite number written with at most that many decimals. */
function fixed(value: number, digits: number): bigint {
  const text = Math.abs(value).toFixed(digits);
  const scaled = BigInt(text.replace(".", ""));
  return value < 0 ? -scaled : scaled;
}

const UNITS_PER_CENT = UNITS_PER_DOLLAR / 100n;

/**
 * Dollars (cents at most, as the schemas allow) to units. `value × 100` is within a rounding error of a whole
 * number of cents for every such value up to far beyond MAX_DOLLARS, so rounding it gives the cents exactly.
 */
export function dollars(value: number): Units {
  return BigInt(Math.round(value * 100)) * UNITS_PER_CENT;
}

/** A percent (at most four decimals) as the fixed-point integer {@link percentOfFixed} takes: 12.5 → 125000n. */
export function percentFixed(percent: number): bigint {
  return fixed(percent, 4);
}

const PERCENT_DIVISOR = 100n * PERCENT_SCALE;

/** `percent` % of `base`, exactly (percent with at most four decimals; base from {@link dollars}). */
export function percentOf(base: Units, percent: number): Units {
  return (base * fixed(percent, 4)) / PERCENT_DIVISOR;
}

/** {@link percentOf} with the percent converted once by {@link percentFixed}. */
export function percentOfFixed(base: Units, percent: bigint): Units {
  return (base * percent) / PERCENT_DIVISOR;
}

/** Units to dollars as a number (exact to the cent for results of {@link dollars}; nearest float otherwise). */
export function toDollars(units: Units): number {
  return Number(units) / Number(UNITS_PER_DOLLAR);
}

/** Whole dollars, rounded down (toward −∞). */
export function floorDollars(units: Units): number {
  const whole = units / UNITS_PER_DOLLAR;
  return Number(units < 0n && whole * UNITS_PER_DOLLAR !== units ? whole - 1n : whole);
}

export function sum(values: Iterable<Units>): Units {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

export function max(a: Units, b: Units): Units {
  return a > b ? a : b;
}
