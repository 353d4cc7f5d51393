import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InventoryVersionCache } from "./inventory-version";

describe("InventoryVersionCache", () => {
  it("keeps what a read stored until a change, and forgets it at the change", () => {
    const versions = new InventoryVersionCache();
    expect(versions.get()).toBeUndefined();
    versions.settle(versions.begin(), "41");
    expect(versions.get()).toBe("41");
    versions.changed();
    expect(versions.get()).toBeUndefined();
  });

  it("never keeps a version read across a change, whatever the interleaving of reads and changes", () => {
    type Step = { kind: "begin" } | { kind: "settle"; read: number } | { kind: "change" };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.constant({ kind: "begin" as const }),
      fc.nat(5).map((read) => ({ kind: "settle" as const, read })),
      fc.constant({ kind: "change" as const }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const versions = new InventoryVersionCache();
        // The database's version: it moves at every change. A read returns the version current when it began.
        let version = 0;
        const reads: { generation: number; saw: number }[] = [];
        for (const s of steps) {
          if (s.kind === "begin") reads.push({ generation: versions.begin(), saw: version });
          else if (s.kind === "change") {
            version += 1;
            versions.changed();
          } else {
            const read = reads[s.read];
            if (read) versions.settle(read.generation, String(read.saw));
          }
          const kept = versions.get();
          if (kept !== undefined) expect(kept).toBe(String(version));
        }
      }),
      { numRuns: 500 },
    );
  });
});
