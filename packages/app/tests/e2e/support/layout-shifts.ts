import type { Page } from "playwright-core";

/** The layout shifts so far: their sum (the CLS of a session without input) and what moved, for a failure message. */
export interface LayoutShifts {
  readonly total: number;
  readonly moved: string[];
}

/**
 * Watches the layout shifts of the page's life. Call before `goto`: the observer is installed by an init script, so
 * it sees the first paint. The returned function reads the sum so far; `shiftsOf` the sum with what moved.
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number; __moved: string[] };
    w.__shift = 0;
    w.__moved = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as { value: number; sources?: { node?: Node | null }[] };
        w.__shift += shift.value;
        for (const source of shift.sources ?? []) {
          const node = source.node as Element | null | undefined;
          w.__moved.push(`${shift.value.toFixed(3)} ${node?.outerHTML?.slice(0, 120) ?? "(a removed node)"}`);
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

/** What moved so far, as `watchLayoutShifts` recorded it. */
export function shiftsOf(page: Page): Promise<LayoutShifts> {
  return page.evaluate(() => {
    const w = window as unknown as { __shift: number; __moved: string[] };
    return { total: w.__shift, moved: w.__moved };
  });
}
