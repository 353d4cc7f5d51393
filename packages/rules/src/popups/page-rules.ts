import { jsonPath } from "../shared/rule-file";
import type { PageRule, ParamRule, PopupDefinition } from "./popup.schema";

/** The page being visited: its route name, path and route params. */
export interface PageVisit {
  readonly name?: string;
  readonly path: string;
  readonly params?: Readonly<Record<string, string | undefined>>;
}

/** Something wrong in a popup definition that the site works around (and logs) instead of failing on. */
export interface PopupProblem {
  readonly popupId: string | null;
  /** JSON path inside the popup list, e.g. `$[0].conditions[1].pageItemsViewed[0].params.vin`. */
  readonly path: string;
  readonly message: string;
}

/** How a visit meets a page rule: whether it counts, and the item it counts when a param rule is `true`. */
export interface PageRuleMatch {
  readonly matches: boolean;
  /** The viewed item's identity (the `true` params' values), or null when the rule counts every visit. */
  readonly item: string | null;
  readonly problems: readonly PopupProblem[];
}

/**
 * The spec's page rule on a visit count: no min and no max, more than 0 visits; both, between them inclusive; only
 * min, at least min; only max, at most max.
 */
export function pageRuleAllows(rule: Pick<PageRule, "minCount" | "maxCount">, visits: number): boolean {
  const { minCount, maxCount } = rule;
  if (minCount === undefined && maxCount === undefined) return visits > 0;
  if (minCount !== undefined && maxCount !== undefined) return visits >= minCount && visits <= maxCount;
  if (minCount !== undefined) return visits >= minCount;
  return visits <= (maxCount as number);
}

/**
 * Past this many counted visits a rule's verdict can no longer change (it stays allowed, or stays refused), so
 * counting stops there and the stored list of viewed items stays small however long a shopper browses.
 */
export function visitCap(rule: Pick<PageRule, "minCount" | "maxCount">): number {
  if (rule.maxCount !== undefined) return rule.maxCount + 1;
  return Math.max(rule.minCount ?? 1, 1);
}

function samePath(a: string, b: string): boolean {
  const canonical = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path).toLowerCase();
  return canonical(a) === canonical(b);
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list with non-text entries";
  return typeof value === "boolean" ? String(value) : `a ${typeof value}`;
}

/** The problem an invalid param rule causes: the spec logs it, and the rule never matches. */
function paramProblem(
  popupId: string | null,
  path: readonly PropertyKey[],
  name: string,
  value: unknown,
): PopupProblem {
  return {
    popupId,
    path: jsonPath(path),
    message: `Invalid popup param rule for "${name}": expected true, a string or a list of strings, got ${describeType(value)}. The rule never matches.`,
  };
}

/**
 * Whether a visit counts for a page rule: the route name and path must match when given, and every param rule must
 * hold (`true`: the param is present, and it identifies the item; a string: equal; a list: contains it). An invalid
 * param rule makes the rule fail and is returned as a problem.
 */
export function matchPageRule(
  rule: PageRule,
  page: PageVisit,
  where: { popupId: string | null; path: readonly PropertyKey[] } = { popupId: null, path: [] },
): PageRuleMatch {
  const noMatch = (problems: readonly PopupProblem[] = []): PageRuleMatch => ({ matches: false, item: null, problems });
  if (rule.name !== undefined && rule.name !== page.name) return noMatch();
  if (rule.path !== undefined && !samePath(rule.path, page.path)) return noMatch();
  const itemParts: string[] = [];
  const problems: PopupProblem[] = [];
  let matches = true;
  for (const [name, value] of Object.entries(rule.params ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!isParamRule(value)) {
      problems.push(paramProblem(where.popupId, [...where.path, "params", name], name, value));
      matches = false;
      continue;
    }
    const actual = page.params?.[name];
    if (actual === undefined || actual === "") matches = false;
    else if (value === true) itemParts.push(actual);
    else if (typeof value === "string") matches &&= actual === value;
    else matches &&= value.includes(actual);
  }
  if (!matches) return noMatch(problems);
  return { matches: true, item: itemParts.length > 0 ? itemParts.join("/") : null, problems };
}

/**
 * Whether a param value of an already parsed popup is a valid param rule: what `paramRuleSchema` accepts (a property
 * test holds them to each other), checked without a schema because visits are counted on every page view.
 */
export function isParamRule(value: unknown): value is ParamRule {
  return (
    value === true || typeof value === "string" || (Array.isArray(value) && value.every((v) => typeof v === "string"))
  );
}

/** Every invalid param rule of a popup, as problems with their JSON path (the popup is kept; those rules never match). */
export function popupProblems(popup: PopupDefinition, path: readonly PropertyKey[] = []): PopupProblem[] {
  return popup.conditions.flatMap((condition, c) =>
    (condition.pageItemsViewed ?? []).flatMap((rule, r) =>
      Object.entries(rule.params ?? {})
        .filter(([, value]) => !isParamRule(value))
        .map(([name, value]) =>
          paramProblem(popup.id, [...path, "conditions", c, "pageItemsViewed", r, "params", name], name, value),
        ),
    ),
  );
}
