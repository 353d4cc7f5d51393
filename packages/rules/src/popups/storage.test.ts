import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pageRuleAllows } from "./page-rules";
import type { PageRule, PopupDefinition } from "./popup.schema";
import {
  disablePopupForSession,
  EMPTY_POPUP_STORAGE,
  finishPopup,
  forgetRetiredPopups,
  type PopupStorage,
  recordPageVisit,
  serializePopupStorage,
  visitCount,
} from "./storage";
import { parseDisabledPopups, parsePopupStorage } from "./storage-parse";

const VINS = ["1HGCM82633A004352", "4T1C11AK5MU123456", "5YJ3E1EA7KF317000", "WBA8E9G50GNT12345"];
const IDS = ["unlock-price", "trade-in", "promo", "survey"];

function popupWith(id: string, rule: PageRule): PopupDefinition {
  return { id, conditions: [{ pageItemsViewed: [rule] }], component: { type: "component", innerComponent: "Form" } };
}

const vehiclePage = (vin: string) => ({
  name: "cars-direct-page",
  path: `/used-cars-for-sale/2020-make-model-${vin}`,
  params: { vin, condition: "used" },
});

describe("reading popup storage", () => {
  it("reads JSON strings from localStorage and drops what does not fit", () => {
    const state = parsePopupStorage({
      finishedPopups: JSON.stringify(["trade-in", "trade-in", 7, "__proto__", "a b"]),
      // Written as text: in an object literal `__proto__` would set the prototype instead of making a key.
      viewedPagesItems: `{
        "unlock-price": { "0": { "0": { "countVisits": 2, "itemsListViewed": ["A", "B", 3] }, "x": { "countVisits": 1 } } },
        "__proto__": { "0": { "0": { "countVisits": 1, "itemsListViewed": [] } } },
        "promo": { "0": { "0": { "countVisits": -1, "itemsListViewed": [] } } }
      }`,
    });
    expect(state).toEqual({
      finishedPopups: ["trade-in"],
      viewedPagesItems: { "unlock-price": { "0": { "0": { countVisits: 2, itemsListViewed: ["A", "B"] } } } },
    });
    expect(Object.getPrototypeOf(state.viewedPagesItems)).toBe(Object.prototype);
  });

  it("corrupt storage gives an empty state and never throws", () => {
    expect(parsePopupStorage({ finishedPopups: "{not json", viewedPagesItems: "[1,2" })).toEqual(EMPTY_POPUP_STORAGE);
    expect(parsePopupStorage({ finishedPopups: null, viewedPagesItems: undefined })).toEqual(EMPTY_POPUP_STORAGE);
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.json(), fc.string()), fc.oneof(fc.anything(), fc.json()), (a, b) => {
        const state = parsePopupStorage({ finishedPopups: a, viewedPagesItems: b });
        expect(parsePopupStorage(serializePopupStorage(state))).toEqual(state);
      }),
      { numRuns: 300 },
    );
  });

  it("a damaged visit count does not cost the list of finished popups", () => {
    const state = parsePopupStorage({ finishedPopups: '["promo"]', viewedPagesItems: "garbage" });
    expect(state.finishedPopups).toEqual(["promo"]);
  });

  it("the session's disabled popups read the same way", () => {
    expect(parseDisabledPopups('["promo","promo",1]')).toEqual(["promo"]);
    expect(parseDisabledPopups("nope")).toEqual([]);
    expect(disablePopupForSession(["promo"], "survey")).toEqual(["promo", "survey"]);
    expect(disablePopupForSession(["promo"], "promo")).toEqual(["promo"]);
  });
});

