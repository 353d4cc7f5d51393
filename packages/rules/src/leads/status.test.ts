import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ADF_LEAD_COOKIE,
  appointmentStatus,
  financingSubmissionNeeded,
  isEmptyProfile,
  isEmptyValue,
  leadStatus,
  type StoredProfile,
  saveProfile,
} from "./status";

const complete = { firstName: "Dana", lastName: "Reyes", email: "dana@example.com", phone: "(314) 555-0142" };
const now = new Date("2026-11-23T16:05:09.000Z");

describe("lead status", () => {
  it("the first lead of a browser is new and sets the adfLead session cookie", () => {
    expect(ADF_LEAD_COOKIE).toBe("adfLead");
    expect(leadStatus({})).toEqual({ status: "new", setAdfLeadCookie: true });
    expect(leadStatus({ adfLeadCookie: null })).toEqual({ status: "new", setAdfLeadCookie: true });
    expect(leadStatus({ adfLeadCookie: "" })).toEqual({ status: "new", setAdfLeadCookie: true });
  });

  it("a later lead, finding the cookie, is resend and sets nothing", () => {
    expect(leadStatus({ adfLeadCookie: "1" })).toEqual({ status: "resend", setAdfLeadCookie: false });
  });

  it("in any session of leads exactly the first is new", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
        (n, value) => {
          let cookie: string | undefined;
          const statuses = Array.from({ length: n }, () => {
            const { status, setAdfLeadCookie } = leadStatus({ adfLeadCookie: cookie });
            if (setAdfLeadCookie) cookie = value;
            return status;
          });
          expect(statuses).toEqual(["new", ...Array(n - 1).fill("resend")]);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("emptiness (spec section 5)", () => {
  it.each([null, undefined, "", "   ", 0, {}, []])("%j is empty", (value) => {
    expect(isEmptyValue(value)).toBe(true);
  });
  it.each(["a", 1, -1, { a: 1 }, [0], false, true])("%j is not empty", (value) => {
    expect(isEmptyValue(value)).toBe(false);
  });

  it("a profile is empty when its contact fields are, whatever else it holds", () => {
    expect(isEmptyProfile(null)).toBe(true);
    expect(isEmptyProfile({ uniqueUserId: "u-1", firstName: " ", phone: "" })).toBe(true);
    expect(isEmptyProfile({ email: "dana@example.com" })).toBe(false);
  });
});

describe("saveProfile", () => {
  it("stamps unlockPrice with now when the saved profile is complete", () => {
    const { profile, becameLead } = saveProfile(null, complete, now);
    expect(profile).toEqual({ ...complete, unlockPrice: "2026-11-23T16:05:09.000Z" });
    expect(becameLead).toBe(true);
  });

  it("stamps again on every later complete save, and that is no new lead", () => {
    const first = saveProfile(null, complete, now).profile;
    const later = new Date("2026-11-24T09:00:00.000Z");
    const { profile, becameLead } = saveProfile(first, { phone: "314-555-0199" }, later);
    expect(profile.unlockPrice).toBe(later.toISOString());
    expect(profile.phone).toBe("314-555-0199");
    expect(becameLead).toBe(false);
  });

  it("an incomplete profile is saved without a stamp and is no lead yet", () => {
    const { profile, becameLead } = saveProfile({ uniqueUserId: "u-1" }, { firstName: "Dana", email: "bad" }, now);
    expect(profile).toEqual({ uniqueUserId: "u-1", firstName: "Dana", email: "bad" });
    expect(becameLead).toBe(false);
  });

  it("a profile partly filled before is not empty, so completing it fires no lead event", () => {
    const { becameLead, profile } = saveProfile({ email: "dana@example.com" }, complete, now);
    expect(profile.unlockPrice).toBeDefined();
    expect(becameLead).toBe(false);
  });

  it("keys the new values leave undefined keep their saved value", () => {
    const { profile } = saveProfile(complete, { firstName: undefined, lastName: "Reyes-Ortiz" }, now);
    expect(profile.firstName).toBe("Dana");
    expect(profile.lastName).toBe("Reyes-Ortiz");
  });

  it("becameLead holds exactly when the profile was empty and the saved one is complete", () => {
    const field = fc.oneof(
      fc.constant(""),
      fc.constant("Dana"),
      fc.constant("dana@example.com"),
      fc.constant("3145550142"),
    );
    const profile = fc.record<StoredProfile>(
      { firstName: field, lastName: field, email: field, phone: field },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.option(profile, { nil: null }), profile, (prev, next) => {
        const { profile: saved, becameLead } = saveProfile(prev, next, now);
        const completeNow =
          saved.firstName !== "" &&
          saved.firstName !== undefined &&
          saved.lastName !== "" &&
          saved.lastName !== undefined &&
          saved.email === "dana@example.com" &&
          saved.phone === "3145550142";
        expect(saved.unlockPrice !== undefined).toBe(completeNow);
        expect(becameLead).toBe(completeNow && isEmptyProfile(prev));
      }),
      { numRuns: 200 },
    );
  });
});

describe("financingSubmissionNeeded", () => {
  it("is skipped when the profile is unchanged, down to spelling", () => {
    expect(financingSubmissionNeeded(complete, { ...complete })).toBe(false);
    expect(
      financingSubmissionNeeded(complete, {
        ...complete,
        email: " DANA@example.com ",
        phone: "+1 314 555 0142",
        unlockPrice: "2026-11-23T16:05:09.000Z",
      }),
    ).toBe(false);
  });

  it("is needed when any value changed, or there was no profile before", () => {
    expect(financingSubmissionNeeded(complete, { ...complete, lastName: "Ortiz" })).toBe(true);
    expect(financingSubmissionNeeded(complete, { ...complete, homeAddress: { city: "St. Louis" } })).toBe(true);
    expect(financingSubmissionNeeded(null, complete)).toBe(true);
  });

  it("a profile compared with itself never needs a submission; with a changed name always does", () => {
    const text = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== "");
    fc.assert(
      fc.property(
        fc.record({
          firstName: text,
          lastName: text,
          email: text,
          phone: text,
          city: fc.option(text, { nil: undefined }),
        }),
        text,
        (profile, other) => {
          expect(financingSubmissionNeeded(profile, structuredClone(profile))).toBe(false);
          const changed = { ...profile, lastName: `${profile.lastName.trim()}${other.trim()}x` };
          expect(financingSubmissionNeeded(profile, changed)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("appointmentStatus", () => {
  it("is reschedule when an appointment_id exists, otherwise new", () => {
    expect(appointmentStatus({ appointment_id: "SA-88" })).toBe("reschedule");
    expect(appointmentStatus({ appointment_id: 42 })).toBe("reschedule");
    expect(appointmentStatus({ appointment_id: "" })).toBe("new");
    expect(appointmentStatus({ appointment_id: null })).toBe("new");
    expect(appointmentStatus({})).toBe("new");
    expect(appointmentStatus(undefined)).toBe("new");
  });
});
