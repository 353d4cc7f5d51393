import { type PageVisit, pageRuleAllows } from "./page-rules";
import type { AdsValueRule, PopupCondition, PopupDefinition } from "./popup.schema";
import { type PopupStorage, visitCount } from "./storage";

/** What the app knows about the visitor and the page when it asks whether a popup may show. */
export interface PopupFacts {
  readonly page: PageVisit;
  readonly isLead: boolean;
  /** The visitor's stored ad values (utm_source, gclid, …). */
  readonly adsValues?: Readonly<Record<string, string | undefined>>;
  /** The `tagQuery` selectors whose element is fully inside the viewport now. */
  readonly visibleTags?: readonly string[];
  /** The `itemClicked` selectors the visitor has clicked on this page. */
  readonly clickedItems?: readonly string[];
  /** Seconds since the page was shown. */
  readonly secondsOnPage?: number;
  /** Popups disabled for this session. */
  readonly disabledPopups?: readonly string[];
}

/** Why a popup is not considered at all. */
export type PopupSkipReason = "finished" | "disabled" | "lead";

/** Whether a popup shows now, shows after a wait (its timer), is skipped, or waits for its conditions. */
export type PopupVerdict =
  | { readonly status: "show" }
  | { readonly status: "wait"; readonly seconds: number }
  | { readonly status: "skip"; readonly reason: PopupSkipReason }
  | { readonly status: "unmet" };

/**
 * One adsValues rule against the visitor's value: false, absent; true, present; a string, equal; `not`, none of
 * the values; `in`, one of the values. An empty value counts as absent.
 */
export function adsValueMatches(rule: AdsValueRule, value: string | undefined): boolean {
  const present = value !== undefined && value !== "";
  if (rule === false) return !present;
  if (rule === true) return present;
  if (typeof rule === "string") return value === rule;
  if ("not" in rule) return !present || !rule.not.includes(value);
  return present && rule.in.includes(value);
}

/** A popup whose conditions all capture leads: skipped for a visitor who is already a lead. */
export function isLeadOnly(popup: PopupDefinition): boolean {
  return popup.conditions.length > 0 && popup.conditions.every((condition) => condition.isLead === true);
}

type ConditionOutcome = { readonly met: true; readonly waitSeconds: number } | { readonly met: false };

function evaluateCondition(
  popupId: string,
  index: number,
  condition: PopupCondition,
  facts: PopupFacts,
  storage: PopupStorage,
): ConditionOutcome {
  const unmet = { met: false } as const;
  if (condition.isLead === true && facts.isLead) return unmet;
  const pages = condition.pages ?? [];
  if (pages.length > 0 && !pages.some((page) => page === facts.page.name || page === facts.page.path)) return unmet;
  const rules = condition.pageItemsViewed ?? [];
  if (!rules.every((rule, r) => pageRuleAllows(rule, visitCount(storage, popupId, index, r)))) return unmet;
  const ads = Object.entries(condition.adsValues ?? {});
  if (!ads.every(([name, rule]) => adsValueMatches(rule, facts.adsValues?.[name]))) return unmet;
  if (condition.tagQuery !== undefined && !(facts.visibleTags ?? []).includes(condition.tagQuery)) return unmet;
  if (condition.itemClicked !== undefined && !(facts.clickedItems ?? []).includes(condition.itemClicked)) return unmet;
  return { met: true, waitSeconds: Math.max(0, (condition.timer ?? 0) - (facts.secondsOnPage ?? 0)) };
}

/**
 * Whether a popup may show (spec sections 4 and 5): never once finished or disabled for the session; a lead-only
 * popup is skipped for a lead; otherwise it shows when any of its conditions holds (a popup without conditions
 * always may). A condition that holds except for its timer gives the seconds left, so the app can ask again then.
 * Page rules read the visit counts in `storage`, which `recordPageVisit` must already include the current visit in.
 */
export function evaluatePopup(popup: PopupDefinition, facts: PopupFacts, storage: PopupStorage): PopupVerdict {
  if (storage.finishedPopups.includes(popup.id)) return { status: "skip", reason: "finished" };
  if (facts.disabledPopups?.includes(popup.id)) return { status: "skip", reason: "disabled" };
  if (facts.isLead && isLeadOnly(popup)) return { status: "skip", reason: "lead" };
  if (popup.conditions.length === 0) return { status: "show" };
  let wait = Number.POSITIVE_INFINITY;
  popup.conditions.forEach((condition, index) => {
    const outcome = evaluateCondition(popup.id, index, condition, facts, storage);
    if (outcome.met) wait = Math.min(wait, outcome.waitSeconds);
  });
  if (wait === 0) return { status: "show" };
  return Number.isFinite(wait) ? { status: "wait", seconds: wait } : { status: "unmet" };
}

/** The popups that may show now, in list order. */
export function popupsToShow(
  popups: readonly PopupDefinition[],
  facts: PopupFacts,
  storage: PopupStorage,
): PopupDefinition[] {
  return popups.filter((popup) => evaluatePopup(popup, facts, storage).status === "show");
}
