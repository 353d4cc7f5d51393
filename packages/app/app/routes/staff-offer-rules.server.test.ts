// The desk's offer rules actions (issue 30, ADR 343) on PGlite and, with TEST_DATABASE_URL, PostgreSQL: a candidate is
// checked and compared before it can be published, a failing check publishes nothing, publishing and rolling back
// land a version and its audit row, and the comparison over real offers carries nothing of the person.
// Who may post (analyst and admin, never sales or finance) is walked in tests/server/staff-access.test.ts.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../tests/support/databases";
import type { AppServices } from "../context";
import { auditEvents, leads, offerRuleVersions, offers, stores } from "../server/db/schema.server";
import { MAX_RULE_FILE_BYTES, MAX_UPLOADED_FILES } from "../server/sell/offer-rules-desk.server";
import type { Desk } from "../server/staff/desk.server";
import { offerRulesAction, offerRulesPage } from "./staff-offer-rules.server";

const RULES = fileURLToPath(new URL("../../../rules/rules/", import.meta.url));
const shipped = (name: string) => readFileSync(join(RULES, name), "utf8");
/** The shipped settings with the Cash Now warranty cost raised from $300 to $500: every Cash Now price with it drops $200. */
const dearerWarranty = () =>
  shipped("offer-settings.json").replace(/("name": "warranty",[^}]*?"amount": )300/, (_, head: string) => `${head}500`);

type Answer = { status: number; location: string | null; body: unknown };

/** What an action answered: a redirect (a Response) or React Router's data with its status. */
async function answerOf(result: unknown): Promise<Answer> {
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location"), body: null };
  }
  const wrapped = result as { data: unknown; init?: { status?: number } | null };
  return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data };
}

const form = (fields: Record<string, string | readonly string[]>, files: readonly File[] = []) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of typeof value === "string" ? [value] : value) body.append(name, one);
  }
  for (const file of files) body.append("files", file);
  return body;
};

interface Review {
  kind: "review";
  candidate: { name: string; text: string }[];
  problems: { where: string; message: string; line: string }[];
  hash: string | null;
  sampleBook: { total: number; moved: { label: string; offers: { cashNow: { rules: string[] } } }[] } | null;
  recentOffers: { total: number; moved: unknown[] } | null;
}

