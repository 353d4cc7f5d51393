import { createHash } from "node:crypto";
import { type CheckReport, checkRuleDir } from "../bin/check";
import { type RuleDir, readRuleDir, ruleDirOfTexts } from "../bin/rule-dir";
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
      /** The offer rule files present, as written, by name: exactly what was checked and parsed. */
      readonly texts: ReadonlyMap<string, string>;
      /** What `showroom-rules check` found (no problems): every rule file checked, and those defaulted. */
      readonly report: CheckReport;
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
 * is read once and checked as `check` does, and when none has a problem the offer's three files
 * (`questionnaire.json`, `offer-outcomes.json`, `offer-settings.json`) are parsed from that same read, a missing one
 * taking the package default. Answers the rules and their version, or every problem the check found; it never
 * throws for what is in the directory.
 */
export async function loadOfferRules(dir: string): Promise<LoadedOfferRules> {
  let found: RuleDir;
  try {
    found = await readRuleDir(dir);
  } catch (error) {
    // A directory that is missing or unreadable is a problem of the configuration, reported the same way.
    return { ok: false, dir, problems: [{ file: dir, path: "$", message: (error as Error).message }] };
  }
  return loadedFrom(found);
}

/**
 * {@link loadOfferRules} for rule files given as texts by file name (a rule set kept in a database, or uploaded):
 * the same check, the same parse, the same version. `from` names where they came from.
 */
export function loadOfferRuleTexts(texts: ReadonlyMap<string, string>, from: string): LoadedOfferRules {
  return loadedFrom(ruleDirOfTexts(from, texts));
}

function loadedFrom(found: RuleDir): LoadedOfferRules {
  try {
    const report = checkRuleDir(found);
    if (report.problems.length > 0) return { ok: false, dir: report.dir, problems: report.problems };
    const part = (name: OfferRulePart) =>
      found.files.has(OFFER_RULE_FILES[name]) ? found.files.get(OFFER_RULE_FILES[name]) : defaultOfferRules[name];
    const rules = parseOfferRules({
      questionnaire: part("questionnaire"),
      outcomes: part("outcomes"),
      settings: part("settings"),
    });
    const offerFiles: readonly string[] = Object.values(OFFER_RULE_FILES);
    const defaulted = offerFiles.filter((file) => !found.files.has(file));
    const texts = new Map([...found.texts].filter(([name]) => offerFiles.includes(name)));
    return { ok: true, dir: found.dir, rules, version: offerRulesVersion(rules), defaulted, texts, report };
  } catch (error) {
    if (error instanceof RuleFileError) return { ok: false, dir: found.dir, problems: error.problems };
    throw error;
  }
}

/** The version of the rules that ship with the package. */
export const defaultOfferRulesVersion: string = offerRulesVersion(defaultOfferRules);
