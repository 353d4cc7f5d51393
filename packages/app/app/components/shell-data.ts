import type { TextTree } from "./i18n";
import type { PopupsView } from "./popups/popup-view";
import type { ToastMessage } from "./toast";

/** A store as the header, footer and pages show it. */
export interface StoreView {
  readonly id: string;
  readonly name: string;
  readonly city: string;
  readonly phone: string;
  readonly salesPhone: string;
  readonly salesHours: string;
  readonly servicePhone: string;
  readonly serviceHours: string;
  readonly email: string;
  readonly addressLine1: string;
  /** "Brentwood, MO 63144" */
  readonly cityLine: string;
  readonly mapsUrl: string;
  readonly logo: { readonly color: string; readonly white: string; readonly icon: string };
  readonly socials: readonly { readonly network: string; readonly url: string }[];
  readonly rating: { readonly value: number; readonly count: number; readonly url: string };
  readonly timezone: string;
}

/** A menu entry with its `{token}` already filled. */
export interface MenuView {
  readonly name: string;
  readonly description?: string | undefined;
  readonly href: string | null;
  readonly children: readonly MenuView[];
}

/** A place of the footer's locations block. */
interface LocationView {
  readonly name: string;
  readonly subname: string;
  readonly storeId: string | null;
  readonly addressLine1: string;
  readonly addressLine2: string;
  readonly mapsUrl: string;
}

/** What the cookie banner needs; null when the site runs without one (tier 0). */
export interface ConsentView {
  readonly visible: boolean;
  readonly buttons: readonly ("close" | "customize" | "deny" | "accept-all")[];
  readonly allowed: readonly string[];
  readonly categories: readonly { readonly id: string; readonly locked: boolean }[];
  readonly language: "en" | "es";
  readonly languages: readonly ("en" | "es")[];
  readonly texts: TextTree;
  readonly saveDelayMs: number;
  readonly lockBackground: boolean;
  /** The `allowCookies` value each banner button stores, so the browser can write it before the POST (ADR 280). */
  readonly choices: { readonly "accept-all": string; readonly close: string; readonly deny: string };
  /** The page whose preferences section works without JavaScript (the cookie policy). */
  readonly preferencesPath: string;
}

/**
 * What the page's tracker may do, from the consent in force (ADR 281): null when no tracking category is allowed and
 * none was, so the tracker's code is never fetched.
 */
export interface TrackingView {
  readonly functional: boolean;
  readonly analytics: boolean;
  readonly targeting: boolean;
  /** The ad pixel's consent is revoked (tier above 1, functional not allowed): no Meta event leaves the page. */
  readonly pixelRevoked: boolean;
  /** Google tag ids, when configured: a GA4 measurement id (`G-…`) and/or a tag manager container (`GTM-…`). */
  readonly googleTagId: string | null;
  readonly tagManagerId: string | null;
  readonly currency: string;
}

/** The root loader's data: everything the layouts render around a page. */
export interface ShellData {
  readonly groupName: string;
  readonly store: StoreView;
  readonly stores: readonly { readonly id: string; readonly name: string; readonly city: string }[];
  readonly menus: {
    readonly header: readonly MenuView[];
    readonly footerMain: readonly MenuView[];
    readonly footerLine: readonly MenuView[];
    readonly footerSecondary: readonly MenuView[];
  };
  readonly locations: readonly LocationView[];
  readonly ui: { readonly common: TextTree; readonly layout: TextTree; readonly errors: TextTree };
  readonly consent: ConsentView | null;
  readonly tracking: TrackingView | null;
  /** The popups that may apply to this page; null loads no popup code (ADR 288). */
  readonly popups: PopupsView | null;
  readonly toasts: readonly ToastMessage[];
  readonly toast: { readonly lifeMs: number; readonly cleanupDelayMs: number };
  readonly loadingBar: {
    readonly throttleMs: number;
    readonly durationMs: number;
    readonly hideDelayMs: number;
    readonly resetDelayMs: number;
    readonly color: string;
  };
  readonly year: number;
  readonly documentFee: string;
  /** The apply-for-financing page's layout follows the store's pre-approval switch (spec section 2). */
  readonly preApproval: boolean;
  /** Where photos' files are linked: `/media/photos`, or the object store's public URL (ADR 424). */
  readonly photoBase: string;
}
