// Apart from review.ts, which parses answers with the step schemas: the steps print a duration on first paint, and
// importing it from there put zod in the page's first-load JavaScript (38 kB gzip, ADR 365).
import { counter, type TextTree, translator } from "../../i18n";

/**
 * A time at an address or a job as a person writes it, from a tree holding `review.years`, `review.months` and
 * `review.duration` (plural forms by Intl.PluralRules): "1 year 3 months", "2 years", "5 months", "0 months".
 */
export function durationText(texts: TextTree, totalMonths: number): string {
  const n = counter(texts);
  const years = Math.floor(totalMonths / 12);
  const months = totalMonths % 12;
  if (years === 0) return n("review.months", months);
  if (months === 0) return n("review.years", years);
  return translator(texts)("review.duration", { years: n("review.years", years), months: n("review.months", months) });
}
