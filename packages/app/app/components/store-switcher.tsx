import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation, useMatches } from "react-router";
import { useShell, useUi } from "./i18n";
import { Icon } from "./icon";
import type { StoreScopeView } from "./search/types";

/** The stores the page covers, when it is a search page that says so in its loader data (ADR 403). */
function useStoreScope(): StoreScopeView | undefined {
  const matches = useMatches();
  for (const { loaderData: data } of matches) {
    const scope = typeof data === "object" && data !== null && "storeScope" in data ? data.storeScope : undefined;
    if (typeof scope === "object" && scope !== null) return scope as StoreScopeView;
  }
  return undefined;
}

/**
 * "Shopping at {store}": a disclosure with one submit button per store. It is a plain form POST to /api/store
 * (which remembers the choice for 30 days and sends the visitor back with 303), and a fetcher with JavaScript.
 * On a search page it also links to the same search at every store; on that page it says "Searching both stores"
 * and marks that link, not the visitor's store, which stays the cookie's (ADR 403).
 */
export function StoreSwitcher({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const shell = useShell();
  const ui = useUi();
  const fetcher = useFetcher();
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (busy && details.current) details.current.open = false;
  }, [busy]);

  const scope = useStoreScope();
  if (!shell || shell.stores.length < 2) return null;
  const everyStore = scope?.everyStore === true;
  const here = `${location.pathname}${location.search}`;
  const summaryClass = tone === "dark" ? "text-white hover:text-brand-100" : "text-slate-900 hover:text-brand-700";
  return (
    <details ref={details} className="group relative" data-menu="">
      <summary className={`flex list-none items-center gap-1.5 rounded-md py-1 text-sm font-medium ${summaryClass}`}>
        <Icon name="map-pin" className="size-4 shrink-0" />
        <span>{scope?.summary ?? ui("common.store.shoppingAt", { store: shell.store.name })}</span>
        <Icon name="chevron-down" className="size-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <div className="absolute left-0 z-40 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-4 text-slate-900 shadow-xl">
        <p className="text-sm font-semibold" id="store-switcher-title">
          {ui("common.store.chooseStore")}
        </p>
        <fetcher.Form
          method="post"
          action="/api/store"
          className="mt-3 space-y-2"
          aria-labelledby="store-switcher-title"
        >
          <input type="hidden" name="redirectTo" value={here} />
          {shell.stores.map((store) => {
            const mine = store.id === shell.store.id;
            const selected = mine && !everyStore;
            return (
              <button
                key={store.id}
                type="submit"
                name="storeId"
                value={store.id}
                aria-current={selected ? "true" : undefined}
                disabled={busy}
                className={choiceClass(selected)}
              >
                <ChoiceText
                  name={store.name}
                  hint={store.city}
                  status={
                    selected
                      ? ui("common.store.selected")
                      : mine
                        ? ui("common.store.yourStore")
                        : ui("common.store.switchStore")
                  }
                  selected={selected}
                />
              </button>
            );
          })}
        </fetcher.Form>
        {scope ? (
          <Link
            to={scope.all.href}
            aria-current={everyStore ? "page" : undefined}
            onClick={() => {
              if (details.current) details.current.open = false;
            }}
            className={`mt-2 ${choiceClass(everyStore)}`}
          >
            <ChoiceText
              name={scope.all.label}
              hint={scope.all.hint}
              status={everyStore ? ui("common.store.selected") : null}
              selected={everyStore}
            />
          </Link>
        ) : null}
      </div>
    </details>
  );
}

/** One choice of the switcher, a store's button or the every-store link, marked when it is the one in use. */
function choiceClass(selected: boolean): string {
  return `flex w-full items-center justify-between gap-3 rounded-md border px-3 py-2 text-left text-sm ${
    selected
      ? "border-brand-600 bg-brand-50 font-semibold text-brand-900"
      : "border-slate-200 hover:border-brand-600 hover:bg-brand-50"
  }`;
}

function ChoiceText({
  name,
  hint,
  status,
  selected,
}: {
  name: string;
  hint: string;
  status: string | null;
  selected: boolean;
}) {
  return (
    <>
      <span>
        <span className="block">{name}</span>
        <span className="block text-xs font-normal text-slate-600">{hint}</span>
      </span>
      {status === null ? null : selected ? (
        <span className="inline-flex items-center gap-1 text-xs text-brand-700">
          <Icon name="check" className="size-4" />
          {status}
        </span>
      ) : (
        <span className="text-xs text-brand-700">{status}</span>
      )}
    </>
  );
}
