import { readFile } from "node:fs/promises";
import type { OfferInput } from "../src/offer";

/** One call of a contender; the i-th call of a run. */
export type Once = (i: number) => unknown;

/** The sample book's entries as offer inputs, each dated by its own asOf or the book's. */
export async function loadSampleInputs(): Promise<OfferInput[]> {
  const book = JSON.parse(await readFile(new URL("../books/sample-book.json", import.meta.url), "utf8"));
  return book.entries.map((e: OfferInput & { asOf?: string }) => ({
    vehicle: e.vehicle,
    valuation: e.valuation,
    answers: e.answers,
    asOf: e.asOf ?? book.asOf,
  }));
}

/** Calls per second of `once` over `ms` milliseconds (awaiting each call, as a caller of an async API would). */
async function rate(once: Once, ms: number): Promise<number> {
  let count = 0;
  const start = performance.now();
  const until = start + ms;
  while (performance.now() < until) {
    for (let k = 0; k < 50; k++) await once(count++);
  }
  return count / ((performance.now() - start) / 1000);
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/**
 * Runs the contenders in interleaved rounds over `seconds` in all, after a warm-up, so load from other processes
 * falls on all of them alike; reports medians.
 */
export async function rounds(contenders: readonly (readonly [string, Once])[], seconds: number, count = 9) {
  for (const [, once] of contenders) for (let i = 0; i < 5_000; i++) await once(i);
  const rates: number[][] = contenders.map(() => []);
  for (let round = 0; round < count; round++) {
    for (const [c, [, once]] of contenders.entries()) {
      rates[c]?.push(await rate(once, (seconds * 1000) / count / contenders.length));
    }
  }
  const perSecond = (c: number) => median(rates[c] ?? []);
  return {
    rounds: count,
    perSecond,
    /** "1,234,567 /s, 0.81 µs" */
    describe: (c: number) =>
      `${Math.round(perSecond(c)).toLocaleString("en-US")} /s, ${(1e6 / perSecond(c)).toFixed(2)} µs`,
    /** Median over rounds of rate(a) ÷ rate(b). */
    ratio: (a: number, b: number) => median((rates[a] ?? []).map((x, r) => x / (rates[b]?.[r] ?? Number.NaN))),
  };
}
