import { adsValueMatches, isLeadOnly } from "./conditions";
import type { PageVisit } from "./page-rules";
import type { PopupCondition, PopupDefinition } from "./popup.schema";

/** What the server knows about a request before the page reaches the browser. */
export interface ServerPopupFacts {
  readonly page: PageVisit;
  readonly isLead: boolean;
  /**
   * Whether the browser will read the visitor's ad values: only with targeting consent. Without it every ad value is
   * absent in the browser, so a condition that needs one can never hold.
   */
  readonly adValuesReadable: boolean;
  /** Popups the visitor finished, as far as the server can tell (a cookie). */
  readonly finishedPopups: readonly string[];
  /** Popups the visitor closed for this visit, as far as the server can tell (a cookie). */
  readonly disabledPopups: readonly string[];
}

/**
 * - `show`: it shows on this page whatever the browser finds (a condition of pages and lead flags alone holds).
 * - `never`: no condition can hold on this page, whatever the browser finds.
 * - `browser`: only the browser can tell (visit counts, timers, ad values, elements in view, clicks).
 */
export type ServerVerdict = "show" | "never" | "browser";

/** The parts of a condition the server decides by itself; any other part is the browser's to judge. */
const SERVER_KEYS: ReadonlySet<string> = new Set(["pages", "isLead"]);

function pagesAllow(condition: PopupCondition, page: PageVisit): boolean {
  const pages = condition.pages ?? [];
  return pages.length === 0 || pages.some((name) => name === page.name || name === page.path);
}

function mayHold(condition: PopupCondition, facts: ServerPopupFacts): boolean {
  // A lead-capture condition never holds for a visitor who is already a lead.
  if (condition.isLead === true && facts.isLead) return false;
  if (!pagesAllow(condition, facts.page)) return false;
  if (facts.adValuesReadable) return true;
  return Object.values(condition.adsValues ?? {}).every((rule) => adsValueMatches(rule, undefined));
}

function holdsOnServer(condition: PopupCondition): boolean {
  return Object.entries(condition).every(([key, value]) => value === undefined || SERVER_KEYS.has(key));
}

/**
 * What the server can decide about a popup on this request, the same way `evaluatePopup` decides in the browser
 * (ADR 336): a page can leave out the popup runtime when every popup is `never`, and draw a side button itself, with
 * no runtime at all until it is pressed, when its popup is `show`.
 */
export function serverVerdict(popup: PopupDefinition, facts: ServerPopupFacts): ServerVerdict {
  if (facts.finishedPopups.includes(popup.id) || facts.disabledPopups.includes(popup.id)) return "never";
  if (facts.isLead && isLeadOnly(popup)) return "never";
  if (popup.conditions.length === 0) return "show";
  const possible = popup.conditions.filter((condition) => mayHold(condition, facts));
  if (possible.length === 0) return "never";
  return possible.some(holdsOnServer) ? "show" : "browser";
}
