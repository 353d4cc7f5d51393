import { createHash } from "node:crypto";
import { checkRules } from "../bin/check";
import { readRuleDir } from "../bin/rule-dir";
import { RuleFileError, type RuleProblem } from "../shared/rule-file";
import {
  defaultOfferRules,
  OFFER_RULE_FILES,
  type OfferRulePart,
  type OfferRules,
  parseOfferRules,
} from "./offer-rules";

/** What {@link loadOfferRules} found in an analyst's directory. */
export type LoadedOfferRules =
  | {
      readonly ok: true;
      readonly dir: string;
      readonly rules: OfferRules;
      /** The content hash of the rules (see {@link offerRulesVersion}). */
      readonly version: string;
      /** Offer rule files missing from the directory, for which the package defaults apply. */
      readonly defaulted: readonly string[];
    }
  | { readonly ok: false; readonly dir: string; readonly problems: readonly RuleProblem[] };

function withoutSchemaKey(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const { $schema: _schema, ...rest } = value as Record<string, unknown>;
  return rest;
}

/**
 * The version of a rule set: the first 16 hex digits of the SHA-256 of its validated content (the questionnaire,
 * outcomes and settings, without `$schema`). Validation fixes key order and drops formatting, so only a change to a
 * rule changes the version.
 */
export function offerRulesVersion(rules: OfferRules): string {
  const content = JSON.stringify([
    withoutSchemaKey(rules.questionnaire),
    withoutSchemaKey(rules.outcomes),
    withoutSchemaKey(rules.settings),
  ]);
  return createHash("sha256").update(content).digest("hex").slice(0, 16);
}

/**
 * Loads the offer rules from an analyst's rule directory (what `showroom-rules check` reads): every rule file in it
 * is checked with `checkRules`, and when none has a problem the offer's three files (`questionnaire.json`,
 * `offer-outcomes.json`, `offer-settings.json`) are parsed, a missing one taking the package default. Answers the
 * rules and their version, or every problem the check found; it never throws for what is in the directory.
 */
export async function loadOfferRules(dir: string): Promise<LoadedOfferRules> {
  try {
    const report = await checkRules(dir);
    if (report.problems.length > 0) return { ok: false, dir: report.dir, problems: report.problems };
    const found = await readRuleDir(dir);
    const part = (name: OfferRulePart) =>
      found.files.has(OFFER_RULE_FILES[name]) ? found.files.get(OFFER_RULE_FILES[name]) : defaultOfferRules[name];
    // Parsed again from a second read: a file that changed between the check and this read is checked here.
    const rules = parseOfferRules({
      questionnaire: part("questionnaire"),
      outcomes: part("outcomes"),
      settings: part("settings"),
    });
    const defaulted = Object.values(OFFER_RULE_FILES).filter((file) => !found.files.has(file));
    return { ok: true, dir: found.dir, rules, version: offerRulesVersion(rules), defaulted };
  } catch (error) {
    if (error instanceof RuleFileError) return { ok: false, dir, problems: error.problems };
    // A directory that is missing or unreadable is a problem of the configuration, reported the same way.
    return { ok: false, dir, problems: [{ file: dir, path: "$", message: (error as Error).message }] };
  }
}

/** The version of the rules that ship with the package. */
export const defaultOfferRulesVersion: string = offerRulesVersion(defaultOfferRules);
