import { type BuiltLead, buildAdfLead } from "./adf-lead";
import type { LeadDestination } from "./destination.schema";
import type { Lead } from "./lead.schema";
import { buildTextLead } from "./text-lead";

/** The email the destination asks for: an ADF lead for `type: "adf"`, a text lead otherwise. */
export function buildLead(lead: Lead, destination: LeadDestination): BuiltLead {
  return destination.type === "adf" ? buildAdfLead(lead, destination) : buildTextLead(lead, destination);
}
