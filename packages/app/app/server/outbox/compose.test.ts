import { randomUUID } from "node:crypto";
import { buildAdfLead, leadSchema, resolveDestination } from "@showroom/rules/leads";
import { describe, expect, it } from "vitest";
import { testDestinations, testStoreProfile } from "../../../tests/support/leads";
import { leadStoreFromProfile } from "../leads/store-snapshot";
import { classifySendError, PermanentMailError } from "../mail/errors";
import { composeLeadMail, DeferredRecipientsError, settleOutcome } from "./compose";

const store = leadStoreFromProfile(testStoreProfile, "brentwood");
const payload = leadSchema.parse({
  kind: "CONTACT_SALES",
  id: randomUUID(),
  createdAt: "2026-11-23T16:05:09.421Z",
  status: "resend",
  user: { firstName: "Dana", lastName: "Reyes", email: "dana@example.com" },
  text: "Hello",
  store,
});
const row = { leadId: payload.id, messageId: `<lead-${payload.id}@x.test>` };

describe("composing a lead email from an outbox row", () => {
  it("builds what @showroom/rules/leads builds for the lead's destination, under the row's Message-ID", () => {
    const mail = composeLeadMail(row, payload, testDestinations);
    const expected = buildAdfLead(payload, resolveDestination("CONTACT_SALES", testDestinations));
    expect(mail).toEqual({
      leadId: payload.id,
      messageId: row.messageId,
      to: expected.to,
      subject: expected.subject,
      body: expected.body,
      type: "adf",
    });
    expect(mail.body).toContain('<prospect status="resend">');
  });

  it("destinations can be chosen per lead", () => {
    const seen: string[] = [];
    const mail = composeLeadMail(row, payload, (lead) => {
      seen.push(lead.store.name);
      return { destinations: { DEFAULT: { to: ["brentwood@dealer.test"] } } };
    });
    expect(seen).toEqual([store.name]);
    expect(mail.to).toEqual(["brentwood@dealer.test"]);
    expect(mail.type).toBe("text");
  });

  it("a stored lead that no longer matches the lead schema fails permanently, naming the field", () => {
    const broken = { ...payload, user: { ...payload.user, firstName: "" } };
    const error = (() => {
      try {
        composeLeadMail(row, broken, testDestinations);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(PermanentMailError);
    expect(classifySendError(error)).toBe("permanent");
    expect((error as Error).message).toContain("user.firstName");
  });
});

describe("settling what the peer accepted", () => {
  it("all recipients accepted: delivered without a note", () => {
    expect(settleOutcome({ accepted: ["a@x.test"], rejected: [] })).toEqual({ note: null });
  });

  it("a recipient refused for good while another accepted: delivered, the refusal noted", () => {
    const { note } = settleOutcome({
      accepted: ["a@x.test"],
      rejected: [{ address: "b@x.test", response: "550 No such user", permanent: true }],
    });
    expect(note).toContain("b@x.test (550 No such user)");
  });

  it("a recipient only deferred: the message fails temporarily so the deferred copy is not lost", () => {
    const settle = () =>
      settleOutcome({
        accepted: ["a@x.test"],
        rejected: [{ address: "b@x.test", response: "451 Greylisted", permanent: false }],
      });
    expect(settle).toThrow(DeferredRecipientsError);
    try {
      settle();
    } catch (error) {
      expect(classifySendError(error)).toBe("temporary");
    }
  });
});
