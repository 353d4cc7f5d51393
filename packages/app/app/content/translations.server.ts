import { AsyncLocalStorage } from "node:async_hooks";
import {
  type Language,
  lookupTranslation,
  mergeSettings,
  type TranslationCatalog,
  type TranslationTree,
  translate,
  translationFileSchema,
} from "@showroom/fixtures";
import careers from "@showroom/fixtures/translations/en/careers.json" with { type: "json" };
import common from "@showroom/fixtures/translations/en/common.json" with { type: "json" };
import company from "@showroom/fixtures/translations/en/company.json" with { type: "json" };
import contact from "@showroom/fixtures/translations/en/contact.json" with { type: "json" };
import cookieDialog from "@showroom/fixtures/translations/en/cookie-dialog.json" with { type: "json" };
import errors from "@showroom/fixtures/translations/en/errors.json" with { type: "json" };
import financing from "@showroom/fixtures/translations/en/financing.json" with { type: "json" };
import forms from "@showroom/fixtures/translations/en/forms.json" with { type: "json" };
import inventory from "@showroom/fixtures/translations/en/inventory.json" with { type: "json" };
import layout from "@showroom/fixtures/translations/en/layout.json" with { type: "json" };
import offers from "@showroom/fixtures/translations/en/offers.json" with { type: "json" };
import research from "@showroom/fixtures/translations/en/research.json" with { type: "json" };
import sellTrade from "@showroom/fixtures/translations/en/sell-trade.json" with { type: "json" };
import team from "@showroom/fixtures/translations/en/team.json" with { type: "json" };
import testDrive from "@showroom/fixtures/translations/en/test-drive.json" with { type: "json" };
import toasts from "@showroom/fixtures/translations/en/toasts.json" with { type: "json" };
import unlockPrice from "@showroom/fixtures/translations/en/unlock-price.json" with { type: "json" };
import cookieDialogEs from "@showroom/fixtures/translations/es/cookie-dialog.json" with { type: "json" };
import financingEs from "@showroom/fixtures/translations/es/financing.json" with { type: "json" };
import inventoryEs from "@showroom/fixtures/translations/es/inventory.json" with { type: "json" };
import toastsEs from "@showroom/fixtures/translations/es/toasts.json" with { type: "json" };
import { ContentError } from "./fixtures.server";

const FILES: Readonly<Record<Language, Readonly<Record<string, unknown>>>> = {
  en: {
    careers,
    common,
    company,
    contact,
    "cookie-dialog": cookieDialog,
    errors,
    financing,
    forms,
    inventory,
    layout,
    offers,
    research,
    "sell-trade": sellTrade,
    team,
    "test-drive": testDrive,
    toasts,
    "unlock-price": unlockPrice,
  },
  es: { "cookie-dialog": cookieDialogEs, financing: financingEs, inventory: inventoryEs, toasts: toastsEs },
};

function load(): TranslationCatalog {
  const catalog: TranslationCatalog = {};
  for (const [language, namespaces] of Object.entries(FILES) as [Language, Record<string, unknown>][]) {
    const parsed: Record<string, TranslationTree> = {};
    for (const [namespace, json] of Object.entries(namespaces)) {
      const result = translationFileSchema.safeParse(json);
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new ContentError(
          `Invalid fixture content:\n  translations/${language}/${namespace}.json: $.${issue?.path.join(".")}: ${issue?.message}`,
        );
      }
      parsed[namespace] = result.data;
    }
    catalog[language] = parsed;
  }
  return catalog;
}

let cached: TranslationCatalog | undefined;

/** An experiment's catalogue for the request being served (ADR 287); outside one, the fixtures' own. */
const requestCatalog = new AsyncLocalStorage<TranslationCatalog>();
const mergedCatalogs = new WeakMap<object, TranslationCatalog>();

function fixtureCatalog(): TranslationCatalog {
  cached ??= load();
  return cached;
}

/**
 * Every UI string the fixtures ship, validated once per process, with the `langs` of the visitor's experiments
 * merged in while a request runs inside {@link withTranslationOverrides}.
 */
export function catalog(): TranslationCatalog {
  return requestCatalog.getStore() ?? fixtureCatalog();
}

/**
 * Runs `work` (a request's loaders and render) with `langs` (language → namespace → keys) merged over the catalogue,
 * key by key. The merged catalogue is kept per `langs` object, which the experiment variants keep.
 */
export function withTranslationOverrides<T>(
  langs: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  work: () => T,
): T {
  if (Object.keys(langs).length === 0) return work();
  let merged = mergedCatalogs.get(langs);
  if (!merged) {
    merged = mergeSettings(fixtureCatalog() as Record<string, unknown>, langs as never) as TranslationCatalog;
    mergedCatalogs.set(langs, merged);
  }
  return requestCatalog.run(merged, work);
}

/** The English string for `namespace.path.key` with its `{placeholders}` filled; throws for a missing key. */
export function t(key: string, values: Readonly<Record<string, string | number>> = {}): string {
  return translate(catalog(), "en", key, values);
}

/** Whether a key names a string in English. */
export function hasText(key: string): boolean {
  return lookupTranslation(catalog(), "en", key) !== undefined;
}

/**
 * A whole namespace subtree (`"common"`, `"research.carResearch"`), for a page that renders many of its strings; the
 * browser fills placeholders with the small helper in `components/i18n`.
 */
export function tree(path: string, language: Language = "en"): TranslationTree {
  const [namespace, ...rest] = path.split(".");
  let node: string | TranslationTree | undefined = catalog()[language]?.[namespace ?? ""];
  for (const part of rest) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "object") throw new ContentError(`No translation subtree ${path} (${language})`);
  return node;
}

/**
 * The strings under `namespace` that a page's components look up in the browser, as one tree holding only `paths`
 * (`pickTexts("inventory", ["search", "filters.count"])`). Loader data is decoded in one task before hydration, so a
 * page does not carry the strings of its sibling pages (docs/decisions/157). Throws for a missing path, so a
 * mistyped one fails at the first render rather than showing a key.
 */
export function pickTexts(namespace: string, paths: readonly string[]): TranslationTree {
  const source = tree(namespace);
  const picked: TranslationTree = {};
  for (const path of paths) {
    const parts = path.split(".");
    let from: string | TranslationTree | undefined = source;
    let into = picked;
    parts.forEach((part, i) => {
      from = typeof from === "object" ? from[part] : undefined;
      if (from === undefined) throw new ContentError(`No translation ${namespace}.${path}`);
      if (i === parts.length - 1) {
        into[part] = from;
        return;
      }
      // A copy, never the catalog's own subtree, which later paths would otherwise write into.
      const next = into[part];
      const copy: TranslationTree = typeof next === "object" ? { ...next } : {};
      into[part] = copy;
      into = copy;
    });
  }
  return picked;
}
