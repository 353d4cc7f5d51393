import { CELL, DeskHeading, DeskTable, deskMeta } from "../components/staff/desk";
import { experimentsFor } from "../server/experiments/experiments.server";
import {
  EXPERIMENTS_SHOWN,
  OFFERS_COUNTED,
  offerExperimentStats,
  type PriceStats,
  runningOfferExperiment,
  type VersionStats,
} from "../server/experiments/offer-experiments-desk.server";
import { deskOf } from "../server/staff/access.server";
import type { Route } from "./+types/staff-offer-experiments";

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = deskOf(context);
  const file = await experimentsFor(services.config).load();
  const [running, experiments] = await Promise.all([
    runningOfferExperiment(services.db, file),
    offerExperimentStats(services.db),
  ]);
  return { running, experiments, shown: EXPERIMENTS_SHOWN, counted: OFFERS_COUNTED };
}

export const meta = () => deskMeta("Offer experiments");

const whole = new Intl.NumberFormat("en-US");
const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });
const share = (part: number, of: number) => (of === 0 ? "—" : percent.format(part / of));

function versionName(v: Pick<VersionStats, "published" | "rulesVersion">) {
  return v.published === null ? `Package rules (${v.rulesVersion})` : `Version ${v.published} (${v.rulesVersion})`;
}

function Prices({ stats }: { stats: PriceStats }) {
  if (stats.count === 0 || stats.average === null || stats.median === null) return <>—</>;
  return <>{`${money.format(stats.average)} / ${money.format(stats.median)} (${whole.format(stats.count)})`}</>;
}

function Running({ running }: { running: NonNullable<Route.ComponentProps["loaderData"]["running"]> }) {
  const named = typeof running.named === "number" ? `version ${running.named}` : `the rules ${running.named}`;
  return (
    <p className="mt-2 max-w-3xl text-slate-700">
      {`Running now: ${running.name} (${running.description}) prices ${percent.format(running.allocation)} of sell/trade visitors with ${named}; the rest with the live version. `}
      {running.found
        ? `That is published version ${running.found.version} (${running.found.hash}).`
        : "No published version has that name, so its visitors are priced with the live version until one is."}
    </p>
  );
}

/**
 * Offer-rules experiments side by side: per side and rules version, the offers made, the average and median offer by
 * outcome and the visits they brought. Counts and prices only: no shopper, vehicle or address (ADR 392).
 */
export default function StaffOfferExperiments({ loaderData }: Route.ComponentProps) {
  const { running, experiments } = loaderData;
  return (
    <>
      <DeskHeading>Offer experiments</DeskHeading>
      <p className="mt-2 max-w-3xl text-slate-700">
        An experiment in the site’s experiments may price a share of sell/trade visitors with another published version
        of the offer rules. A visitor keeps the version that priced their offer for the 7 days it stands. The{" "}
        {whole.format(loaderData.shown)} experiments with the newest offers are shown; prices are average / median (how
        many offers had one).
      </p>
      {running ? (
        <Running running={running} />
      ) : (
        <p className="mt-2 text-slate-700">No experiment prices offers now.</p>
      )}
      {experiments.length === 0 ? (
        <p className="mt-6 text-slate-700">No offer has been made in an experiment yet.</p>
      ) : null}
      {experiments.map((experiment) => (
        <section key={experiment.name} className="mt-8" aria-labelledby={`experiment-${experiment.name}`}>
          <h2 id={`experiment-${experiment.name}`} className="text-xl font-semibold">
            {experiment.name}
          </h2>
          {experiment.capped ? (
            <p className="mt-1 text-slate-700">{`Counted over its newest ${whole.format(loaderData.counted)} offers.`}</p>
          ) : null}
          <DeskTable
            caption={`Offers of ${experiment.name} by side and rules version`}
            headers={["Side", "Rules", "Offers made", "Bring it in", "Cash Now", "More Cash Later", "Visits booked"]}
          >
            {experiment.versions.map((v) => (
              <tr key={`${v.arm}-${v.rulesVersion}`}>
                <td className={CELL}>{v.arm === "variant" ? "Experiment" : "Live (control)"}</td>
                <td className={CELL}>{versionName(v)}</td>
                <td className={CELL}>{whole.format(v.offers)}</td>
                <td className={CELL}>{`${whole.format(v.bringIn)} (${share(v.bringIn, v.offers)})`}</td>
                <td className={CELL}>
                  <Prices stats={v.cashNow} />
                </td>
                <td className={CELL}>
                  <Prices stats={v.moreCashLater} />
                </td>
                <td className={CELL}>{`${whole.format(v.visits)} (${share(v.visits, v.offers)})`}</td>
              </tr>
            ))}
          </DeskTable>
        </section>
      ))}
    </>
  );
}
