// Offer rule sets published to the database (issue 30, ADR 341): every version an analyst published or rolled back
// to, newest wins. Re-exported by schema.server.ts, the schema drizzle-kit reads.
import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** What `showroom-rules check` said of a published version: the files it checked and those left to the defaults. */
export interface PublishedCheck {
  readonly checked: readonly string[];
  readonly defaulted: readonly string[];
  /** Always empty: the table refuses a version whose check found a problem. */
  readonly problems: readonly string[];
}

/**
 * One published version of the offer rules. Append-only (a trigger of migration 0013 refuses UPDATE and DELETE), and
 * an insert notifies the channel `offer_rules`, which every server listens on to switch to the new version.
 */
export const offerRuleVersions = pgTable(
  "offer_rule_versions",
  {
    /** 1, 2, 3…: what an analyst names in `rollback <version>`. */
    version: integer("version").primaryKey().generatedAlwaysAsIdentity(),
    /** The rules' content hash (`offerRulesVersion`), the version an offer records. A rollback repeats an older one. */
    contentHash: text("content_hash").notNull(),
    /** The offer rule files as the analyst wrote them, by file name; a file left out takes the package default. */
    files: jsonb("files").$type<Record<string, string>>().notNull(),
    /** Who published: the command line's `--author`, else the account that ran it. */
    author: text("author").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    note: text("note").notNull(),
    check: jsonb("check").$type<PublishedCheck>().notNull(),
    /** For a rollback: the earlier version it publishes again. */
    rollbackOf: integer("rollback_of").references((): AnyPgColumn => offerRuleVersions.version),
  },
  (t) => [check("offer_rule_versions_passed_check", sql`jsonb_array_length(${t.check} -> 'problems') = 0`)],
);
