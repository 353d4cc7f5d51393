import { creditBandOf, defaultFinancingRules } from "@showroom/rules/financing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cookieHeaderOf, setCookiePair } from "../cookies";
import { siteContent } from "./fixtures.server";
import { readShopperNumbers, shopperNumbersCookie, shopperNumbersWords } from "./shopper-numbers.server";

const settings = siteContent().settings.production;
const ALL = "essential,functional,analytics,targeting";

/** A request carrying the given cookies, as a browser sends them. */
function request(cookies: Record<string, string>): Request {
  const header = Object.entries(cookies)
    .map(([name, value]) => cookieHeaderOf(name, value))
    .join("; ");
  return new Request("http://localhost/cars-for-sale", { headers: { Cookie: header } });
}

const { sliders } = defaultFinancingRules;
const onGrid = (slider: { min: number; max: number; step: number }) =>
  fc
    .integer({ min: 0, max: Math.floor((slider.max - slider.min) / slider.step) })
    .map((n) => slider.min + n * slider.step);
const numbers = fc.record({
  cashDown: onGrid(sliders.cashDown),
  tradeEquity: onGrid(sliders.tradeEquity),
  creditScore: onGrid(sliders.creditScore),
  termMonths: onGrid(sliders.financeTerm),
});

describe("the shopper's numbers cookie (ADR 375)", () => {
  it("with functional consent, what is written reads back, the score as its credit band's lowest", () => {
    fc.assert(
      fc.property(numbers, (n) => {
        const line = shopperNumbersCookie(request({ allowCookies: ALL }), settings, n);
        expect(line).not.toBeNull();
        const { name, value } = setCookiePair(line as string);
        const read = readShopperNumbers(request({ allowCookies: ALL, [name]: value }), settings);
        expect(read).toEqual({ ...n, creditScore: creditBandOf(n.creditScore).min });
      }),
    );
  });

  it("without functional consent nothing is written and a cookie already there is not used", () => {
    fc.assert(
      fc.property(numbers, fc.constantFrom(undefined, "essential", "essential,analytics,targeting"), (n, allowed) => {
        const cookies: Record<string, string> = allowed === undefined ? {} : { allowCookies: allowed };
        expect(shopperNumbersCookie(request(cookies), settings, n)).toBeNull();
        const value = [n.cashDown, n.tradeEquity, n.creditScore, n.termMonths].join(".");
        expect(readShopperNumbers(request({ ...cookies, shopperNumbers: value }), settings)).toBeNull();
      }),
    );
  });

  it("a damaged or forged cookie reads as no numbers, never as numbers the sliders cannot show", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (value) => {
        const read = readShopperNumbers(request({ allowCookies: ALL, shopperNumbers: value }), settings);
        if (read === null) return;
        expect(read.cashDown).toBeLessThanOrEqual(sliders.cashDown.max);
        expect(read.creditScore).toBeGreaterThanOrEqual(sliders.creditScore.min);
      }),
    );
    for (const value of ["2000.0.455.72", "2000.0.450.70", "-1.0.450.72", "99999.0.450.72", "2000.0.450", "a.b.c.d"]) {
      expect(readShopperNumbers(request({ allowCookies: ALL, shopperNumbers: value }), settings), value).toBeNull();
    }
  });

  it("says the numbers as a person would: the down payment, the trade and the credit band", () => {
    const base = { cashDown: 2000, creditScore: 450, termMonths: 72 };
    expect(shopperNumbersWords({ ...base, tradeEquity: 0 })).toBe("$2,000 down, no trade-in, credit 400–499");
    expect(shopperNumbersWords({ ...base, tradeEquity: 1500 })).toBe("$2,000 down, $1,500 trade-in, credit 400–499");
  });
});
