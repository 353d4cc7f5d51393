import { COOKIE_CATEGORIES } from "@showroom/rules/consent";
import type { Lead } from "@showroom/rules/leads";
import { leadEvent } from "@showroom/rules/tracking";
import { parseSetCookie } from "cookie";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { trackingView } from "./consent.server";
import { siteContent } from "./fixtures.server";
import { AD_VALUES_COOKIE, adValuesOf, adValuesSetCookie, leadEventsOf } from "./marketing.server";

const settings = siteContent().settings.production;
const request = (path: string, cookie = "") =>
  new Request(`https://site.example${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const allowed = (...categories: string[]) => `displayCookies=hide; allowCookies=${categories.join("%2C")}`;
const ALL = allowed("essential", "functional", "analytics", "targeting");
const config = { GA_MEASUREMENT_ID: "G-TEST12345", GTM_ID: undefined };

describe("ad values (spec sections 3, 7 and 9)", () => {
  it("with targeting allowed, the URL's ad parameters win over the cookie, which is used otherwise", () => {
    const cookie = `${ALL}; ${AD_VALUES_COOKIE}=${encodeURIComponent("utm_source=old&gclid=G1")}`;
    expect(adValuesOf(request("/?utm_source=fb&fbclid=F1&color=red", cookie), settings)).toEqual({
      utm_source: "fb",
      fbclid: "F1",
    });
    expect(adValuesOf(request("/cars-for-sale", cookie), settings)).toEqual({ utm_source: "old", gclid: "G1" });
  });

  it("without targeting consent there are no ad values, whatever the URL and the cookie say", () => {
    const withoutTargeting = fc
      .subarray(["functional", "analytics"])
      .map((categories) => allowed("essential", ...categories));
    fc.assert(
      fc.property(
        fc.option(withoutTargeting, { nil: "" }),
        fc.dictionary(fc.constantFrom("utm_source", "utm_medium", "gclid", "fbclid", "wbraid"), fc.string()),
        (consent, params) => {
          const query = new URLSearchParams(params).toString();
          const cookie = `${consent}; ${AD_VALUES_COOKIE}=${encodeURIComponent(query)}`;
          expect(adValuesOf(request(`/?${query}`, cookie), settings)).toEqual({});
        },
      ),
    );
  });

  it("the cookie lasts the site's 30 days, Secure and SameSite=Lax, and reads back as it was written", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom("utm_source", "utm_campaign", "gclid", "gbraid"),
          fc.string({ minLength: 1, maxLength: 40 }).filter((v) => v.trim() === v && /^[\x20-\x7e]+$/.test(v)),
        ),
        (params) => {
          const line = adValuesSetCookie(params, settings);
          expect(parseSetCookie(line)).toMatchObject({ path: "/", maxAge: 2_592_000, secure: true, sameSite: "lax" });
          const value = line.slice(line.indexOf("=") + 1, line.indexOf(";"));
          expect(adValuesOf(request("/", `${ALL}; ${AD_VALUES_COOKIE}=${value}`), settings)).toEqual(params);
        },
      ),
    );
  });
});

describe("lead events", () => {
  const lead = (kind: string) => ({ id: "0b7e7c1e-5f0e-4a57-9a2f-1f0c1b2a3d4e", kind }) as unknown as Lead;

  it("a lead reports its kind's event, and Lead too when the profile was empty, each with an id from the lead", () => {
    expect(leadEventsOf({ lead: lead("FULL_CREDIT_APP"), visitorId: null, profileWasEmpty: false })).toEqual([
      { name: "FullCreditApplication", eventId: "FullCreditApplication.0b7e7c1e-5f0e-4a57-9a2f-1f0c1b2a3d4e" },
    ]);
    expect(leadEventsOf({ lead: lead("CONTACT_SALES"), visitorId: null, profileWasEmpty: true })).toEqual([
      { name: "Contact", eventId: "Contact.0b7e7c1e-5f0e-4a57-9a2f-1f0c1b2a3d4e" },
      { name: "Lead", eventId: "Lead.0b7e7c1e-5f0e-4a57-9a2f-1f0c1b2a3d4e" },
    ]);
    // The generic kind is the Lead event already: reported once.
    expect(leadEventsOf({ lead: lead("DEFAULT"), visitorId: null, profileWasEmpty: true })).toHaveLength(1);
  });

  it("a popup's tracked event is reported too, once, beside its kind's: never twice when it is the kind's own or Lead", () => {
    const id = "0b7e7c1e-5f0e-4a57-9a2f-1f0c1b2a3d4e";
    expect(
      leadEventsOf({ lead: lead("UNLOCK_PRICE"), visitorId: null, profileWasEmpty: false, alsoTrack: "Lead" }),
    ).toEqual([
      { name: leadEvent("UNLOCK_PRICE").name, eventId: `${leadEvent("UNLOCK_PRICE").name}.${id}` },
      { name: "Lead", eventId: `Lead.${id}` },
    ]);
    const both = leadEventsOf({
      lead: lead("UNLOCK_PRICE"),
      visitorId: null,
      profileWasEmpty: true,
      alsoTrack: "Lead",
    });
    expect(both.filter((event) => event.name === "Lead")).toHaveLength(1);
    const same = leadEventsOf({
      lead: lead("UNLOCK_PRICE"),
      visitorId: null,
      profileWasEmpty: false,
      alsoTrack: leadEvent("UNLOCK_PRICE").name,
    });
    expect(same).toHaveLength(1);
  });
});

describe("what the tracker may do", () => {
  it("nothing (no tracker at all) before a choice at tier 3, or with neither analytics nor targeting", () => {
    expect(trackingView(request("/"), settings, config)).toBeNull();
    expect(trackingView(request("/", allowed("essential", "functional")), settings, config)).toBeNull();
  });

  it("each category as allowed, and the pixel revoked exactly when functional is off (tier 3)", () => {
    fc.assert(
      fc.property(fc.subarray([...COOKIE_CATEGORIES]), (categories) => {
        const view = trackingView(request("/", allowed(...categories)), settings, config);
        const has = (c: string) => categories.includes(c as never);
        if (!has("analytics") && !has("targeting")) {
          expect(view).toBeNull();
          return;
        }
        expect(view).toMatchObject({
          functional: has("functional"),
          analytics: has("analytics"),
          targeting: has("targeting"),
          pixelRevoked: !has("functional"),
          googleTagId: "G-TEST12345",
        });
      }),
    );
  });

  it("everything at tier 1, where consent counts as granted before the notice is closed", () => {
    const tierOne = { ...settings, cookies: { ...settings.cookies, tier: 1 as const } };
    expect(trackingView(request("/"), tierOne, config)).toMatchObject({
      analytics: true,
      targeting: true,
      pixelRevoked: false,
    });
  });
});
