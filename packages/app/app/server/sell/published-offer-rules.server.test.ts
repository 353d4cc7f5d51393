// A server's offer rules from the database (issue 30, ADR 341): the newest published version, then each one published
// after it within 2 seconds, logged; on PostgreSQL the publisher is another connection pool, as another process or
// host would be. OFFER_RULES_DIR overrides the database and says so.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultOfferRulesVersion } from "@showroom/rules/offer";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { sleep, until } from "../../../tests/support/wait";
import type { Database } from "../db/client.server";
import { offerRuleVersions } from "../db/schema.server";
import { publishOfferRules } from "./offer-rule-versions.server";
import { OfferRulesError, openOfferRules } from "./offer-rules-source.server";
import { openPublishedOfferRules, openSiteOfferRules } from "./published-offer-rules.server";

const RULES = fileURLToPath(new URL("../../../../rules/rules/", import.meta.url));
const settings = (days: number) =>
  JSON.stringify({ ...JSON.parse(readFileSync(join(RULES, "offer-settings.json"), "utf8")), validForDays: days });
const ANALYST = { accountId: null, email: "pat.analyst", ip: null };

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(testDatabaseKinds())("the site's published offer rules on %s", (kind) => {
  const handle = useTestDatabase(kind);

  async function publish(days: number, database: Pick<Database, "db"> = handle.database) {
    const result = await publishOfferRules(database.db, {
      texts: new Map([["offer-settings.json", settings(days)]]),
      note: `${days} days`,
      actor: ANALYST,
      from: "my-rules",
    });
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result.published;
  }

  it("starts with the newest version, follows each one published after it within 2 seconds, and logs each switch", async () => {
    const first = await publish(5);
    // Another server: its own connection pool on PostgreSQL (on PGlite, where one process holds the database, the same).
    const server = await handle.database.connectAgain();
    const lines: string[] = [];
    const source = await openPublishedOfferRules(server, (line) => lines.push(line));
    try {
      expect(source.current()).toMatchObject({ version: first.contentHash, published: 1, dir: null });
      expect(source.current().rules.settings.validForDays).toBe(5);
      expect(lines).toEqual([
        `Offer rules: version 1 (${first.contentHash}, published ${first.publishedAt.toISOString()} by pat.analyst: "5 days")`,
      ]);

      for (const days of [3, 9]) {
        const started = performance.now();
        const next = await publish(days);
        await until(`the switch to version ${next.version}`, () => source.current().published === next.version, {
          timeoutMs: 2000,
        });
        const took = performance.now() - started;
        expect(took).toBeLessThan(2000);
        expect(source.current().rules.settings.validForDays).toBe(days);
        expect(source.current().version).toBe(next.contentHash);
        expect(lines.at(-1)).toBe(
          `Offer rules switched to version ${next.version} (${next.contentHash}, published ${next.publishedAt.toISOString()} by pat.analyst: "${days} days"); was version ${next.version - 1}`,
        );
      }
    } finally {
      await source.close();
      await server.close();
    }
  });

  it("without a published version: the package's rules, until one is published", async () => {
    const lines: string[] = [];
    const source = await openPublishedOfferRules(handle.database, (line) => lines.push(line));
    try {
      expect(source.current()).toMatchObject({ version: defaultOfferRulesVersion, dir: null });
      expect(source.current().published).toBeUndefined();
      expect(lines).toEqual([
        `Offer rules: the package's (${defaultOfferRulesVersion}); none published in the database yet`,
      ]);
      const next = await publish(4);
      await until("the switch to version 1", () => source.current().published === 1, { timeoutMs: 2000 });
      expect(lines.at(-1)).toMatch(
        new RegExp(`^Offer rules switched to version 1 .*; was the package's ${defaultOfferRulesVersion}$`),
      );
      expect(source.current().version).toBe(next.contentHash);
    } finally {
      await source.close();
    }
  });

  it("a newest version that no longer passes the check stops the start; published later, it is refused and logged", async () => {
    // Published under an older package, whose check passed it; today's check does not.
    const stale = {
      contentHash: "0123456789abcdef",
      files: { "offer-settings.json": '{\n  "validForDays": 0\n}\n' },
      author: "pat.analyst",
      note: "long ago",
      check: { checked: ["offer-settings.json"], defaulted: [], problems: [] },
    };
    await publish(5);
    const lines: string[] = [];
    const source = await openPublishedOfferRules(handle.database, (line) => lines.push(line));
    try {
      await handle.db.insert(offerRuleVersions).values(stale);
      await until("the refusal's log", () => lines.some((l) => l.startsWith("Offer rules version 2 was published")));
      const [said, ...problems] = (lines.at(-1) ?? "").split("\n");
      expect(said).toBe(
        "Offer rules version 2 was published but does not pass the check: keeping version 1. Problems:",
      );
      expect(problems).toContain(
        '  offer-settings.json:2:19: validForDays: The number 0 is out of range: "validForDays" must be at least 1. (Days an offer stands, counting from its date.)',
      );
      expect(source.current().published).toBe(1);
      expect(await source.reload()).toMatchObject({ ok: false });
    } finally {
      await source.close();
    }
    await expect(openPublishedOfferRules(handle.database, () => {})).rejects.toThrow(OfferRulesError);
    const refused = await openPublishedOfferRules(handle.database, () => {}).then(
      () => "",
      (error: Error) => error.message,
    );
    expect(refused.split("\n")[0]).toBe(
      "The offer rules published as version 2 do not pass the check: publish a version that does, or roll back.",
    );
    expect(refused).toContain("\n  offer-settings.json:2:19: validForDays: The number 0 is out of range");
  });

  it("stops following once closed; reload reads the newest version itself (SIGHUP)", async () => {
    await publish(5);
    const source = await openPublishedOfferRules(handle.database, () => {});
    await source.close();
    await publish(6);
    // A notice would have arrived by now; none is listened for.
    await sleep(300);
    expect(source.current().published).toBe(1);
    expect(await source.reload()).toMatchObject({ ok: true });
    expect(source.current().published).toBe(2);
  });

  it("OFFER_RULES_DIR overrides the database: its rules price, published versions are not followed, and the log says so", async () => {
    const published = await publish(5);
    const dir = mkdtempSync(join(tmpdir(), "showroom-override-rules-"));
    dirs.push(dir);
    writeFileSync(join(dir, "offer-settings.json"), settings(2));
    const lines: string[] = [];
    const folder = await openOfferRules(dir, () => {});
    const source = await openSiteOfferRules(folder, handle.database, (line) => lines.push(line));
    try {
      expect(lines).toEqual([
        `OFFER_RULES_DIR overrides the offer rules published in the database (newest: version 1 (${published.contentHash}, published ${published.publishedAt.toISOString()} by pat.analyst: "5 days")): this process prices with ${dir} and does not follow published versions.`,
      ]);
      expect(source.current()).toMatchObject({ dir });
      expect(source.current().rules.settings.validForDays).toBe(2);
      await publish(7);
      await sleep(300);
      expect(source.current().rules.settings.validForDays).toBe(2);
    } finally {
      await source.close();
    }
  });
});
