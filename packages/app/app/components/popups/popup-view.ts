import type { PopupDefinition } from "@showroom/rules/popups";
import type { TextTree } from "../i18n";

/** The inner components a popup may name that this site renders; a popup naming another is not offered. */
export const POPUP_INNER_COMPONENTS = ["TradeInValueForm", "UnlockPriceForm"] as const;

/** What the page's popup runtime needs: the popups that may apply here, and the facts only the server knows. */
export interface PopupsView {
  readonly popups: readonly PopupDefinition[];
  /**
   * The popups whose side button the server draws, as plain markup: their conditions hold on this page whatever the
   * browser finds, so the dialog's code loads only when the button is pressed (ADR 336). The runtime leaves them be.
   */
  readonly sideButtons: readonly string[];
  /**
   * The ids of every popup of the visitor's list, on this page or not: the runtime keeps the visit counts of these
   * and forgets only those of popups no longer in the list.
   */
  readonly live: readonly string[];
  /** Whether the popup runtime loads with the page: some popup here needs what only the browser knows. */
  readonly runtime: boolean;
  /** Whether the page keeps the side buttons' own space: one is drawn, or the runtime may draw one (ADR 335). */
  readonly sideButtonSpace: boolean;
  readonly page: {
    readonly name?: string;
    readonly path: string;
    readonly params?: Readonly<Record<string, string>>;
  };
  readonly isLead: boolean;
  /**
   * Whether targeting is allowed: only then does the runtime read the ad-values cookie for `adsValues` conditions. The
   * values themselves are read in the browser, so a cached page never carries another visitor's (ADR 281).
   */
  readonly targeting: boolean;
  /** Whether the functional category is allowed: only then are finished and viewed popups kept in the browser. */
  readonly storage: boolean;
  readonly pulse: { readonly afterMs: number; readonly forMs: number };
  readonly texts: TextTree;
  /** The TCPA line a form with a phone field shows (spec section 5); only with a popup form that takes one. */
  readonly tcpa: string | null;
}

/**
 * The page a side button promotes, which it links to without JavaScript: where its popup's submit leads, when that is
 * a path of this site. Null: the button needs JavaScript to do anything.
 */
export function promotedPage(popup: PopupDefinition): string | null {
  const to = popup.submitted?.redirect;
  return to !== undefined && /^\/(?![/\\])/.test(to) ? to : null;
}
