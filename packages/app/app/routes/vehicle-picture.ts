import { vehiclePictureSvg } from "../content/vehicle-picture.server";
import type { Route } from "./+types/vehicle-picture";

/**
 * `/media/vehicles/{body-style}-{colour}.svg` (`suvs-red.svg`): the fixtures' illustration of a vehicle in its paint
 * colour (ADR 084), the picture every vehicle card shows until a feed sends photos. Unknown names answer 404.
 */
export function loader({ params }: Route.LoaderArgs) {
  const svg = vehiclePictureSvg(params.picture);
  if (svg === null) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
  });
}
