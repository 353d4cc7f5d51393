import { z } from "zod";

const BASE = "http://site.invalid";

/**
 * The path as a browser would follow it, serialized by the URL parser: dot segments resolved and anything outside
 * ASCII percent-encoded, so it is a valid Location header (a raw `/€` makes the header throw) and cannot become
 * `//host` once a browser resolves `/.//host`. Null when it would leave the site.
 */
function serialized(path: string): string | null {
  const url = new URL(path, BASE);
  const out = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === BASE && /^\/(?![/\\])/.test(out) ? out : null;
}

/** Where a form may send the visitor back to: a path of this site, never another origin; anything else is `/`. */
export const redirectToSchema = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s\\]*$/)
  .transform((path, ctx) => {
    const out = serialized(path);
    if (out === null) {
      ctx.addIssue({ code: "custom", message: "Not a path of this site" });
      return z.NEVER;
    }
    return out;
  })
  .catch("/");
