/**
 * A refused post's values to show again, one string per field. A field posted twice (a hand-made or replayed post)
 * arrives as a list; fields render one value, so the last one posted is shown, as a browser's own form would keep.
 * Anything else (a file, a nested object) is not shown.
 */
export function shownValues(initialValue: unknown): Record<string, string | undefined> {
  if (typeof initialValue !== "object" || initialValue === null) return {};
  // fromEntries defines own properties, so a field named __proto__ is a value like any other, never a prototype.
  return Object.fromEntries(
    Object.entries(initialValue).map(([name, value]) => [
      name,
      typeof value === "string"
        ? value
        : Array.isArray(value)
          ? value.filter((v): v is string => typeof v === "string").at(-1)
          : undefined,
    ]),
  );
}
