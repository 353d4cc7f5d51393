import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assignExperiments, experimentBucket, offerRulesArm } from "./assignment";

const experiment = fc.record({
  name: fc.stringMatching(/^[a-z][a-z0-9-]{0,30}$/),
  allocation: fc.double({ min: 0, max: 1, noNaN: true }),
});

describe("experiment assignment", () => {
  it("is stable: the same user id gets the same experiments every time, whatever else is in the list", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.array(experiment, { maxLength: 6 }), experiment, (userID, others, one) => {
        const alone = assignExperiments([one], userID).length === 1;
        const amongOthers = assignExperiments([...others, one], userID).includes(one);
        expect(amongOthers).toBe(alone);
        expect(assignExperiments([...others, one], userID)).toEqual(assignExperiments([...others, one], userID));
      }),
    );
  });

  it("a bucket is always in [0, 1), and allocation 0 assigns no one while allocation 1 assigns everyone", () => {
    fc.assert(
      fc.property(fc.string(), fc.uuid(), (name, userID) => {
        const bucket = experimentBucket(name, userID);
        expect(bucket).toBeGreaterThanOrEqual(0);
        expect(bucket).toBeLessThan(1);
        expect(assignExperiments([{ name, allocation: 0 }], userID)).toEqual([]);
        expect(assignExperiments([{ name, allocation: 1 }], userID)).toHaveLength(1);
      }),
    );
  });

  it("the share of visitors assigned follows the allocation within 3 points over 4,000 distinct random ids", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0.05, 0.2, 0.5, 0.8),
        // Distinct and unbiased, as below.
        fc.uniqueArray(fc.noBias(fc.uuid()), { minLength: 4000, maxLength: 4000 }),
        (allocation, ids) => {
          const assigned = ids.filter((id) => assignExperiments([{ name: "x", allocation }], id).length === 1);
          expect(Math.abs(assigned.length / ids.length - allocation)).toBeLessThan(0.03);
        },
      ),
      { numRuns: 8 },
    );
  });

  it("a larger allocation keeps every visitor a smaller one had (raising it never moves anyone out)", () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (id, a, b) => {
          const [low, high] = a < b ? [a, b] : [b, a];
          if (assignExperiments([{ name: "e", allocation: low }], id).length === 1) {
            expect(assignExperiments([{ name: "e", allocation: high }], id)).toHaveLength(1);
          }
        },
      ),
    );
  });

  describe("the offer-rules split (issue 30)", () => {
    const split = fc.record({
      name: fc.stringMatching(/^[a-z][a-z0-9-]{0,30}$/),
      allocation: fc.double({ min: 0, max: 1, noNaN: true }),
    });

    it("is stable per visitor: the same id is on the same side every time, and that side is the one its experiments assignment says", () => {
      fc.assert(
        fc.property(split, fc.uuid(), (experiment, id) => {
          const arm = offerRulesArm(experiment, id);
          expect(offerRulesArm({ ...experiment }, id)).toBe(arm);
          expect(arm === "variant").toBe(assignExperiments([experiment], id).length === 1);
        }),
      );
    });

    it("shares follow the allocation within 3 points over 4,000 distinct visitors, for any experiment name", () => {
      fc.assert(
        fc.property(
          fc.stringMatching(/^[a-z][a-z0-9-]{0,30}$/),
          fc.constantFrom(0.1, 0.25, 0.5, 0.9),
          // Distinct and unbiased: fast-check leans towards repeating a few small values, and one visitor 4,000 times
          // is one side.
          fc.uniqueArray(fc.noBias(fc.uuid()), { minLength: 4000, maxLength: 4000 }),
          (name, allocation, ids) => {
            const variant = ids.filter((id) => offerRulesArm({ name, allocation }, id) === "variant").length;
            expect(Math.abs(variant / ids.length - allocation)).toBeLessThan(0.03);
          },
        ),
        { numRuns: 8 },
      );
    });
  });
});
