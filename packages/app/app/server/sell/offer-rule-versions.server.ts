// Offer rule sets published to the database (ADR 341): publish a folder's rules once for every server, roll back by
// publishing an earlier version again. The command line (`npm run rules -w packages/app -- publish …`) calls these.
import { type LoadedOfferRules, loadOfferRuleTexts, type RuleProblem } from "@showroom/rules/offer";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { offerRuleVersions, type PublishedCheck } from "../db/schema.server";
import type { Actor } from "../staff/audit.server";
import { recordAudit } from "../staff/audit.server";

export type PublishedVersion = typeof offerRuleVersions.$inferSelect;

/** A published version's files, as `loadOfferRuleTexts` takes them. */
export function textsOf(version: Pick<PublishedVersion, "files">): Map<string, string> {
  return new Map(Object.entries(version.files));
}

/** Where a published version's problems say they come from. */
export const versionLabel = (version: number) => `offer rules version ${version}`;

export type PublishResult =
  | { ok: true; published: PublishedVersion }
  /** The check found problems: nothing was published. */
  | { ok: false; problems: readonly RuleProblem[] }
  /** Nothing to publish: the newest version already has these rules, or the version to roll back to is missing. */
  | { ok: false; problems?: undefined; reason: string };

export interface PublishRequest {
  /** The rule files by file name, as written: the folder's `*.json` files, or an earlier version's. */
  readonly texts: ReadonlyMap<string, string>;
  readonly note: string;
  /** Who publishes: recorded on the version and in the audit trail. */
  readonly actor: Actor;
  /** Where the texts came from, for the check's messages (a folder, `offer rules version 3`). */
  readonly from: string;
}

/** The newest published version, or undefined when none has been published: the one the site prices with. */
export async function newestOfferRuleVersion(db: Db): Promise<PublishedVersion | undefined> {
  const [row] = await db.select().from(offerRuleVersions).orderBy(desc(offerRuleVersions.version)).limit(1);
  return row;
}

async function offerRuleVersion(db: Db, version: number): Promise<PublishedVersion | undefined> {
  const [row] = await db.select().from(offerRuleVersions).where(eq(offerRuleVersions.version, version));
  return row;
}

/** The published versions, newest first. */
export async function listOfferRuleVersions(db: Db, limit = 50): Promise<PublishedVersion[]> {
  return db.select().from(offerRuleVersions).orderBy(desc(offerRuleVersions.version)).limit(limit);
}

/**
 * Publishes `texts` as the newest version when they pass `showroom-rules check`; otherwise answers the check's
 * problems and publishes nothing. The version and its audit row are written in one transaction, so neither stands
 * without the other. The database refuses a version whose recorded check has a problem as well.
 */
export async function publishOfferRules(db: Db, request: PublishRequest): Promise<PublishResult> {
  return publish(db, request, loadOfferRuleTexts(request.texts, request.from), null);
}

/**
 * Rolls back to `version`: publishes its files again as the newest version, after checking them again (the package's
 * rules may have changed since), with its own audit row.
 */
export async function rollbackOfferRules(
  db: Db,
  request: { readonly version: number; readonly note?: string | undefined; readonly actor: Actor },
): Promise<PublishResult> {
  const earlier = await offerRuleVersion(db, request.version);
  if (!earlier) {
    const newest = await newestOfferRuleVersion(db);
    const known = newest ? `the versions are 1 to ${newest.version}` : "no version has been published yet";
    return { ok: false, reason: `There is no version ${request.version}: ${known}.` };
  }
  const note = request.note?.trim() || `Rollback to version ${earlier.version}`;
  const texts = textsOf(earlier);
  const loaded = loadOfferRuleTexts(texts, versionLabel(earlier.version));
  return publish(
    db,
    { texts, note, actor: request.actor, from: versionLabel(earlier.version) },
    loaded,
    earlier.version,
  );
}

async function publish(
  db: Db,
  request: PublishRequest,
  loaded: LoadedOfferRules,
  rollbackOf: number | null,
): Promise<PublishResult> {
  if (!loaded.ok) return { ok: false, problems: loaded.problems };
  const newest = await newestOfferRuleVersion(db);
  if (newest?.contentHash === loaded.version) {
    return {
      ok: false,
      reason: `Version ${newest.version}, the newest, already has these rules (${loaded.version}): nothing to publish.`,
    };
  }
  const check: PublishedCheck = {
    checked: loaded.report.checked,
    defaulted: loaded.report.defaulted,
    problems: [],
  };
  const published = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(offerRuleVersions)
      .values({
        contentHash: loaded.version,
        files: Object.fromEntries(loaded.texts),
        author: request.actor.email,
        note: request.note,
        check,
        rollbackOf,
      })
      .returning();
    if (!row) throw new Error("publishing the offer rules inserted no row");
    await recordAudit(tx, request.actor, {
      action: rollbackOf === null ? "published-offer-rules" : "rolled-back-offer-rules",
      subject: versionLabel(row.version),
      detail: { version: row.version, contentHash: row.contentHash, note: row.note, rollbackOf },
    });
    return row;
  });
  return { ok: true, published };
}
