/** The path of a vehicle's drawing: its body style in its paint colour (ADR 084), one cached file per combination. */
export function vehiclePicturePath(bodyStyle: string, color: string | null): string {
  const colour = (color ?? "other").toLowerCase().replace(/[^a-z]/g, "") || "other";
  return `/media/vehicles/${bodyStyle}-${colour}.svg`;
}
