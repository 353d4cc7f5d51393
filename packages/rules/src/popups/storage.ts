import { produce } from "immer";
import { matchPageRule, type PageVisit, visitCap } from "./page-rules";
import type { PopupDefinition } from "./popup.schema";

/** Visits counted for one page rule of one condition of one popup. */
export interface ViewedRule {
  readonly countVisits: number;
  /** Items already counted by a `true` param rule (e.g. the VINs of vehicles viewed). */
  readonly itemsListViewed: readonly string[];
}

/**
 * What the browser keeps for popups in localStorage (spec section 3): the ids of finished popups, and visit counts by
 * popup id, condition index and page-rule index.
 */
export interface PopupStorage {
  readonly finishedPopups: readonly string[];
  readonly viewedPagesItems: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, ViewedRule>>>>>>;
}

/** Nothing stored yet. */
export const EMPTY_POPUP_STORAGE: PopupStorage = { finishedPopups: [], viewedPagesItems: {} };

/** `parent[key]`, created empty first when missing. */
export function childOf<T>(parent: Record<string, Record<string, T>>, key: string): Record<string, T> {
  const existing = parent[key];
  if (existing) return existing;
  const created: Record<string, T> = {};
  parent[key] = created;
  return created;
}

/** The two localStorage values for a state, by key. */
export function serializePopupStorage(state: PopupStorage): { finishedPopups: string; viewedPagesItems: string } {
  return {
    finishedPopups: JSON.stringify(state.finishedPopups),
    viewedPagesItems: JSON.stringify(state.viewedPagesItems),
  };
}

/** The session's disabled popups with one more. */
export function disablePopupForSession(disabled: readonly string[], popupId: string): string[] {
  return disabled.includes(popupId) ? [...disabled] : [...disabled, popupId];
}

/** Visits counted so far for one page rule. */
export function visitCount(state: PopupStorage, popupId: string, condition: number, rule: number): number {
  return state.viewedPagesItems[popupId]?.[condition]?.[rule]?.countVisits ?? 0;
}

/**
 * Counts a page visit for every page rule it matches, across popups not yet finished. A rule with a `true` param
 * counts an item only the first time it is viewed; counting stops once the rule's verdict can no longer change.
 */
export function recordPageVisit(
  state: PopupStorage,
  popups: readonly PopupDefinition[],
  page: PageVisit,
): PopupStorage {
  return produce(state, (draft) => {
    for (const popup of popups) {
      if (draft.finishedPopups.includes(popup.id)) continue;
      popup.conditions.forEach((condition, c) => {
        (condition.pageItemsViewed ?? []).forEach((rule, r) => {
          const match = matchPageRule(rule, page);
          if (!match.matches) return;
          const rules = childOf(childOf(draft.viewedPagesItems, popup.id), String(c));
          const viewed = rules[r] ?? { countVisits: 0, itemsListViewed: [] };
          rules[r] = viewed;
          if (viewed.countVisits >= visitCap(rule)) return;
          if (match.item !== null) {
            if (viewed.itemsListViewed.includes(match.item)) return;
            viewed.itemsListViewed.push(match.item);
          }
          viewed.countVisits += 1;
        });
      });
    }
  });
}

/** Marks a popup finished, for good, and drops its visit counts, which can no longer matter. */
export function finishPopup(state: PopupStorage, popupId: string): PopupStorage {
  return produce(state, (draft) => {
    if (!draft.finishedPopups.includes(popupId)) draft.finishedPopups.push(popupId);
    delete draft.viewedPagesItems[popupId];
  });
}

/**
 * Drops the visit counts of popups no longer in the list (an experiment replaced it). Finished ids are kept: a popup
 * that comes back must not show again.
 */
export function forgetRetiredPopups(state: PopupStorage, popups: readonly Pick<PopupDefinition, "id">[]): PopupStorage {
  const live = new Set(popups.map((popup) => popup.id));
  return produce(state, (draft) => {
    for (const popupId of Object.keys(draft.viewedPagesItems)) {
      if (!live.has(popupId)) delete draft.viewedPagesItems[popupId];
    }
  });
}
