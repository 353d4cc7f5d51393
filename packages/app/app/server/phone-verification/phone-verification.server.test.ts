import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { rowsOf, testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { recordingSms } from "../../content/test-site";
import type { SmsSender } from "../sms/sms.server";
import { visitorCookies } from "../visitor.server";
import { readVisitor } from "../visitor-state.server";
import {
  checkVerificationCode,
  isVerifiedPhone,
  PHONE_VERIFICATION_LIMITS,
  PHONE_VERIFICATION_TEXT,
  type PhoneVerificationDeps,
  sendVerificationCode,
} from "./phone-verification.server";

const PHONES = ["(314) 555-0142", "+1 636 555 0199", "314.555.0177"];
const DIGITS = ["3145550142", "6365550199", "3145550177"];
const IPS = ["203.0.113.7", "198.51.100.23"];
const MINUTE = 60_000;
const STORE = "Confluence Motors Brentwood";

/** The last code texted to a number, read from the message as the shopper would. */
function lastCode(sms: ReturnType<typeof recordingSms>, digits: string): string | undefined {
  const message = sms.sent.filter((m) => m.to === `+1${digits}`).at(-1);
  return message && /\b(\d{6})\b/.exec(message.body)?.[1];
}

describe.each(testDatabaseKinds())("phone verification on %s", (kind) => {
  const t = useTestDatabase(kind);

  function deps(clock: { now: number }, sms: SmsSender = recordingSms()): PhoneVerificationDeps {
    return { db: t.db, sms, hmacKey: randomBytes(32), now: () => new Date(clock.now) };
  }

  it("sends a 6-digit code that verifies the number once and saves phone and phoneVerified on the profile", async () => {
    const clock = { now: Date.parse("2026-11-26T15:00:00Z") };
    const sms = recordingSms();
    const d = deps(clock, sms);
    const visitorId = randomUUID();
    expect(
      await sendVerificationCode(d, { phone: PHONES[0] ?? "", visitorId, ip: "203.0.113.7", sender: STORE }),
    ).toEqual({
      ok: true,
      message: PHONE_VERIFICATION_TEXT.sent,
    });
    const code = lastCode(sms, "3145550142");
    expect(code).toMatch(/^\d{6}$/);
    // The text names the store the shopper is dealing with, never the software behind the site.
    expect(sms.sent.at(-1)?.body).toBe(
      `${code} is your Confluence Motors Brentwood verification code. It expires in 10 minutes. Don't share it with anyone.`,
    );
    const stored = rowsOf<{ code_hash: Uint8Array }>(
      await t.db.execute(sql`select code_hash from phone_verifications`),
    );
    expect(stored).toHaveLength(1);
    expect(Buffer.from(stored[0]?.code_hash ?? []).toString("hex")).not.toContain(
      Buffer.from(code ?? "").toString("hex"),
    );
    expect(await checkVerificationCode(d, { phone: "314-555-0142", code: code ?? "", visitorId })).toMatchObject({
      ok: true,
    });
    const cookies = visitorCookies("a-test-secret-that-is-long-enough-0123456789");
    const signed = await createCookie("uniqueUserId", {
      secrets: ["a-test-secret-that-is-long-enough-0123456789"],
    }).serialize(visitorId);
    const visitor = await readVisitor(
      t.db,
      await cookies.identify(new Request("http://x/", { headers: { Cookie: signed.split(";")[0] ?? "" } })),
    );
    expect(visitor.phoneVerified).toBe("3145550142");
    expect(visitor.profile.phone).toBe("+1 (314) 555-0142");
    expect(isVerifiedPhone(visitor.phoneVerified ?? undefined, "314 555 0142")).toBe(true);
    expect(isVerifiedPhone(visitor.phoneVerified ?? undefined, "314 555 0143")).toBe(false);
    // Used once: checking it again finds no live code.
    expect(await checkVerificationCode(d, { phone: PHONES[0] ?? "", code: code ?? "", visitorId })).toMatchObject({
      ok: false,
      message: PHONE_VERIFICATION_TEXT.noCode,
    });
  });

  it("a code is checked only for the visitor it was sent to", async () => {
    const clock = { now: Date.now() };
    const sms = recordingSms();
    const d = deps(clock, sms);
    await sendVerificationCode(d, {
      phone: PHONES[0] ?? "",
      visitorId: randomUUID(),
      ip: "203.0.113.7",
      sender: STORE,
    });
    const stranger = await checkVerificationCode(d, {
      phone: PHONES[0] ?? "",
      code: lastCode(sms, "3145550142") ?? "",
      visitorId: randomUUID(),
    });
    expect(stranger).toMatchObject({ ok: false, message: PHONE_VERIFICATION_TEXT.noCode });
  });

  it("a provider that fails answers 502 with plain text, and its code can never verify", async () => {
    const clock = { now: Date.now() };
    const failing: SmsSender = { description: "down", send: async () => Promise.reject(new Error("down")) };
    const d = deps(clock, failing);
    const visitorId = randomUUID();
    expect(
      await sendVerificationCode(d, { phone: PHONES[0] ?? "", visitorId, ip: "203.0.113.7", sender: STORE }),
    ).toEqual({
      ok: false,
      status: 502,
      field: "phone",
      message: PHONE_VERIFICATION_TEXT.sendFailed,
    });
    expect(await checkVerificationCode(d, { phone: PHONES[0] ?? "", code: "000000", visitorId })).toMatchObject({
      message: PHONE_VERIFICATION_TEXT.noCode,
    });
  });

  type Command =
    | { kind: "send"; phone: number; ip: number }
    | { kind: "check"; phone: number; right: boolean }
    | { kind: "wait"; ms: number };

  const command: fc.Arbitrary<Command> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant("send" as const), phone: fc.nat(2), ip: fc.nat(1) }) },
    { weight: 5, arbitrary: fc.record({ kind: fc.constant("check" as const), phone: fc.nat(2), right: fc.boolean() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("wait" as const),
        ms: fc.oneof(fc.integer({ min: 1, max: 3 * MINUTE }), fc.integer({ min: 9 * MINUTE, max: 70 * MINUTE })),
      }),
    },
  );

  it("on a simulated clock, under any sends, checks and waits: codes expire after 10 minutes, take 5 checks (the 6th fails even when right), a new send replaces the number's code, and sends stop at 5 per number and 10 per IP in any hour", async () => {
    let cappedRuns = 0;
    let verifiedRuns = 0;
    // Half the runs open with a burst that must hit both caps; half end, an hour later, with a send and the right
    // code, which must verify. Together with the random middle they keep the property from passing vacuously. Each of
    // the four openings and endings gets a quarter of the runs: drawn at random, a run of 25 had once opened with the
    // burst only 3 times and failed the count below.
    const burst: Command[] = [
      ...Array.from({ length: 6 }, (): Command => ({ kind: "send", phone: 0, ip: 0 })),
      // Five wrong tries use the code up: the right code on the sixth check must fail.
      ...Array.from({ length: 5 }, (): Command => ({ kind: "check", phone: 0, right: false })),
      { kind: "check", phone: 0, right: true },
      ...Array.from({ length: 6 }, (_, i): Command => ({ kind: "send", phone: 1 + (i % 2), ip: 0 })),
    ];
    const finish: Command[] = [
      { kind: "wait", ms: 61 * MINUTE },
      { kind: "send", phone: 2, ip: 1 },
      { kind: "check", phone: 2, right: true },
    ];
    const runsEach = Math.ceil((kind === "pglite" ? 60 : 25) / 4);
    for (const [withBurst, withFinish] of [
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ] as const) {
      await fc.assert(
        fc.asyncProperty(fc.array(command, { maxLength: 30 }), async (middle) => {
          const commands = [...(withBurst ? burst : []), ...middle, ...(withFinish ? finish : [])];
          let verified = 0;
          let capped = 0;
          await t.db.execute(sql`truncate phone_verifications, visitors restart identity cascade`);
          const clock = { now: Date.parse("2026-11-26T15:00:00Z") };
          const sms = recordingSms();
          const d = deps(clock, sms);
          const visitorId = randomUUID();
          // The model: what the policy promises.
          const sends: { phone: number; ip: number; at: number }[] = [];
          const live = new Map<number, { at: number; checks: number; code: string }>();
          for (const c of commands) {
            if (c.kind === "wait") {
              clock.now += c.ms;
              continue;
            }
            const phone = PHONES[c.phone] ?? "";
            if (c.kind === "send") {
              const hourAgo = clock.now - 3_600_000;
              const byNumber = sends.filter((s) => s.phone === c.phone && s.at > hourAgo).length;
              const byIp = sends.filter((s) => s.ip === c.ip && s.at > hourAgo).length;
              const result = await sendVerificationCode(d, { phone, visitorId, ip: IPS[c.ip] ?? "", sender: STORE });
              if (byNumber >= PHONE_VERIFICATION_LIMITS.sendsPerNumberPerHour) {
                expect(result).toMatchObject({ ok: false, status: 429, message: PHONE_VERIFICATION_TEXT.numberLimit });
                capped++;
              } else if (byIp >= PHONE_VERIFICATION_LIMITS.sendsPerIpPerHour) {
                expect(result).toMatchObject({ ok: false, status: 429, message: PHONE_VERIFICATION_TEXT.ipLimit });
                capped++;
              } else {
                expect(result.ok).toBe(true);
                sends.push({ phone: c.phone, ip: c.ip, at: clock.now });
                live.set(c.phone, { at: clock.now, checks: 0, code: lastCode(sms, DIGITS[c.phone] ?? "") ?? "" });
              }
              continue;
            }
            const code = live.get(c.phone);
            const given =
              c.right && code
                ? code.code
                : code
                  ? String((Number(code.code) + 1) % 1_000_000).padStart(6, "0")
                  : "123456";
            const result = await checkVerificationCode(d, { phone, code: given, visitorId });
            if (!code) {
              expect(result).toMatchObject({ ok: false, message: PHONE_VERIFICATION_TEXT.noCode });
            } else if (clock.now >= code.at + PHONE_VERIFICATION_LIMITS.codeTtlMs) {
              expect(result).toMatchObject({ ok: false, message: PHONE_VERIFICATION_TEXT.expired });
            } else if (code.checks >= PHONE_VERIFICATION_LIMITS.checksPerCode) {
              expect(result).toMatchObject({ ok: false, status: 429, message: PHONE_VERIFICATION_TEXT.tooManyChecks });
              capped++;
            } else {
              code.checks++;
              if (c.right) {
                expect(result.ok).toBe(true);
                live.delete(c.phone);
                verified++;
              } else {
                expect(result).toMatchObject({ ok: false, message: PHONE_VERIFICATION_TEXT.wrongCode });
              }
            }
          }
          if (withBurst) expect(capped).toBeGreaterThanOrEqual(3);
          if (withFinish) expect(verified).toBeGreaterThanOrEqual(1);
          if (capped > 0) cappedRuns++;
          if (verified > 0) verifiedRuns++;
        }),
        { numRuns: runsEach },
      );
    }
    // Every run with the burst is capped and every run with the ending verifies; the random middles add more.
    expect(cappedRuns).toBeGreaterThanOrEqual(2 * runsEach);
    expect(verifiedRuns).toBeGreaterThanOrEqual(2 * runsEach);
  });
});
