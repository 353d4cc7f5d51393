// The popup runtime (spec sections 3, 4 and 5), loaded only on a page where the server found a popup that may apply
// (ADR 288): it keeps the browser's popup storage, gathers the facts only the page knows (timers, elements in view,
// clicks) and runs one popup machine per popup that shows.
import {
  disablePopupForSession,
  EMPTY_POPUP_STORAGE,
  evaluatePopup,
  finishPopup,
  forgetRetiredPopups,
  POPUP_SESSION_KEY,
  POPUP_STORAGE_KEYS,
  type PopupDefinition,
  type PopupFacts,
  type PopupOutcome,
  recordPageVisit,
  serializePopupStorage,
} from "@showroom/rules/popups";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { readAdValues } from "../tracking/ad-values";
import type { KeptPopups } from "./popup-storage";
import type { PopupsView } from "./popup-view";

// The dialog, its machine and react-aria load only once a popup shows (ADR 336): counting visits and judging
// conditions, which every page with a popup does, needs none of them.
const PopupDialog = lazy(() => import("./popup-dialog").then((module) => ({ default: module.PopupDialog })));

type Kept = KeptPopups;

// Without functional consent nothing is written to the browser: the state lives in memory for this tab's visit.
let memory: Kept = { storage: EMPTY_POPUP_STORAGE, disabled: [] };
let loadedFromBrowser = false;

function writeKept(view: PopupsView, kept: Kept): void {
  memory = kept;
  if (!view.storage) return;
  try {
    const values = serializePopupStorage(kept.storage);
    localStorage.setItem(POPUP_STORAGE_KEYS.finishedPopups, values.finishedPopups);
    localStorage.setItem(POPUP_STORAGE_KEYS.viewedPagesItems, values.viewedPagesItems);
    sessionStorage.setItem(POPUP_SESSION_KEY, JSON.stringify(kept.disabled));
  } catch {
    // As above: kept in memory only.
  }
}

function selectors(popups: readonly PopupDefinition[], key: "tagQuery" | "itemClicked"): string[] {
  return [...new Set(popups.flatMap((p) => p.conditions.flatMap((c) => (c[key] === undefined ? [] : [c[key]]))))];
}

/** Selectors whose element is wholly inside the viewport, kept current by an IntersectionObserver. */
function useVisibleTags(tags: readonly string[]): string[] {
  const [visible, setVisible] = useState<string[]>([]);
  useEffect(() => {
    if (tags.length === 0 || typeof IntersectionObserver === "undefined") return;
    const bySelector = new Map<Element, string>();
    const shown = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const tag = bySelector.get(entry.target);
          if (tag === undefined) continue;
          if (entry.intersectionRatio >= 1) shown.add(tag);
          else shown.delete(tag);
        }
        setVisible([...shown]);
      },
      { threshold: 1 },
    );
    for (const tag of tags) {
      let element: Element | null = null;
      try {
        element = document.querySelector(tag);
      } catch {
        // An invalid selector never holds.
      }
      if (element) {
        bySelector.set(element, tag);
        observer.observe(element);
      }
    }
    return () => observer.disconnect();
  }, [tags]);
  return visible;
}

/** Selectors the visitor has clicked on this page. */
function useClickedItems(items: readonly string[]): string[] {
  const [clicked, setClicked] = useState<string[]>([]);
  useEffect(() => {
    if (items.length === 0) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target) return;
      const hits = items.filter((item) => {
        try {
          return target.closest(item) !== null;
        } catch {
          return false;
        }
      });
      if (hits.length > 0) setClicked((before) => [...new Set([...before, ...hits])]);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, [items]);
  return clicked;
}

/**
 * The popups of this page but the side buttons the server drew, once the browser's storage is read: its parsers load
 * only when functional consent lets anything be kept there (ADR 336).
 */
