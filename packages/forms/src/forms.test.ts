import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { careersSchema } from "./careers/careers.schema";
import { contactSchema } from "./contact/contact.schema";
import { CONTACT_LEAD_KIND_BY_TOPIC } from "./contact/inquiry-topics";
import { applyFinancingSchema } from "./financing/apply-financing.schema";
import { fullCreditApplicationSchema } from "./financing/full-credit.schema";
import { FORM_METADATA, FORM_NAMES, type FormName, takesPhone } from "./forms";
import { alertManageSchema, alertSubscribeSchema } from "./inventory/alert.schema";
import { privateInventoryUnlockSchema } from "./inventory/private-inventory.schema";
import { savedVehicleSchema } from "./inventory/saved-vehicle.schema";
import { testDriveSchema } from "./inventory/test-drive.schema";
import { unlockPriceContactSchema } from "./inventory/unlock-price.schema";
import { leadUserSchema } from "./leads/lead-user.schema";
import { phoneVerificationSchema } from "./phone-verification/phone-verification.schema";
import { popupLeadSchema } from "./popups/popup-lead.schema";
import { visitorProfileSchema } from "./profile/visitor-profile.schema";
import { questionnaireAnswersSchema } from "./sell/questionnaire.schema";
import { sellFormSchema } from "./sell/sell.schema";
import { staffMessageSchema } from "./staff/staff-message.schema";
import { TCPA_DISCLAIMER } from "./tcpa";

const SCHEMAS: Record<FormName, z.ZodType> = {
  "visitor-profile": visitorProfileSchema,
  "lead-user": leadUserSchema,
  contact: contactSchema,
  careers: careersSchema,
  "staff-message": staffMessageSchema,
  sell: sellFormSchema,
  "private-inventory-unlock": privateInventoryUnlockSchema,
  "test-drive": testDriveSchema,
  "unlock-price": unlockPriceContactSchema,
  "apply-financing": applyFinancingSchema,
  "full-credit-application": fullCreditApplicationSchema,
  "phone-verification": phoneVerificationSchema,
  "sell-trade-questionnaire": questionnaireAnswersSchema,
  "popup-lead": popupLeadSchema,
  "saved-vehicle": savedVehicleSchema,
  "alert-subscribe": alertSubscribeSchema,
  "alert-manage": alertManageSchema,
};

interface Walkable {
  _zod: { def: Record<string, unknown> & { type: string } };
}

/** Every field name anywhere in a schema, looking through wrappers, pipes, arrays and unions. */
function fieldNames(schema: unknown, names = new Set<string>()): Set<string> {
  const def = (schema as Walkable)._zod.def;
  switch (def.type) {
    case "object":
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) {
        names.add(key);
        fieldNames(child, names);
      }
      break;
    case "pipe":
      fieldNames(def.in, names);
      fieldNames(def.out, names);
      break;
    case "optional":
    case "default":
    case "nullable":
      fieldNames(def.innerType, names);
      break;
    case "array":
      fieldNames(def.element, names);
      break;
    case "union":
      for (const option of def.options as unknown[]) fieldNames(option, names);
      break;
  }
  return names;
}

describe("form metadata agrees with the schemas", () => {
  it.each(FORM_NAMES)("%s: shows the TCPA disclaimer exactly when it has a phone field", (name) => {
    expect(takesPhone(name)).toBe(fieldNames(SCHEMAS[name]).has("phone"));
  });

  it.each(FORM_NAMES)("%s: carries form meta exactly when it says so", (name) => {
    const names = fieldNames(SCHEMAS[name]);
    expect(names.has("idempotencyKey") && names.has("website")).toBe(FORM_METADATA[name].hasFormMeta);
  });

  it.each(FORM_NAMES)("%s: every lead form carries form meta", (name) => {
    if (FORM_METADATA[name].leadKinds.length > 0) expect(FORM_METADATA[name].hasFormMeta).toBe(true);
  });

  it.each(FORM_NAMES)("%s: Conform can derive browser constraints from it", (name) => {
    const constraint = getZodConstraint(SCHEMAS[name]);
    expect(Object.keys(constraint).length).toBeGreaterThan(0);
  });

  it("marks only the careers form (which reads its file) as asynchronous", () => {
    expect(FORM_NAMES.filter((name) => FORM_METADATA[name].async)).toEqual(["careers"]);
  });

  it("lets the contact form become any of the kinds its topics map to, and nothing else", () => {
    expect([...FORM_METADATA.contact.leadKinds].sort()).toEqual(
      [...new Set(Object.values(CONTACT_LEAD_KIND_BY_TOPIC))].sort(),
    );
  });

  it("states the disclaimer of spec section 5: cell number, call or text, auto-dialers or prerecorded, rates", () => {
    expect(TCPA_DISCLAIMER).toMatch(/cell number/);
    expect(TCPA_DISCLAIMER).toMatch(/call or text/);
    expect(TCPA_DISCLAIMER).toMatch(/auto-dialers or prerecorded messages/);
    expect(TCPA_DISCLAIMER).toMatch(/Standard rates may apply\.$/);
  });
});
