import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Keyring } from "../crypto/envelope.server";
import type { Db } from "../db/client.server";
import {
  type FinanceApplicationStatus,
  financeApplicationStatuses,
  financeApplications,
  stores,
} from "../db/schema.server";
import { openApplication } from "../financing/applications.server";
import { type Actor, recordAudit } from "./audit.server";

const applicationIdSchema = z.uuid();
export const applicationStatusSchema = z.enum(financeApplicationStatuses, {
  error: "The status is one of new, sent to lender or closed.",
});

export const STATUS_LABELS: Record<FinanceApplicationStatus, string> = {
  new: "New",
  "sent-to-lender": "Sent to lender",
  closed: "Closed",
};

/** The finance list: only the clear columns, nothing is opened, so listing needs no audit row. */
export async function listApplications(db: Db) {
  return db
    .select({
      id: financeApplications.id,
      reference: financeApplications.reference,
      kind: financeApplications.kind,
      firstName: financeApplications.firstName,
      lastName: financeApplications.lastName,
      store: stores.name,
      status: financeApplications.status,
      createdAt: financeApplications.createdAt,
    })
    .from(financeApplications)
    .innerJoin(stores, eq(stores.id, financeApplications.storeId))
    .orderBy(desc(financeApplications.createdAt))
    .limit(500);
}

export interface OpenedApplication {
  id: string;
  reference: string;
  kind: "pre-approval" | "full-credit";
  status: FinanceApplicationStatus;
  store: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  createdAt: Date;
  /** Everything the shopper gave, decrypted; SSNs masked to their last four unless revealed. */
  personal: unknown;
}

/** `•••-••-6789` for any string of digits that ends in four. */
function maskSsn(ssn: string): string {
  const digits = ssn.replace(/\D/g, "");
  return digits.length >= 4 ? `•••-••-${digits.slice(-4)}` : "•••-••-••••";
}

/** Every `ssn` in the application, masked (the applicant's and a co-borrower's). */
function maskSsns(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSsns);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        /ssn$/i.test(key) && typeof inner === "string" ? maskSsn(inner) : maskSsns(inner),
      ]),
    );
  }
  return value;
}

/**
 * THE way to read an application: the audit row and the read are one transaction, so there is no reading without
 * a record of it (docs/decisions/223). `reveal` leaves the SSNs whole and records "revealed SSN" instead of "viewed
 * application". Null when there is no such application (and nothing is recorded).
 */
export async function readApplicationAudited(
  db: Db,
  keyring: Keyring,
  actor: Actor,
  id: string,
  options: { reveal?: boolean } = {},
): Promise<OpenedApplication | null> {
  if (!applicationIdSchema.safeParse(id).success) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ application: financeApplications, store: stores.name })
      .from(financeApplications)
      .innerJoin(stores, eq(stores.id, financeApplications.storeId))
      .where(eq(financeApplications.id, id));
    if (!row) return null;
    const { application } = row;
    await recordAudit(tx, actor, {
      action: options.reveal ? "revealed-ssn" : "viewed-application",
      subject: application.reference,
    });
    const opened = openApplication(keyring, application);
    return {
      id: application.id,
      reference: application.reference,
      kind: application.kind,
      status: application.status,
      store: row.store,
      firstName: application.firstName,
      lastName: application.lastName,
      email: application.email,
      phone: application.phone,
      createdAt: application.createdAt,
      personal: options.reveal ? opened : maskSsns(opened),
    };
  });
}

/** New, sent to lender, closed: a change of status is a use of the record, so the retention period counts again. */
export async function setApplicationStatus(
  db: Db,
  actor: Actor,
  id: string,
  status: FinanceApplicationStatus,
  now = new Date(),
): Promise<boolean> {
  if (!applicationIdSchema.safeParse(id).success) return false;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(financeApplications)
      .set({ status, lastUsedAt: now })
      .where(eq(financeApplications.id, id))
      .returning({ reference: financeApplications.reference });
    if (!row) return false;
    await recordAudit(tx, actor, { action: "changed-application-status", subject: row.reference, detail: { status } });
    return true;
  });
}
