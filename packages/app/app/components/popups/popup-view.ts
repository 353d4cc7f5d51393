import type { PopupDefinition } from "@showroom/rules/popups";
import type { TextTree } from "../i18n";

/** The inner components a popup may name that this site renders; a popup naming another is not offered. */
export const POPUP_INNER_COMPONENTS = ["TradeInValueForm", "UnlockPriceForm"] as const;

/** What the page's popup runtime needs: the popups that may apply here, and the facts only the server knows. */
export interface PopupsView {
  readonly popups: readonly PopupDefinition[];
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
