import { useId } from "react";

/**
 * The shell's outline icons (24 × 24, 1.5 stroke), drawn inline so no icon font or sprite request is made. Icons
 * named by content fixtures arrive as path data from the loaders (`content/icons.server`): pass them as `d`.
 */
const PATHS: Readonly<Record<string, string>> = {
  phone:
    "M2.25 6.75c0 8.284 6.716 15 15 15h2.25a2.25 2.25 0 002.25-2.25v-1.372c0-.516-.351-.966-.852-1.091l-4.423-1.106c-.44-.11-.902.055-1.173.417l-.97 1.293c-.282.376-.769.542-1.21.38a12.035 12.035 0 01-7.143-7.143c-.162-.441.004-.928.38-1.21l1.293-.97c.363-.271.527-.734.417-1.173L6.963 3.102a1.125 1.125 0 00-1.091-.852H4.5A2.25 2.25 0 002.25 4.5v2.25z",
  check: "M4.5 12.75l6 6 9-13.5",
  "chevron-down": "M19.5 8.25l-7.5 7.5-7.5-7.5",
  "chevron-left": "M15.75 19.5L8.25 12l7.5-7.5",
  "chevron-right": "M8.25 4.5l7.5 7.5-7.5 7.5",
  pause: "M15.75 5.25v13.5m-7.5-13.5v13.5",
  play: "M5.25 5.653c0-.856.917-1.398 1.667-.986l11.54 6.347a1.125 1.125 0 010 1.972l-11.54 6.347a1.125 1.125 0 01-1.667-.986V5.653z",
  "x-mark": "M6 18L18 6M6 6l12 12",
  star: "M11.48 3.499a.562.562 0 011.04 0l2.125 5.111a.563.563 0 00.475.345l5.518.442c.499.04.701.663.321.988l-4.204 3.602a.563.563 0 00-.182.557l1.285 5.385a.562.562 0 01-.84.61l-4.725-2.885a.563.563 0 00-.586 0L6.982 20.54a.562.562 0 01-.84-.61l1.285-5.386a.562.562 0 00-.182-.557l-4.204-3.602a.563.563 0 01.321-.988l5.518-.442a.563.563 0 00.475-.345L11.48 3.5z",
  "map-pin":
    "M15 10.5a3 3 0 11-6 0 3 3 0 016 0zM19.5 10.5c0 7.142-7.5 11.25-7.5 11.25S4.5 17.642 4.5 10.5a7.5 7.5 0 1115 0z",
  "document-text":
    "M19.5 14.25v-2.625a3.375 3.375 0 00-3.375-3.375h-1.5A1.125 1.125 0 0113.5 7.125v-1.5a3.375 3.375 0 00-3.375-3.375H8.25m0 12.75h7.5m-7.5 3H12M10.5 2.25H5.625c-.621 0-1.125.504-1.125 1.125v17.25c0 .621.504 1.125 1.125 1.125h12.75c.621 0 1.125-.504 1.125-1.125V11.25a9 9 0 00-9-9z",
  clock: "M12 6v6h4.5m4.5 0a9 9 0 11-18 0 9 9 0 0118 0z",
  "check-badge":
    "M9 12.75L11.25 15 15 9.75M12 3l2.25 1.5 2.7-.2.9 2.55 2.4 1.25-.6 2.65.6 2.65-2.4 1.25-.9 2.55-2.7-.2L12 21l-2.25-1.5-2.7.2-.9-2.55-2.4-1.25.6-2.65-.6-2.65 2.4-1.25.9-2.55 2.7.2z",
  "bars-3": "M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5",
  "arrow-right": "M13.5 4.5L21 12m0 0l-7.5 7.5M21 12H3",
  "question-mark-circle":
    "M9.879 7.519c1.171-1.025 3.071-1.025 4.242 0 1.172 1.025 1.172 2.687 0 3.712-.203.179-.43.326-.67.442-.745.361-1.45.999-1.45 1.827v.75M21 12a9 9 0 11-18 0 9 9 0 0118 0zm-9 5.25h.008v.008H12v-.008z",
};

/** An outline icon by name; an unknown name logs and shows the question-mark circle (spec section 8). */
export function Icon({ name, d: given, className = "size-6" }: { name?: string; d?: string; className?: string }) {
  let d = given ?? (name === undefined ? undefined : PATHS[name]);
  if (d === undefined) {
    console.log(`Icon "${name}" does not exist; showing question-mark-circle`);
    d = PATHS["question-mark-circle"];
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
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
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
            <path fill={`url(#${uid}-${i})`} d={PATHS.star} />
          </svg>
        );
      })}
    </span>
  );
}
