// The toast queue of a browser tab, apart from how a toast looks, so pages can raise toasts without loading the
// toasts' markup (docs/decisions/155).
/** The severities of spec section 3 "Toast". */
export type ToastSeverity = "info" | "success" | "warn" | "error" | "secondary" | "contrast";

/** A toast (spec section 3): `life` in ms (0 or null stays until closed), `closable` defaults to true. */
export interface ToastMessage {
  readonly id?: string;
  readonly severity?: ToastSeverity;
  readonly summary: string;
  readonly detail?: string;
  readonly life?: number | null;
  readonly closable?: boolean;
  readonly group?: string;
  readonly styleClass?: string;
  readonly contentStyleClass?: string;
}

export interface Entry extends ToastMessage {
  readonly id: string;
}

export interface Snapshot {
  readonly entries: readonly Entry[];
  readonly leaving: ReadonlySet<string>;
  readonly dismissed: ReadonlySet<string>;
}

export const EMPTY: Snapshot = { entries: [], leaving: new Set(), dismissed: new Set() };
let snapshot: Snapshot = EMPTY;
const listeners = new Set<() => void>();
let cleanupDelayMs = 200;

/** The spec's cleanup delay, set by the Toaster from the site's settings. */
export function setCleanupDelay(ms: number) {
  cleanupDelayMs = ms;
}

/** The queue as it is now (useSyncExternalStore's client snapshot). */
export function currentSnapshot(): Snapshot {
  return snapshot;
}
let counter = 0;

function update(next: Partial<Snapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

export function remove(id: string) {
  if (snapshot.leaving.has(id) || snapshot.dismissed.has(id)) return;
  update({ leaving: new Set([...snapshot.leaving, id]) });
  // The toast fades out first; it leaves the list once the fade is over (the spec's 200 ms cleanup delay).
  setTimeout(() => {
    const leaving = new Set(snapshot.leaving);
    leaving.delete(id);
    update({
      entries: snapshot.entries.filter((e) => e.id !== id),
      leaving,
      dismissed: new Set([...snapshot.dismissed, id]),
    });
  }, cleanupDelayMs);
}

/** The toast queue of this browser tab: add, remove one, remove a group, or remove all. */
export const toasts = {
  add(message: ToastMessage): string {
    counter += 1;
    const id = message.id ?? `toast-${Date.now().toString(36)}-${counter}`;
    if (!snapshot.entries.some((e) => e.id === id)) update({ entries: [...snapshot.entries, { ...message, id }] });
    return id;
  },
  remove,
  removeGroup(group: string) {
    for (const entry of snapshot.entries) if (entry.group === group) remove(entry.id);
  },
  clear() {
    for (const entry of snapshot.entries) remove(entry.id);
  },
};

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
