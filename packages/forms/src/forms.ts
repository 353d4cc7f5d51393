import { CONTACT_LEAD_KIND_BY_TOPIC } from "./contact/inquiry-topics";

/** The lead form kinds of spec section 3 (the key a lead destination is looked up by). */
export type LeadFormKind =
  | "UNLOCK_INVENTORY"
  | "UNLOCK_PRICE"
  | "SCHEDULE_TEST_DRIVE"
  | "SELL_OR_TRADE"
  | "CONTACT_SALES"
  | "CONTACT_DEALERSHIP"
  | "CONTACT_FINANCE"
  | "CONTACT_SERVICE"
  | "CAREERS"
  | "SERVICE"
  | "APPLY_FINANCING"
  | "FULL_CREDIT_APP"
  | "STAFF_MEMBER";

export const FORM_NAMES = [
  "visitor-profile",
  "lead-user",
  "contact",
  "careers",
  "staff-message",
  "sell",
  "private-inventory-unlock",
  "test-drive",
  "unlock-price",
  "apply-financing",
  "full-credit-application",
  "phone-verification",
  "sell-trade-questionnaire",
  "popup-lead",
  "saved-vehicle",
  "alert-subscribe",
  "alert-manage",
] as const;

export type FormName = (typeof FORM_NAMES)[number];

export interface FormMetadata {
  /** The lead kinds a submission can become; empty for forms that are not leads on their own. */
  leadKinds: readonly LeadFormKind[];
  /** Has a phone field, so shows `TCPA_DISCLAIMER`. */
  takesPhone: boolean;
  /** Carries `formMeta` (idempotency key and honeypot). */
  hasFormMeta: boolean;
  /** Must be parsed asynchronously (`safeParseAsync`, `parseWithZod(…, { async: true })`). */
  async: boolean;
}

const contactKinds = [...new Set(Object.values(CONTACT_LEAD_KIND_BY_TOPIC))];

/**
 * What the app needs to know about each form without importing its schema (so a page asking `takesPhone` does not
 * pull every schema into its bundle).
 */
export const FORM_METADATA: Record<FormName, FormMetadata> = {
  "visitor-profile": { leadKinds: [], takesPhone: true, hasFormMeta: false, async: false },
  "lead-user": { leadKinds: [], takesPhone: true, hasFormMeta: false, async: false },
  contact: { leadKinds: contactKinds, takesPhone: true, hasFormMeta: true, async: false },
  careers: { leadKinds: ["CAREERS"], takesPhone: true, hasFormMeta: true, async: true },
  "staff-message": { leadKinds: ["STAFF_MEMBER"], takesPhone: true, hasFormMeta: true, async: false },
  sell: { leadKinds: ["SELL_OR_TRADE"], takesPhone: false, hasFormMeta: true, async: false },
  "private-inventory-unlock": { leadKinds: ["UNLOCK_INVENTORY"], takesPhone: true, hasFormMeta: true, async: false },
  "test-drive": { leadKinds: ["SCHEDULE_TEST_DRIVE"], takesPhone: true, hasFormMeta: true, async: false },
  "unlock-price": { leadKinds: ["UNLOCK_PRICE"], takesPhone: true, hasFormMeta: true, async: false },
  "apply-financing": { leadKinds: ["APPLY_FINANCING"], takesPhone: true, hasFormMeta: true, async: false },
  "full-credit-application": { leadKinds: ["FULL_CREDIT_APP"], takesPhone: true, hasFormMeta: true, async: false },
  "phone-verification": { leadKinds: [], takesPhone: true, hasFormMeta: false, async: false },
  "sell-trade-questionnaire": { leadKinds: [], takesPhone: false, hasFormMeta: false, async: false },
  "popup-lead": { leadKinds: ["UNLOCK_PRICE"], takesPhone: true, hasFormMeta: true, async: false },
  "saved-vehicle": { leadKinds: [], takesPhone: false, hasFormMeta: false, async: false },
  "alert-subscribe": { leadKinds: [], takesPhone: false, hasFormMeta: true, async: false },
  "alert-manage": { leadKinds: [], takesPhone: false, hasFormMeta: false, async: false },
};

/** Whether the form has a phone field and so must show the TCPA disclaimer (spec section 5). */
export function takesPhone(form: FormName): boolean {
  return FORM_METADATA[form].takesPhone;
}
