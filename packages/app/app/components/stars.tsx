import { useId } from "react";

// The star outline of the icon set, drawn inline so each star can carry its own gradient fill. Kept apart from the
// icons so only the pages that show ratings carry it.
const STAR =
  "M11.48 3.499a.562.562 0 011.04 0l2.125 5.111a.563.563 0 00.475.345l5.518.442c.499.04.701.663.321.988l-4.204 3.602a.563.563 0 00-.182.557l1.285 5.385a.562.562 0 01-.84.61l-4.725-2.885a.563.563 0 00-.586 0L6.982 20.54a.562.562 0 01-.84-.61l1.285-5.386a.562.562 0 00-.182-.557l-4.204-3.602a.563.563 0 01.321-.988l5.518-.442a.563.563 0 00.475-.345L11.48 3.5z";

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
