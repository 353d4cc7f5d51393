import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";

export interface LoadingBarSettings {
  /** Navigations quicker than this never show the bar. */
  readonly throttleMs: number;
  /** How long the bar takes to creep towards the end while waiting. */
  readonly durationMs: number;
  /** How long the full bar stays before fading. */
  readonly hideDelayMs: number;
  /** How long the fade lasts before the bar resets to empty. */
  readonly resetDelayMs: number;
  readonly color: string;
}

type Phase = "idle" | "loading" | "finishing" | "hiding";

/**
 * The navigation loading bar (spec section 9): shows after the throttle, creeps to 90 % over the duration, fills
 * and fades when the page arrives. With reduced motion it appears and disappears without moving.
 */
export function LoadingBar({ settings, label }: { settings: LoadingBarSettings; label: string }) {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const phaseRef = useRef<Phase>("idle");
  phaseRef.current = phase;

  useEffect(() => {
    const later = (ms: number, run: () => void) => timers.current.push(setTimeout(run, ms));
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
    if (busy) {
      later(settings.throttleMs, () => {
        setPhase("loading");
        setProgress(0);
        // Start from empty on one frame, then creep, so the transition has somewhere to go.
        requestAnimationFrame(() => requestAnimationFrame(() => setProgress(0.9)));
      });
    } else if (phaseRef.current === "loading") {
      setPhase("finishing");
      setProgress(1);
      later(settings.hideDelayMs, () => {
        setPhase("hiding");
        later(settings.resetDelayMs, () => {
          setPhase("idle");
          setProgress(0);
        });
      });
    }
    return () => {
      for (const timer of timers.current) clearTimeout(timer);
    };
  }, [busy, settings.throttleMs, settings.hideDelayMs, settings.resetDelayMs]);

  const visible = phase === "loading" || phase === "finishing";
  const transition =
    phase === "loading"
      ? `transform ${settings.durationMs}ms cubic-bezier(0.1, 0.6, 0.3, 1)`
      : phase === "finishing"
        ? "transform 200ms ease-out"
        : `opacity ${settings.resetDelayMs}ms ease-out`;
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-1"
      aria-hidden={phase === "idle" ? true : undefined}
    >
      {phase === "idle" ? null : (
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-full origin-left motion-reduce:transition-none"
          style={{
            backgroundColor: settings.color,
            transform: `scaleX(${progress})`,
            opacity: visible ? 1 : 0,
            transition,
          }}
        />
      )}
    </div>
  );
}
