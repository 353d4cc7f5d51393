// Which offer rules price a visitor's sell/trade offer (issue 30, ADR 390): the live version, or the version an
// experiment names for its share of visitors, kept for the 7 days an offer stands.
import type { ExperimentsFile } from "@showroom/fixtures";
import { todayIn } from "@showroom/forms";
import { loadOfferRuleTexts } from "@showroom/rules/offer";
import { and, desc, eq, gte, isNotNull } from "drizzle-orm";
import type { Site } from "../../content/site.server";
import type { SellServices } from "../../context";
import type { Db } from "../db/client.server";
import { offerRuleVersions, offers } from "../db/schema.server";
import { logWarn } from "../log.server";
import { textsOf, versionLabel } from "../sell/offer-rule-versions.server";
import type { OfferRuleSet } from "../sell/offer-rules-source.server";
import { offerRulesArm } from "./assignment";
import { experimentsFor } from "./experiments.server";

export interface OfferExperiment {
  readonly name: string;
  readonly arm: "variant" | "control";
}

/** The rules that price this visitor's offer, and the experiment (with its side) the offer counts for, if any. */
export interface VisitorOfferRules {
  readonly set: OfferRuleSet;
  readonly experiment: OfferExperiment | null;
}

type Experiment = ExperimentsFile["experiments"][number];

/** The experiment that names offer rules: the schema lets one do so at a time. */
export function offerRulesExperiment(file: ExperimentsFile): Experiment | undefined {
  return file.experiments.find((experiment) => experiment.parameters.offerRules !== undefined);
}

/** Published versions are never changed, so a loaded one is kept; a handful at most is in use at once. */
const MAX_CACHED = 8;
const loadedByDb = new WeakMap<Db, Map<number, OfferRuleSet | null>>();

/** A published version's rules by its number, or the newest version with this content hash; null when none loads. */
async function publishedSet(db: Db, ref: number | string): Promise<OfferRuleSet | null> {
  const [row] = await db
    .select()
    .from(offerRuleVersions)
    .where(typeof ref === "number" ? eq(offerRuleVersions.version, ref) : eq(offerRuleVersions.contentHash, ref))
    .orderBy(desc(offerRuleVersions.version))
    .limit(1);
  if (!row) return null;
  let cache = loadedByDb.get(db);
  if (!cache) {
    cache = new Map();
    loadedByDb.set(db, cache);
  }
  const cached = cache.get(row.version);
  if (cached !== undefined) return cached;
  const loaded = loadOfferRuleTexts(textsOf(row), versionLabel(row.version));
  const set = loaded.ok ? { rules: loaded.rules, version: loaded.version, dir: null, published: row.version } : null;
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as number);
  cache.set(row.version, set);
  return set;
}

/** Each unusable reference is logged once per process, not at every page of every visitor. */
const warned = new Set<string>();
function warnOnce(key: string, line: string) {
  if (warned.has(key)) return;
  if (warned.size > 100) warned.clear();
  warned.add(key);
  logWarn(line);
}

/**
 * The version of the visitor's newest offer made in an experiment that still stands: re-pricing within its validity
 * keeps the version and the side, even if the experiment has changed or ended since.
 */
async function pinned(db: Db, visitorId: string, today: string, live: OfferRuleSet): Promise<VisitorOfferRules | null> {
  const [row] = await db
    .select({
      rulesVersion: offers.rulesVersion,
      rulesPublished: offers.rulesPublished,
      experiment: offers.experiment,
      arm: offers.experimentArm,
    })
    .from(offers)
    .where(and(eq(offers.visitorId, visitorId), isNotNull(offers.experiment), gte(offers.validUntil, today)))
    .orderBy(desc(offers.createdAt))
    .limit(1);
  if (!row?.experiment || !row.arm) return null;
  const experiment = { name: row.experiment, arm: row.arm };
  if (row.rulesVersion === live.version) return { set: live, experiment };
  const set = await publishedSet(db, row.rulesPublished ?? row.rulesVersion);
  if (set?.version === row.rulesVersion) return { set, experiment };
  warnOnce(
    `pin:${row.rulesVersion}`,
    `experiments: offer rules ${row.rulesVersion}, which priced a standing offer, are no longer published; re-pricing with the live rules`,
  );
  return null;
}

/** The rules for a visitor with no standing experiment offer: by the experiment's split, else the live ones. */
async function assigned(db: Db, file: ExperimentsFile, visitorId: string, live: OfferRuleSet) {
  const experiment = offerRulesExperiment(file);
  const ref = experiment?.parameters.offerRules;
  if (!experiment || ref === undefined) return { set: live, experiment: null };
  const arm = offerRulesArm(experiment, visitorId);
  if (arm === "control") return { set: live, experiment: { name: experiment.name, arm } };
  const set = await publishedSet(db, ref);
  if (!set) {
    // An unknown or no longer valid version prices nothing: the variant's visitors get the live rules, and the desk
    // shows their offers under the live version.
    warnOnce(
      `ref:${experiment.name}:${ref}`,
      `experiments: ${experiment.name} names offer rules ${ref}, which no published version is or passes the check; its visitors are priced with the live rules`,
    );
    return { set: live, experiment: { name: experiment.name, arm } };
  }
  return { set, experiment: { name: experiment.name, arm } };
}

/**
 * The offer rules of a visitor: OFFER_RULES_DIR's when set (it overrides the database, experiments too); a visitor
 * the site does not know yet gets the live rules outside any experiment (ADR 287); a known one keeps the version of
 * a standing experiment offer, else falls on the experiment's split by its id.
 */
export async function resolveVisitorOfferRules(
  db: Db,
  input: { live: OfferRuleSet; file: ExperimentsFile; visitorId: string | null; today: string },
): Promise<VisitorOfferRules> {
  const { live, file, visitorId, today } = input;
  if (live.dir !== null || visitorId === null) return { set: live, experiment: null };
  return (await pinned(db, visitorId, today, live)) ?? assigned(db, file, visitorId, live);
}

const perRequest = new WeakMap<Site, Promise<VisitorOfferRules>>();

/** This request's visitor's offer rules, resolved once per request. */
function visitorOfferRules(site: Site): Promise<VisitorOfferRules> {
  let resolved = perRequest.get(site);
  if (!resolved) {
    const { services, visitor } = site;
    resolved = experimentsFor(services.config)
      .load()
      .then((file) =>
        resolveVisitorOfferRules(services.db, {
          live: services.sell.offerRules.current(),
          file,
          visitorId: visitor.known ? visitor.visitorId : null,
          today: todayIn(site.store.dealer.timezone),
        }),
      );
    perRequest.set(site, resolved);
  }
  return resolved;
}

/** The sell/trade services with the visitor's offer rules in place of the live ones: the journey and its pricing. */
export async function visitorSell(site: Site): Promise<{ sell: SellServices; experiment: OfferExperiment | null }> {
  const { set, experiment } = await visitorOfferRules(site);
  const { sell } = site.services;
  if (set === sell.offerRules.current()) return { sell, experiment };
  return { sell: { ...sell, offerRules: { current: () => set, reload: sell.offerRules.reload } }, experiment };
}
