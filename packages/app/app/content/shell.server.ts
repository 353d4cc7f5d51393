import { fillTemplate, type MenuItem } from "@showroom/fixtures";
import { formatMoney } from "../components/money";
import type { MenuView, ShellData, StoreView } from "../components/shell-data";
import { photoBaseOf } from "../server/photos/photo-settings.server";
import { consentView, trackingView } from "./consent.server";
import { readFlash } from "./flash.server";
import { popupsView } from "./popups.server";
import type { Site } from "./site.server";
import type { Store } from "./stores.server";
import { pickTexts, tree } from "./translations.server";

export { formatMoney };

/**
 * The shared strings components look up in the browser (`useUi`, the root's labels): every page's loader data
 * carries them, so not the whole namespaces (docs/decisions/157). A test checks every `ui("…")` in the app is here.
 */
export const SHELL_TEXTS = {
  common: [
    "a11y.closeNotification",
    "a11y.footerNavigation",
    "a11y.goToSlide",
    "a11y.logoAlt",
    "a11y.mainNavigation",
    "a11y.nextSlide",
    "a11y.notifications",
    "a11y.opensInNewTab",
    "a11y.pageLoading",
    "a11y.pagination",
    "a11y.pauseSlides",
    "a11y.playSlides",
    "a11y.previousSlide",
    "a11y.skipToContent",
    "actions.back",
    "actions.callNumber",
    "actions.callUs",
    "actions.emailUs",
    "actions.getDirections",
    "actions.viewAllVehicles",
    "contact.sales",
    "contact.service",
    "hours.sales",
    "hours.timeZoneNote",
    "labels.callForPrice",
    "labels.clearAllFilters",
    "labels.getPreApproved",
    "labels.personalizeMyPrice",
    "labels.scheduleTestDrive",
    "labels.searchInventory",
    "labels.showMore",
    "labels.unlockPrice",
    "reviews.basedOn",
    "reviews.postedOn",
    "store.chooseStore",
    "store.selected",
    "store.shoppingAt",
    "store.switchStore",
    "store.yourStore",
  ],
  layout: [
    "footer.cookieSettings",
    "footer.followUs",
    "footer.legalLine",
    "footer.locationsTitle",
    "footer.priceDisclaimer",
    "header.callSales",
    "header.menu",
    "header.saved",
    "minimal.needHelp",
  ],
} as const;

/** A store as the pages show it. */
export function storeView(store: Store): StoreView {
  const { dealer } = store;
  return {
    id: store.id,
    name: dealer.name,
    city: dealer.city,
    phone: dealer.phone,
    salesPhone: dealer.sales.phone,
    salesHours: dealer.sales.hours,
    servicePhone: dealer.service.phone,
    serviceHours: dealer.service.hours,
    email: dealer.email,
    addressLine1: [dealer.address_line_1, dealer.address_line_2].filter(Boolean).join(", "),
    cityLine: `${dealer.city}, ${dealer.state_short} ${dealer.zip}`,
    mapsUrl: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
      `${dealer.address_line_1}, ${dealer.city}, ${dealer.state_short} ${dealer.zip}`,
    )}`,
    logo: { color: dealer.logo.color, white: dealer.logo.white, icon: dealer.logo.icon },
    socials: Object.entries(dealer.socials).map(([network, url]) => ({ network, url })),
    rating: { value: dealer.ratings.google.rating, count: dealer.ratings.google.count, url: dealer.ratings.google.url },
    timezone: dealer.timezone,
  };
}

/** A menu with the selected store's name in place of `{token}` ("Under $20K at {token}"). */
export function menuView(items: readonly MenuItem[], storeName: string): MenuView[] {
  return items.map((item) => ({
    name: fillTemplate(item.name, { token: storeName }),
    description: item.description,
    href: item.href,
    children: menuView(item.childrens, storeName),
  }));
}

/** Everything the layouts render around a page, for the root loader; `setCookies` must go out with it. */
export function shellData(site: Site, request: Request): { shell: ShellData; setCookies: string[] } {
  const { content, settings, store } = site;
  const flash = readFlash(request);
  const shell: ShellData = {
    groupName: content.group.name,
    store: storeView(store),
    stores: site.stores.map((s) => ({ id: s.id, name: s.dealer.name, city: s.dealer.city })),
    menus: {
      header: menuView(content.menus.header, store.dealer.name),
      footerMain: menuView(content.menus.footerMain, store.dealer.name),
      footerLine: menuView(content.menus.footerLine, store.dealer.name),
      footerSecondary: menuView(content.menus.footerSecondary, store.dealer.name),
    },
    locations: content.locations.main.map((place) => ({
      name: place.name,
      subname: place.subname,
      storeId: place.storeId,
      addressLine1: place.addressLine1,
      addressLine2: place.addressLine2,
      mapsUrl: place.googleMapsLink,
    })),
    // The error page can show any of its strings after a failed navigation, so errors go whole.
    ui: {
      common: pickTexts("common", SHELL_TEXTS.common),
      layout: pickTexts("layout", SHELL_TEXTS.layout),
      errors: tree("errors"),
    },
    // The staff desk is the dealership's own tool, not a visitor's page: no cookie banner there.
    consent: /^\/staff(?:\/|$)/.test(new URL(request.url).pathname) ? null : consentView(request, settings),
    tracking: /^\/staff(?:\/|$)/.test(new URL(request.url).pathname)
      ? null
      : trackingView(request, settings, site.services.config),
    popups: popupsView(site, request),
    toasts: flash.toasts,
    toast: { lifeMs: settings.toast.lifeMs, cleanupDelayMs: settings.toast.cleanupDelayMs },
    loadingBar: settings.loadingBar,
    year: new Date().getFullYear(),
    documentFee: formatMoney(store.dealer.fee.documentFee),
    preApproval: store.dealer.autoFinancing.preApproved,
    photoBase: photoBaseOf(site.services.config),
  };
  return { shell, setCookies: flash.clear ? [flash.clear] : [] };
}
