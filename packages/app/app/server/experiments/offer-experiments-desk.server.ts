// The desk's view of offer-rules experiments (issue 30, ADR 392): per experiment and rules version, how many offers
// were made, what they offered by outcome and how many visits they brought. Counted by the database in one grouped
// query over the newest offers an experiment marked, from plain columns; nothing of the person (no visitor, lead,
// VIN, ZIP or address) is read.
import type { ExperimentsFile } from "@showroom/fixtures";
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { rowsOf } from "../db/rows";
import { offerRuleVersions } from "../db/schema.server";
import { offerRulesExperiment } from "./offer-rules-experiment.server";

/** The experiment that names offer rules now, and the published version its name finds (null: none, so live). */
export interface RunningOfferExperiment {
  readonly name: string;
  readonly description: string;
  readonly allocation: number;
  readonly named: number | string;
  readonly found: { readonly version: number; readonly hash: string } | null;
}

export async function runningOfferExperiment(db: Db, file: ExperimentsFile): Promise<RunningOfferExperiment | null> {
  const experiment = offerRulesExperiment(file);
  const named = experiment?.parameters.offerRules;
  if (!experiment || named === undefined) return null;
  const [row] = await db
    .select({ version: offerRuleVersions.version, hash: offerRuleVersions.contentHash })
    .from(offerRuleVersions)
    .where(typeof named === "number" ? eq(offerRuleVersions.version, named) : eq(offerRuleVersions.contentHash, named))
    .orderBy(desc(offerRuleVersions.version))
    .limit(1);
  const { name, description, allocation } = experiment;
  return { name, description, allocation, named, found: row ?? null };
}

/** The experiments shown: the ones with the newest offers. An experiment has a few versions, so rows stay few. */
export const EXPERIMENTS_SHOWN = 5;
/**
 * The newest offers of an experiment that are counted: the page's cost stays bounded however long one runs (ADR 392;
 * a dealer group makes far fewer offers than this in an experiment's weeks).
 */
export const OFFERS_COUNTED = 20_000;
const MAX_ROWS = 100;

/** An outcome's prices among a version's offers: how many had one, their mean and median in whole dollars. */
export interface PriceStats {
  readonly count: number;
  readonly average: number | null;
  readonly median: number | null;
}

export interface VersionStats {
  readonly arm: "variant" | "control";
  readonly rulesVersion: string;
  /** The published version's number; null for the package's rules. */
  readonly published: number | null;
  readonly offers: number;
  /** Offers with no online price: bring it in. */
  readonly bringIn: number;
  readonly cashNow: PriceStats;
  readonly moreCashLater: PriceStats;
  /** Offers from which a visit was booked. */
  readonly visits: number;
}

export interface ExperimentStats {
  readonly name: string;
  /** Whether the experiment has more offers than {@link OFFERS_COUNTED}: only its newest are counted. */
  readonly capped: boolean;
  readonly versions: readonly VersionStats[];
}

interface Row {
  experiment: string;
  capped: boolean;
  arm: "variant" | "control";
  rules_version: string;
  published: number | string | null;
  offers: number | string;
  bring_in: number | string;
  cash_count: number | string;
  cash_avg: number | string | null;
  cash_median: number | string | null;
  later_count: number | string;
  later_avg: number | string | null;
  later_median: number | string | null;
  visits: number | string;
}

// The drivers answer bigint and numeric as strings; the figures are counts and dollar amounts, well within a double.
const int = (value: number | string) => Number(value);
const dollars = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));

/**
 * The statistics of the {@link EXPERIMENTS_SHOWN} experiments with the newest offers, over each one's newest
 * {@link OFFERS_COUNTED} offers, each version of each side in its own row: outcome, the two prices and the visit mark
 * are the offer row's own columns.
 */
export async function offerExperimentStats(db: Db, counted = OFFERS_COUNTED): Promise<ExperimentStats[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with shown as (
        select experiment, max(created_at) as newest from offers
        where experiment is not null group by experiment order by newest desc limit ${EXPERIMENTS_SHOWN}
      ), flagged as (
        select s.experiment, exists (
          select 1 from offers o where o.experiment = s.experiment
          order by o.created_at desc offset ${counted} limit 1
        ) as capped from shown s
      ), counted as (
        select f.experiment, f.capped, o.experiment_arm, o.rules_version, o.rules_published, o.outcome,
          o.visit_booked_at, o.cash_now_price as cash, o.more_cash_later_price as later
        from flagged f cross join lateral (
          select * from offers o where o.experiment = f.experiment order by o.created_at desc limit ${counted}
        ) o
      )
      select experiment, bool_or(capped) as capped, experiment_arm as arm, rules_version,
        max(rules_published) as published,
        count(*) as offers,
        count(*) filter (where outcome = 'bring-in') as bring_in,
        count(cash) as cash_count, avg(cash) as cash_avg,
        percentile_cont(0.5) within group (order by cash) as cash_median,
        count(later) as later_count, avg(later) as later_avg,
        percentile_cont(0.5) within group (order by later) as later_median,
        count(visit_booked_at) as visits
      from counted
      group by experiment, experiment_arm, rules_version
      order by experiment, experiment_arm desc, published nulls first, rules_version
      limit ${MAX_ROWS}
    `),
  );
  const byName = new Map<string, { capped: boolean; versions: VersionStats[] }>();
  for (const row of rows) {
    const experiment = byName.get(row.experiment) ?? { capped: false, versions: [] };
    // Either driver may answer a boolean as "t"/"f" text through a raw query.
    experiment.capped ||= row.capped === true || String(row.capped) === "t" || String(row.capped) === "true";
    const { versions } = experiment;
    versions.push({
      arm: row.arm,
      rulesVersion: row.rules_version,
      published: row.published === null ? null : int(row.published),
      offers: int(row.offers),
      bringIn: int(row.bring_in),
      cashNow: { count: int(row.cash_count), average: dollars(row.cash_avg), median: dollars(row.cash_median) },
      moreCashLater: {
        count: int(row.later_count),
        average: dollars(row.later_avg),
        median: dollars(row.later_median),
      },
      visits: int(row.visits),
    });
    byName.set(row.experiment, experiment);
  }
  return [...byName].map(([name, { capped, versions }]) => ({ name, capped, versions }));
}