export function PopupRuntime({ view: all }: { view: PopupsView }) {
  // The side buttons the server drew open their dialogs themselves (side-buttons.tsx): the runtime leaves them be.
  const view = useMemo(
    () => ({ ...all, popups: all.popups.filter((popup) => !all.sideButtons.includes(popup.id)) }),
    [all],
  );
  const reads = view.storage && !loadedFromBrowser;
  const [ready, setReady] = useState(!reads);
  useEffect(() => {
    if (!reads) return;
    // Not caught, as the runtime's own import (ADR 288): a chunk that fails reaches the reload guard.
    void import("./popup-storage").then((module) => {
      if (!loadedFromBrowser) memory = module.readStoredPopups();
      loadedFromBrowser = true;
      setReady(true);
    });
  }, [reads]);
  // One Popups per page: a client-side navigation counts its visit and starts its timers afresh, as a page load does.
  return ready ? <Popups key={view.page.path} view={view} /> : null;
}

/**
 * Counts this page view once, then shows each popup whose verdict is "show"; a verdict to wait (a timer) is asked
 * again when the wait is over. A popup that finishes is stored as finished; one closed without a submit is disabled
 * for the session.
 */
function Popups({ view }: { view: PopupsView }) {
  const [kept, setKept] = useState<Kept>(() => {
    const before = memory;
    // Retired means gone from the visitor's list, not absent from this page: a vehicle count survives the listing.
    const live = view.live.map((id) => ({ id }));
    const storage = recordPageVisit(forgetRetiredPopups(before.storage, live), view.popups, view.page);
    const next = { storage, disabled: before.disabled };
    writeKept(view, next);
    return next;
  });
  const shownAt = useRef(Date.now());
  const [now, setNow] = useState(() => Date.now());
  const tags = useMemo(() => selectors(view.popups, "tagQuery"), [view.popups]);
  // Read once per page (a new view comes with each navigation, after any Set-Cookie of its answer), not per tick.
  const adsValues = useMemo(() => readAdValues(view.targeting), [view]);
  const items = useMemo(() => selectors(view.popups, "itemClicked"), [view.popups]);
  const visibleTags = useVisibleTags(tags);
  const clickedItems = useClickedItems(items);
  // Once shown, a popup stays mounted for this page even if a fact changes (a tag scrolled away): its machine decides
  // until it settles. Finished and disabled popups are skipped by their verdict, so they never come back.
  const showing = useRef(new Set<string>());

  const facts: PopupFacts = {
    page: view.page,
    isLead: view.isLead,
    adsValues,
    visibleTags,
    clickedItems,
    secondsOnPage: (now - shownAt.current) / 1000,
    disabledPopups: kept.disabled,
  };
  const verdicts = view.popups.map((popup) => ({ popup, verdict: evaluatePopup(popup, facts, kept.storage) }));
  const toShow = verdicts.filter((v) => v.verdict.status === "show").map((v) => v.popup.id);
  const nextWait = Math.min(
    ...verdicts.map((v) => (v.verdict.status === "wait" ? v.verdict.seconds : Number.POSITIVE_INFINITY)),
  );
  for (const id of toShow) showing.current.add(id);
  useEffect(() => {
    if (!Number.isFinite(nextWait)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.ceil(nextWait * 1000));
    return () => clearTimeout(timer);
  }, [nextWait]);

  const settle = (outcome: PopupOutcome) => {
    setKept((before) => {
      const next =
        outcome.outcome === "finished"
          ? { storage: finishPopup(before.storage, outcome.popupId), disabled: before.disabled }
          : { storage: before.storage, disabled: disablePopupForSession(before.disabled, outcome.popupId) };
      writeKept(view, next);
      return next;
    });
    showing.current.delete(outcome.popupId);
  };

  return (
    <Suspense fallback={null}>
      {view.popups
        .filter((popup) => showing.current.has(popup.id))
        .map((popup) => (
          <PopupDialog key={popup.id} popup={popup} view={view} onSettled={settle} />
        ))}
    </Suspense>
  );
}
