import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adsValueMatches, evaluatePopup, isLeadOnly, type PopupFacts, popupsToShow } from "./conditions";
import type { PopupCondition, PopupDefinition } from "./popup.schema";
import { EMPTY_POPUP_STORAGE, finishPopup, recordPageVisit } from "./storage";

function popup(id: string, conditions: PopupCondition[]): PopupDefinition {
  return { id, conditions, component: { type: "component", innerComponent: "Form" } };
}

const home: PopupFacts = { page: { name: "index", path: "/" }, isLead: false };

describe("adsValues rules (spec section 5)", () => {
  it.each([
    [false, undefined, true],
    [false, "", true],
    [false, "google", false],
    [true, "google", true],
    [true, undefined, false],
    ["google", "google", true],
    ["google", "bing", false],
    ["google", undefined, false],
    [{ not: ["email"] }, "cpc", true],
    [{ not: ["email"] }, "email", false],
    [{ not: ["email"] }, undefined, true],
    [{ in: ["cpc", "paid"] }, "paid", true],
    [{ in: ["cpc", "paid"] }, "email", false],
    [{ in: ["cpc", "paid"] }, undefined, false],
  ] as const)("rule %j with value %j holds: %s", (rule, value, expected) => {
    expect(adsValueMatches(rule as never, value)).toBe(expected);
  });

  it("for a present value, not and in with the same list are exact opposites; true and false likewise", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { minLength: 1 }),
        fc.option(fc.string(), { nil: undefined }),
        (list, value) => {
          const present = value !== undefined && value !== "";
          if (present) expect(adsValueMatches({ not: list }, value)).toBe(!adsValueMatches({ in: list }, value));
          expect(adsValueMatches(true, value)).toBe(!adsValueMatches(false, value));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("evaluating a popup", () => {
  it("a popup without conditions may always show", () => {
    expect(evaluatePopup(popup("p", []), home, EMPTY_POPUP_STORAGE)).toEqual({ status: "show" });
  });

  it("shows when any one condition holds, and every part of that condition must hold", () => {
    const p = popup("p", [{ pages: ["cars-search-page"] }, { pages: ["/"], adsValues: { gclid: true } }]);
    expect(evaluatePopup(p, home, EMPTY_POPUP_STORAGE).status).toBe("unmet");
    expect(evaluatePopup(p, { ...home, adsValues: { gclid: "Cj0" } }, EMPTY_POPUP_STORAGE).status).toBe("show");
    const search = { ...home, page: { name: "cars-search-page", path: "/cars-for-sale" } };
    expect(evaluatePopup(p, search, EMPTY_POPUP_STORAGE).status).toBe("show");
  });

  it("a lead-only popup is skipped for a lead; a lead condition alone never holds for a lead", () => {
    const leadOnly = popup("lead-only", [{ isLead: true }]);
    expect(isLeadOnly(leadOnly)).toBe(true);
    expect(evaluatePopup(leadOnly, home, EMPTY_POPUP_STORAGE).status).toBe("show");
    expect(evaluatePopup(leadOnly, { ...home, isLead: true }, EMPTY_POPUP_STORAGE)).toEqual({
      status: "skip",
      reason: "lead",
    });
    const mixed = popup("mixed", [{ isLead: true }, { pages: ["/contact-us"] }]);
    expect(isLeadOnly(mixed)).toBe(false);
    expect(evaluatePopup(mixed, { ...home, isLead: true }, EMPTY_POPUP_STORAGE).status).toBe("unmet");
    const contact = { page: { name: "contact-us", path: "/contact-us" }, isLead: true };
    expect(evaluatePopup(mixed, contact, EMPTY_POPUP_STORAGE).status).toBe("show");
  });

  it("tag-query and click conditions need the app's facts", () => {
    const tag = popup("tag", [{ tagQuery: "#financing-promo" }]);
    expect(evaluatePopup(tag, home, EMPTY_POPUP_STORAGE).status).toBe("unmet");
    expect(evaluatePopup(tag, { ...home, visibleTags: ["#other"] }, EMPTY_POPUP_STORAGE).status).toBe("unmet");
    expect(evaluatePopup(tag, { ...home, visibleTags: ["#financing-promo"] }, EMPTY_POPUP_STORAGE).status).toBe("show");
    const click = popup("click", [{ itemClicked: ".call-for-price" }]);
    expect(evaluatePopup(click, home, EMPTY_POPUP_STORAGE).status).toBe("unmet");
    expect(evaluatePopup(click, { ...home, clickedItems: [".call-for-price"] }, EMPTY_POPUP_STORAGE).status).toBe(
      "show",
    );
  });

  it("a timer makes a holding condition wait for the seconds left; the shortest wait wins", () => {
    const p = popup("timed", [{ timer: 20 }, { timer: 8 }, { timer: 1, pages: ["/nowhere"] }]);
    expect(evaluatePopup(p, { ...home, secondsOnPage: 3 }, EMPTY_POPUP_STORAGE)).toEqual({
      status: "wait",
      seconds: 5,
    });
    expect(evaluatePopup(p, { ...home, secondsOnPage: 8 }, EMPTY_POPUP_STORAGE)).toEqual({ status: "show" });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 600 }), (timer, elapsed) => {
        const verdict = evaluatePopup(
          popup("t", [{ timer }]),
          { ...home, secondsOnPage: elapsed },
          EMPTY_POPUP_STORAGE,
        );
        expect(verdict).toEqual(elapsed >= timer ? { status: "show" } : { status: "wait", seconds: timer - elapsed });
      }),
      { numRuns: 200 },
    );
  });

  it("page rules read the visit counts in storage", () => {
    const p = popup("views", [{ pageItemsViewed: [{ name: "cars-search-page", minCount: 2 }] }]);
    const search = { name: "cars-search-page", path: "/cars-for-sale" };
    const once = recordPageVisit(EMPTY_POPUP_STORAGE, [p], search);
    expect(evaluatePopup(p, home, once).status).toBe("unmet");
    expect(evaluatePopup(p, home, recordPageVisit(once, [p], search)).status).toBe("show");
  });

  it("a finished popup is never eligible again, whatever the facts", () => {
    const facts: fc.Arbitrary<PopupFacts> = fc.record({
      page: fc.record({ name: fc.constantFrom("index", "cars-direct-page"), path: fc.constantFrom("/", "/x") }),
      isLead: fc.boolean(),
      adsValues: fc.dictionary(fc.constantFrom("gclid", "utm_source"), fc.string()),
      visibleTags: fc.array(fc.constantFrom("#a", "#b")),
      secondsOnPage: fc.integer({ min: 0, max: 100 }),
    });
    const p = popup("done", [{}, { tagQuery: "#a" }]);
    const storage = finishPopup(EMPTY_POPUP_STORAGE, "done");
    fc.assert(
      fc.property(facts, (f) => {
        expect(evaluatePopup(p, f, storage)).toEqual({ status: "skip", reason: "finished" });
      }),
      { numRuns: 200 },
    );
  });

  it("a popup disabled for the session is skipped; the others still show", () => {
    const list = [popup("a", []), popup("b", [])];
    expect(popupsToShow(list, { ...home, disabledPopups: ["a"] }, EMPTY_POPUP_STORAGE).map((p) => p.id)).toEqual(["b"]);
    expect(evaluatePopup(list[0] as PopupDefinition, { ...home, disabledPopups: ["a"] }, EMPTY_POPUP_STORAGE)).toEqual({
      status: "skip",
      reason: "disabled",
    });
  });
});
