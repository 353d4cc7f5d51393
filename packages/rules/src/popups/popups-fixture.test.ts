import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { evaluatePopup, isLeadOnly, type PopupFacts } from "./conditions";
import { isButtonTriggered } from "./dialog";
import { popupMachine } from "./popup.machine";
import { type PopupDefinition, popupListSchema } from "./popup.schema";
import { parsePopupList } from "./popup-list";
import { EMPTY_POPUP_STORAGE, recordPageVisit } from "./storage";

const raw: unknown = JSON.parse(
  readFileSync(new URL("../../../../fixtures/content/popups.json", import.meta.url), "utf8"),
);

describe("fixtures/content/popups.json", () => {
  const popups = popupListSchema.parse(raw);
  const byId = (id: string) => popups.find((p) => p.id === id) as PopupDefinition;

  it("validates against the popup list schema, with no problem to report", () => {
    expect(popupListSchema.safeParse(raw).success).toBe(true);
    expect(parsePopupList(raw).problems).toEqual([]);
    expect(popups.length).toBeGreaterThanOrEqual(2);
  });

  it("has a lead-only popup and a button-triggered popup", () => {
    expect(popups.some(isLeadOnly)).toBe(true);
    expect(popups.some(isButtonTriggered)).toBe(true);
  });

  it("the price capture shows on the third distinct vehicle, after its timer, and never to a lead", () => {
    const capture = byId("unlock-price-capture");
    const view = (vin: string) => ({
      name: "cars-direct-page",
      path: `/used-cars-for-sale/2021-toyota-camry-le-${vin}`,
      params: { vin },
    });
    const vins = ["4T1C11AK5MU123456", "1HGCM82633A004352", "4T1C11AK5MU123456", "5YJ3E1EA7KF317000"];
    let storage = EMPTY_POPUP_STORAGE;
    const verdicts = vins.map((vin) => {
      storage = recordPageVisit(storage, popups, view(vin));
      const facts: PopupFacts = { page: view(vin), isLead: false, secondsOnPage: 0 };
      return evaluatePopup(capture, facts, storage).status;
    });
    // The repeat view of the first car does not count: only the fourth page is the third distinct vehicle.
    expect(verdicts).toEqual(["unmet", "unmet", "unmet", "wait"]);
    const last = view(vins[3] as string);
    expect(evaluatePopup(capture, { page: last, isLead: false, secondsOnPage: 5 }, storage).status).toBe("show");
    expect(evaluatePopup(capture, { page: last, isLead: true, secondsOnPage: 5 }, storage)).toEqual({
      status: "skip",
      reason: "lead",
    });
  });

  it("the trade-in popup waits behind its side button on the pages it lists", () => {
    const tradeIn = byId("trade-in-value");
    const home: PopupFacts = { page: { name: "index", path: "/" }, isLead: true };
    expect(evaluatePopup(tradeIn, home, EMPTY_POPUP_STORAGE).status).toBe("show");
    const actor = createActor(popupMachine, { input: { popup: tradeIn } }).start();
    actor.send({ type: "CONDITIONS_MET" });
    expect(actor.getSnapshot().hasTag("button")).toBe(true);
    expect(actor.getSnapshot().hasTag("dialog")).toBe(false);
    actor.stop();
  });

  it("the paid-search promo needs a paid medium", () => {
    const promo = byId("financing-promo-paid-search");
    const search = { name: "cars-search-page", path: "/cars-for-sale" };
    const facts = (utm_medium?: string): PopupFacts => ({
      page: search,
      isLead: false,
      adsValues: { utm_medium },
      secondsOnPage: 30,
    });
    expect(evaluatePopup(promo, facts("cpc"), EMPTY_POPUP_STORAGE).status).toBe("show");
    expect(evaluatePopup(promo, facts("email"), EMPTY_POPUP_STORAGE).status).toBe("unmet");
    expect(evaluatePopup(promo, facts(), EMPTY_POPUP_STORAGE).status).toBe("unmet");
  });
});

describe("reading a popup list from outside", () => {
  it("keeps the valid popups, drops invalid or repeated ones, and reports each problem with its path", () => {
    const valid = (raw as PopupDefinition[])[1];
    const result = parsePopupList([
      valid,
      { ...valid, component: { type: "html", data: {} } },
      valid,
      {
        id: "bad-param",
        conditions: [{ pageItemsViewed: [{ name: "cars-direct-page", params: { vin: 17 } }] }],
        component: { type: "component", innerComponent: "X" },
      },
      {
        id: "evil",
        conditions: [],
        component: { type: "component", innerComponent: "X" },
        submitted: { redirect: "javascript:alert(1)" },
      },
    ]);
    expect(result.popups.map((p) => p.id)).toEqual(["trade-in-value", "bad-param"]);
    expect(result.problems.map((p) => p.path)).toEqual([
      "$[1].component.data.html",
      "$[2].id",
      "$[3].conditions[0].pageItemsViewed[0].params.vin",
      "$[4].submitted.redirect",
    ]);
    expect(parsePopupList({ popups: [] }).problems).toHaveLength(1);
  });

  it("the list schema refuses repeated ids", () => {
    const valid = (raw as PopupDefinition[])[0];
    const result = popupListSchema.safeParse([valid, valid]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([1, "id"]);
  });
});
