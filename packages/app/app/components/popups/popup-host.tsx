import { type ComponentType, useEffect, useState } from "react";
import type { PopupsView } from "./popup-view";

/**
 * Loads the popup runtime only on a page where the server found a popup that may apply and needs what only the
 * browser knows (ADR 288, 336): a side button the server drew loads its dialog itself when pressed. The import is not
 * caught: a chunk that fails to load reaches the document's reload guard (ADR 289) instead of an error page.
 */
export function PopupHost({ view }: { view: PopupsView }) {
  const [Runtime, setRuntime] = useState<ComponentType<{ view: PopupsView }> | null>(null);
  const needed = view.runtime;
  useEffect(() => {
    if (needed) void import("./popup-runtime").then((module) => setRuntime(() => module.PopupRuntime));
  }, [needed]);
  return Runtime ? <Runtime view={view} /> : null;
}
