import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { seedStore, TEST_MESSAGE_DOMAIN, TEST_STORE_ID } from "../../../tests/support/leads";
import { financeApplications, staffAccounts } from "../db/schema.server";
import { openApplication, recordFinanceApplication } from "../financing/applications.server";
import { readDraft, saveDraft } from "../financing/drafts.server";
import { addAccount, openTotpSecret } from "../staff/accounts.server";
import { SYSTEM_ACTOR } from "../staff/audit.server";
import { keyring, masterKey, UnknownKeyError } from "./envelope.server";
import { keyUsage, rewrapAll } from "./rotate.server";

describe.each(testDatabaseKinds())("key rotation on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("re-wraps every application, draft and staff TOTP secret under the new key; all stay readable with the new key alone", async () => {
    await seedStore(t.db);
    const old = masterKey(randomBytes(32));
    const oldRing = keyring(old);
    const visitors = Array.from({ length: 5 }, () => randomUUID());
    for (const [i, visitorId] of visitors.entries()) {
      await recordFinanceApplication(
        t.db,
        oldRing,
        {
          kind: "full-credit",
          reference: `FC-TEST-000${i}`,
          idempotencyKey: randomUUID(),
          storeId: TEST_STORE_ID,
          visitorId,
          adfLeadCookie: null,
          contact: { firstName: "Dana", lastName: `Rotated${i}` },
          lead: {
            kind: "FULL_CREDIT_APP",
            user: { firstName: "Dana", lastName: `Rotated${i}`, email: "dana@example.com" },
          },
          personal: { ssn: `123-45-678${i}` },
        },
        { messageDomain: TEST_MESSAGE_DOMAIN },
      );
      await saveDraft(t.db, oldRing, visitorId, { draft: i });
    }
    const enrollments = [];
    for (const role of ["sales", "finance"] as const) {
      enrollments.push(
        await addAccount(t.db, oldRing, SYSTEM_ACTOR, {
          email: `${role}@dealer.example`,
          role,
          password: `a long ${role} passphrase 4821`,
        }),
      );
    }
    const next = masterKey(randomBytes(32));
    expect(await rewrapAll(t.db, keyring(next, [old]), 2)).toEqual({
      finance_applications: 5,
      finance_application_drafts: 5,
      staff_accounts: 2,
      resumes: 0,
    });
    expect(await keyUsage(t.db)).toEqual(
      expect.arrayContaining([
        { table: "finance_applications", keyId: next.id, records: 5 },
        { table: "finance_application_drafts", keyId: next.id, records: 5 },
      ]),
    );
    const onlyNew = keyring(next);
    const rows = await t.db.select().from(financeApplications);
    expect(
      rows
        .map((row) => openApplication(onlyNew, row))
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual(visitors.map((_, i) => ({ ssn: `123-45-678${i}` })));
    for (const [i, visitorId] of visitors.entries())
      expect((await readDraft(t.db, onlyNew, visitorId)).snapshot).toEqual({ draft: i });
    // Each account's authenticator secret is still the one its enrollment URI gave.
    for (const account of await t.db.select().from(staffAccounts)) {
      const enrollment = enrollments.find((e) => e.email === account.email);
      expect(enrollment?.uri).toContain(`secret=${openTotpSecret(onlyNew, account)}`);
    }
    // Rotating again with the old key gone changes nothing: everything is already under the current key.
    expect(await rewrapAll(t.db, onlyNew)).toEqual({
      finance_applications: 0,
      finance_application_drafts: 0,
      staff_accounts: 0,
      resumes: 0,
    });
    // A record under a key nobody has stops the rotation before changing it.
    await saveDraft(t.db, keyring(masterKey(randomBytes(32))), randomUUID(), { lost: true });
    await expect(rewrapAll(t.db, onlyNew)).rejects.toThrow(UnknownKeyError);
  });
});
