import spriteUrl from "./icons.svg?url";

/**
 * The shell's outline icons (24 × 24, 1.5 stroke). Their paths live in one SVG sprite, a hashed and immutably cached
 * asset, so neither every page's JavaScript nor its HTML repeats them; each icon is a `<use>` of its symbol. Icons
 * named by content fixtures arrive as path data from the loaders (`content/icons.server`): pass them as `d`.
 */
export const ICON_NAMES = [
  "phone",
  "check",
  "chevron-down",
  "chevron-left",
  "chevron-right",
  "pause",
  "play",
  "x-mark",
  "star",
  "map-pin",
  "document-text",
  "clock",
  "check-badge",
  "bars-3",
  "arrow-right",
  "question-mark-circle",
] as const;

const KNOWN: ReadonlySet<string> = new Set(ICON_NAMES);

/** An outline icon by name; an unknown name logs and shows the question-mark circle (spec section 8). */
export function Icon({ name, d, className = "size-6" }: { name?: string; d?: string; className?: string }) {
  let symbol: string | undefined;
  if (d === undefined) {
    symbol = name;
    if (name === undefined || !KNOWN.has(name)) {
      console.log(`Icon "${name}" does not exist; showing question-mark-circle`);
      symbol = "question-mark-circle";
    }
  }
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      className={className}
    >
      {symbol === undefined ? (
        <path strokeLinecap="round" strokeLinejoin="round" d={d} />
      ) : (
        <use href={`${spriteUrl}#${symbol}`} />
      )}
    </svg>
  );
}
