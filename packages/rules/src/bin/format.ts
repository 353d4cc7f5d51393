import type { MoreCashLaterOffer, OfferResult } from "../offer/evaluate-offer";
import type { OfferBookEntry } from "../offer/input.schema";
import { OFFER_KINDS, type OfferKind } from "../offer/outcomes.schema";
import type { ComparedEntry, Comparison, SimulationRow } from "./simulate";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const count = new Intl.NumberFormat("en-US");
const LABELS: Record<OfferKind, string> = { cashNow: "Cash Now", moreCashLater: "More Cash Later" };

/** Left-aligned columns separated by two spaces, with a header rule. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)];
}

function vehicleOf(entry: OfferBookEntry): string {
  const { year, make, model, trim } = entry.vehicle;
  return [year, make, model, trim].filter(Boolean).join(" ");
}

function offerCell(result: OfferResult, kind: OfferKind): string {
  const offer = result[kind];
  if (!offer) return "—";
  if (offer.price === null) return `withheld (${offer.withheld})`;
  if (kind === "moreCashLater") {
    const { reserve, profitShare } = offer as MoreCashLaterOffer;
    return `${usd.format(offer.price)} = ${usd.format(reserve ?? 0)} + ${usd.format(profitShare ?? 0)}`;
  }
  return usd.format(offer.price);
}

function outcomeCell(result: OfferResult): string {
  return result.outcome === "offer" ? "offer" : `bring in: ${result.reasons.join(", ")}`;
}

/** One row per entry, then a summary of outcomes, reasons and withheld offers. */
export function formatSimulation(rows: readonly SimulationRow[]): string[] {
  const lines = table(
    ["ID", "Vehicle", "Miles", "Date", "Outcome", "Cash Now", "More Cash Later (reserve + share)"],
    rows.map(({ entry, result }) => [
      entry.id,
      vehicleOf(entry),
      count.format(entry.vehicle.mileage),
      result.asOf,
      outcomeCell(result),
      offerCell(result, "cashNow"),
      offerCell(result, "moreCashLater"),
    ]),
  );
  const offers = rows.filter((r) => r.result.outcome === "offer").length;
  const tally = (codes: readonly string[]) => {
    const counts = new Map<string, number>();
    for (const c of codes) counts.set(c, (counts.get(c) ?? 0) + 1);
    return [...counts].map(([code, n]) => `${code} ${n}`).join(", ") || "none";
  };
  lines.push(
    "",
    `${rows.length} entries: ${offers} with an offer, ${rows.length - offers} to bring in.`,
    `Bring-in reasons: ${tally(rows.flatMap((r) => r.result.reasons))}.`,
  );
  for (const kind of OFFER_KINDS) {
    const withheld = rows.flatMap((r) => (r.result[kind]?.withheld ? [r.result[kind].withheld] : []));
    lines.push(`${LABELS[kind]} withheld: ${tally(withheld)}.`);
  }
  return lines;
}

function signed(n: number): string {
  return n > 0 ? `+${usd.format(n)}` : n < 0 ? `−${usd.format(-n)}` : usd.format(0);
}

function movedCell(before: OfferResult, after: OfferResult, kind: OfferKind): string {
  const was = offerCell(before, kind);
  const now = offerCell(after, kind);
  if (was === now) return now;
  const a = before[kind]?.price;
  const b = after[kind]?.price;
  const delta = typeof a === "number" && typeof b === "number" ? ` (${signed(b - a)})` : "";
  return `${was} → ${now}${delta}`;
}

/**
 * What moved (or, with `all`, every entry): the entries, how many changed, and the min / median / max change of
 * each offer, signed from the seller's side.
 */
export function formatComparison(comparison: Comparison, all = false): string[] {
  const lines = table(
    ["ID", "Vehicle", "Outcome", "Cash Now", "More Cash Later"],
    (all ? comparison.entries : comparison.moved).map(({ entry, before, after }) => [
      entry.id,
      vehicleOf(entry),
      outcomeCell(before) === outcomeCell(after)
        ? outcomeCell(after)
        : `${outcomeCell(before)} → ${outcomeCell(after)}`,
      movedCell(before, after, "cashNow"),
      movedCell(before, after, "moreCashLater"),
    ]),
  );
  lines.push(
    "",
    `${comparison.moved.length} of ${comparison.total} entries changed. Changes are new rules minus baseline, from the seller's side: less money is negative.`,
  );
  for (const kind of OFFER_KINDS) {
    const m = comparison.offers[kind];
    const spread =
      m.changes.length === 0
        ? "no price changed"
        : `${m.changes.length} price${m.changes.length === 1 ? "" : "s"} changed: min ${signed(m.min ?? 0)}, median ${signed(m.median ?? 0)}, max ${signed(m.max ?? 0)}`;
    lines.push(`${LABELS[kind]}: ${spread}; ${m.gained} gained a price, ${m.lost} lost it.`);
  }
  return lines;
}

/** One CSV field: quoted when it holds a comma, a quote or a line break. */
function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string[] {
  return [header, ...rows].map((row) => row.map(csvField).join(","));
}

const OFFER_COLUMNS = ["price", "withheld"] as const;

function offerFields(result: OfferResult, kind: OfferKind): (string | number | null)[] {
  const offer = result[kind];
  return OFFER_COLUMNS.map((c) => offer?.[c] ?? null);
}

/** One row per entry: the outcome, reasons and both offers (More Cash Later with its two checks). */
export function simulationCsv(rows: readonly SimulationRow[]): string[] {
  return csv(
    [
      "id",
      "vehicle",
      "mileage",
      "asOf",
      "outcome",
      "reasons",
      "cashNow",
      "cashNowWithheld",
      "moreCashLater",
      "moreCashLaterWithheld",
      "reserve",
      "profitShare",
    ],
    rows.map(({ entry, result }) => [
      entry.id,
      vehicleOf(entry),
      entry.vehicle.mileage,
      result.asOf,
      result.outcome,
      result.reasons.join(" "),
      ...offerFields(result, "cashNow"),
      ...offerFields(result, "moreCashLater"),
      result.moreCashLater?.reserve ?? null,
      result.moreCashLater?.profitShare ?? null,
    ]),
  );
}

function change(before: OfferResult, after: OfferResult, kind: OfferKind): number | null {
  const a = before[kind]?.price;
  const b = after[kind]?.price;
  return typeof a === "number" && typeof b === "number" ? b - a : null;
}

/** One row per compared entry: each offer before, after and the change (after − before: less money is negative). */
export function comparisonCsv(entries: readonly ComparedEntry[]): string[] {
  return csv(
    [
      "id",
      "vehicle",
      "outcomeBefore",
      "outcomeAfter",
      "cashNowBefore",
      "cashNowAfter",
      "cashNowChange",
      "moreCashLaterBefore",
      "moreCashLaterAfter",
      "moreCashLaterChange",
    ],
    entries.map(({ entry, before, after }) => [
      entry.id,
      vehicleOf(entry),
      outcomeCell(before),
      outcomeCell(after),
      before.cashNow?.price ?? null,
      after.cashNow?.price ?? null,
      change(before, after, "cashNow"),
      before.moreCashLater?.price ?? null,
      after.moreCashLater?.price ?? null,
      change(before, after, "moreCashLater"),
    ]),
  );
}
