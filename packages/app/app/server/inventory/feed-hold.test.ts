import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { holdReason, holdsFeed } from "./feed-hold";

const percent = fc.integer({ min: 0, max: 100 });
const share = fc
  .integer({ min: 0, max: 100_000 })
  .chain((available) =>
    fc.record({ available: fc.constant(available), wouldSell: fc.integer({ min: 0, max: available }) }),
  );

describe("the mass-sold hold", () => {
  it("holds a feed exactly when the cars it would mark sold are more than the threshold's share of the available ones", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), percent, (available, p) => {
        // The most cars a feed may mark sold at p %: at it the feed applies, one more and it is held.
        const most = Math.floor((p * available) / 100);
        expect(holdsFeed({ available, wouldSell: most }, p)).toBe(false);
        if (most < available) expect(holdsFeed({ available, wouldSell: most + 1 }, p)).toBe(true);
      }),
    );
  });

  it("a feed that would mark more cars sold is never held less (monotone in the cars sold, antitone in the threshold)", () => {
    fc.assert(
      fc.property(share, percent, fc.nat(50), fc.nat(50), ({ available, wouldSell }, p, moreSold, higher) => {
        const held = holdsFeed({ available, wouldSell }, p);
        if (held) {
          expect(holdsFeed({ available, wouldSell: Math.min(available, wouldSell + moreSold) }, p)).toBe(true);
        } else {
          expect(holdsFeed({ available, wouldSell }, Math.min(100, p + higher))).toBe(false);
        }
      }),
    );
  });

  it("a feed that sells nothing, a store with no car in stock, and a threshold of 100 % never hold", () => {
    fc.assert(
      fc.property(share, percent, ({ available, wouldSell }, p) => {
        expect(holdsFeed({ available, wouldSell: 0 }, p)).toBe(false);
        expect(holdsFeed({ available: 0, wouldSell: 0 }, p)).toBe(false);
        expect(holdsFeed({ available, wouldSell }, 100)).toBe(false);
      }),
    );
  });

  it("at the default 30 %: 3 of 10 applies, 4 of 10 is held, and the reason says how many and why", () => {
    expect(holdsFeed({ available: 10, wouldSell: 3 }, 30)).toBe(false);
    expect(holdsFeed({ available: 10, wouldSell: 4 }, 30)).toBe(true);
    expect(holdReason({ available: 10, wouldSell: 4 }, 30)).toBe(
      "it would mark 4 of the store’s 10 cars in stock sold (40 %, more than the 30 % a feed may)",
    );
  });
});
