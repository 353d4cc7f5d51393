import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build as esbuild } from "esbuild";
import { type Options, build as tsup } from "tsup";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import tsupConfig from "../tsup.config";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
/** Strings from json-rules-engine's own code (its run log and its Almanac); the package name itself also appears in
 * schema descriptions shown to analysts, so it is no evidence of the engine. */
const ENGINE_CODE = ["engine::run", "almanac::factValue"];

/** Every file a built entry loads through relative imports (its shared chunks), and the bare imports among them. */
async function importGraph(entry: string): Promise<{ files: string[]; packages: string[] }> {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = async (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = await readFile(file, "utf8");
    for (const [, specifier] of code.matchAll(/(?:import|export)\s*(?:[^"'`;]*?\sfrom\s*)?["']([^"']+)["']/g)) {
      if (specifier?.startsWith(".")) await visit(resolve(dirname(file), specifier));
      else if (specifier) packages.add(specifier);
    }
  };
  await visit(entry);
  return { files: [...files], packages: [...packages] };
}

describe("the questionnaire subpath stays free of json-rules-engine", () => {
  let outDir = "";

  beforeAll(async () => {
    outDir = await mkdtemp(join(tmpdir(), "showroom-rules-build-"));
    const [library] = (Array.isArray(tsupConfig) ? tsupConfig : [tsupConfig]) as Options[];
    const entry = Object.fromEntries(
      Object.entries(library?.entry as Record<string, string>).map(([name, src]) => [name, join(packageDir, src)]),
    );
    // tsup leaves a package's dependencies external by reading package.json in the working directory, which here is
    // the repository root; name them, as `npm run build -w packages/rules` would find them.
    const manifest = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8"));
    const external = Object.keys(manifest.dependencies ?? {});
    // The package's own tsup settings (splitting and all), written to a scratch directory without type files.
    await tsup({ ...library, entry, outDir, external, dts: false, sourcemap: false, silent: true, config: false });
  }, 60_000);

  afterAll(async () => {
    if (outDir) await rm(outDir, { recursive: true, force: true });
  });

  it("the built questionnaire entry and its chunks import no json-rules-engine", async () => {
    const graph = await importGraph(join(outDir, "questionnaire/index.js"));
    expect(graph.packages.sort()).toEqual(["xstate", "zod"]);
    for (const file of graph.files) {
      const code = await readFile(file, "utf8");
      for (const marker of ENGINE_CODE) expect(code).not.toContain(marker);
    }
  });

  it("the built offer entry does import json-rules-engine, so the check above can tell", async () => {
    const graph = await importGraph(join(outDir, "offer/index.js"));
    expect(graph.packages).toContain("json-rules-engine");
  });

  it("a browser bundle of the offer subpath does hold the engine's code, so the markers can tell", async () => {
    const result = await esbuild({
      entryPoints: [join(packageDir, "src/offer/index.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      write: false,
    });
    for (const marker of ENGINE_CODE) expect(result.outputFiles[0]?.text).toContain(marker);
  });

  it("a browser bundle of src/questionnaire/index.ts contains no json-rules-engine", async () => {
    const result = await esbuild({
      entryPoints: [join(packageDir, "src/questionnaire/index.ts")],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      minify: true,
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.includes("node_modules/zod"))).toBe(true);
    expect(inputs.filter((i) => i.includes("json-rules-engine"))).toEqual([]);
    for (const marker of ENGINE_CODE) expect(result.outputFiles[0]?.text).not.toContain(marker);
  });
});
