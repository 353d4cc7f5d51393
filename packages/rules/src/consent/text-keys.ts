import type { ConsentButton, ConsentLanguage, CookieCategory } from "./categories";

/** The translation namespace of the cookie texts: `fixtures/translations/{en,es}/cookie-dialog.json`. */
export const CONSENT_TEXT_NAMESPACE = "cookie-dialog";

/**
 * Every text the cookie banner and the preference dialog show, as dotted paths inside the namespace file (camelCase
 * segments, the translation tree's key style). Each file holds exactly these keys.
 */
export const consentTextKeys = [
  "banner.title",
  "banner.message",
  "banner.policyLink",
  "button.close",
  "button.customize",
  "button.deny",
  "button.acceptAll",
  "button.savePreferences",
  "dialog.title",
  "dialog.intro",
  "dialog.close",
  "dialog.alwaysOn",
  "dialog.language",
  "category.essential.title",
  "category.essential.description",
  "category.functional.title",
  "category.functional.description",
  "category.analytics.title",
  "category.analytics.description",
  "category.targeting.title",
  "category.targeting.description",
  "language.en",
  "language.es",
] as const;

/** One of {@link consentTextKeys}. */
export type ConsentTextKey = (typeof consentTextKeys)[number];

const BUTTON_KEYS: Readonly<Record<ConsentButton | "save-preferences", ConsentTextKey>> = {
  close: "button.close",
  customize: "button.customize",
  deny: "button.deny",
  "accept-all": "button.acceptAll",
  "save-preferences": "button.savePreferences",
};

/** The text key of a banner button, or of the dialog's Save preferences button. */
export function buttonTextKey(button: ConsentButton | "save-preferences"): ConsentTextKey {
  return BUTTON_KEYS[button];
}

/** The text keys of a category's title and description in the preference dialog. */
export function categoryTextKeys(category: CookieCategory): { title: ConsentTextKey; description: ConsentTextKey } {
  return { title: `category.${category}.title`, description: `category.${category}.description` };
}

/** The text key naming a language in the dialog's language switch. */
export function languageTextKey(language: ConsentLanguage): ConsentTextKey {
  return `language.${language}`;
}
