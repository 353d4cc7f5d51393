import { data } from "react-router";
import { getSite } from "../content/site.server";
import { experimentsFor } from "../server/experiments/experiments.server";
import type { Route } from "./+types/api.statsig-experiments";

/**
 * `GET /api/statsig/experiments` (spec section 7): the names of the running experiments, with the experiment
 * client's state and the ones this visitor is in. Pages do not need it (the server renders the assigned variant,
 * ADR 287); it is for integrators and the analytics logger. Private: the assignment is this visitor's.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const site = await getSite(context);
  const provider = experimentsFor(site.services.config);
  const file = await provider.load();
  return data(
    {
      status: provider.status(),
      experiments: file.experiments.map((experiment) => experiment.name),
      assigned: site.experiments.names,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
