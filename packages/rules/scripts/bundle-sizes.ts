import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** The subpaths a browser may import, each held to the lean budget (ADR 213); `offer` stays server-side. */
export const BROWSER_SUBPATHS = [
  "financing",
  "consent",
  "inventory",
  "tracking",
  "unlock-price",
  "test-drive",
  "popups",
  "leads",
] as const;

/** Gzipped bytes a browser bundle may spend on one function imported from a browser subpath. */
export const FUNCTION_BUDGET_BYTES = 15 * 1024;

/** The workspace's node_modules, where a bundle of the built files finds zod, xstate and the rest. */
const NODE_MODULES = fileURLToPath(new URL("../../../node_modules/", import.meta.url));

/** Minified, gzipped (level 9) size of a browser bundle of `source`, resolved from `dir`. */
export async function bundleSize(source: string, dir: string): Promise<number> {
  const result = await build({
    stdin: { contents: source, resolveDir: dir, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    nodePaths: [NODE_MODULES],
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return gzipSync(code, { level: 9 }).length;
}

/** What kind of export a value is, for the budget: only functions are held to it (see ADR 213). */
export type ExportKind = "function" | "schema" | "machine" | "value";

export function exportKind(name: string, value: unknown): ExportKind {
  if (typeof value === "object" && value !== null && "_zod" in value) return "schema";
  // Schema factories (`persistedUnlockPriceSchema(rules)`) build a zod schema: they are the zod side of the API.
  if (typeof value === "function" && /Schema$/.test(name)) return "schema";
  if (typeof value === "object" && value !== null && "transition" in value && "config" in value) return "machine";
  if (typeof value === "function" && !/^[A-Z]/.test(name)) return "function";
  // Classes (error classes) count with functions; constants and lists are values.
  if (typeof value === "function") return "function";
  return "value";
}

export interface ExportSize {
  readonly subpath: string;
  readonly name: string;
  readonly kind: ExportKind;
  readonly bytes: number;
}

/**
 * The gzipped size of importing each export of each subpath alone from the built files in `distDir`, classified by
 * the values of `modules` (the subpaths' modules, imported by the caller from source or from the build).
 */
export async function exportSizes(
  distDir: string,
  modules: Readonly<Record<string, Record<string, unknown>>>,
): Promise<ExportSize[]> {
  const sizes: ExportSize[] = [];
  for (const [subpath, module] of Object.entries(modules)) {
    const entry = join(distDir, subpath, "index.js");
    for (const [name, value] of Object.entries(module)) {
      const bytes = await bundleSize(`export { ${name} } from ${JSON.stringify(entry)};`, distDir);
      sizes.push({ subpath, name, kind: exportKind(name, value), bytes });
    }
  }
  return sizes;
}

/** Gzipped size of the whole subpath (every export). */
export async function subpathSize(distDir: string, subpath: string): Promise<number> {
  return bundleSize(`export * from ${JSON.stringify(join(distDir, subpath, "index.js"))};`, distDir);
}
