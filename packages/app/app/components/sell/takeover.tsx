import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import type { ClientJourneyData } from "./client-journey";

type ClientJourneyModule = typeof import("./client-journey");

/** The browser's journey code: fetched once the page is idle on a step past the vehicle, never in the first load. */
const code: { module: ClientJourneyModule | null; loading: Promise<ClientJourneyModule> | null } = {
  module: null,
  loading: null,
};

function load(): Promise<ClientJourneyModule> {
  code.loading ??= import("./client-journey").then(
    (module) => {
      code.module = module;
      return module;
    },
    (error) => {
      // A failed fetch is tried again on the next page; meanwhile every step still posts to the server.
      code.loading = null;
      throw error;
    },
  );
  return code.loading;
}

/**
 * Lets the browser take the journey over once the vehicle is known: a step's submit, when the journey code has
 * loaded, becomes the first event of the same machine resumed from the server's snapshot, and the page renders the
 * browser's journey from then on. Before the code is there (or without JavaScript) the step posts as usual.
 */
export function useJourneyTakeover(data: ClientJourneyData & { snapshot: unknown | null }): {
  element: ReactNode | null;
  /** The journey code is in: the next step's submit stays in the browser. */
  ready: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
} {
  const [first, setFirst] = useState<FormData | null>(null);
  const [ready, setReady] = useState(code.module !== null);
  const resumable = data.snapshot !== null;
  useEffect(() => {
    if (!resumable) return;
    if (code.module) return setReady(true);
    let live = true;
    // After the page has settled, so the fetch competes with nothing the shopper waits for.
    const timer = setTimeout(
      () =>
        load().then(
          () => live && setReady(true),
          () => {},
        ),
      200,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [resumable]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!code.module || data.snapshot === null || event.defaultPrevented) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    setFirst(new FormData(event.currentTarget, submitter));
  };
  const Journey = code.module?.ClientJourney;
  const element =
    first && Journey && data.snapshot !== null ? (
      <Journey data={data} snapshot={data.snapshot} first={first} onLeave={() => setFirst(null)} />
    ) : null;
  return { element, ready, onSubmit };
}
