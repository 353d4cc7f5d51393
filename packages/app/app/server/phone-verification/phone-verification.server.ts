import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { formatPhone, nationalDigits } from "@showroom/forms";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { rowsOf } from "../db/rows";
import { phoneVerifications } from "../db/schema.server";
import type { SmsSender } from "../sms/sms.server";
import { saveVisitor } from "../visitor-state.server";

/** The limits of ADR 192 (issue 12): what keeps SMS codes unguessable and the sender from being abused. */
export const PHONE_VERIFICATION_LIMITS = {
  codeTtlMs: 10 * 60_000,
  checksPerCode: 5,
  sendsPerNumberPerHour: 5,
  sendsPerIpPerHour: 10,
} as const;

const HOUR_MS = 3_600_000;

/** What the shopper reads when a send or a check does not go through: plain server text, shown against the field. */
export const PHONE_VERIFICATION_TEXT = {
  numberLimit: "We’ve sent too many codes to this number. Please try again in an hour.",
  ipLimit: "Too many codes were requested from your connection. Please try again in an hour.",
  sendFailed: "We couldn’t send a text to this number. Check it and try again, or call us.",
  noCode: "There is no active code for this number. Request a new code.",
  expired: "This code has expired. Request a new code.",
  tooManyChecks: "Too many tries with this code. Request a new code.",
  wrongCode: "That code doesn’t match the one we sent. Check the text and try again.",
  sent: "We texted you a 6-digit code. It’s valid for 10 minutes.",
  verified: "Your phone number is verified.",
  unavailable: "We couldn’t do that just now. Please try again in a moment, or call us.",
} as const;

export interface PhoneVerificationDeps {
  db: Db;
  sms: SmsSender;
  /** Keys the code and IP hashes; derived from the session secret. */
  hmacKey: Buffer;
  now?: () => Date;
}

export type PhoneVerificationResult =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 429 | 502; field: "phone" | "code"; message: string };

function hmac(key: Buffer, ...parts: string[]): Buffer {
  return createHmac("sha256", key).update(parts.join("\0")).digest();
}

/** An IP as a key that counts its sends without keeping the address. */
function ipKeyOf(hmacKey: Buffer, ip: string): string {
  return hmac(hmacKey, "ip", ip).toString("base64url");
}

function codeHash(hmacKey: Buffer, phone: string, code: string): Buffer {
  return hmac(hmacKey, "sms-code", phone, code);
}

async function countSince(db: Pick<Db, "execute">, column: "phone" | "ip_key", value: string, since: Date) {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*) as n from phone_verifications where ${sql.identifier(column)} = ${value}
        and created_at > ${since.toISOString()}::timestamptz`,
    ),
  );
  return Number(row?.n ?? 0);
}

/** A store's name as an SMS carries it: one line, no typographic quotes, short enough to keep the text one message. */
function smsName(name: string): string {
  return name.replace(/\s+/g, " ").replace(/[’‘]/g, "'").trim().slice(0, 40).trim();
}

/**
 * Sends a new 6-digit code (from a CSPRNG) to a North American number the schema accepted, in a text that names
 * `sender`, the store the shopper is dealing with. Counting and storing
 * happen in one transaction under advisory locks on the number and the IP, so concurrent requests cannot pass a cap
 * together; the earlier codes of the number stop working. The text goes out after the commit (a provider's slowness
 * never holds the database); a send that fails still counts, so a failing number cannot be hammered.
 */
export async function sendVerificationCode(
  deps: PhoneVerificationDeps,
  input: { phone: string; visitorId: string; ip: string; sender: string },
): Promise<PhoneVerificationResult> {
  const now = deps.now?.() ?? new Date();
  const phone = nationalDigits(input.phone);
  const ipKey = ipKeyOf(deps.hmacKey, input.ip);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const since = new Date(now.getTime() - HOUR_MS);
  const refused = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-phone:${phone}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-ip:${ipKey}`}))`);
    if ((await countSince(tx, "phone", phone, since)) >= PHONE_VERIFICATION_LIMITS.sendsPerNumberPerHour) {
      return PHONE_VERIFICATION_TEXT.numberLimit;
    }
    if ((await countSince(tx, "ip_key", ipKey, since)) >= PHONE_VERIFICATION_LIMITS.sendsPerIpPerHour) {
      return PHONE_VERIFICATION_TEXT.ipLimit;
    }
    await tx
      .update(phoneVerifications)
      .set({ supersededAt: now })
      .where(and(eq(phoneVerifications.phone, phone), isNull(phoneVerifications.supersededAt)));
    await tx.insert(phoneVerifications).values({
      phone,
      visitorId: input.visitorId,
      ipKey,
      codeHash: codeHash(deps.hmacKey, phone, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + PHONE_VERIFICATION_LIMITS.codeTtlMs),
    });
    return null;
  });
  if (refused) return { ok: false, status: 429, field: "phone", message: refused };
  try {
    await deps.sms.send({
      to: `+1${phone}`,
      // The shopper knows the store, not the software: the code names who is asking (GSM-7 apostrophe, one SMS).
      body: `${code} is your ${smsName(input.sender)} verification code. It expires in 10 minutes. Don't share it with anyone.`,
    });
  } catch {
    await deps.db
      .update(phoneVerifications)
      .set({ supersededAt: now })
      .where(and(eq(phoneVerifications.phone, phone), isNull(phoneVerifications.supersededAt)));
    return { ok: false, status: 502, field: "phone", message: PHONE_VERIFICATION_TEXT.sendFailed };
  }
  return { ok: true, message: PHONE_VERIFICATION_TEXT.sent };
}

