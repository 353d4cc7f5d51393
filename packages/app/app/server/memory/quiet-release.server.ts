import type { EventEmitter } from "node:events";
import { getHeapStatistics } from "node:v8";

/**
 * Gives V8's spare heap back to the system once the site falls quiet (ADR 432).
 *
 * V8 returns the pages a heap grew into (a start's seeding and search index, a burst of pages) only through its memory
 * reducer, which starts when the allocation rate it measured at the last garbage collections is low. A site with
 * nothing to do collects nothing more, so that rate stays the busy one and the pages stay: measured on PostgreSQL, an
 * idle site held 155–168 MB after its start and 322 MB after 5 s of pages, for good; one memory-reducing collection
 * took it to 122 and 219 MB.
 */

/** No request for this long (or since the start): a collection of 30–90 ms now delays no shopper. */
export const QUIET_MS = 10_000;
/** How often the heap is read while the site serves. */
export const CHECK_EVERY_MS = 5_000;
/**
 * Growth of the committed heap since the last release that is worth a collection: more than the young generation's
 * own swing (two 4 MB semi-spaces, `--max-semi-space-size=4`), so ordinary requests do not trigger one each.
 */
export const WORTH_BYTES = 16 * 2 ** 20;

export interface QuietReleaseState {
  /** When the last request came, or the site started (ms on the checks' clock): a start is work too. */
  lastRequestAt: number;
  /** The committed heap just after the last release; 0 before the first, so the start's own heap counts. */
  committedAfterRelease: number;
}

/** Whether a memory-reducing collection is due: the site is quiet and its heap has grown since the last one. */
export function releaseDue(state: QuietReleaseState, committedBytes: number, now: number): boolean {
  return now - state.lastRequestAt >= QUIET_MS && committedBytes >= state.committedAfterRelease + WORTH_BYTES;
}

type Collect = () => void;

/**
 * V8's full collection that also shrinks the heap (what a low-memory notification runs), or null where the process
 * has no `gc`: Node offers that collection only under `--expose-gc`, which `npm start`'s command passes.
 */
export function memoryReducingCollection(): Collect | null {
  const gc = (globalThis as { gc?: unknown }).gc;
  if (typeof gc !== "function") return null;
  return () => gc({ type: "major", flavor: "last-resort" });
}

export interface QuietRelease {
  /** How many releases have run. */
  readonly releases: number;
  stop(): void;
}

/**
 * Watches `server`'s requests and, every {@link CHECK_EVERY_MS}, releases the spare heap when {@link releaseDue}. The
 * timer never keeps the process alive.
 */
export function releaseMemoryWhenQuiet(
  server: EventEmitter,
  options: { collect?: Collect | null; committedBytes?: () => number; now?: () => number } = {},
): QuietRelease {
  const collect = options.collect === undefined ? memoryReducingCollection() : options.collect;
  const committed = options.committedBytes ?? (() => getHeapStatistics().total_heap_size);
  const now = options.now ?? (() => performance.now());
  const state: QuietReleaseState = { lastRequestAt: now(), committedAfterRelease: 0 };
  let releases = 0;
  const onRequest = () => {
    state.lastRequestAt = now();
  };
  server.on("request", onRequest);
  const timer = collect
    ? setInterval(() => {
        if (!releaseDue(state, committed(), now())) return;
        collect();
        releases += 1;
        state.committedAfterRelease = committed();
      }, CHECK_EVERY_MS)
    : undefined;
  timer?.unref();
  return {
    get releases() {
      return releases;
    },
    stop() {
      if (timer) clearInterval(timer);
      server.off("request", onRequest);
    },
  };
}
