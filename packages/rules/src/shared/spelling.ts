// Which of the names a file may use a misspelt one most likely meant, for "Did you mean …?" (ADR 216).

/**
 * Edits (a letter added, dropped, changed, or two neighbours swapped) between two spellings, ignoring case: the
 * restricted Damerau–Levenshtein distance, so "lessThna" is one slip from "lessThan", as a typist sees it.
 */
function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  // rows[i][j]: the distance between the first i characters of x and the first j of y.
  const rows = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const cell = (i: number, j: number) => rows[i]?.[j] as number;
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const same = x[i - 1] === y[j - 1];
      let best = Math.min(cell(i - 1, j) + 1, cell(i, j - 1) + 1, cell(i - 1, j - 1) + (same ? 0 : 1));
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, cell(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return cell(x.length, y.length);
}

const hasLetter = (text: string) => /\p{L}/u.test(text);
const sortedLetters = (text: string) => [...text.toLowerCase()].sort().join("");

/**
 * The candidate `written` is most likely a slip of, or undefined: within a third of the word's length in edits (one
 * at least), a word never taken for a symbol (`i` is not a slip of `<`), and on a tie the one with the same
 * characters (`=>` is `>=`), then the one of the same length.
 */
export function likelySpelling(written: string, candidates: readonly string[]): string | undefined {
  return candidates
    .filter((c) => hasLetter(c) === hasLetter(written))
    .map((c, order) => ({
      c,
      order,
      d: editDistance(written, c),
      anagram: sortedLetters(c) === sortedLetters(written) ? 0 : 1,
      length: c.length === written.length ? 0 : 1,
    }))
    .filter(({ c, d }) => d <= Math.max(1, Math.floor(Math.min(c.length, written.length) / 3)))
    .sort((a, b) => a.d - b.d || a.anagram - b.anagram || a.length - b.length || a.order - b.order)[0]?.c;
}

/** ` Did you mean "amount"?` when one candidate is a likely misspelling of `written`. */
export function didYouMean(written: string, candidates: readonly string[]): string {
  const likely = likelySpelling(written, candidates);
  return likely === undefined ? "" : ` Did you mean ${JSON.stringify(likely)}?`;
}
