import { useRouteLoaderData } from "react-router";
import { formatCount, isPluralForms, pluralForm, type TextLanguage } from "./plural";
import type { ShellData } from "./shell-data";

/** A tree of UI strings as the fixtures' translation files hold them (sent to the browser by loaders). */
export interface TextTree {
  readonly [key: string]: string | TextTree;
}

/** Replaces `{name}` placeholders; a missing value leaves the word out rather than printing braces. */
export function fill(text: string, values: Readonly<Record<string, string | number>> = {}): string {
  if (!text.includes("{")) return text;
  return text.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (_, name: string) => String(values[name] ?? ""));
}

/** The string at a dotted path of a tree (`"a11y.skipToContent"`), or the path itself when it is missing. */
export function lookup(tree: TextTree | undefined, path: string): string {
  let node: string | TextTree | undefined = tree;
  for (const part of path.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : path;
}

/** A translator over one tree: `t("store.shoppingAt", { store })`. */
export function translator(tree: TextTree | undefined) {
  return (path: string, values?: Readonly<Record<string, string | number>>) => fill(lookup(tree, path), values);
}

/**
 * The text at `path` for `count`: its plural form in `language` when the tree gives forms (`{ one, other }`, chosen
 * by Intl.PluralRules), with `{count}` written as the language writes numbers. A plain text is filled as it is.
 */
export function countText(
  tree: TextTree | undefined,
  path: string,
  count: number,
  values: Readonly<Record<string, string | number>> = {},
  language: TextLanguage = "en",
): string {
  let node: string | TextTree | undefined = tree;
  for (const part of path.split(".")) node = typeof node === "object" ? node[part] : undefined;
  const text = isPluralForms(node) ? pluralForm(node, count, language) : typeof node === "string" ? node : path;
  return fill(text, { count: formatCount(count, language), ...values });
}

/** A counting translator over one tree: `n("years", 1)` → "1 year", `n("years", 2)` → "2 years". */
export function counter(tree: TextTree | undefined, language: TextLanguage = "en") {
  return (path: string, count: number, values?: Readonly<Record<string, string | number>>) =>
    countText(tree, path, count, values, language);
}

/** The shell's data (root loader), available to every component under the root. */
export function useShell(): ShellData | undefined {
  return useRouteLoaderData("root") as ShellData | undefined;
}

/** The shared UI strings for a count: `uiCount("common.reviews.basedOn", 220)`, in their plural form. */
export function useUiCount() {
  const shell = useShell();
  return (path: string, count: number, values?: Readonly<Record<string, string | number>>) => {
    const [namespace, ...rest] = path.split(".");
    return countText(shell?.ui[namespace as keyof ShellData["ui"]], rest.join("."), count, values);
  };
}

/** The shared UI strings: `ui("common.a11y.skipToContent")`, namespaces common, layout and errors. */
export function useUi() {
  const shell = useShell();
  return (path: string, values?: Readonly<Record<string, string | number>>) => {
    const [namespace, ...rest] = path.split(".");
    const tree = shell?.ui[namespace as keyof ShellData["ui"]];
    return fill(lookup(tree, rest.join(".")), values);
  };
}
