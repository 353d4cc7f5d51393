/** The contact form's inquiry topics (spec section 9), by id. */
export const INQUIRY_TOPICS = [
  { id: 1, label: "Purchasing a vehicle" },
  { id: 2, label: "Financing options" },
  { id: 3, label: "Trade appraisal" },
  { id: 4, label: "Selling my car" },
  { id: 5, label: "Recent vehicle purchase" },
  { id: 6, label: "Billing issues" },
  { id: 7, label: "General questions" },
] as const;

export type InquiryTopicId = (typeof INQUIRY_TOPICS)[number]["id"];

/** The lead form kinds a contact message can become: CONTACT_{inquiry target} (spec sections 3 and 7). */
export type ContactLeadKind = "CONTACT_SALES" | "CONTACT_FINANCE" | "CONTACT_DEALERSHIP" | "CONTACT_SERVICE";

/**
 * Which team receives each topic; the lead destinations of each kind are configured in fixtures. Buying, trading and
 * selling are sales conversations; financing options and billing go to finance (the business is loan-focused, so a
 * bill is usually a loan payment); a recent purchase (title, plates, paperwork) and general questions go to the
 * dealership's office. CONTACT_SERVICE stays for the service form, switched off for now. See ADR 062.
 */
export const CONTACT_LEAD_KIND_BY_TOPIC = {
  1: "CONTACT_SALES",
  2: "CONTACT_FINANCE",
  3: "CONTACT_SALES",
  4: "CONTACT_SALES",
  5: "CONTACT_DEALERSHIP",
  6: "CONTACT_FINANCE",
  7: "CONTACT_DEALERSHIP",
} as const satisfies Record<InquiryTopicId, ContactLeadKind>;

/** The lead form kind for a topic id. */
export function contactLeadKind(topic: InquiryTopicId): ContactLeadKind {
  return CONTACT_LEAD_KIND_BY_TOPIC[topic];
}

/** The label of a topic id, for the lead's text and subject. */
export function inquiryTopicLabel(topic: InquiryTopicId): string {
  const found = INQUIRY_TOPICS.find((item) => item.id === topic);
  if (!found) throw new RangeError(`Unknown inquiry topic ${String(topic)}`);
  return found.label;
}
