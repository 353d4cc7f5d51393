import { buildLead, type Lead, type LeadDestinations, leadSchema, resolveDestination } from "@showroom/rules/leads";
import { PermanentMailError } from "../mail/errors";
import type { OutgoingMail, SendOutcome } from "../mail/transport.server";

/** The lead destinations: one configuration for every lead, or one chosen per lead (per store, say). */
export type DestinationsSource = LeadDestinations | ((lead: Lead) => LeadDestinations);

/**
 * The email of one outbox row, built from the lead stored with it. A stored lead that no longer parses can never be
 * sent, so it fails permanently; a destination configuration that throws is a fixable mistake and fails temporarily.
 */
export function composeLeadMail(
  row: { readonly leadId: string; readonly messageId: string },
  payload: unknown,
  destinations: DestinationsSource,
): OutgoingMail {
  const parsed = leadSchema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
    throw new PermanentMailError(
      `The stored lead ${row.leadId} does not match the lead schema${where}: ${issue?.message ?? "invalid"}`,
    );
  }
  const lead = parsed.data;
  const config = typeof destinations === "function" ? destinations(lead) : destinations;
  const built = buildLead(lead, resolveDestination(lead.kind, config));
  return {
    leadId: row.leadId,
    messageId: row.messageId,
    to: built.to,
    subject: built.subject,
    body: built.body,
    type: built.type,
  };
}

/** Raised when the peer deferred some recipients (4xx) while taking the message for others: the message is retried. */
export class DeferredRecipientsError extends Error {
  override name = "DeferredRecipientsError";
}

/**
 * How a send that the peer took ends: delivered, with a note naming recipients refused for good; or, when a recipient
 * was only deferred, a {@link DeferredRecipientsError}. Retrying the whole message repeats it for the accepted ones,
 * who see the same Message-ID; losing the deferred recipient's copy would be worse.
 */
export function settleOutcome(outcome: SendOutcome): { note: string | null } {
  const deferred = outcome.rejected.filter((r) => !r.permanent);
  if (deferred.length > 0) {
    throw new DeferredRecipientsError(
      `Deferred by the peer: ${deferred.map((r) => `${r.address} (${r.response})`).join("; ")}`,
    );
  }
  if (outcome.rejected.length === 0) return { note: null };
  return {
    note: `Sent to ${outcome.accepted.join(", ")}; refused: ${outcome.rejected
      .map((r) => `${r.address} (${r.response})`)
      .join("; ")}`,
  };
}
