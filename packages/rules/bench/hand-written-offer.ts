/**
 * The default offer rules written out by hand, as a developer would without a rule engine: the benchmark's yardstick
 * for what `evaluateOffer` costs. It reads no rule file, parses nothing and trusts its input. Money is counted in
 * thousandths of a cent, where every default percent of a cents amount is a whole number, so floors are exact.
 */

export interface HandWrittenInput {
  readonly vehicle: { readonly year: number; readonly mileage: number };
  readonly valuation: {
    readonly roughWholesale: number;
    readonly adjustedWholesaleAvg: number;
    readonly adjustedRetailAvg: number;
  };
  readonly answers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly asOf: string;
}

export interface HandWrittenOffer {
  readonly price: number | null;
  readonly withheld: string | null;
  readonly base: number;
}

export interface HandWrittenResult {
  readonly outcome: "offer" | "bring-in";
  readonly reasons: readonly string[];
  readonly cashNow: HandWrittenOffer | null;
  readonly moreCashLater: (HandWrittenOffer & { reserve: number | null; profitShare: number | null }) | null;
}

/** Units per dollar: thousandths of a cent. */
const UNIT = 100_000;

/** [flat dollars or percent at base ≥ 15000, percent below], per "questionId:answer". */
const DEDUCTIONS: Record<string, readonly [{ amount: number } | { percent: number }, number]> = {
  "200:yes": [{ percent: 12 }, 5],
  "201:yes": [{ percent: 5 }, 2],
  "202:yes": [{ amount: 500 }, 5],
  "203:minor": [{ amount: 100 }, 1],
  "203:moderate": [{ amount: 200 }, 2],
  "203:major": [{ amount: 300 }, 3],
  "204:one-two": [{ amount: 200 }, 2],
  "204:three-four": [{ amount: 400 }, 4],
  "204:five-plus": [{ amount: 600 }, 6],
  "205:one": [{ amount: 150 }, 1.5],
  "300:check-engine-4x4": [{ amount: 1500 }, 15],
  "300:brakes": [{ amount: 1250 }, 12.5],
  "300:ac-heat": [{ amount: 1000 }, 10],
  "300:other-mechanical": [{ amount: 1000 }, 10],
  "301:replace-two": [{ amount: 500 }, 5],
  "301:replace-all": [{ amount: 1000 }, 10],
  "403:minor": [{ amount: 500 }, 5],
  "403:moderate": [{ amount: 1000 }, 10],
  "403:major": [{ amount: 1500 }, 15],
};

const cents = (dollars: number) => Math.round(dollars * 100);
/** `percent` % of a cents amount, in units: cents × percent × 10 (percents here have one decimal at most). */
const percentUnits = (baseCents: number, percent: number) => baseCents * Math.round(percent * 10);

function deductionUnits(selected: readonly string[], baseCents: number): number {
  let total = 0;
  for (const key of selected) {
    const row = DEDUCTIONS[key];
    if (!row) continue;
    const [high, low] = row;
    if (baseCents >= 1_500_000) total += "amount" in high ? high.amount * UNIT : percentUnits(baseCents, high.percent);
    else total += percentUnits(baseCents, low);
  }
  return total;
}

export function handWrittenOffer(input: HandWrittenInput): HandWrittenResult {
  const { vehicle, valuation, answers } = input;
  const age = Number(input.asOf.slice(0, 4)) - vehicle.year;
  const overall = answers["100"];
  const details = overall === "good" || overall === "fair" || overall === "poor";
  const repairs = overall === "fair" || overall === "poor";
  const structure = overall === "poor";
  const repairList = repairs ? ((answers["300"] ?? []) as readonly string[]) : [];

  const reasons: string[] = [];
  if (age >= 15) reasons.push("age");
  if (age <= 1) reasons.push("recent-model-year");
  if (vehicle.mileage >= 150_000) reasons.push("mileage");
  if (structure && answers["402"] === "yes") reasons.push("hail-rust");
  if (structure && answers["400"] === "yes") reasons.push("frame");
  if (structure && answers["401"] === "salvage-or-rebuilt") reasons.push("salvage");
  if (repairList.includes("does-not-run")) reasons.push("inoperable");
  if (repairList.includes("transmission")) reasons.push("transmission");
  if (reasons.length > 0) return { outcome: "bring-in", reasons, cashNow: null, moreCashLater: null };

  const selected: string[] = [];
  const shown = [...(details ? ["200", "201", "202", "203", "204", "205"] : []), ...(repairs ? ["301"] : [])];
  for (const id of shown) selected.push(`${id}:${answers[id]}`);
  for (const repair of repairList) selected.push(`300:${repair}`);
  if (structure) selected.push(`403:${answers["403"]}`);

  const rough = valuation.roughWholesale;
  const cashBase = cents(rough >= 10_000 && rough <= 20_000 ? valuation.adjustedWholesaleAvg : rough);
  const reconditioning = (base: number) => 560 * UNIT + percentUnits(base, 2);
  const cashUnits = cashBase * 1000 - deductionUnits(selected, cashBase) - reconditioning(cashBase);
  const cashPrice = Math.floor(cashUnits / UNIT);
  const cashWithheld = cashPrice < 2000 ? "below-minimum" : null;

  const retail = cents(valuation.adjustedRetailAvg);
  const advertising = Math.max(1500 * UNIT, Math.max(995 * UNIT, percentUnits(retail, 5)));
  const moreUnits = retail * 1000 - deductionUnits(selected, retail) - reconditioning(retail) - advertising;
  const morePrice = Math.floor(moreUnits / UNIT);
  const moreWithheld = age >= 10 ? "age" : morePrice < 2300 ? "below-minimum" : null;

  if (cashWithheld && moreWithheld) {
    return { outcome: "bring-in", reasons: ["no-online-offer"], cashNow: null, moreCashLater: null };
  }
  const reserve = moreWithheld ? null : Math.floor((morePrice * 68) / 100);
  return {
    outcome: "offer",
    reasons: [],
    cashNow: { price: cashWithheld ? null : cashPrice, withheld: cashWithheld, base: cashBase / 100 },
    moreCashLater: {
      price: moreWithheld ? null : morePrice,
      withheld: moreWithheld,
      base: retail / 100,
      reserve,
      profitShare: reserve === null ? null : morePrice - reserve,
    },
  };
}
