import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMPARE_LIMIT, compareHref, parseCompareQuery } from "./compare-query";

const at = (query: string) => new URL(`https://showroom.test/compare${query}`);

/** A VIN of the VIN alphabet (no I, O or Q). */
const vin = fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/);
/** Anything that is not one VIN once trimmed and upper-cased, and holds no comma (which would split it). */
const notVin = fc
  .string({ maxLength: 30 })
  .map((s) => s.replaceAll(",", ""))
  .filter((s) => s.trim() !== "" && !/^[A-HJ-NPR-Z0-9]{17}$/.test(s.trim().toUpperCase()));

describe("the compare address", () => {
  it("reads the canonical list as it is, without a redirect", () => {
    expect(parseCompareQuery(at("?vins=2T3P1RFV8KW012345,1FTEW1EP5LFA12345"))).toEqual({
      ok: true,
      vins: ["2T3P1RFV8KW012345", "1FTEW1EP5LFA12345"],
      redirect: null,
    });
  });

  it("sends the checkboxes' spelling, lower case and repeats to the canonical address", () => {
    expect(parseCompareQuery(at("?vin=2t3p1rfv8kw012345&vin=1FTEW1EP5LFA12345&vin=2T3P1RFV8KW012345"))).toEqual({
      ok: true,
      vins: ["2T3P1RFV8KW012345", "1FTEW1EP5LFA12345"],
      redirect: "/compare?vins=2T3P1RFV8KW012345,1FTEW1EP5LFA12345",
    });
  });

  it("takes no VIN as an empty comparison, not a refusal", () => {
    expect(parseCompareQuery(at(""))).toEqual({ ok: true, vins: [], redirect: null });
    expect(parseCompareQuery(at("?vins="))).toEqual({ ok: true, vins: [], redirect: "/compare" });
  });

  it("refuses a query string longer than the parser reads", () => {
    expect(parseCompareQuery(at(`?vins=${"A".repeat(600)}`))).toEqual({ ok: false, reason: "tooLong" });
  });

  it("any list of more than three VINs is refused as too many, in either spelling", () => {
    fc.assert(
      fc.property(fc.array(vin, { minLength: COMPARE_LIMIT + 1, maxLength: 12 }), fc.boolean(), (vins, repeated) => {
        const query = repeated ? `?${vins.map((v) => `vin=${v}`).join("&")}` : `?vins=${vins.join(",")}`;
        expect(parseCompareQuery(at(query))).toEqual({ ok: false, reason: "tooMany" });
      }),
      { numRuns: 300 },
    );
  });

  it("any list of at most three holding a malformed VIN is refused as malformed", () => {
    fc.assert(
      fc.property(fc.array(vin, { maxLength: COMPARE_LIMIT - 1 }), notVin, fc.nat(), (vins, bad, position) => {
        const list = [...vins];
        list.splice(position % (vins.length + 1), 0, bad);
        const query = `?${new URLSearchParams({ vins: list.join(",") })}`;
        expect(parseCompareQuery(at(query))).toEqual({ ok: false, reason: "malformed" });
      }),
      { numRuns: 300 },
    );
  });

  it("any list of up to three valid VINs comes back in order, each once, at an address that reads the same", () => {
    fc.assert(
      fc.property(fc.array(vin, { minLength: 1, maxLength: COMPARE_LIMIT }), (vins) => {
        const parsed = parseCompareQuery(at(`?vins=${vins.map((v) => v.toLowerCase()).join(",")}`));
        if (!parsed.ok) throw new Error(`refused ${vins.join(",")}`);
        expect(parsed.vins).toEqual([...new Set(vins)]);
        expect(compareHref(parsed.vins)).toBe(parsed.redirect ?? `/compare?vins=${vins.join(",")}`);
        expect(parseCompareQuery(at(compareHref(parsed.vins).slice("/compare".length)))).toEqual({
          ok: true,
          vins: parsed.vins,
          redirect: null,
        });
      }),
      { numRuns: 300 },
    );
  });
});
