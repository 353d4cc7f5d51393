// Offer rules published to the database (issue 30, ADR 341), on PGlite and, with TEST_DATABASE_URL, PostgreSQL: a
// version passes the check or is not published, rolling back publishes an earlier version again, every publish and
// rollback is an audit row, and the table itself refuses a failed check, an edit and a removal.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultOfferRules, offerRulesVersion, parseOfferRules } from "@showroom/rules/offer";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf, testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { auditEvents, offerRuleVersions } from "../db/schema.server";
import type { Actor } from "../staff/audit.server";
import {
  listOfferRuleVersions,
  newestOfferRuleVersion,
  publishOfferRules,
  rollbackOfferRules,
} from "./offer-rule-versions.server";

const RULES = fileURLToPath(new URL("../../../../rules/rules/", import.meta.url));
const shipped = (name: string) => readFileSync(join(RULES, name), "utf8");
const settings = (days: number) =>
  JSON.stringify({ ...JSON.parse(shipped("offer-settings.json")), validForDays: days });
const ANALYST: Actor = { accountId: null, email: "pat.analyst", ip: null };

describe.each(testDatabaseKinds())("published offer rules on %s", (kind) => {
  const handle = useTestDatabase(kind);

  const publish = (files: Record<string, string>, note = "a change") =>
    publishOfferRules(handle.db, { texts: new Map(Object.entries(files)), note, actor: ANALYST, from: "my-rules" });

  it("publishes what passes the check as the newest version, with its hash, author, time, note, check and audit row", async () => {
    const before = new Date(Date.now() - 1000);
    const result = await publish({ "offer-settings.json": settings(5) }, "Five days to decide");
    if (!result.ok) throw new Error(JSON.stringify(result));
    const row = result.published;
    expect(row).toMatchObject({
      version: 1,
      author: "pat.analyst",
      note: "Five days to decide",
      rollbackOf: null,
      files: { "offer-settings.json": settings(5) },
      check: { checked: ["offer-settings.json"], problems: [] },
    });
    expect(row.check.defaulted).toContain("questionnaire.json");
    expect(row.contentHash).toMatch(/^[0-9a-f]{16}$/);
    expect(row.publishedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect((await newestOfferRuleVersion(handle.db))?.version).toBe(1);

    const audit = await handle.db.select().from(auditEvents);
    expect(audit).toEqual([
      expect.objectContaining({
        action: "published-offer-rules",
        actor: "pat.analyst",
        accountId: null,
        subject: "offer rules version 1",
        detail: { version: 1, contentHash: row.contentHash, note: "Five days to decide", rollbackOf: null },
      }),
    ]);
  });

  it("publishes nothing that fails the check: the problems come back with file, line and column, and no row is written", async () => {
    const result = await publish({ "offer-settings.json": '{\n  "validForDays": 0\n}\n' });
    expect(result.ok).toBe(false);
    if (result.ok || !result.problems) throw new Error("expected the check's problems");
    expect(result.problems.find((p) => p.path === "$.validForDays")).toMatchObject({
      file: "offer-settings.json",
      line: 2,
      column: 19,
    });
    expect(await handle.db.select().from(offerRuleVersions)).toEqual([]);
    expect(await handle.db.select().from(auditEvents)).toEqual([]);
  });

  it("rolls back by publishing an earlier version again, as the newest, with its own audit row", async () => {
    const first = await publish({ "offer-settings.json": settings(5) }, "five");
    const second = await publish({ "offer-settings.json": settings(3) }, "three");
    if (!first.ok || !second.ok) throw new Error("both publish");
    expect(second.published.contentHash).not.toBe(first.published.contentHash);

    const back = await rollbackOfferRules(handle.db, { version: 1, actor: { ...ANALYST, email: "lee.analyst" } });
    if (!back.ok) throw new Error(JSON.stringify(back));
    expect(back.published).toMatchObject({
      version: 3,
      rollbackOf: 1,
      contentHash: first.published.contentHash,
      files: first.published.files,
      author: "lee.analyst",
      note: "Rollback to version 1",
    });
    expect((await listOfferRuleVersions(handle.db)).map((v) => [v.version, v.rollbackOf])).toEqual([
      [3, 1],
      [2, null],
      [1, null],
    ]);
    const audit = await handle.db.select().from(auditEvents).orderBy(auditEvents.id);
    expect(audit.map((a) => [a.action, a.actor, a.subject])).toEqual([
      ["published-offer-rules", "pat.analyst", "offer rules version 1"],
      ["published-offer-rules", "pat.analyst", "offer rules version 2"],
      ["rolled-back-offer-rules", "lee.analyst", "offer rules version 3"],
    ]);
    expect(audit[2]?.detail).toMatchObject({ rollbackOf: 1, note: "Rollback to version 1" });
  });

  it("refuses a rollback to a version that does not exist, and a publish of the rules the newest version already has", async () => {
    expect(await rollbackOfferRules(handle.db, { version: 4, actor: ANALYST })).toEqual({
      ok: false,
      reason: "There is no version 4: no version has been published yet.",
    });
    await publish({ "offer-settings.json": settings(5) });
    // The same rules, formatted differently: the same content hash, so nothing to publish.
    const again = await publish({ "offer-settings.json": JSON.stringify(JSON.parse(settings(5)), null, 4) });
    expect(again).toMatchObject({ ok: false, reason: expect.stringMatching(/^Version 1, the newest, already has/) });
    expect(await rollbackOfferRules(handle.db, { version: 1, actor: ANALYST })).toMatchObject({ ok: false });
    expect(await rollbackOfferRules(handle.db, { version: 9, actor: ANALYST })).toEqual({
      ok: false,
      reason: "There is no version 9: the versions are 1 to 1.",
    });
    expect(await handle.db.select().from(offerRuleVersions)).toHaveLength(1);
  });

  it("the content hash is the rules' version, the one an offer records", async () => {
    const result = await publish({ "offer-settings.json": settings(5) });
    if (!result.ok) throw new Error("publishes");
    const rules = parseOfferRules({ ...defaultOfferRules, settings: JSON.parse(settings(5)) });
    expect(result.published.contentHash).toBe(offerRulesVersion(rules));
  });

  /** What the database said when it refused `work` (drizzle keeps the database's own error as the cause). */
  const refusal = (work: PromiseLike<unknown>) =>
    Promise.resolve(work).then(
      () => "accepted",
      (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
    );

  it("the database refuses a version recorded with a failed check, and any edit or removal of a published one", async () => {
    const failed = handle.db.insert(offerRuleVersions).values({
      contentHash: "0000000000000000",
      files: {},
      author: "someone",
      note: "sneaked in",
      check: { checked: [], defaulted: [], problems: ["offer-settings.json:2:19: validForDays: …"] },
    });
    expect(await refusal(failed)).toMatch(/offer_rule_versions_passed_check/);
    const result = await publish({ "offer-settings.json": settings(5) });
    if (!result.ok) throw new Error("publishes");
    expect(await refusal(handle.db.execute(sql`update offer_rule_versions set note = 'rewritten'`))).toMatch(
      /offer_rule_versions is append-only: UPDATE refused/,
    );
    expect(await refusal(handle.db.execute(sql`delete from offer_rule_versions`))).toMatch(
      /offer_rule_versions is append-only: DELETE refused/,
    );
    const rows = rowsOf<{ note: string }>(await handle.db.execute(sql`select note from offer_rule_versions`));
    expect(rows).toEqual([{ note: "a change" }]);
  });
});