/**
 * Checks a code against the number's latest code sent to this visitor. Each check is counted first, atomically, so
 * the sixth check of a code fails even when it is right. A match marks the code used and saves `phone` and
 * `phoneVerified` (the verified number's ten digits) on the visitor's profile.
 */
export async function checkVerificationCode(
  deps: PhoneVerificationDeps,
  input: { phone: string; code: string; visitorId: string },
): Promise<PhoneVerificationResult> {
  const now = deps.now?.() ?? new Date();
  const phone = nationalDigits(input.phone);
  const [latest] = await deps.db
    .select({
      id: phoneVerifications.id,
      expiresAt: phoneVerifications.expiresAt,
      codeHash: phoneVerifications.codeHash,
    })
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.phone, phone),
        eq(phoneVerifications.visitorId, input.visitorId),
        isNull(phoneVerifications.supersededAt),
        isNull(phoneVerifications.verifiedAt),
      ),
    )
    .orderBy(desc(phoneVerifications.createdAt), desc(phoneVerifications.id))
    .limit(1);
  if (!latest) return { ok: false, status: 400, field: "code", message: PHONE_VERIFICATION_TEXT.noCode };
  if (latest.expiresAt.getTime() <= now.getTime()) {
    return { ok: false, status: 400, field: "code", message: PHONE_VERIFICATION_TEXT.expired };
  }
  const counted = await deps.db
    .update(phoneVerifications)
    .set({ checks: sql`${phoneVerifications.checks} + 1` })
    .where(
      and(
        eq(phoneVerifications.id, latest.id),
        sql`${phoneVerifications.checks} < ${PHONE_VERIFICATION_LIMITS.checksPerCode}`,
        isNull(phoneVerifications.verifiedAt),
        isNull(phoneVerifications.supersededAt),
        gt(phoneVerifications.expiresAt, now),
      ),
    )
    .returning({ id: phoneVerifications.id });
  if (counted.length === 0) {
    return { ok: false, status: 429, field: "code", message: PHONE_VERIFICATION_TEXT.tooManyChecks };
  }
  const expected = latest.codeHash;
  const given = codeHash(deps.hmacKey, phone, input.code);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, status: 400, field: "code", message: PHONE_VERIFICATION_TEXT.wrongCode };
  }
  await deps.db.transaction(async (tx) => {
    const used = await tx
      .update(phoneVerifications)
      .set({ verifiedAt: now })
      .where(and(eq(phoneVerifications.id, latest.id), isNull(phoneVerifications.verifiedAt)))
      .returning({ id: phoneVerifications.id });
    if (used.length === 0) return;
    await saveVisitor(tx, {
      visitorId: input.visitorId,
      profile: { phone: formatPhone(phone, "input") },
      phoneVerified: phone,
    });
  });
  return { ok: true, message: PHONE_VERIFICATION_TEXT.verified };
}

/** True when the visitor verified this number (in any mask) by SMS. */
export function isVerifiedPhone(phoneVerified: string | undefined, phone: string): boolean {
  return phoneVerified !== undefined && phoneVerified.length === 10 && phoneVerified === nationalDigits(phone);
}
