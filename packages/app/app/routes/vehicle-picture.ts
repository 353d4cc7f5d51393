import { BODY_STYLE_NAMES, EXTERIOR_COLOR_HEX, vehicleIllustration } from "@showroom/fixtures";
import type { Route } from "./+types/vehicle-picture";

const STYLES = Object.entries(BODY_STYLE_NAMES) as [keyof typeof BODY_STYLE_NAMES, { id: string }][];
const COLOURS = Object.keys(EXTERIOR_COLOR_HEX);

/**
 * `/media/vehicles/{body-style}-{colour}.svg` (`suvs-red.svg`): the fixtures' illustration of a vehicle in its paint
 * colour (ADR 084), the picture every vehicle card shows until a feed sends photos. Unknown names answer 404.
 */
export function loader({ params }: Route.LoaderArgs) {
  const found = /^([a-z]+)-([a-z]+)\.svg$/.exec(params.picture);
  const style = STYLES.find(([, names]) => names.id === found?.[1])?.[0];
  const colour = COLOURS.find((c) => c.toLowerCase() === found?.[2]) ?? (found?.[2] === "other" ? "other" : undefined);
  if (!style || !colour) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(vehicleIllustration(style, colour), {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
  });
}
