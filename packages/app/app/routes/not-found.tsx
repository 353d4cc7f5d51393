import { legacyRedirect, parseVehiclePath } from "@showroom/rules/inventory";
import { data, redirect } from "react-router";
import { rowPath, vehicleByVin } from "../content/inventory.server";
import { getSite } from "../content/site.server";
import { t } from "../content/translations.server";
import type { Route } from "./+types/not-found";

/**
 * Every path no route claims. An address of the old site answers 301 with its new home (spec section 2, redirects
 * before navigation), in one hop: an old vehicle page goes straight to the vehicle's canonical detail path. Anything
 * else is the spec's non-fatal "Page not found: {path}" with status 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const site = await getSite(context);
  let target = legacyRedirect(url.pathname, { conditions: site.settings.vehicleConditions });
  if (target) {
    const detail = parseVehiclePath(target);
    const vehicle = detail ? await vehicleByVin(site.services.db, detail.vin, site.settings.vehicleConditions) : null;
    if (vehicle && !vehicle.private) target = rowPath(vehicle);
    throw redirect(`${target}${url.search}`, 301);
  }
  throw data(t("errors.noRouteMatched", { path: url.pathname }), { status: 404 });
}

export default function NotFound() {
  return null;
}
