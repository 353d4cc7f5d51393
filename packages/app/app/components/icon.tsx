import { useId } from "react";
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
export type IconName = (typeof ICON_NAMES)[number];

const KNOWN: ReadonlySet<string> = new Set(ICON_NAMES);
const STAR =
  "M11.48 3.499a.562.562 0 011.04 0l2.125 5.111a.563.563 0 00.475.345l5.518.442c.499.04.701.663.321.988l-4.204 3.602a.563.563 0 00-.182.557l1.285 5.385a.562.562 0 01-.84.61l-4.725-2.885a.563.563 0 00-.586 0L6.982 20.54a.562.562 0 01-.84-.61l1.285-5.386a.562.562 0 00-.182-.557l-4.204-3.602a.563.563 0 01.321-.988l5.518-.442a.563.563 0 00.475-.345L11.48 3.5z";

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

/** Five stars filled to `rating` (0–5), for a visible rating; the number itself is given as text beside it. */
export function Stars({ rating, className = "size-5" }: { rating: number; className?: string }) {
  const uid = useId();
  return (
    <span className="inline-flex text-amber-500" aria-hidden="true">
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, rating - i));
        return (
          <svg key={i} viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
            <defs>
              <linearGradient id={`${uid}-${i}`}>
                <stop offset={`${fill * 100}%`} stopColor="currentColor" />
                <stop offset={`${fill * 100}%`} stopColor="#cbd5e1" />
              </linearGradient>
            </defs>
            <path fill={`url(#${uid}-${i})`} d={STAR} />
          </svg>
        );
      })}
    </span>
  );
}
