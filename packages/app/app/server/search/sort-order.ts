// The vehicles of an index in each sort option's order, computed once per index and option and kept on it.
import type { SortOption } from "@showroom/rules/inventory";
import type { InventoryIndex, NumericColumns } from "./inventory-index";
import { STEP_ITEMS, type Steps } from "./steps";

/**
 * How two positions compare under a sort option. Positions follow VIN order, so the VIN tie-break is the position
 * itself; every key is an integer of the typed arrays.
 */
function compareBy(numbers: NumericColumns, option: SortOption): (a: number, b: number) => number {
  const sign = option.direction === "desc" ? -1 : 1;
  const { price } = numbers;
  const key =
    option.field === "price"
      ? price
      : option.field === "listedAt"
        ? numbers.listedDay
        : option.field === "mileage"
          ? numbers.mileage
          : numbers.year;
  if (option.field === "price") {
    // Call for Price (-1) last in both directions.
    return (a, b) => {
      const pa = price[a] as number;
      const pb = price[b] as number;
      if (pa < 0 || pb < 0) return pa === pb ? sign * (a - b) : pa < 0 ? 1 : -1;
      return sign * (pa - pb) || sign * (a - b);
    };
  }
  return (a, b) => sign * ((key[a] as number) - (key[b] as number)) || sign * (a - b);
}

const orderKey = (option: SortOption) => `${option.field}:${option.direction}`;

/**
 * Vehicle positions in the order of a sort option, ties broken by VIN in the sort's direction so paging is
 * deterministic. Computed once per index and option.
 */
export function sortOrder(index: InventoryIndex, option: SortOption): Int32Array {
  const key = orderKey(option);
  const cached = index.orders.get(key);
  if (cached) return cached;
  const order = Int32Array.from(index.vehicles.keys()).sort(compareBy(index.numbers, option));
  index.orders.set(key, order);
  return order;
}

/**
 * {@link sortOrder} in steps, for a rebuild (docs/decisions/361): runs of `runLength` positions are sorted one per
 * step, then merged pairwise, a step per merge. A sort of 100,000 positions in one call holds the event loop for
 * hundreds of milliseconds. The comparison is a total order (ties go by position), so the merge gives exactly the
 * order one sort gives; engine tests check it against the one-call sort.
 */
export function* sortOrderSteps(index: InventoryIndex, option: SortOption, runLength = STEP_ITEMS): Steps<Int32Array> {
  const key = orderKey(option);
  const cached = index.orders.get(key);
  if (cached) return cached;
  const compare = compareBy(index.numbers, option);
  const n = index.vehicles.length;
  let from = Int32Array.from(index.vehicles.keys());
  for (let start = 0; start < n; start += runLength) {
    from.subarray(start, Math.min(n, start + runLength)).sort(compare);
    yield;
  }
  let to = new Int32Array(n);
  for (let width = runLength; width < n; width *= 2) {
    for (let left = 0; left < n; left += 2 * width) {
      const middle = Math.min(n, left + width);
      const right = Math.min(n, left + 2 * width);
      let a = left;
      let b = middle;
      for (let out = left; out < right; out++) {
        if (b >= right || (a < middle && compare(from[a] as number, from[b] as number) <= 0))
          to[out] = from[a++] as number;
        else to[out] = from[b++] as number;
      }
      yield;
    }
    [from, to] = [to, from];
  }
  index.orders.set(key, from);
  return from;
}
