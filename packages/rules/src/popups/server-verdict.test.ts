import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluatePopup, type PopupFacts } from "./conditions";
import type { AdsValueRule, PopupCondition, PopupDefinition } from "./popup.schema";
import { type ServerPopupFacts, serverVerdict } from "./server-verdict";
import { EMPTY_POPUP_STORAGE, type PopupStorage, recordPageVisit } from "./storage";

const PAGES = [
  { name: "index", path: "/" },
  { name: "cars-search-page", path: "/cars-for-sale" },
  { name: "contact-us", path: "/contact-us" },
];

const adsRule: fc.Arbitrary<AdsValueRule> = fc.oneof(
  fc.boolean(),
  fc.constantFrom("google", "cpc"),
  fc.record({ not: fc.constant<string[]>(["email"]) }),
  fc.record({ in: fc.constant<string[]>(["cpc", "paid"]) }),
);

const condition: fc.Arbitrary<PopupCondition> = fc.record(
  {
    pages: fc.subarray(["index", "/cars-for-sale", "contact-us", "/nowhere"]),
    isLead: fc.boolean(),
    adsValues: fc.dictionary(fc.constantFrom("utm_medium", "gclid"), adsRule, { maxKeys: 2 }),
    pageItemsViewed: fc.array(
      fc.record({ name: fc.constantFrom("index", "cars-search-page"), minCount: fc.integer({ min: 0, max: 3 }) }),
      { maxLength: 1 },
    ),
    tagQuery: fc.constant("#a"),
    itemClicked: fc.constant(".b"),
    timer: fc.integer({ min: 0, max: 30 }),
  },
  { requiredKeys: [] },
);

/** One part of a condition that only the browser can judge. */
const browserPart: fc.Arbitrary<PopupCondition> = fc.oneof(
  fc.record({ adsValues: fc.dictionary(fc.constantFrom("utm_medium", "gclid"), adsRule, { minKeys: 1, maxKeys: 2 }) }),
  fc.record({
    pageItemsViewed: fc.tuple(fc.record({ name: fc.constant("index"), minCount: fc.integer({ min: 2, max: 3 }) })),
  }),
  fc.constant({ tagQuery: "#a" }),
  fc.constant({ itemClicked: ".b" }),
  fc.record({ timer: fc.integer({ min: 1, max: 30 }) }),
);

// Conditions of pages and lead flags alone are what make a `show`: half the conditions are of that kind.
const serverOnlyCondition: fc.Arbitrary<PopupCondition> = fc.record(
  { pages: fc.subarray(["index", "/cars-for-sale", "contact-us", "/nowhere"]), isLead: fc.boolean() },
  { requiredKeys: [] },
);

const popup: fc.Arbitrary<PopupDefinition> = fc.record({
  id: fc.constantFrom("trade-in-value", "promo"),
  conditions: fc.array(
    fc.oneof(
      condition,
      serverOnlyCondition,
      // One browser fact beside them: the server must leave these to the browser.
      fc.tuple(serverOnlyCondition, browserPart).map(([a, b]) => ({ ...a, ...b })),
    ),
    { maxLength: 3 },
  ),
  component: fc.constant({ type: "component" as const, innerComponent: "TradeInValueForm" }),
});

const serverFacts: fc.Arbitrary<ServerPopupFacts> = fc.record({
  page: fc.constantFrom(...PAGES),
  isLead: fc.boolean(),
  adValuesReadable: fc.boolean(),
  finishedPopups: fc.subarray(["trade-in-value", "promo"]),
  disabledPopups: fc.subarray(["trade-in-value", "promo"]),
});

/** What the browser may find on a page the server judged with `server`: anything the server could not see. */
function browserFacts(server: ServerPopupFacts) {
  return fc
    .record({
      adsValues: fc.dictionary(fc.constantFrom("utm_medium", "gclid"), fc.constantFrom("cpc", "google", "email", "")),
      visibleTags: fc.subarray(["#a"]),
      clickedItems: fc.subarray([".b"]),
      secondsOnPage: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 60 })),
      visits: fc.integer({ min: 1, max: 4 }),
      finishedAlso: fc.subarray(["trade-in-value", "promo"]),
      disabledAlso: fc.subarray(["trade-in-value", "promo"]),
    })
    .map((found) => ({
      ...found,
      facts: {
        page: server.page,
        isLead: server.isLead,
        // The browser reads no ad values without targeting consent (ad-values.ts in the app).
        adsValues: server.adValuesReadable ? found.adsValues : {},
        visibleTags: found.visibleTags,
        clickedItems: found.clickedItems,
        secondsOnPage: found.secondsOnPage,
        disabledPopups: [...server.disabledPopups, ...found.disabledAlso],
      } satisfies PopupFacts,
    }));
}

