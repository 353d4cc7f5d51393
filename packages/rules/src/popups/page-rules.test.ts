import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isParamRule, matchPageRule, pageRuleAllows, popupProblems, visitCap } from "./page-rules";
import { type PageRule, type PopupDefinition, paramRuleSchema } from "./popup.schema";

const bound = fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined });
const visits = fc.integer({ min: 0, max: 30 });

/** The spec table read as an interval: none → (0, ∞); both → [min, max]; only min → [min, ∞); only max → [0, max]. */
function specInterval(min: number | undefined, max: number | undefined): [number, number] {
  const lower = min ?? (max === undefined ? 1 : 0);
  return [lower, max ?? Number.POSITIVE_INFINITY];
}

describe("popup page rules (spec section 5)", () => {
  it("popup page rules match the spec table for arbitrary min/max/visits", () => {
    fc.assert(
      fc.property(bound, bound, visits, (minCount, maxCount, count) => {
        const [lower, upper] = specInterval(minCount, maxCount);
        expect(pageRuleAllows({ minCount, maxCount }, count)).toBe(count >= lower && count <= upper);
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    [{}, 0, false],
    [{}, 1, true],
    [{ minCount: 3 }, 2, false],
    [{ minCount: 3 }, 3, true],
    [{ maxCount: 2 }, 0, true],
    [{ maxCount: 2 }, 3, false],
    [{ minCount: 2, maxCount: 4 }, 4, true],
    [{ minCount: 2, maxCount: 4 }, 5, false],
  ])("rule %j with %d visits allows: %s", (rule, count, allowed) => {
    expect(pageRuleAllows(rule, count)).toBe(allowed);
  });

  it("counting past a rule's cap never changes its verdict", () => {
    fc.assert(
      fc.property(bound, bound, visits, (minCount, maxCount, count) => {
        const rule = { minCount, maxCount };
        expect(pageRuleAllows(rule, Math.min(count, visitCap(rule)))).toBe(pageRuleAllows(rule, count));
      }),
      { numRuns: 500 },
    );
  });
});

describe("matching a visit against a page rule", () => {
  const vehicle = { name: "cars-direct-page", path: "/used-cars-for-sale/2021-toyota-camry-le-4T1C11AK5MU123456" };

  it("matches by route name or by path, ignoring a trailing slash and case", () => {
    expect(matchPageRule({ name: "cars-direct-page" }, vehicle).matches).toBe(true);
    expect(matchPageRule({ name: "cars-search-page" }, vehicle).matches).toBe(false);
    expect(matchPageRule({ path: "/sell-trade-my-car" }, { path: "/Sell-Trade-My-Car/" }).matches).toBe(true);
    expect(matchPageRule({ path: "/sell-trade-my-car" }, { path: "/sell-trade-my-car/your-vehicle" }).matches).toBe(
      false,
    );
  });

  it("a true param identifies the item; a string must equal; a list must contain", () => {
    const page = { ...vehicle, params: { vin: "4T1C11AK5MU123456", condition: "used" } };
    expect(matchPageRule({ name: "cars-direct-page", params: { vin: true } }, page)).toEqual({
      matches: true,
      item: "4T1C11AK5MU123456",
      problems: [],
    });
    expect(matchPageRule({ name: "cars-direct-page", params: { condition: "used" } }, page).matches).toBe(true);
    expect(matchPageRule({ name: "cars-direct-page", params: { condition: "new" } }, page).matches).toBe(false);
    expect(
      matchPageRule({ name: "cars-direct-page", params: { condition: ["certified", "used"] } }, page).matches,
    ).toBe(true);
    expect(matchPageRule({ name: "cars-direct-page", params: { condition: ["new"] } }, page).matches).toBe(false);
    expect(matchPageRule({ name: "cars-direct-page", params: { stock: true } }, page).matches).toBe(false);
  });

  it("isParamRule accepts exactly what paramRuleSchema accepts", () => {
    const candidates = fc.oneof(
      fc.anything(),
      fc.constantFrom(true, false, "", "used", [], ["a", "b"], ["a", 1], [true]),
      fc.array(fc.string()),
    );
    fc.assert(
      fc.property(candidates, (value) => {
        expect(isParamRule(value)).toBe(paramRuleSchema.safeParse(value).success);
      }),
      { numRuns: 500 },
    );
  });

  it("an invalid param rule is reported and never matches, and never throws", () => {
    const invalid = fc.anything().filter((value) => !paramRuleSchema.safeParse(value).success);
    fc.assert(
      fc.property(invalid, fc.string(), (rule, actual) => {
        const result = matchPageRule(
          { name: "cars-direct-page", params: { vin: rule } },
          { ...vehicle, params: { vin: actual } },
          { popupId: "p", path: [0, "conditions", 0, "pageItemsViewed", 0] },
        );
        expect(result.matches).toBe(false);
        expect(result.problems).toHaveLength(1);
        expect(result.problems[0]?.path).toBe("$[0].conditions[0].pageItemsViewed[0].params.vin");
        expect(result.problems[0]?.message).toMatch(/^Invalid popup param rule for "vin"/);
      }),
      { numRuns: 200 },
    );
  });

  it("lists every invalid param rule of a popup with its JSON path", () => {
    const rule = (params: Record<string, unknown>): PageRule => ({ name: "cars-direct-page", params });
    const popup: PopupDefinition = {
      id: "p",
      conditions: [{ pageItemsViewed: [rule({ vin: true }), rule({ vin: 42, make: false })] }],
      component: { type: "component", innerComponent: "X" },
    };
    expect(popupProblems(popup, [3]).map((p) => p.path)).toEqual([
      "$[3].conditions[0].pageItemsViewed[1].params.vin",
      "$[3].conditions[0].pageItemsViewed[1].params.make",
    ]);
  });
});
