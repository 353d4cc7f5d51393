import { produce } from "immer";
import { z } from "zod";
import { matchPageRule, type PageVisit, visitCap } from "./page-rules";
import { type PopupDefinition, popupIdSchema } from "./popup.schema";

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

/** The localStorage keys the two parts are stored under. */
export const POPUP_STORAGE_KEYS = { finishedPopups: "finishedPopups", viewedPagesItems: "viewedPagesItems" } as const;

/** The sessionStorage key of popups disabled for this session. */
export const POPUP_SESSION_KEY = "disabledPopups";

/** Nothing stored yet. */
export const EMPTY_POPUP_STORAGE: PopupStorage = { finishedPopups: [], viewedPagesItems: {} };

const MAX_ITEMS = 1000;
const MAX_ITEM_LENGTH = 200;
const indexKey = /^(?:0|[1-9]\d{0,3})$/;

/** `parent[key]`, created empty first when missing. */
function childOf<T>(parent: Record<string, Record<string, T>>, key: string): Record<string, T> {
  const existing = parent[key];
  if (existing) return existing;
  const created: Record<string, T> = {};
  parent[key] = created;
  return created;
}

function fromJson(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const entriesSchema = z.record(z.string(), z.unknown()).catch({});
const listSchema = z.array(z.unknown()).catch([]);

function validIds(raw: unknown): string[] {
  const ids = listSchema.parse(fromJson(raw)).filter((id): id is string => popupIdSchema.safeParse(id).success);
  return [...new Set(ids)];
}

const viewedRuleSchema = z.object({
  countVisits: z.number().int().nonnegative().max(1_000_000),
  itemsListViewed: z
    .array(z.unknown())
    .catch([])
    .transform((items) =>
      [...new Set(items.filter((i): i is string => typeof i === "string" && i.length <= MAX_ITEM_LENGTH))].slice(
        0,
        MAX_ITEMS,
      ),
    ),
});

function validViewed(raw: unknown): PopupStorage["viewedPagesItems"] {
  const byPopup: Record<string, Record<string, Record<string, ViewedRule>>> = {};
  for (const [popupId, conditions] of Object.entries(entriesSchema.parse(fromJson(raw)))) {
    if (!popupIdSchema.safeParse(popupId).success) continue;
    for (const [condition, rules] of Object.entries(entriesSchema.parse(conditions))) {
      if (!indexKey.test(condition)) continue;
      for (const [rule, viewed] of Object.entries(entriesSchema.parse(rules))) {
        const parsed = viewedRuleSchema.safeParse(viewed);
        if (!indexKey.test(rule) || !parsed.success) continue;
        childOf(childOf(byPopup, popupId), condition)[rule] = parsed.data;
      }
    }
  }
  return byPopup;
}

/**
 * Reads whatever localStorage holds (JSON strings or already-parsed values) into a valid state. Each part is read on
 * its own and every entry that does not fit is dropped, so corrupt storage gives an empty state, never a throw, and
 * a damaged visit count cannot cost the list of finished popups.
 */
export function parsePopupStorage(raw: {
  readonly finishedPopups?: unknown;
  readonly viewedPagesItems?: unknown;
}): PopupStorage {
  return { finishedPopups: validIds(raw.finishedPopups), viewedPagesItems: validViewed(raw.viewedPagesItems) };
}

/** The two localStorage values for a state, by key. */
export function serializePopupStorage(state: PopupStorage): { finishedPopups: string; viewedPagesItems: string } {
  return {
    finishedPopups: JSON.stringify(state.finishedPopups),
    viewedPagesItems: JSON.stringify(state.viewedPagesItems),
  };
}

/** Reads the session's disabled popup ids (a JSON list in sessionStorage); anything unreadable is an empty list. */
export function parseDisabledPopups(raw: unknown): string[] {
  return validIds(raw);
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
export function forgetRetiredPopups(state: PopupStorage, popups: readonly PopupDefinition[]): PopupStorage {
  const live = new Set(popups.map((popup) => popup.id));
  return produce(state, (draft) => {
    for (const popupId of Object.keys(draft.viewedPagesItems)) {
      if (!live.has(popupId)) delete draft.viewedPagesItems[popupId];
    }
  });
}
