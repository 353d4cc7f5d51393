import { createContext, lazy, Suspense, useContext, useMemo, useSyncExternalStore } from "react";
import type { ToastItem as ToastItemComponent } from "./toast-item";
import { currentSnapshot, EMPTY, setCleanupDelay, subscribe, type ToastMessage, toasts } from "./toast-store";

export type { ToastMessage, ToastSeverity } from "./toast-store";

/** Shows toasts from any component: `const toast = useToast(); toast.add({ severity: "success", summary })`. */
export function useToast() {
  return toasts;
}

/**
 * The server hands its toast markup in directly (entry.server.tsx), so a flash toast renders in the same pass and
 * shows without JavaScript. In the browser the markup loads with the first toast: most pages never show one, and
 * their first load goes without it (docs/decisions/155). A flash toast the server rendered keeps its HTML until then.
 */
export const ServerToastItem = createContext<typeof ToastItemComponent | null>(null);

const LazyToastItem = lazy(() => import("./toast-item").then((module) => ({ default: module.ToastItem })));

/**
 * The toast region (top right, an ARIA live region). `initial` are toasts the server rendered (a flash after a
 * form post), shown even without JavaScript; later ones come from {@link useToast}.
 */
export function Toaster({
  initial,
  lifeMs,
  cleanupDelay,
  label,
  closeLabel,
}: {
  initial: readonly ToastMessage[];
  lifeMs: number;
  cleanupDelay: number;
  label: string;
  closeLabel: string;
}) {
  setCleanupDelay(cleanupDelay);
  const ToastItem = useContext(ServerToastItem) ?? LazyToastItem;
  const state = useSyncExternalStore(subscribe, currentSnapshot, () => EMPTY);
  const shown = useMemo(() => {
    const fromServer = initial.map((message, i) => ({ ...message, id: message.id ?? `flash-${i}` }));
    const ids = new Set(fromServer.map((e) => e.id));
    return [...fromServer, ...state.entries.filter((e) => !ids.has(e.id))].filter((e) => !state.dismissed.has(e.id));
  }, [initial, state]);
  return (
    <section
      aria-label={label}
      aria-live="polite"
      className="pointer-events-none fixed top-4 right-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-3"
    >
      {shown.length > 0 ? (
        <Suspense fallback={null}>
          {shown.map((entry) => (
            <ToastItem
              key={entry.id}
              entry={entry}
              life={entry.life === undefined ? lifeMs : entry.life}
              leaving={state.leaving.has(entry.id)}
              closeLabel={closeLabel}
            />
          ))}
        </Suspense>
      ) : null}
    </section>
  );
}
