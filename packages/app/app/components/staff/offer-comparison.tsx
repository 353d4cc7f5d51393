// What a candidate rule set moves, as `showroom-rules simulate` prints it, for the desk's offer rules page (ADR 343).
import type { BookComparison, MovedOffer } from "../../server/sell/offer-rules-desk.server";
import { CELL, DeskTable } from "./desk";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const count = new Intl.NumberFormat("en-US");

/** `1 entry`, `12 entries`: the desk's few counts, in its one language. */
export function counted(n: number, one: string, other: string): string {
  return `${count.format(n)} ${n === 1 ? one : other}`;
}

/** From the seller's side: less money is negative, written with a true minus sign. */
function signed(n: number): string {
  return n > 0 ? `+${usd.format(n)}` : n < 0 ? `−${usd.format(-n)}` : usd.format(0);
}

const LABELS = { cashNow: "Cash Now", moreCashLater: "More Cash Later" } as const;
const OUTCOMES: Record<string, string> = { offer: "offer", "bring-in": "bring in" };

function priceText(price: number | null, withheld: string | null): string {
  if (price !== null) return usd.format(price);
  return withheld ? `withheld (${withheld})` : "none";
}

function OfferCell({ offer }: { offer: MovedOffer }) {
  const was = priceText(offer.before, offer.withheldBefore);
  const now = priceText(offer.after, offer.withheldAfter);
  const delta = offer.before !== null && offer.after !== null ? ` (${signed(offer.after - offer.before)})` : "";
  return (
    <td className={CELL}>
      {was === now ? now : `${was} → ${now}${delta}`}
      {offer.rules.length > 0 ? (
        <ul className="mt-1 text-slate-700">
          {offer.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      ) : null}
    </td>
  );
}

/** One book's comparison: how many entries moved, each offer's spread of changes, and every entry that moved. */
export function BookComparisonView({
  id,
  title,
  comparison,
}: {
  id: string;
  title: string;
  comparison: BookComparison;
}) {
  return (
    <section className="mt-6" aria-labelledby={id}>
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      <p className="mt-1 text-slate-700">
        {count.format(comparison.moved.length)} of {counted(comparison.total, "entry", "entries")} changed. Changes are
        the candidate minus the live rules, from the seller’s side: less money is negative.
        {comparison.unpriced > 0
          ? ` ${counted(comparison.unpriced, "entry has", "entries have")} answers the candidate’s questions no longer take, so the candidate does not price ${comparison.unpriced === 1 ? "it" : "them"}.`
          : ""}
      </p>
      <ul className="mt-2 text-slate-900">
        {(["cashNow", "moreCashLater"] as const).map((kind) => {
          const m = comparison.offers[kind];
          const spread =
            m.changes.length === 0
              ? "no price changed"
              : `${counted(m.changes.length, "price", "prices")} changed: least ${signed(m.min ?? 0)}, median ${signed(m.median ?? 0)}, most ${signed(m.max ?? 0)}`;
          return (
            <li key={kind}>
              {LABELS[kind]}: {spread}; {count.format(m.gained)} gained a price, {count.format(m.lost)} lost it.
            </li>
          );
        })}
      </ul>
      {comparison.moved.length > 0 ? (
        <DeskTable
          caption={`${title}: the entries whose offers moved, and the rules that moved them`}
          headers={["Entry", "Vehicle", "Outcome", "Cash Now", "More Cash Later"]}
        >
          {comparison.moved.map((entry) => (
            <tr key={entry.label}>
              <td className={CELL}>{entry.label}</td>
              <td className={CELL}>{entry.vehicle}</td>
              <td className={CELL}>
                {entry.outcomeBefore === entry.outcomeAfter
                  ? OUTCOMES[entry.outcomeAfter]
                  : `${OUTCOMES[entry.outcomeBefore]} → ${OUTCOMES[entry.outcomeAfter]}`}
                {entry.reasonsAdded.length > 0 ? <p>Now brought in for: {entry.reasonsAdded.join(", ")}</p> : null}
                {entry.reasonsRemoved.length > 0 ? (
                  <p>No longer brought in for: {entry.reasonsRemoved.join(", ")}</p>
                ) : null}
              </td>
              <OfferCell offer={entry.offers.cashNow} />
              <OfferCell offer={entry.offers.moreCashLater} />
            </tr>
          ))}
        </DeskTable>
      ) : null}
    </section>
  );
}
