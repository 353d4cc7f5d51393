// Small numeric helpers shared by the benchmark steps.

/** The median of `values` (the mean of the two middle ones for an even count); NaN for none. */
export function median(values) {
  const sorted = values.filter((v) => typeof v === "number" && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The index of the item whose `key` is the median (the lower middle for an even count), so a whole run can be shown. */
export function medianIndex(items, key) {
  const order = items.map((item, index) => ({ index, value: key(item) })).sort((a, b) => a.value - b.value);
  return order.length ? order[Math.floor((order.length - 1) / 2)].index : -1;
}

/** Bytes as kB with one decimal, 1 kB = 1000 B as Vite's build report prints them. */
export function kB(bytes) {
  return Math.round(bytes / 100) / 10;
}

/** The `p`th percentile of ascending `sorted` values (nearest rank); NaN for none. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
