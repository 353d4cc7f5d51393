import { extname } from "node:path";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** A request no route of the app answers by name: a file, a hashed asset, or the catch-all's 404. */
export const STATIC_FILE_LABEL = "static";
/** A path no route matches, or one that is not a valid URL path. */
export const UNMATCHED_LABEL = "unmatched";

/** Whether `path` is valid percent-encoded UTF-8. */
function decodable(path: string): boolean {
  try {
    // The result is used: a bundler drops a call to a built-in whose result is not, and the throw with it.
    return decodeURI(path).length > 0;
  } catch {
    return false;
  }
}

/** The routes of a server build as the nested objects `matchRoutes` walks. */
export function nestedRoutes(manifest: ServerBuild["routes"]): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const node = (
      route.index
        ? { id: route.id, index: true, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive }
    ) as RouteObject;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(node);
    children.set(route.parentId, siblings);
  }
  const attach = (nodes: RouteObject[]): RouteObject[] =>
    nodes.map((node) => {
      const below = node.id ? children.get(node.id) : undefined;
      return below && !node.index ? { ...node, children: attach(below) } : node;
    });
  return attach(children.get(undefined) ?? []);
}

/** The first segment of a route's whole pattern, lower-cased; null for a parameter, splat or optional segment. */
function firstWordOf(pattern: string): string | null | undefined {
  const segment = pattern.split("/").find((part) => part !== "");
  if (segment === undefined) return undefined;
  return /[:*?]/.test(segment) ? null : segment.toLowerCase();
}

/**
 * The tree without the routes whose whole pattern starts with a word other than `first` (null: without any that starts
 * with a word). Those cannot match a path starting with `first`, and dropping routes that cannot match leaves the
 * order of those that can as it was, so `matchRoutes` answers as on the whole tree.
 */
function narrowed(nodes: RouteObject[], parentPattern: string, first: string | null): RouteObject[] {
  return nodes.flatMap((node) => {
    const pattern = `${parentPattern}/${node.path ?? ""}`;
    const word = firstWordOf(pattern);
    if (typeof word === "string" && word !== first) return [];
    return node.children ? [{ ...node, children: narrowed(node.children, pattern, first) } as RouteObject] : [node];
  });
}

function firstWords(nodes: RouteObject[], parentPattern: string, into: Set<string>): Set<string> {
  for (const node of nodes) {
    const pattern = `${parentPattern}/${node.path ?? ""}`;
    const word = firstWordOf(pattern);
    if (typeof word === "string") into.add(word);
    else if (node.children) firstWords(node.children, pattern, into);
  }
  return into;
}

/** The id of the deepest route of `routes` that matches `path`, as React Router matches it. */
export function deepestRouteId(routes: RouteObject[], path: string): string | undefined {
  return matchRoutes(routes, path)?.at(-1)?.route.id;
}

/**
 * The label a request's duration is recorded under: the id of the deepest route that answers its path (so
 * `/cars-for-sale/<anything>` is `cars-for-sale`), never the path itself, which would make a new series per URL.
 * Data requests (`/contact-us.data`) count under their page's route. `fixed` names paths the app answers before the
 * router (the build marker, /metrics). A path with an extension that only the catch-all matches is a file.
 *
 * `matchRoutes` flattens and ranks the whole route tree on every call: about 1.5 ms for this site's 65 routes on a
 * busy machine. Each path is matched against the tree narrowed to its first segment instead, made once per word the
 * routes start with (and once for any other), which leaves a handful of routes to rank.
 */
export function routeLabeller(manifest: ServerBuild["routes"], fixed: Record<string, string> = {}) {
  const routes = nestedRoutes(manifest);
  const words = firstWords(routes, "", new Set());
  const trees = new Map<string | null, RouteObject[]>();
  const treeFor = (path: string): RouteObject[] => {
    const segment = path.split("/").find((part) => part !== "");
    const word = segment === undefined ? null : decodeURIComponent(segment).toLowerCase();
    const key = word !== null && words.has(word) ? word : null;
    let tree = trees.get(key);
    if (!tree) {
      tree = narrowed(routes, "", key);
      trees.set(key, tree);
    }
    return tree;
  };
  return (path: string): string => {
    const named = fixed[path];
    if (named !== undefined) return named;
    const page = path.endsWith("/_.data") ? path.slice(0, -"_.data".length) : path.replace(/\.data$/, "");
    // React Router warns of a path it cannot decode; the page handler's request reports it once already.
    if (page.includes("%") && !decodable(page)) return UNMATCHED_LABEL;
    const deepest = deepestRouteId(treeFor(page), page);
    const catchAll = deepest === undefined || manifest[deepest]?.path === "*";
    if (catchAll && extname(path) !== "") return STATIC_FILE_LABEL;
    return deepest ?? UNMATCHED_LABEL;
  };
}
