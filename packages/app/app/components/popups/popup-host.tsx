import { type ComponentType, useEffect, useState } from "react";
import type { PopupsView } from "./popup-view";

/**
 * Loads the popup runtime only on a page where the server found a popup that may apply (ADR 288). The import is not
 * caught: a chunk that fails to load reaches the document's reload guard (ADR 289) instead of an error page.
 */
export function PopupHost({ view }: { view: PopupsView }) {
  const [Runtime, setRuntime] = useState<ComponentType<{ view: PopupsView }> | null>(null);
  useEffect(() => {
    void import("./popup-runtime").then((module) => setRuntime(() => module.PopupRuntime));
  }, []);
  return Runtime ? <Runtime view={view} /> : null;
}
