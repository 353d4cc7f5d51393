import { resolve } from "node:path";
import {
  defaultOfferRules,
  defaultOfferRulesVersion,
  formatRuleProblem,
  loadOfferRules,
  type OfferRules,
  type RuleProblem,
} from "@showroom/rules/offer";

/** The offer rules the site prices with, and where they came from. */
export interface OfferRuleSet {
  readonly rules: OfferRules;
  /** The rules' content hash: stored with every offer and printed in its lead. */
  readonly version: string;
  /** The analyst's folder (OFFER_RULES_DIR), or null for rules from the database or the package. */
  readonly dir: string | null;
  /** The published version's number, for rules from the database (ADR 341). */
  readonly published?: number;
}

export interface OfferRulesSource {
  current(): OfferRuleSet;
  /**
   * Reads OFFER_RULES_DIR again, or the newest version published to the database. Good rules replace the current
   * ones; bad ones are refused, the last good set stays, and the problems are logged.
   */
  reload(): Promise<{ ok: true; version: string } | { ok: false; problems: readonly string[] }>;
}

/** The analyst's rules did not pass the check: the site does not start with them. */
export class OfferRulesError extends Error {
  override name = "OfferRulesError";
}

/** The problems as `showroom-rules check` prints them: file, line and column, the rule named, what to write. */
const lines = (problems: readonly RuleProblem[]) => problems.map(formatRuleProblem);

/**
 * The offer rules of this server (ADR 201): the package's, or those of `dir` checked as `showroom-rules check` does.
 * Rejects with an {@link OfferRulesError} listing the check's messages when `dir`'s rules are invalid, so a bad
 * folder stops the start instead of pricing offers with rules nobody meant.
 *
 * A relative `dir` is read from the folder `npm start` was run in (npm's INIT_CWD; else the process's folder), not
 * from packages/app, where npm runs the workspace's script (ADR 310).
 */
export async function openOfferRules(
  dir: string | undefined,
  log: (line: string) => void = (line) => console.log(line),
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<OfferRulesSource> {
  if (!dir) {
    const fixed: OfferRuleSet = { rules: defaultOfferRules, version: defaultOfferRulesVersion, dir: null };
    return { current: () => fixed, reload: async () => ({ ok: true, version: fixed.version }) };
  }
  const folder = resolve(env.INIT_CWD || process.cwd(), dir);
  const first = await loadOfferRules(folder);
  if (!first.ok) {
    throw new OfferRulesError(
      [
        `OFFER_RULES_DIR: the offer rules in ${first.dir} are invalid:`,
        ...lines(first.problems).map((l) => `  ${l}`),
      ].join("\n"),
    );
  }
  let current: OfferRuleSet = { rules: first.rules, version: first.version, dir: first.dir };
  log(`Offer rules ${current.version} from ${current.dir}`);
  let reloading: Promise<Awaited<ReturnType<OfferRulesSource["reload"]>>> | null = null;
  const reloadOnce = async () => {
    const loaded = await loadOfferRules(folder);
    if (!loaded.ok) {
      const problems = lines(loaded.problems);
      log(
        [
          `Offer rules in ${loaded.dir} not reloaded: keeping ${current.version}. Problems:`,
          ...problems.map((l) => `  ${l}`),
        ].join("\n"),
      );
      return { ok: false as const, problems };
    }
    const before = current.version;
    current = { rules: loaded.rules, version: loaded.version, dir: loaded.dir };
    log(`Offer rules reloaded from ${current.dir}: ${current.version} (was ${before})`);
    return { ok: true as const, version: current.version };
  };
  return {
    current: () => current,
    // A signal during a reload shares it rather than reading the folder twice at once.
    reload: () => {
      reloading ??= reloadOnce().finally(() => {
        reloading = null;
      });
      return reloading;
    },
  };
}