describe("counting page visits", () => {
  const rule: PageRule = { name: "cars-direct-page", params: { vin: true }, minCount: 3 };
  const popups = [popupWith("unlock-price", rule)];

  it("a true param counts each vehicle once", () => {
    const visits = [VINS[0], VINS[1], VINS[0], VINS[2]] as string[];
    const state = visits.reduce((s, vin) => recordPageVisit(s, popups, vehiclePage(vin)), EMPTY_POPUP_STORAGE);
    expect(state.viewedPagesItems["unlock-price"]?.[0]?.[0]).toEqual({
      countVisits: 3,
      itemsListViewed: [VINS[0], VINS[1], VINS[2]],
    });
  });

  it("visits that do not match the rule are not stored at all", () => {
    const state = recordPageVisit(EMPTY_POPUP_STORAGE, popups, { name: "index", path: "/" });
    expect(state).toEqual(EMPTY_POPUP_STORAGE);
  });

  it("finished popups are no longer counted", () => {
    const finished = finishPopup(EMPTY_POPUP_STORAGE, "unlock-price");
    expect(recordPageVisit(finished, popups, vehiclePage(VINS[0] as string))).toEqual(finished);
  });

  it("saturated counting gives the same verdict as counting every visit", () => {
    const bound = fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined });
    fc.assert(
      fc.property(
        bound,
        bound,
        fc.boolean(),
        fc.array(fc.constantFrom(...VINS), { maxLength: 12 }),
        (minCount, maxCount, distinct, visits) => {
          const r: PageRule = {
            name: "cars-direct-page",
            minCount,
            maxCount,
            ...(distinct ? { params: { vin: true } } : {}),
          };
          const list = [popupWith("p", r)];
          const state = visits.reduce((s, vin) => recordPageVisit(s, list, vehiclePage(vin)), EMPTY_POPUP_STORAGE);
          const unbounded = distinct ? new Set(visits).size : visits.length;
          expect(pageRuleAllows(r, visitCount(state, "p", 0, 0))).toBe(pageRuleAllows(r, unbounded));
          expect(visitCount(state, "p", 0, 0)).toBeLessThanOrEqual(unbounded);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("storage reducers never lose a finished popup", () => {
  type Step =
    | { kind: "visit"; vin: string }
    | { kind: "finish"; id: string }
    | { kind: "retire"; keep: string[] }
    | { kind: "reload" };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant("visit" as const), vin: fc.constantFrom(...VINS) }),
    fc.record({ kind: fc.constant("finish" as const), id: fc.constantFrom(...IDS) }),
    fc.record({ kind: fc.constant("retire" as const), keep: fc.subarray(IDS) }),
    fc.record({ kind: fc.constant("reload" as const) }),
  );
  const popups = IDS.map((id) => popupWith(id, { name: "cars-direct-page", params: { vin: true }, minCount: 2 }));

  function apply(state: PopupStorage, s: Step): PopupStorage {
    switch (s.kind) {
      case "visit":
        return recordPageVisit(state, popups, vehiclePage(s.vin));
      case "finish":
        return finishPopup(state, s.id);
      case "retire":
        return forgetRetiredPopups(
          state,
          popups.filter((p) => s.keep.includes(p.id)),
        );
      case "reload":
        return parsePopupStorage(serializePopupStorage(state));
    }
  }

  it("through any sequence of visits, finishes, retirements and reloads", () => {
    fc.assert(
      fc.property(fc.subarray(IDS), fc.array(step, { maxLength: 25 }), (initiallyFinished, steps) => {
        let state = parsePopupStorage({ finishedPopups: initiallyFinished });
        const finished = new Set(initiallyFinished);
        for (const s of steps) {
          state = apply(state, s);
          if (s.kind === "finish") finished.add(s.id);
          for (const id of finished) expect(state.finishedPopups).toContain(id);
          expect(new Set(state.finishedPopups).size).toBe(state.finishedPopups.length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("and the reducers leave the state they were given untouched", () => {
    const before = recordPageVisit(EMPTY_POPUP_STORAGE, popups, vehiclePage(VINS[0] as string));
    const snapshot = JSON.stringify(before);
    finishPopup(before, "unlock-price");
    recordPageVisit(before, popups, vehiclePage(VINS[1] as string));
    forgetRetiredPopups(before, []);
    expect(JSON.stringify(before)).toBe(snapshot);
  });
});
