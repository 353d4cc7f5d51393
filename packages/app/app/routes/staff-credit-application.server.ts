import { data, redirect } from "react-router";
import { z } from "zod";
import {
  applicationStatusSchema,
  type OpenedApplication,
  readApplicationAudited,
  STATUS_LABELS,
  setApplicationStatus,
} from "../server/staff/applications.server";
import type { Desk } from "../server/staff/desk.server";

/** What the page renders of an opened application; dates as strings for the wire. */
function applicationView(opened: OpenedApplication) {
  return {
    id: opened.id,
    reference: opened.reference,
    kind: opened.kind === "full-credit" ? "Credit application" : "Pre-approval",
    status: opened.status,
    statusLabel: STATUS_LABELS[opened.status],
    store: opened.store,
    name: `${opened.firstName} ${opened.lastName}`,
    createdAt: opened.createdAt.toISOString(),
    personal: opened.personal as Record<string, unknown>,
  };
}

/** GET: the application, opened through the one audited reader ("viewed application"), SSNs masked. */
export async function openForPage(desk: Desk, id: string, changedTo: string | null) {
  const opened = await readApplicationAudited(desk.services.db, desk.services.keyring, desk.actor, id);
  if (!opened) throw data(null, { status: 404 });
  const status = applicationStatusSchema.safeParse(changedTo);
  return { ...applicationView(opened), notice: status.success ? `Status set to ${STATUS_LABELS[status.data]}.` : null };
}

/** "Reveal SSN": the same reader with `reveal`, which records "revealed SSN" instead. */
export async function revealSsn(desk: Desk, id: string) {
  const opened = await readApplicationAudited(desk.services.db, desk.services.keyring, desk.actor, id, {
    reveal: true,
  });
  if (!opened) throw data(null, { status: 404 });
  return applicationView(opened);
}

const statusForm = z.object({ status: applicationStatusSchema });

/** POST: new, sent to lender or closed; 303 back to the page, which says so. */
export async function changeStatus(desk: Desk, form: FormData, id: string) {
  const parsed = statusForm.safeParse(Object.fromEntries(form.entries()));
  if (!parsed.success) {
    return data({ error: "Choose a status: new, sent to lender or closed." }, { status: 400 });
  }
  if (!(await setApplicationStatus(desk.services.db, desk.actor, id, parsed.data.status))) {
    throw data(null, { status: 404 });
  }
  return redirect(`/staff/credit-applications/${id}?status=${parsed.data.status}`, 303);
}
