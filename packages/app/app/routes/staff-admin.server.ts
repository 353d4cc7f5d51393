import { data, redirect } from "react-router";
import { z } from "zod";
import { auditActions, staffRoles } from "../server/db/schema.server";
import {
  AccountError,
  disableAccount,
  enableAccount,
  setRole,
  staffEmailSchema,
} from "../server/staff/accounts.server";
import type { Desk } from "../server/staff/desk.server";
import { retryEmail } from "../server/staff/outbox-desk.server";
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, setRetentionDays } from "../server/staff/retention.server";

const formOf = (form: FormData) => Object.fromEntries(form.entries());

const deskEmail = z.string().max(320).pipe(staffEmailSchema);
const accountForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("disable"), email: deskEmail }),
  z.object({ intent: z.literal("enable"), email: deskEmail }),
  z.object({ intent: z.literal("role"), email: deskEmail, role: z.enum(staffRoles) }),
]);

/** Disable, enable, change role: each one audit row; the account's sessions end when its access shrinks. */
export async function accountAction(desk: Desk, form: FormData) {
  const parsed = accountForm.safeParse(formOf(form));
  if (!parsed.success) return data({ error: "That change is not one the desk knows." }, { status: 400 });
  const order = parsed.data;
  // Compared as stored (trimmed, lower case): ` ADMIN@example.com ` is the account signed in here too.
  if (order.email === desk.staff.email) {
    return data(
      { error: "Change your own account from the command line, so the desk always keeps an admin." },
      { status: 400 },
    );
  }
  try {
    if (order.intent === "disable") await disableAccount(desk.services.db, desk.actor, order.email);
    else if (order.intent === "enable") await enableAccount(desk.services.db, desk.actor, order.email);
    else await setRole(desk.services.db, desk.actor, order.email, order.role);
  } catch (error) {
    if (error instanceof AccountError) return data({ error: error.message }, { status: 400 });
    throw error;
  }
  return redirect("/staff/accounts", 303);
}

const retryForm = z.object({ id: z.coerce.number().int().positive() });

/** "Retry": the outbox CLI's requeue of a dead (or pending) row, audited. */
export async function outboxAction(desk: Desk, form: FormData) {
  const parsed = retryForm.safeParse(formOf(form));
  if (!parsed.success) return data({ error: "Choose an outbox row to retry." }, { status: 400 });
  const result = await retryEmail(desk.services.db, desk.actor, parsed.data.id);
  if (result.outcome === "not-found")
    return data({ error: `There is no outbox row #${parsed.data.id}.` }, { status: 404 });
  if (result.outcome === "already-sent")
    return data({ error: `Row #${parsed.data.id} was already delivered.` }, { status: 409 });
  return redirect(`/staff/outbox?retried=${parsed.data.id}`, 303);
}

const RETENTION_MESSAGE = `Enter a whole number of days from ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}.`;
const retentionForm = z.object({
  days: z.coerce
    .number({ error: RETENTION_MESSAGE })
    .int(RETENTION_MESSAGE)
    .min(MIN_RETENTION_DAYS, RETENTION_MESSAGE)
    .max(MAX_RETENTION_DAYS, RETENTION_MESSAGE),
});

export async function retentionAction(desk: Desk, body: FormData) {
  const form = formOf(body);
  const parsed = retentionForm.safeParse(form);
  if (!parsed.success) {
    return data({ errors: { days: [RETENTION_MESSAGE] }, days: String(form.days ?? "") }, { status: 400 });
  }
  await setRetentionDays(desk.services.db, desk.actor, parsed.data.days);
  return redirect("/staff/retention?saved=1", 303);
}

export const auditFilterSchema = z.object({
  action: z.enum(auditActions).optional().catch(undefined),
  subject: z.string().max(254).optional().catch(undefined),
});
