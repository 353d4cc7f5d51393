import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Keyring, SealedRecord } from "../crypto/envelope.server";
import { openJson, sealJson } from "../crypto/envelope.server";
import type { Db } from "../db/client.server";
import { type FinanceApplicationKind, financeApplications } from "../db/schema.server";
import {
  type LeadContent,
  type LeadTransaction,
  type RecordedLead,
  type RecordLeadOptions,
  recordLead,
} from "../leads/record-lead.server";

/** Crockford's base32 without I, L, O and U: a reference read over the phone is never misheard. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

const PREFIX: Record<FinanceApplicationKind, string> = { "pre-approval": "PA", "full-credit": "FC" };

/** A new reference, `FC-7K3M-Q9XZ` or `PA-…`: 40 random bits, unguessable enough to quote, never to authorise. */
export function newApplicationReference(kind: FinanceApplicationKind): string {
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => ALPHABET[b & 31]).join("");
  return `${PREFIX[kind]}-${chars.slice(0, 4)}-${chars.slice(4, 8)}`;
}

/** Binds a sealed application to its row: copied into another row, it no longer opens. */
export const applicationAad = (id: string) => `finance_applications:${id}`;

export interface RecordFinanceApplicationInput {
  kind: FinanceApplicationKind;
  reference: string;
  idempotencyKey: string;
  storeId: string;
  visitorId: string | null;
  adfLeadCookie: string | null;
  /** The lead announcing it: name, contact, vehicle and the reference, never what is sealed below. */
  lead: LeadContent;
  /** The listing columns, which may stay clear. */
  contact: { firstName: string; lastName: string; email?: string | undefined; phone?: string | undefined };
  /** Everything else the shopper gave, sealed (SSN, date of birth, addresses, employers, incomes…). */
  personal: unknown;
  /** More writes in the same transaction (the visitor's profile, the draft to delete). */
  alsoWrite?: (tx: LeadTransaction) => Promise<void>;
}

export interface RecordedFinanceApplication extends RecordedLead {
  /** The application's reference: the new one, or the first submit's when the form was sent twice. */
  reference: string;
}

/**
 * Records a pre-approval or credit application: the lead and its outbox row (recordLead), and the application row
 * with its personal data sealed under a data key of its own, in ONE transaction, before the shopper hears it worked.
 * A second submit of the same form (its idempotency key) writes nothing and answers with the first reference.
 */
export async function recordFinanceApplication(
  db: Db,
  keyring: Keyring,
  input: RecordFinanceApplicationInput,
  options: RecordLeadOptions,
): Promise<RecordedFinanceApplication> {
  const id = randomUUID();
  const sealed = sealJson(keyring, input.personal, applicationAad(id));
  const recorded = await recordLead(
    db,
    {
      idempotencyKey: input.idempotencyKey,
      storeId: input.storeId,
      visitorId: input.visitorId,
      adfLeadCookie: input.adfLeadCookie,
      lead: { ...input.lead, creditApplication: { id: input.reference, exists: true } },
      alsoWrite: async (tx, lead) => {
        await tx.insert(financeApplications).values({
          id,
          reference: input.reference,
          kind: input.kind,
          storeId: input.storeId,
          visitorId: input.visitorId,
          leadId: lead.id,
          firstName: input.contact.firstName,
          lastName: input.contact.lastName,
          email: input.contact.email ?? null,
          phone: input.contact.phone ?? null,
          keyId: sealed.keyId,
          wrappedKey: Buffer.from(sealed.wrappedKey),
          sealed: Buffer.from(sealed.sealed),
        });
        await input.alsoWrite?.(tx);
      },
    },
    options,
  );
  return { ...recorded, reference: recorded.lead.creditApplication?.id ?? input.reference };
}

/** What the confirmation page may show a visitor about their own application: no personal data. */
export interface ApplicationReceipt {
  reference: string;
  kind: FinanceApplicationKind;
  firstName: string;
  createdAt: Date;
}

/** The receipt of `reference` when it is this visitor's application; null otherwise (the page then ignores it). */
export async function applicationReceipt(
  db: Db,
  reference: string,
  visitorId: string | null,
): Promise<ApplicationReceipt | null> {
  if (!visitorId || !/^(PA|FC)-[0-9A-Z]{4}-[0-9A-Z]{4}$/.test(reference)) return null;
  const [row] = await db
    .select({
      reference: financeApplications.reference,
      kind: financeApplications.kind,
      firstName: financeApplications.firstName,
      createdAt: financeApplications.createdAt,
    })
    .from(financeApplications)
    .where(and(eq(financeApplications.reference, reference), eq(financeApplications.visitorId, visitorId)))
    .limit(1);
  return row ?? null;
}

/** Opens a stored application's sealed part. Only the staff desk reads it, through its audited reader. */
export function openApplication(keyring: Keyring, row: { id: string } & SealedRecord): unknown {
  return openJson(keyring, row, applicationAad(row.id));
}
