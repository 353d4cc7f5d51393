import { evaluateOffer, evaluateParsedOffer, type ParsedOfferInput, parseOfferInput } from "../src/offer";
import { defaultOfferRules } from "../src/offer/offer-rules";
import { handWrittenOffer } from "./hand-written-offer";
import { loadSampleInputs, type Once, rounds } from "./rounds";

// The offer half of `npm run bench -w packages/rules`: evaluations per second of evaluateOffer and of the same
// default rules written out by hand, over the entries of the sample book (a realistic mix of offers and bring-ins),
// one at a time; once with input validation on both sides (the zod parse evaluateOffer does), once without.
// test/hand-written-offer.test.ts checks that both compute the same results, so the ratio compares like with like.

/** Prints evaluateOffer against the hand-written rules, with and without input validation, side by side. */
export async function offerBench(seconds: number): Promise<void> {
  const inputs = await loadSampleInputs();
  const parsed: ParsedOfferInput[] = inputs.map((input) => parseOfferInput(input, defaultOfferRules.questionnaire));
  const at = <T>(list: readonly T[], i: number) => list[i % list.length] as T;

  const pairs: { label: string; compiled: [string, Once]; hand: [string, Once] }[] = [
    {
      label: "with input validation",
      compiled: ["evaluateOffer (zod parse + compiled rules)", (i) => evaluateOffer(at(inputs, i))],
      hand: [
        "hand-written (same zod parse + plain code)",
        (i) => handWrittenOffer(parseOfferInput(at(inputs, i), defaultOfferRules.questionnaire)),
      ],
    },
    {
      label: "without input validation",
      compiled: ["evaluateParsedOffer (compiled rules)", (i) => evaluateParsedOffer(at(parsed, i))],
      hand: ["hand-written (plain code)", (i) => handWrittenOffer(at(parsed, i))],
    },
  ];

  const results = await rounds(
    pairs.flatMap((p) => [p.compiled, p.hand]),
    seconds,
  );

  console.log(
    `evaluateOffer vs hand-written, ${inputs.length} sample-book entries cycled, ${results.rounds} interleaved rounds`,
  );
  console.log(`(medians of rounds; ratio = hand-written rate ÷ compiled rate, per round, median; goal ≤ 10×)\n`);
  const row = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(28) : c.padStart(30))).join(""));
  row(["", ...pairs.map((p) => p.label)]);
  row(["compiled rules", ...pairs.map((_, k) => results.describe(2 * k))]);
  row(["hand-written", ...pairs.map((_, k) => results.describe(2 * k + 1))]);
  row(["ratio", ...pairs.map((_, k) => `${results.ratio(2 * k + 1, 2 * k).toFixed(1)}×`)]);
  console.log(
    `\ncompiled: ${pairs.map((p) => p.compiled[0]).join("; ")}\nhand-written: ${pairs.map((p) => p.hand[0]).join("; ")}`,
  );
}
