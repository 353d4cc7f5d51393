import { createRequire } from "node:module";
import { dirname, join, resolve, sep } from "node:path";

/**
 * The `fixtures/` directory, found through Node's package resolution at run time. The fixtures' own `FIXTURES_ROOT`
 * is computed from the module's URL, which points into `build/server` once Vite has bundled it, so the server
 * passes this directory to the fixture loaders and serves pictures from it.
 */
export function fixturesRoot(): string {
  cachedRoot ??= dirname(createRequire(import.meta.url).resolve("@showroom/fixtures/package.json"));
  return cachedRoot;
}

let cachedRoot: string | undefined;

/** A directory inside `fixtures/`: `fixturesDir("articles")`. */
export function fixturesDir(name: string): string {
  return join(fixturesRoot(), name);
}

const MEDIA_URL =
  /^\/media\/([a-z0-9-]+)\/((?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*\.(?:svg|png|jpg|jpeg|webp))$/;

/**
 * The file behind a local picture URL: `/media/{area}/{rest}` is `fixtures/{area}/media/{rest}` (ADR 072). Null for
 * anything else, including any attempt to leave that folder.
 */
export function mediaFilePath(pathname: string): string | null {
  const found = MEDIA_URL.exec(pathname);
  if (!found || pathname.includes("..")) return null;
  const base = join(fixturesRoot(), found[1] ?? "", "media");
  const file = resolve(base, found[2] ?? "");
  return file.startsWith(`${base}${sep}`) ? file : null;
}
