import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RuleFileError } from "../shared/rule-file";
import { conversationStartedUser } from "./conversation";
import { defaultTrackingRules } from "./defaults";
import { TRACKING_EVENT_NAMES } from "./event-names";
import {
  eventValue,
  googleItemEventOfLead,
  googleItemValue,
  shouldTrackPageView,
  splitConversationName,
} from "./events";
import { parseTrackingRules } from "./parse-rules";

function problemPaths(attempt: () => unknown): string[] {
  try {
    attempt();
  } catch (error) {
    if (error instanceof RuleFileError) return error.problems.map((p) => p.path);
  }
  return [];
}

describe("event values (spec section 9)", () => {
  it.each([
    ["PageView", 0],
    ["Lead", 0],
    ["FullCreditApplication", 50],
    ["InstantScreen", 30],
    ["Personalize", 20],
    ["Schedule", 20],
    ["ConversationStarted", 10],
    ["SellTrade", 10],
    ["ClickToCall", 5],
    ["UnlockInventory", 5],
    ["Contact", 2],
    ["SubmitApplication", 2],
  ] as const)("%s is worth %d USD", (name, value) => {
    expect(eventValue(name)).toEqual({ value, currency: "USD" });
  });

  it.each([
    ["view_search_results", 2],
    ["view_item_list", 3],
    ["view_item", 5],
    ["add_to_cart", 20],
    ["purchase", 30],
  ] as const)("Google %s is worth %d", (event, value) => {
    expect(googleItemValue(event).value).toBe(value);
  });

  it("a vehicle lead (Personalize, Schedule) is Google's add_to_cart and a financing application its purchase; no other event is either", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TRACKING_EVENT_NAMES), (name) => {
        const expected =
          name === "Personalize" || name === "Schedule"
            ? "add_to_cart"
            : name === "InstantScreen" || name === "FullCreditApplication"
              ? "purchase"
              : null;
        expect(googleItemEventOfLead(name)).toBe(expected);
      }),
    );
  });

  it("a name that is not an event, even one every object has (constructor, toString), maps to no Google event", () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom("constructor", "toString", "__proto__"), fc.string()), (name) => {
        fc.pre(!(TRACKING_EVENT_NAMES as readonly string[]).includes(name));
        expect(googleItemEventOfLead(name as never)).toBeNull();
      }),
    );
  });

  it("a rule file mapping a lead to a Google event other than add_to_cart or purchase is refused at its path", () => {
    const attempt = () =>
      parseTrackingRules({ ...defaultTrackingRules, googleLeadItemEvents: { Contact: "view_item" } });
    expect(problemPaths(attempt)).toContain("$.googleLeadItemEvents.Contact");
  });

  it("every event name has a value in the shipped table", () => {
    for (const name of TRACKING_EVENT_NAMES) expect(typeof defaultTrackingRules.eventValues[name]).toBe("number");
  });

  it("a rule file missing an event value is refused with the JSON path of the gap", () => {
    const { Lead: _dropped, ...eventValues } = defaultTrackingRules.eventValues;
    const attempt = () => parseTrackingRules({ ...defaultTrackingRules, eventValues, adParameters: ["utm-source"] });
    expect(attempt).toThrow(RuleFileError);
    const paths = problemPaths(attempt);
    expect(paths).toContain("$.eventValues.Lead");
    expect(paths).toContain("$.adParameters[0]");
  });
});

describe("PageView", () => {
  it("is skipped on the vehicle detail route only", () => {
    expect(shouldTrackPageView("cars-direct-page")).toBe(false);
    expect(shouldTrackPageView("cars-search-page")).toBe(true);
    fc.assert(
      fc.property(fc.string(), (routeId) => {
        expect(shouldTrackPageView(routeId)).toBe(routeId !== "cars-direct-page");
      }),
      { numRuns: 200 },
    );
  });
});

describe("ConversationStarted", () => {
  it.each([
    ["Dana Reyes", "Dana", "Reyes"],
    ["Mary Ann Smith", "Mary", "Ann Smith"],
    ["  Cher  ", "Cher", ""],
    ["", "", ""],
  ])("name %j splits into %j and %j", (name, firstName, lastName) => {
    expect(splitConversationName(name)).toEqual({ firstName, lastName });
  });

  it("the first name never holds a space and first plus last give back the name", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z'.-]{1,8}$/), { maxLength: 4 }), (words) => {
        const { firstName, lastName } = splitConversationName(`  ${words.join(" ")} `);
        expect(firstName).not.toMatch(/\s/);
        expect([firstName, lastName].filter(Boolean).join(" ")).toBe(words.join(" "));
      }),
      { numRuns: 200 },
    );
  });

  it("reads name and phone from a provider event, preferring customer_phone_value", () => {
    expect(
      conversationStartedUser({
        customer_name: "Dana Reyes",
        customer_phone_value: "+13145550142",
        customer_phone: "(314) 555-0142",
      }),
    ).toEqual({ firstName: "Dana", lastName: "Reyes", phone: "+13145550142" });
    expect(conversationStartedUser({ customer_name: "Dana", customer_phone: "(314) 555-0142" })).toEqual({
      firstName: "Dana",
      lastName: "",
      phone: "(314) 555-0142",
    });
  });

  it("a malformed provider event never throws", () => {
    fc.assert(
      fc.property(fc.anything(), (event) => {
        const user = conversationStartedUser(event);
        if (user) expect(typeof user.firstName).toBe("string");
      }),
      { numRuns: 200 },
    );
  });
});
