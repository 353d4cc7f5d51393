import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FORM_KINDS } from "../leads/lead.schema";
import { defaultTrackingRules } from "./defaults";
import { TRACKING_EVENT_NAMES } from "./event-names";
import { LEAD_KIND_EVENTS, leadEvent, leadEventId } from "./lead-events";

describe("lead events (spec sections 7 and 9)", () => {
  it.each([
    ["FULL_CREDIT_APP", "FullCreditApplication", 50],
    ["APPLY_FINANCING", "InstantScreen", 30],
    ["UNLOCK_PRICE", "Personalize", 20],
    ["SCHEDULE_TEST_DRIVE", "Schedule", 20],
    ["SELL_OR_TRADE", "SellTrade", 10],
    ["UNLOCK_INVENTORY", "UnlockInventory", 5],
    ["CONTACT_SALES", "Contact", 2],
    ["CAREERS", "SubmitApplication", 2],
    ["DEFAULT", "Lead", 0],
  ] as const)("a %s lead reports %s worth %d USD", (kind, name, value) => {
    expect(leadEvent(kind)).toEqual({ name, value, currency: "USD" });
  });

  it("every form kind reports exactly one of the section 9 events, valued from the rules", () => {
    expect(Object.keys(LEAD_KIND_EVENTS).sort()).toEqual([...FORM_KINDS].sort());
    fc.assert(
      fc.property(fc.constantFrom(...FORM_KINDS), (kind) => {
        const event = leadEvent(kind);
        expect(TRACKING_EVENT_NAMES).toContain(event.name);
        expect(event.value).toBe(defaultTrackingRules.eventValues[event.name]);
      }),
    );
  });

  it("any string that is not a form kind reports the generic Lead worth 0, never a prototype key", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom("constructor", "__proto__", "toString")), (kind) => {
        fc.pre(!(FORM_KINDS as readonly string[]).includes(kind));
        expect(leadEvent(kind)).toEqual({ name: "Lead", value: 0, currency: "USD" });
      }),
    );
  });

  it("the event id is a function of the lead and the event: equal for one lead, distinct across leads", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), fc.constantFrom(...TRACKING_EVENT_NAMES), (a, b, name) => {
        expect(leadEventId(a, name)).toBe(leadEventId(a, name));
        if (a !== b) expect(leadEventId(a, name)).not.toBe(leadEventId(b, name));
      }),
    );
  });
});
