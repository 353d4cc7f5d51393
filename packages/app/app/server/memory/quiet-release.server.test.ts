import { execFileSync } from "node:child_process";
import { EventEmitter } from "node:events";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CHECK_EVERY_MS,
  QUIET_MS,
  type QuietReleaseState,
  releaseDue,
  releaseMemoryWhenQuiet,
  WORTH_BYTES,
} from "./quiet-release.server";

const MB = 2 ** 20;

describe("releaseDue", () => {
  const state = fc.record({
    lastRequestAt: fc.integer({ min: 0, max: 10_000_000 }),
    committedAfterRelease: fc.integer({ min: 0, max: 2_000 * MB }),
  });

  it("is never due within the quiet time of a request, whatever the heap", () => {
    fc.assert(
      fc.property(
        state,
        fc.integer({ min: 0, max: QUIET_MS - 1 }),
        fc.integer({ min: 0, max: 4_000 * MB }),
        (s: QuietReleaseState, since, committed) => {
          expect(releaseDue(s, committed, s.lastRequestAt + since)).toBe(false);
        },
      ),
    );
  });

  it("once quiet, is due exactly when the heap grew by the worthwhile amount since the last release", () => {
    fc.assert(
      fc.property(
        state,
        fc.integer({ min: QUIET_MS, max: 10_000_000 }),
        fc.integer({ min: -100 * MB, max: 100 * MB }),
        (s: QuietReleaseState, since, growth) => {
          const now = s.lastRequestAt + since;
          const committed = Math.max(0, s.committedAfterRelease + growth);
          expect(releaseDue(s, committed, now)).toBe(committed - s.committedAfterRelease >= WORTH_BYTES);
        },
      ),
    );
  });
});

describe("releaseMemoryWhenQuiet", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("collects once the start has gone quiet, never while requests come, and again only after the heap grows", () => {
    vi.useFakeTimers();
    let clock = 0;
    let committed = 80 * MB;
    const collect = vi.fn(() => {
      committed = 40 * MB;
    });
    const server = new EventEmitter();
    const release = releaseMemoryWhenQuiet(server, { collect, committedBytes: () => committed, now: () => clock });
    const advance = (ms: number) => {
      clock += ms;
      vi.advanceTimersByTime(ms);
    };
    // Right after the start, and while requests keep coming: never a collection.
    for (let i = 0; i < 10; i++) {
      advance(CHECK_EVERY_MS);
      server.emit("request");
    }
    expect(collect).not.toHaveBeenCalled();
    advance(QUIET_MS + CHECK_EVERY_MS);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(release.releases).toBe(1);
    // Quiet, and nothing grew: no more.
    advance(10 * CHECK_EVERY_MS);
    expect(collect).toHaveBeenCalledTimes(1);
    // A burst grows the heap; once quiet again, one more.
    server.emit("request");
    committed = 40 * MB + WORTH_BYTES;
    advance(QUIET_MS + CHECK_EVERY_MS);
    expect(collect).toHaveBeenCalledTimes(2);
    release.stop();
    committed = 500 * MB;
    advance(QUIET_MS + CHECK_EVERY_MS);
    expect(collect).toHaveBeenCalledTimes(2);
    expect(server.listenerCount("request")).toBe(0);
  });

  it("in a real Node under --expose-gc, gives back the heap a burst left; without the flag there is nothing to call", () => {
    const module = fileURLToPath(new URL("./quiet-release.server.ts", import.meta.url));
    const script = `
      const { memoryReducingCollection } = await import(process.argv[1]);
      const { getHeapStatistics } = await import("node:v8");
      const collect = memoryReducingCollection();
      if (collect === null) {
        console.log(JSON.stringify({ collect: null }));
      } else {
        let kept = [];
        for (let i = 0; i < 150; i++) kept.push(new Array(100_000).fill(i));
        kept = null;
        const committed = () => getHeapStatistics().total_heap_size;
        const before = committed();
        collect();
        console.log(JSON.stringify({ before, after: committed() }));
      }
    `;
    const run = (flags: string[]) =>
      JSON.parse(
        execFileSync(process.execPath, [...flags, "--input-type=module", "-e", script, module], {
          encoding: "utf8",
          env: { ...process.env, NODE_OPTIONS: "" },
        }),
      ) as { collect?: null; before?: number; after?: number };
    expect(run([])).toEqual({ collect: null });
    const { before = 0, after = Number.POSITIVE_INFINITY } = run(["--expose-gc"]);
    expect(before).toBeGreaterThan(100 * MB);
    expect(after).toBeLessThan(before / 4);
  });
});