function storageAfter(p: PopupDefinition, server: ServerPopupFacts, visits: number, finishedAlso: string[]) {
  let storage: PopupStorage = {
    ...EMPTY_POPUP_STORAGE,
    finishedPopups: [...server.finishedPopups, ...finishedAlso],
  };
  for (let i = 0; i < visits; i += 1) storage = recordPageVisit(storage, [p], server.page);
  return storage;
}

describe("what the server decides about a popup (ADR 336)", () => {
  it("never: whatever the browser finds, the popup neither shows nor waits", () => {
    fc.assert(
      fc.property(
        popup,
        serverFacts.chain((server) => fc.tuple(fc.constant(server), browserFacts(server))),
        (p, [server, browser]) => {
          fc.pre(serverVerdict(p, server) === "never");
          const storage = storageAfter(p, server, browser.visits, browser.finishedAlso);
          expect(["skip", "unmet"]).toContain(evaluatePopup(p, browser.facts, storage).status);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("show: whatever the browser finds, the popup shows at once unless the browser itself finished or closed it", () => {
    fc.assert(
      fc.property(
        popup,
        serverFacts.chain((server) => fc.tuple(fc.constant(server), browserFacts(server))),
        (p, [server, browser]) => {
          fc.pre(serverVerdict(p, server) === "show");
          const others = (ids: string[]) => ids.filter((id) => id !== p.id);
          const storage = storageAfter(p, server, browser.visits, others(browser.finishedAlso));
          const facts = { ...browser.facts, disabledPopups: others(browser.facts.disabledPopups) };
          expect(evaluatePopup(p, facts, storage)).toEqual({ status: "show" });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("the trade-in side button of the fixtures shows on its pages, never elsewhere, never once closed or finished", () => {
    const tradeIn: PopupDefinition = {
      id: "trade-in-value",
      conditions: [{ pages: ["index", "cars-search-page", "cars-direct-page", "auto-financing"] }],
      component: { type: "component", innerComponent: "TradeInValueForm" },
      button: { text: "Trade-in value" },
    };
    const facts = (page: (typeof PAGES)[number], more: Partial<ServerPopupFacts> = {}): ServerPopupFacts => ({
      page,
      isLead: false,
      adValuesReadable: false,
      finishedPopups: [],
      disabledPopups: [],
      ...more,
    });
    const [home, search, contact] = PAGES as [(typeof PAGES)[number], (typeof PAGES)[number], (typeof PAGES)[number]];
    expect(serverVerdict(tradeIn, facts(home))).toBe("show");
    expect(serverVerdict(tradeIn, facts(search, { isLead: true }))).toBe("show");
    expect(serverVerdict(tradeIn, facts(contact))).toBe("never");
    expect(serverVerdict(tradeIn, facts(home, { disabledPopups: ["trade-in-value"] }))).toBe("never");
    expect(serverVerdict(tradeIn, facts(home, { finishedPopups: ["trade-in-value"] }))).toBe("never");
  });

  it("a paid-search popup is never shown to a visitor whose ad values the browser may not read, and is the browser's otherwise", () => {
    const promo: PopupDefinition = {
      id: "promo",
      conditions: [{ pages: ["cars-search-page"], adsValues: { utm_medium: { in: ["cpc", "paid"] } }, timer: 20 }],
      component: { type: "html", data: { html: "<p>Hi</p>" } },
    };
    const search = PAGES[1] as (typeof PAGES)[number];
    const base = { page: search, isLead: false, finishedPopups: [], disabledPopups: [] };
    expect(serverVerdict(promo, { ...base, adValuesReadable: false })).toBe("never");
    expect(serverVerdict(promo, { ...base, adValuesReadable: true })).toBe("browser");
  });
});
