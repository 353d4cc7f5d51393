import { BODY_STYLE_NAMES, EXTERIOR_COLOR_HEX, vehicleIllustration } from "@showroom/fixtures";
import { svgForInlining } from "./inline-svg.server";

const STYLES = Object.entries(BODY_STYLE_NAMES) as [keyof typeof BODY_STYLE_NAMES, { id: string }][];
const COLOURS = Object.keys(EXTERIOR_COLOR_HEX);

/**
 * The SVG of a vehicle picture's file name (`suvs-red.svg`): the fixtures' illustration of a body style in a paint
 * colour (ADR 084). Null for a name that is not one.
 */
export function vehiclePictureSvg(fileName: string): string | null {
  const found = /^([a-z]+)-([a-z]+)\.svg$/.exec(fileName);
  const style = STYLES.find(([, names]) => names.id === found?.[1])?.[0];
  const colour = COLOURS.find((c) => c.toLowerCase() === found?.[2]) ?? (found?.[2] === "other" ? "other" : undefined);
  return style && colour ? vehicleIllustration(style, colour) : null;
}

const inlined = new Map<string, string | null>();

/**
 * The markup of a vehicle picture (`/media/vehicles/…`) for inlining in the page, as the home hero's first picture
 * (docs/decisions/153): painted with the document, not as an image document of its own in a later task.
 */
export function inlineVehiclePicture(path: string): string | null {
  if (inlined.has(path)) return inlined.get(path) ?? null;
  const name = path.startsWith("/media/vehicles/") ? path.slice("/media/vehicles/".length) : "";
  const svg = vehiclePictureSvg(name);
  const markup = svg === null ? null : svgForInlining(svg);
  inlined.set(path, markup);
  return markup;
}
