import { defaultLeadDestinations, LEAD_KIND_LABELS, LEAD_KINDS, type LeadKind } from "@showroom/rules/leads";
import { and, asc, desc, eq, gte, lt, notInArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.server";
import { leads, outbox, outboxStates, type StaffRole, stores } from "../db/schema.server";
import { composeLeadMail } from "../outbox/compose";
import { type Actor, recordAudit } from "./audit.server";
import { roleAllows } from "./sessions.server";

/** Finance's leads: they announce a pre-approval or credit application, which sales does not handle. */
const FINANCE_LEAD_KINDS: readonly LeadKind[] = ["APPLY_FINANCING", "FULL_CREDIT_APP"];

const day = z.iso.date({ error: "Dates are YYYY-MM-DD." });

/** The inbox's filters, from the query string; an empty field is no filter. */
const leadFilterSchema = z.object({
  kind: z.enum(LEAD_KINDS).optional().catch(undefined),
  store: z.string().max(64).optional().catch(undefined),
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  delivery: z.enum(outboxStates).optional().catch(undefined),
});
export type LeadFilter = z.infer<typeof leadFilterSchema>;

export function leadFilterFrom(url: URL): LeadFilter {
  const raw = Object.fromEntries(
    ["kind", "store", "from", "to", "delivery"].map((name) => [name, url.searchParams.get(name) || undefined]),
  );
  return leadFilterSchema.parse(raw);
}

export function kindsFor(role: StaffRole): LeadKind[] {
  return LEAD_KINDS.filter((kind) => roleAllows(role, "finance") || !FINANCE_LEAD_KINDS.includes(kind));
}

export interface InboxRow {
  id: string;
  kind: string;
  kindLabel: string;
  store: string;
  name: string;
  email: string;
  phone: string;
  createdAt: Date;
  delivery: string;
  disposed: boolean;
}

interface LeadUser {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
}

const userOf = (payload: unknown): LeadUser => {
  const user = (payload as { user?: unknown } | null)?.user;
  return user && typeof user === "object" ? (user as LeadUser) : {};
};

function whereOf(role: StaffRole, filter: LeadFilter): SQL | undefined {
  const where: SQL[] = [];
  if (!roleAllows(role, "finance")) where.push(notInArray(leads.kind, [...FINANCE_LEAD_KINDS]));
  if (filter.kind) where.push(eq(leads.kind, filter.kind));
  if (filter.store) where.push(eq(leads.storeId, filter.store));
  if (filter.from) where.push(gte(leads.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) where.push(lt(leads.createdAt, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)));
  if (filter.delivery) {
    where.push(
      sql`exists (select 1 from ${outbox} where ${outbox.leadId} = ${leads.id} and ${outbox.state} = ${filter.delivery})`,
    );
  }
  return where.length > 0 ? and(...where) : undefined;
}

/** The leads a role may see, newest first, with the state of their email. */
export async function listLeads(db: Db, role: StaffRole, filter: LeadFilter, limit = 500): Promise<InboxRow[]> {
  const rows = await db
    .select({
      id: leads.id,
      kind: leads.kind,
      store: stores.name,
      payload: leads.payload,
      createdAt: leads.createdAt,
      disposedAt: leads.disposedAt,
      delivery: sql<
        string | null
      >`(select ${outbox.state} from ${outbox} where ${outbox.leadId} = ${leads.id} order by ${outbox.id} desc limit 1)`,
    })
    .from(leads)
    .innerJoin(stores, eq(stores.id, leads.storeId))
    .where(whereOf(role, filter))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
  return rows.map((row) => {
    const user = userOf(row.payload);
    return {
      id: row.id,
      kind: row.kind,
      kindLabel: LEAD_KIND_LABELS[row.kind as LeadKind] ?? row.kind,
      store: row.store,
      name: [user.firstName, user.lastName].filter(Boolean).join(" "),
      email: user.email ?? "",
      phone: user.phone ?? "",
      createdAt: new Date(row.createdAt),
      delivery: row.delivery ?? "none",
      disposed: row.disposedAt !== null,
    };
  });
}

export interface LeadDetail {
  row: InboxRow;
  /** The email as the relay builds it from the stored lead: the same bytes of subject and body, text or ADF. */
  email: { to: string[]; subject: string; body: string; type: string } | null;
  attempts: {
    id: number;
    state: string;
    attempts: number;
    firstAttemptAt: Date | null;
    sentAt: Date | null;
    nextAttemptAt: Date;
    lastError: string | null;
  }[];
}

/** A lead the role may see, with its email and its outbox rows; null otherwise. */
export async function leadDetail(db: Db, role: StaffRole, id: string): Promise<LeadDetail | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await db
    .select({ lead: leads, store: stores.name })
    .from(leads)
    .innerJoin(stores, eq(stores.id, leads.storeId))
    .where(and(eq(leads.id, id), whereOf(role, {})));
  if (!row) return null;
  const attempts = await db
    .select({
      id: outbox.id,
      state: outbox.state,
      attempts: outbox.attempts,
      firstAttemptAt: outbox.firstAttemptAt,
      sentAt: outbox.sentAt,
      nextAttemptAt: outbox.nextAttemptAt,
      lastError: outbox.lastError,
      messageId: outbox.messageId,
    })
    .from(outbox)
    .where(eq(outbox.leadId, id))
    .orderBy(asc(outbox.id));
  let email: LeadDetail["email"] = null;
  const first = attempts[0];
  if (first && !row.lead.disposedAt) {
    try {
      const mail = composeLeadMail(
        { leadId: id, messageId: first.messageId },
        row.lead.payload,
        defaultLeadDestinations,
      );
      email = { to: [...mail.to], subject: mail.subject, body: mail.body, type: mail.type };
    } catch {
      email = null;
    }
  }
  const user = userOf(row.lead.payload);
  return {
    row: {
      id,
      kind: row.lead.kind,
      kindLabel: LEAD_KIND_LABELS[row.lead.kind as LeadKind] ?? row.lead.kind,
      store: row.store,
      name: [user.firstName, user.lastName].filter(Boolean).join(" "),
      email: user.email ?? "",
      phone: user.phone ?? "",
      createdAt: row.lead.createdAt,
      delivery: attempts.at(-1)?.state ?? "none",
      disposed: row.lead.disposedAt !== null,
    },
    email,
    attempts: attempts.map(({ messageId: _, ...rest }) => rest),
  };
}

/** A CSV cell: quoted, quotes doubled, and a leading = + - @ defused so a spreadsheet does not run it as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The filtered list as CSV, recorded in the audit trail with its filter and row count. */
export async function exportLeadsCsv(db: Db, actor: Actor, role: StaffRole, filter: LeadFilter): Promise<string> {
  const rows = await listLeads(db, role, filter, 10_000);
  await recordAudit(db, actor, {
    action: "exported-csv",
    subject: "leads",
    detail: { filter: Object.fromEntries(Object.entries(filter).filter(([, v]) => v)), rows: rows.length },
  });
  const header = ["Received", "Kind", "Store", "Name", "Email", "Phone", "Delivery", "Lead id"];
  const lines = rows.map((r) =>
    [r.createdAt.toISOString(), r.kindLabel, r.store, r.name, r.email, r.phone, r.delivery, r.id]
      .map(csvCell)
      .join(","),
  );
  return `${[header.map(csvCell).join(","), ...lines].join("\r\n")}\r\n`;
}
