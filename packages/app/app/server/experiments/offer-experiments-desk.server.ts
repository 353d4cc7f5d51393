// The desk's view of offer-rules experiments (issue 30, ADR 392): per experiment and rules version, how many offers
// were made, what they offered by outcome and how many visits they brought. Counted by the database in one grouped
// query over the offers an experiment marked; nothing of the person (no visitor, lead, VIN, ZIP or address) is read.
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
  readonly versions: readonly VersionStats[];
}

interface Row {
  experiment: string;
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
 * The statistics of the {@link EXPERIMENTS_SHOWN} experiments with the newest offers, each version of each side in
 * its own row: the offers' outcome and prices are read from the saved offer, the visit from the offer's own mark.
 */
export async function offerExperimentStats(db: Db): Promise<ExperimentStats[]> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with shown as (
        select experiment, max(created_at) as newest from offers
        where experiment is not null group by experiment order by newest desc limit ${EXPERIMENTS_SHOWN}
      ), priced as (
        select o.experiment, o.experiment_arm, o.rules_version, o.rules_published, o.outcome, o.visit_booked_at,
          case when o.outcome = 'offer' then (o.offer -> 'cashNow' ->> 'price')::numeric end as cash,
          case when o.outcome = 'offer' then (o.offer -> 'moreCashLater' ->> 'price')::numeric end as later
        from offers o join shown s on s.experiment = o.experiment
      )
      select experiment, experiment_arm as arm, rules_version, max(rules_published) as published,
        count(*) as offers,
        count(*) filter (where outcome = 'bring-in') as bring_in,
        count(cash) as cash_count, avg(cash) as cash_avg,
        percentile_cont(0.5) within group (order by cash) as cash_median,
        count(later) as later_count, avg(later) as later_avg,
        percentile_cont(0.5) within group (order by later) as later_median,
        count(visit_booked_at) as visits
      from priced
      group by experiment, experiment_arm, rules_version
      order by experiment, experiment_arm desc, published nulls first, rules_version
      limit ${MAX_ROWS}
    `),
  );
  const byName = new Map<string, VersionStats[]>();
  for (const row of rows) {
    const versions = byName.get(row.experiment) ?? [];
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
    byName.set(row.experiment, versions);
  }
  return [...byName].map(([name, versions]) => ({ name, versions }));
}
