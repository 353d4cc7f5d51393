import { RuleFileError } from "../shared/rule-file";
import type { DestinationSettings, LeadDestination, LeadDestinations } from "./destination.schema";
import type { FormKind, Lead } from "./lead.schema";

/** The spec's defaults under every setting: subject "Website Lead", type text. */
export const DEFAULT_SUBJECT = "Website Lead";

const BASE = {
  type: "text",
  subject: DEFAULT_SUBJECT,
  mergeCommentsIntoTop: false,
  adParams: [],
} satisfies DestinationSettings;

function destinationError(message: string): RuleFileError {
  return new RuleFileError([{ file: "lead-destinations.json", path: "$.destinations", message }]);
}

/** Follows names until settings are found; the schema rules out loops, this guards hand-built configurations. */
function settingsFor(name: string, destinations: LeadDestinations["destinations"]): [string, DestinationSettings] {
  const seen = new Set<string>();
  let current = name;
  for (;;) {
    const entry = destinations[current];
    if (entry === undefined) {
      if (current === "DEFAULT") return ["DEFAULT", {}];
      if (current === name) return settingsFor("DEFAULT", destinations);
      throw destinationError(`Lead destination ${name} names ${current}, which is not a configured destination.`);
    }
    if (typeof entry !== "string") return [current, entry];
    if (seen.has(current)) throw destinationError(`Lead destination ${name} names destinations in a loop.`);
    seen.add(current);
    current = entry;
  }
}

function merge(base: DestinationSettings, over: DestinationSettings): DestinationSettings {
  const merged: DestinationSettings = { ...base };
  for (const [key, value] of Object.entries(over) as [keyof DestinationSettings, unknown][]) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/**
 * The destination of a form's lead (spec section 7, "Lead destination"): the form kind's entry, or DEFAULT when it
 * has none; a name is followed to the settings it names; settings are merged key by key over DEFAULT, which is
 * itself over subject "Website Lead" and type text. Arrays (to, adParams) and the ADF provider replace, never append.
 */
export function resolveDestination(kind: FormKind | (string & {}), config: LeadDestinations): LeadDestination {
  const { destinations } = config;
  const fallback = destinations.DEFAULT;
  const defaults: DestinationSettings = typeof fallback === "object" ? fallback : {};
  const [name, settings] = settingsFor(kind, destinations);
  const merged = merge(merge(BASE, defaults), settings);
  return {
    name,
    type: merged.type ?? "text",
    subject: merged.subject ?? BASE.subject,
    to: merged.to ?? [],
    ...(merged.provider === undefined ? {} : { provider: merged.provider }),
    mergeCommentsIntoTop: merged.mergeCommentsIntoTop ?? false,
    adParams: merged.adParams ?? [],
    ...(merged.adfProvider === undefined ? {} : { adfProvider: merged.adfProvider }),
  };
}

/** Where a contact form sends its message; the form type key is `CONTACT_{target}`. */
export type InquiryTarget = "SALES" | "DEALERSHIP" | "FINANCE" | "SERVICE";

/**
 * The form type key of a contact form: CONTACT_SALES, CONTACT_DEALERSHIP, CONTACT_FINANCE or CONTACT_SERVICE.
 * Which inquiry topic goes to which target is the contact form's business (@showroom/forms).
 */
export function contactFormKind(target: InquiryTarget): `CONTACT_${InquiryTarget}` {
  return `CONTACT_${target}`;
}

/**
 * The recipients of a lead: the destination's, plus the staff member's primary email for a staff message, each
 * address once (compared without case).
 */
export function leadRecipients(lead: Pick<Lead, "kind" | "staffMember">, destination: LeadDestination): string[] {
  const all = [...destination.to];
  if (lead.kind === "STAFF_MEMBER" && lead.staffMember?.email) all.push(lead.staffMember.email.trim());
  const seen = new Set<string>();
  return all.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
