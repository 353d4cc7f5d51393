import type { MoreCashLaterOffer, OfferResult } from "../offer/evaluate-offer";
import type { OfferBookEntry } from "../offer/input.schema";
import { OFFER_KINDS, type OfferKind } from "../offer/outcomes.schema";
import type { Comparison, SimulationRow } from "./simulate";

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

/** Only what moved: the changed entries, how many, and the min / median / max change of each offer. */
export function formatComparison(comparison: Comparison): string[] {
  const lines = table(
    ["ID", "Vehicle", "Outcome", "Cash Now", "More Cash Later"],
    comparison.moved.map(({ entry, before, after }) => [
      entry.id,
      vehicleOf(entry),
      outcomeCell(before) === outcomeCell(after)
        ? outcomeCell(after)
        : `${outcomeCell(before)} → ${outcomeCell(after)}`,
      movedCell(before, after, "cashNow"),
      movedCell(before, after, "moreCashLater"),
    ]),
  );
  lines.push("", `${comparison.moved.length} of ${comparison.total} entries changed.`);
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