describe.each(testDatabaseKinds())("the desk's offer rules on %s", (kind) => {
  const handle = useTestDatabase(kind);
  const desk = (): Desk => ({
    // The page reads only the database and whether this server overrides with OFFER_RULES_DIR.
    services: { db: handle.db, sell: { offerRules: { current: () => ({ dir: null }) } } } as unknown as AppServices,
    staff: { accountId: randomUUID(), email: "pat@example.com", role: "analyst" },
    actor: { accountId: null, email: "pat@example.com", ip: "192.0.2.7" },
  });
  const post = async (fields: Record<string, string | readonly string[]>, files: readonly File[] = []) =>
    answerOf(await offerRulesAction(desk(), form(fields, files)));
  const preview = async (name: string, text: string) => {
    const answer = await post({ intent: "preview", editFile: name, editText: text });
    expect(answer.status).toBe(200);
    return answer.body as Review;
  };
  const publishFields = (review: Review, note: string) => ({
    intent: "publish",
    note,
    candidateName: review.candidate.map((f) => f.name),
    candidateText: review.candidate.map((f) => f.text),
  });

  it("an edit starts from the live files, is checked, and shows what moves on the sample book and on which rule", async () => {
    const review = await preview("offer-settings.json", dearerWarranty());
    expect(review.problems).toEqual([]);
    expect(review.candidate.map((f) => f.name).sort()).toEqual([
      "offer-outcomes.json",
      "offer-settings.json",
      "questionnaire.json",
    ]);
    const moved = review.sampleBook?.moved ?? [];
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((entry) => entry.offers.cashNow.rules.includes("cost “warranty”"))).toBe(true);
    // No real offer yet: nothing to compare on but the book.
    expect(review.recentOffers).toBeNull();
  });

  it("publishing through the desk lands a version by the signed-in account and its audit row; again, nothing", async () => {
    const review = await preview("offer-settings.json", dearerWarranty());
    const published = await post(publishFields(review, "Warranty costs us $500 now"));
    expect([published.status, published.location]).toEqual([303, "/staff/offer-rules?published=1"]);
    const [version] = await handle.db.select().from(offerRuleVersions);
    expect(version).toMatchObject({ version: 1, author: "pat@example.com", note: "Warranty costs us $500 now" });
    expect(version?.files["offer-settings.json"]).toBe(dearerWarranty());
    expect(await handle.db.select().from(auditEvents)).toEqual([
      expect.objectContaining({ action: "published-offer-rules", actor: "pat@example.com", ip: "192.0.2.7" }),
    ]);
    const again = await post(publishFields(review, "Once more"));
    expect([again.status, again.location]).toEqual([303, "/staff/offer-rules?unchanged=1"]);
    expect(await handle.db.select().from(offerRuleVersions)).toHaveLength(1);
    // The page lists it as live, and an edit now starts from it.
    const page = await offerRulesPage(desk(), new URL("http://desk/staff/offer-rules?edit=offer-settings.json"));
    expect(page.versions).toEqual([expect.objectContaining({ version: 1, live: true, author: "pat@example.com" })]);
    expect(page.editText).toBe(dearerWarranty());
  });

  it("a candidate failing the check shows its problems at file, line and column, and cannot be published", async () => {
    const typo = shipped("offer-outcomes.json").replace('"lessThanInclusive"', '"lesThanInclusive"');
    expect(typo).not.toBe(shipped("offer-outcomes.json"));
    const review = await preview("offer-outcomes.json", typo);
    expect(review.problems.length).toBeGreaterThan(0);
    expect(review.problems[0]?.where).toMatch(/^offer-outcomes\.json, line \d+, column \d+$/);
    expect(review.problems[0]?.message).toContain(
      '"lesThanInclusive" is not an operator; did you mean "lessThanInclusive"?',
    );
    expect(review.sampleBook).toBeNull();
    // Posting the failing texts to publish anyway: refused by the server's own check, nothing written.
    const refused = await post(publishFields(review, "Sneaking it in"));
    expect(refused.status).toBe(400);
    expect((refused.body as Review).problems.length).toBe(review.problems.length);
    expect(await handle.db.select().from(offerRuleVersions)).toEqual([]);
    expect(await handle.db.select().from(auditEvents)).toEqual([]);
  });

  it("rollback publishes an earlier version again with its audit row; a version that does not exist is a 404", async () => {
    const first = await preview("offer-settings.json", dearerWarranty());
    expect((await post(publishFields(first, "Dearer warranty"))).status).toBe(303);
    const second = await preview("offer-settings.json", shipped("offer-settings.json"));
    expect((await post(publishFields(second, "Back to the shipped settings"))).location).toBe(
      "/staff/offer-rules?published=2",
    );
    const rolledBack = await post({ intent: "rollback", version: "1" });
    expect([rolledBack.status, rolledBack.location]).toEqual([303, "/staff/offer-rules?published=3"]);
    const newest = (await handle.db.select().from(offerRuleVersions)).find((v) => v.version === 3);
    expect(newest).toMatchObject({ rollbackOf: 1, note: "Rollback to version 1" });
    expect(newest?.files["offer-settings.json"]).toBe(dearerWarranty());
    const actions = (await handle.db.select().from(auditEvents)).map((e) => e.action);
    expect(actions).toEqual(["published-offer-rules", "published-offer-rules", "rolled-back-offer-rules"]);
    expect((await post({ intent: "rollback", version: "9" })).status).toBe(404);
    expect((await post({ intent: "rollback", version: "one" })).status).toBe(400);
    expect(await handle.db.select().from(offerRuleVersions)).toHaveLength(3);
  });

  it("uploads: the folder's .json files within the caps; anything else is a 400 in plain words", async () => {
    const json = (name: string, text: string) => new File([text], name, { type: "application/json" });
    const good = await post({ intent: "preview" }, [
      json("offer-settings.json", dearerWarranty()),
      json("financing.json", shipped("financing.json")),
    ]);
    expect(good.status).toBe(200);
    expect((good.body as Review).problems).toEqual([]);
    const refusal = async (files: File[]) => {
      const answer = await post({ intent: "preview" }, files);
      expect(answer.status).toBe(400);
      return (answer.body as { error: string }).error;
    };
    expect(await refusal([])).toBe("Choose the rule folder’s .json files to upload.");
    expect(await refusal([json("notes.txt", "{}")])).toBe("notes.txt is not a .json rule file.");
    const many = Array.from({ length: MAX_UPLOADED_FILES + 1 }, (_, i) => json(`f${i}.json`, "{}"));
    expect(await refusal(many)).toContain(`at most ${MAX_UPLOADED_FILES} files`);
    const big = json("offer-settings.json", " ".repeat(MAX_RULE_FILE_BYTES + 1));
    expect(await refusal([big])).toContain("is larger than 256 KiB");
    expect(await refusal([json("a.json", "{}"), json("a.json", "{}")])).toBe("a.json was uploaded twice.");
    expect(await handle.db.select().from(offerRuleVersions)).toEqual([]);
  });

  it("a publish post that is not a checked candidate is a 400 in words and writes nothing", async () => {
    const text = dearerWarranty();
    const refused = async (fields: Record<string, string | readonly string[]>) => {
      const answer = await post({ intent: "publish", note: "a note", ...fields });
      expect(answer.status).toBe(400);
      return (answer.body as { error: string }).error;
    };
    const again = "Check the rule files again before publishing them.";
    expect(await refused({})).toBe(again);
    expect(await refused({ candidateName: ["offer-settings.json", "questionnaire.json"], candidateText: text })).toBe(
      again,
    );
    expect(await refused({ candidateName: "../offer-settings.json", candidateText: text })).toBe(again);
    expect(await refused({ candidateName: "offer-settings.json", candidateText: text, note: " " })).toBe(
      "Say what changed and why in the note.",
    );
    expect(await refused({ candidateName: "offer-settings.json", candidateText: text, note: "two\nlines" })).toBe(
      "Write the note on one line.",
    );
    expect((await post({ intent: "preview", editFile: "financing.json", editText: "{}" })).status).toBe(400);
    expect((await post({ intent: "delete" })).status).toBe(400);
    expect(await handle.db.select().from(offerRuleVersions)).toEqual([]);
    expect(await handle.db.select().from(auditEvents)).toEqual([]);
  });

  it("the comparison over real offers takes their inputs, never the person, the VIN, the ZIP or the offer's address", async () => {
    await handle.db.insert(stores).values({ id: "brentwood", name: "Brentwood", profile: {} }).onConflictDoNothing();
    const leadId = randomUUID();
    await handle.db.insert(leads).values({
      id: leadId,
      kind: "SELL_OR_TRADE",
      status: "new",
      storeId: "brentwood",
      idempotencyKey: randomUUID(),
      payload: { kind: "SELL_OR_TRADE", user: { firstName: "Dana", lastName: "Reyes", email: "dana@example.com" } },
    });
    const offerId = "offer-address-that-opens-it-0123456789";
    await handle.db.insert(offers).values({
      id: offerId,
      leadId,
      storeId: "brentwood",
      outcome: "offer",
      rulesVersion: "0123456789abcdef",
      validUntil: "2026-11-28",
      offer: {
        version: 1,
        asOf: "2026-11-21",
        validUntil: "2026-11-28",
        rulesVersion: "0123456789abcdef",
        vehicle: {
          year: 2021,
          make: "Ford",
          model: "F-150",
          trim: "XLT",
          vin: "1FTFW1E50MFA00001",
          mileage: 52300,
          zip: "63117",
          interest: "sell",
        },
        valuation: { source: "fixture", roughWholesale: 30800, adjustedWholesaleAvg: 32900, adjustedRetailAvg: 37400 },
        outcome: "offer",
        reasons: [],
        cashNow: null,
        moreCashLater: null,
        answers: { "100": "great" },
      },
    });
    const review = await preview("offer-settings.json", dearerWarranty());
    expect(review.recentOffers?.total).toBe(1);
    expect(review.recentOffers?.moved).toEqual([
      expect.objectContaining({ label: "offer 1", vehicle: "2021 Ford F-150 XLT" }),
    ]);
    const shown = JSON.stringify(review.recentOffers);
    for (const secret of ["1FTFW1E50MFA00001", "63117", offerId, leadId, "Reyes", "dana@example.com"]) {
      expect(shown).not.toContain(secret);
    }
  });
});
