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
function nestedRoutes(manifest: ServerBuild["routes"]): RouteObject[] {
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

/**
 * The label a request's duration is recorded under: the id of the deepest route that answers its path (so
 * `/cars-for-sale/<anything>` is `cars-for-sale`), never the path itself, which would make a new series per URL.
 * Data requests (`/contact-us.data`) count under their page's route. `fixed` names paths the app answers before the
 * router (the build marker, /metrics). A path with an extension that only the catch-all matches is a file.
 */
export function routeLabeller(manifest: ServerBuild["routes"], fixed: Record<string, string> = {}) {
  const routes = nestedRoutes(manifest);
  return (path: string): string => {
    const named = fixed[path];
    if (named !== undefined) return named;
    const page = path.endsWith("/_.data") ? path.slice(0, -"_.data".length) : path.replace(/\.data$/, "");
    // React Router warns of a path it cannot decode; the page handler's request reports it once already.
    if (page.includes("%") && !decodable(page)) return UNMATCHED_LABEL;
    const deepest = matchRoutes(routes, page)?.at(-1)?.route.id;
    const catchAll = deepest === undefined || manifest[deepest]?.path === "*";
    if (catchAll && extname(path) !== "") return STATIC_FILE_LABEL;
    return deepest ?? UNMATCHED_LABEL;
  };
}
