import { parseWithZod } from "@conform-to/zod/v4";
import type { StaffMember } from "@showroom/fixtures";
import { isHoneypotFilled, staffMessageSchema } from "@showroom/forms";
import { readFormData } from "../content/form-data.server";
import { honeypotSuccess, submitLeadForm } from "../content/lead-form.server";
import type { Site } from "../content/site.server";
import { t } from "../content/translations.server";

const pathOf = (member: StaffMember) => `/our-company/meet-our-team/${member.slug}`;

/**
 * A message to one team member from their page (lead STAFF_MEMBER): the four contact fields and the message. The
 * member is the page's, whatever the form says, and the lead names them with their email, so the lead mail goes to
 * the STAFF_MEMBER destination and to the member (spec section 7; `leadRecipients` in `@showroom/rules/leads`).
 */
export async function submitStaffMessage(site: Site, request: Request, member: StaffMember) {
  const formData = await readFormData(request);
  const successToast = { key: "staffMessage.success", values: { name: member.firstName } };
  if (isHoneypotFilled(formData)) return honeypotSuccess(pathOf(member), successToast);
  formData.set("staffSlug", member.slug);
  const fullName = `${member.firstName} ${member.lastName}`;
  return submitLeadForm(site, request, {
    submission: parseWithZod(formData, { schema: staffMessageSchema }),
    idempotencyKey: (form) => form.idempotencyKey,
    lead: (form) => ({
      kind: "STAFF_MEMBER",
      user: { firstName: form.firstName, lastName: form.lastName, email: form.email, phone: form.phone },
      text: form.message,
      staffMember: { fullName, email: member.email },
    }),
    successPath: pathOf(member),
    successToast,
    failureMessage: t("toasts.staffMessage.error.detail"),
    logLabel: "staff message",
  });
}
