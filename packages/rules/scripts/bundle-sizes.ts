import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import type { Options } from "tsup";

/** The subpaths a browser may import, each held to the lean budget (ADR 213); `offer` stays server-side. */
export const BROWSER_SUBPATHS = [
  "financing",
  "credit-application",
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
  return gzipSync(await bundleBytes(source, dir), { level: 9 }).length;
}

/** The minified browser bundle of `source`, resolved from `dir`, as text. */
export async function bundleCode(source: string, dir: string): Promise<string> {
  return new TextDecoder().decode(await bundleBytes(source, dir));
}

async function bundleBytes(source: string, dir: string): Promise<Uint8Array> {
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
  return result.outputFiles[0]?.contents ?? new Uint8Array();
}

/** What kind of export a value is, for the budget: only functions are held to it (see ADR 213). */
export type ExportKind = "function" | "schema" | "machine" | "value";

export function exportKind(name: string, value: unknown): ExportKind {
  if (typeof value === "object" && value !== null && "_zod" in value) return "schema";
  // Schema factories (`persistedUnlockPriceSchema(rules)`) build a zod schema: they are the zod side of the API.
  if (typeof value === "function" && /Schema$/.test(name)) return "schema";
  if (typeof value === "object" && value !== null && "transition" in value && "config" in value) return "machine";
  // A machine's factory and the functions that resume a stored machine build xstate actors: they carry xstate.
  if (typeof value === "function" && /^(create\w*Machine|resume\w+)$/.test(name)) return "machine";
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
 * The gzipped size of importing each export of each subpath alone from the package built at `packageRoot` (see
 * {@link buildJavaScript}), classified by the values of `modules` (the subpaths' modules, imported by the caller).
 */
export async function exportSizes(
  packageRoot: string,
  modules: Readonly<Record<string, Record<string, unknown>>>,
  kinds: readonly ExportKind[] = ["function", "machine", "schema", "value"],
): Promise<ExportSize[]> {
  const jobs = Object.entries(modules)
    .flatMap(([subpath, module]) =>
      Object.entries(module).map(([name, value]) => ({ subpath, name, kind: exportKind(name, value) })),
    )
    .filter((job) => kinds.includes(job.kind));
  const codes = await bundleCodes(
    jobs.map((job) => `export { ${job.name} } from ${JSON.stringify(entryOf(packageRoot, job.subpath))};`),
    packageRoot,
  );
  return jobs.map((job, k) => ({ ...job, bytes: gzipSync(codes[k] ?? "", { level: 9 }).length }));
}

const VIRTUAL = "showroom-bundle-entry";

/**
 * The minified browser bundle of each of `sources`, resolved from `dir`, in order: one esbuild build with an entry
 * point per source and no code splitting, so each output holds everything its entry needs, as a build of that
 * source alone would, while the package is parsed and linked once instead of once per source (ADR 316).
 */
export async function bundleCodes(sources: readonly string[], dir: string): Promise<string[]> {
  if (sources.length === 0) return [];
  const result = await build({
    entryPoints: sources.map((_, k) => `${VIRTUAL}:${k}`),
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    absWorkingDir: dir,
    outdir: join(dir, "bundles"),
    entryNames: "[name]",
    metafile: true,
    nodePaths: [NODE_MODULES],
    logLevel: "silent",
    plugins: [
      {
        name: VIRTUAL,
        setup(plugin) {
          plugin.onResolve({ filter: new RegExp(`^${VIRTUAL}:\\d+$`) }, (args) => ({
            path: args.path.slice(VIRTUAL.length + 1),
            namespace: VIRTUAL,
          }));
          plugin.onLoad({ filter: /.*/, namespace: VIRTUAL }, (args) => ({
            contents: sources[Number(args.path)],
            resolveDir: dir,
            loader: "js",
          }));
        },
      },
    ],
  });
  // The metafile names each output's entry point, so nothing depends on how esbuild names or orders its outputs.
  const byEntry = new Map<string, string>();
  for (const [output, meta] of Object.entries(result.metafile.outputs)) {
    if (meta.entryPoint) byEntry.set(meta.entryPoint, output);
  }
  const texts = new Map(result.outputFiles.map((file) => [file.path, file.text]));
  return sources.map((_, k) => {
    const output = byEntry.get(`${VIRTUAL}:${k}`);
    const text = output === undefined ? undefined : texts.get(resolve(dir, output));
    if (text === undefined) throw new Error(`esbuild wrote no bundle for entry ${k}: ${sources[k]}`);
    return text;
  });
}

/** The built entry of a subpath, by the file path a bundler resolves `@showroom/rules/<subpath>` to. */
function entryOf(packageRoot: string, subpath: string): string {
  return join(packageRoot, "dist", subpath, "index.js");
}

/** Gzipped size of the whole subpath (every export). */
export async function subpathSize(packageRoot: string, subpath: string): Promise<number> {
  return bundleSize(`export * from ${JSON.stringify(entryOf(packageRoot, subpath))};`, packageRoot);
}

/**
 * Builds the package's JavaScript (not its declarations) with its own tsup settings into `packageRoot/dist`, as
 * `npm run build` would, beside a copy of its package.json (whose `sideEffects: false` and exports a bundler reads):
 * what the sizes are measured on.
 */
export async function buildJavaScript(packageRoot: string): Promise<void> {
  const outDir = join(packageRoot, "dist");
  const { build: tsup } = await import("tsup");
  const { default: configs } = await import("../tsup.config");
  const packageDir = fileURLToPath(new URL("..", import.meta.url));
  const manifest = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8"));
  // tsup leaves a package's dependencies external by reading package.json in the working directory, which may be
  // the repository root; name them, as `npm run build -w packages/rules` would find them.
  const external = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})];
  for (const config of (configs as Options[]).filter((c) => !c.dts)) {
    const entry = Array.isArray(config.entry)
      ? config.entry.map((e) => (e.startsWith("!") ? `!${join(packageDir, e.slice(1))}` : join(packageDir, e)))
      : Object.fromEntries(Object.entries(config.entry ?? {}).map(([k, v]) => [k, join(packageDir, v)]));
    await tsup({ ...config, entry, outDir, external, silent: true, config: false });
  }
  await writeFile(join(packageRoot, "package.json"), JSON.stringify(manifest, null, 2));
}
