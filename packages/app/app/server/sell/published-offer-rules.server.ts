// The offer rules a server prices with when no OFFER_RULES_DIR is set: the newest version published to the database,
// followed as new ones are published (ADR 341).
import {
  defaultOfferRules,
  defaultOfferRulesVersion,
  formatRuleProblem,
  loadOfferRuleTexts,
} from "@showroom/rules/offer";
import type { Database } from "../db/client.server";
import { newestOfferRuleVersion, type PublishedVersion, textsOf, versionLabel } from "./offer-rule-versions.server";
import { type OfferRuleSet, OfferRulesError, type OfferRulesSource } from "./offer-rules-source.server";

/** The channel the migration's trigger notifies with each published version's number. */
const CHANNEL = "offer_rules";

/** What a set published as `version` is called in the log. */
function described(row: PublishedVersion): string {
  return `version ${row.version} (${row.contentHash}, published ${row.publishedAt.toISOString()} by ${row.author}: ${JSON.stringify(row.note)})`;
}

function ruleSetOf(row: PublishedVersion): OfferRuleSet | { problems: readonly string[] } {
  const loaded = loadOfferRuleTexts(textsOf(row), versionLabel(row.version));
  if (!loaded.ok) return { problems: loaded.problems.map(formatRuleProblem) };
  return { rules: loaded.rules, version: loaded.version, dir: null, published: row.version };
}

const packageRules: OfferRuleSet = { rules: defaultOfferRules, version: defaultOfferRulesVersion, dir: null };

export interface PublishedOfferRulesSource extends OfferRulesSource {
  /** Stops listening for new versions. */
  close(): Promise<void>;
}

/**
 * Calls `listener` whenever a version is published, on either database: PostgreSQL's LISTEN reaches every process of
 * every host, and is made again after a lost connection, when `listener` is called too (a version published while
 * it was lost has sent its notice to no one). PGlite's reaches the one process holding the data directory, the only
 * one that can publish while it runs. Resolves to the function that stops listening.
 */
async function onPublished(database: Database, listener: () => void): Promise<() => Promise<void>> {
  // drizzle keeps the driver's client on the database object; both drivers can LISTEN.
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === "postgres") {
    const sql = client as {
      listen(channel: string, onNotify: () => void, onListen: () => void): Promise<{ unlisten(): Promise<void> }>;
    };
    let listening = false;
    const request = await sql.listen(CHANNEL, listener, () => {
      // The first call is the LISTEN this function waits for; later ones follow a reconnection.
      if (listening) listener();
      listening = true;
    });
    return () => request.unlisten();
  }
  const pglite = client as { listen(channel: string, callback: () => void): Promise<() => Promise<void>> };
  return pglite.listen(CHANNEL, listener);
}

/**
 * The newest published version of the offer rules, checked again as it loads (the package may have changed since it
 * was published), then every version published after it, within moments, each logged. Without a published version:
 * the package's rules, until one is published. A newest version that no longer passes the check stops the start
 * with its problems, as an invalid OFFER_RULES_DIR does; published later, it is refused and the current set stays.
 */
export async function openPublishedOfferRules(
  database: Database,
  log: (line: string) => void = (line) => console.log(line),
): Promise<PublishedOfferRulesSource> {
  const first = await newestOfferRuleVersion(database.db);
  let current = packageRules;
  if (first) {
    const set = ruleSetOf(first);
    if ("problems" in set) {
      throw new OfferRulesError(
        [
          `The offer rules published as version ${first.version} do not pass the check: publish a version that does, or roll back.`,
          ...set.problems.map((l) => `  ${l}`),
        ].join("\n"),
      );
    }
    current = set;
    log(`Offer rules: ${described(first)}`);
  } else {
    log(`Offer rules: the package's (${packageRules.version}); none published in the database yet`);
  }

  const switchToNewest = async (): Promise<Awaited<ReturnType<OfferRulesSource["reload"]>>> => {
    const newest = await newestOfferRuleVersion(database.db);
    if (!newest || newest.version === current.published) return { ok: true, version: current.version };
    const set = ruleSetOf(newest);
    const was = current.published === undefined ? `the package's ${current.version}` : `version ${current.published}`;
    if ("problems" in set) {
      log(
        [
          `Offer rules version ${newest.version} was published but does not pass the check: keeping ${was}. Problems:`,
          ...set.problems.map((l) => `  ${l}`),
        ].join("\n"),
      );
      return { ok: false, problems: set.problems };
    }
    current = set;
    log(`Offer rules switched to ${described(newest)}; was ${was}`);
    return { ok: true, version: current.version };
  };

  // One switch at a time; a notice during one runs one more after it, so the newest version is never missed.
  let running: Promise<Awaited<ReturnType<OfferRulesSource["reload"]>>> | null = null;
  let again = false;
  const reload = (): Promise<Awaited<ReturnType<OfferRulesSource["reload"]>>> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        let result = await switchToNewest();
        while (again) {
          again = false;
          result = await switchToNewest();
        }
        return result;
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const stop = await onPublished(database, () => {
    reload().catch((error: unknown) =>
      log(`Offer rules: reading the newest published version failed: ${String(error)}`),
    );
  });
  return { current: () => current, reload, close: stop };
}

/**
 * A server's offer rules: OFFER_RULES_DIR's when it is set, which overrides the database for this process and says
 * so in the log; else the published ones, followed as they change.
 */
export async function openSiteOfferRules(
  folder: OfferRulesSource | null,
  database: Database,
  log: (line: string) => void = (line) => console.log(line),
): Promise<PublishedOfferRulesSource> {
  if (!folder) return openPublishedOfferRules(database, log);
  const newest = await newestOfferRuleVersion(database.db);
  log(
    `OFFER_RULES_DIR overrides the offer rules published in the database (${newest ? `newest: ${described(newest)}` : "none published yet"}): this process prices with ${folder.current().dir} and does not follow published versions.`,
  );
  return { current: folder.current, reload: folder.reload, close: async () => {} };
}
