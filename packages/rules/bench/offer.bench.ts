import { readFile } from "node:fs/promises";
import { evaluateOffer, parseOfferInput } from "../src/offer";
import { defaultOfferRules } from "../src/offer/offer-rules";
import { handWrittenOffer } from "./hand-written-offer";

// `npm run bench -w packages/rules`: evaluations per second of evaluateOffer and of the same default rules written
// out by hand, over the entries of the sample book (a realistic mix of offers and bring-ins), one at a time.
// test/hand-written-offer.test.ts checks that both compute the same results, so the ratio compares like with like.

const bookUrl = new URL("../../../fixtures/offer/sample-book.json", import.meta.url);
const book = JSON.parse(await readFile(bookUrl, "utf8"));
const inputs = book.entries.map((e: { vehicle: object; valuation: object; answers: object; asOf?: string }) => ({
  vehicle: e.vehicle,
  valuation: e.valuation,
  answers: e.answers,
  asOf: e.asOf ?? book.asOf,
}));

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const ROUNDS = 9;

type Once = (i: number) => unknown;

/** Evaluations per second of `once` over `ms` milliseconds. */
async function rate(once: Once, ms: number): Promise<number> {
  let count = 0;
  const start = performance.now();
  const until = start + ms;
  while (performance.now() < until) {
    for (let k = 0; k < 50; k++) await once(count++);
  }
  return count / ((performance.now() - start) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const contenders: [string, Once][] = [
  ["evaluateOffer (json-rules-engine + zod)", (i) => evaluateOffer(inputs[i % inputs.length])],
  ["hand-written default rules", (i) => handWrittenOffer(inputs[i % inputs.length])],
  [
    "  of which: input validation alone (zod)",
    (i) => parseOfferInput(inputs[i % inputs.length], defaultOfferRules.questionnaire),
  ],
];

console.log(`Node ${process.version}, ${inputs.length} sample-book entries cycled, ${ROUNDS} interleaved rounds\n`);
for (const [, once] of contenders) for (let i = 0; i < 2_000; i++) await once(i); // warm-up: JIT, engine cache
// Rounds alternate the contenders so load from other processes falls on all of them alike; medians are reported.
const rates: number[][] = contenders.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (const [c, [, once]] of contenders.entries())
    rates[c]?.push(await rate(once, (SECONDS * 1000) / ROUNDS / contenders.length));
}
for (const [c, [name]] of contenders.entries()) {
  const perSecond = median(rates[c] ?? []);
  console.log(
    `${name.padEnd(44)} ${Math.round(perSecond).toLocaleString("en-US").padStart(12)} /s  ${(1e6 / perSecond).toFixed(2).padStart(9)} µs`,
  );
}
const ratios = (rates[0] ?? []).map((engine, r) => (rates[1]?.[r] ?? 0) / engine);
console.log(
  `\nratio (hand-written ÷ evaluateOffer), median of rounds: ${median(ratios).toFixed(0)}× (goal for later: ≤ 10×)`,
);
