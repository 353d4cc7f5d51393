import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build as esbuild } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BROWSER_SUBPATHS,
  buildJavaScript,
  bundleCode,
  bundleCodes,
  exportSizes,
  FUNCTION_BUDGET_BYTES,
} from "../scripts/bundle-sizes";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
/** Strings from json-rules-engine's own code (its run log and its Almanac). */
const ENGINE_CODE = ["engine::run", "almanac::factValue"];

let root = "";
beforeAll(async () => {
  root = join(await mkdtemp(join(tmpdir(), "showroom-rules-bundles-")), "package");
  await buildJavaScript(root);
}, 120_000);
afterAll(async () => {
  if (root) await rm(join(root, ".."), { recursive: true, force: true });
});

async function builtFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(".js")).map((e) => join(e.parentPath, e.name));
}

describe("the built package in a browser bundle (ADR 212, 213)", () => {
  it("no built module imports json-rules-engine: rules run compiled, the engine is only the tests' reference", async () => {
    for (const file of await builtFiles(join(root, "dist"))) {
      const code = await readFile(file, "utf8");
      expect(code, file).not.toMatch(/from\s*["']json-rules-engine["']/);
      for (const marker of ENGINE_CODE) expect(code, file).not.toContain(marker);
    }
    // The markers do tell: a bundle of the reference implementation holds them.
    const reference = await esbuild({
      entryPoints: [join(packageDir, "src/offer/engine-reference.test-support.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      write: false,
    });
    for (const marker of ENGINE_CODE) expect(reference.outputFiles[0]?.text).toContain(marker);
  });

  it("importing any one function from a browser subpath costs at most 15 KB gzip", async () => {
    const modules: Record<string, Record<string, unknown>> = {};
    for (const subpath of BROWSER_SUBPATHS) modules[subpath] = await import(`../src/${subpath}/index.ts`);
    const sizes = await exportSizes(root, modules, ["function", "machine"]);
    const functions = sizes.filter((s) => s.kind === "function");
    expect(functions.length).toBeGreaterThan(120);
    const over = functions
      .filter((s) => s.bytes > FUNCTION_BUDGET_BYTES)
      .map((s) => `${s.subpath}: ${s.name} ${s.bytes} B`);
    expect(over).toEqual([]);
    // Each subpath's machines are measured too; they carry xstate (about 13 KB by itself), so no budget holds them.
    expect(sizes.filter((s) => s.kind === "machine").map((s) => s.name)).toEqual(
      expect.arrayContaining(["unlockPriceMachine", "testDriveMachine", "popupMachine"]),
    );
  }, 240_000);

  it("a function that parses nothing loads no zod at all", async () => {
    const pure = {
      financing: [
        "monthlyPayment",
        "aprFor",
        "aprBreakdown",
        "estimateParsedPayment",
        "clampToSlider",
        "defaultCashDown",
      ],
      consent: ["bannerVisible", "buttonTextKey"],
      inventory: ["slugify", "vehiclePath", "pageWindow", "searchHref", "sitemapXml"],
      tracking: ["eventValue", "shouldTrackPageView", "splitConversationName"],
      "unlock-price": ["unlockPriceStep", "draftOf"],
      "test-drive": ["slotDayLabel", "isTimeZone"],
      popups: ["recordPageVisit", "popupsToShow", "isClosable"],
      leads: ["buildAdfLead", "buildTextLead", "leadStatus", "resolveDestination"],
    };
    const imports = Object.entries(pure).flatMap(([subpath, names]) => names.map((name) => ({ subpath, name })));
    // The check can tell: a function that does parse carries zod/mini. It is bundled in the same build.
    const [parsing, ...codes] = await bundleCodes(
      [{ subpath: "financing", name: "estimatePayment" }, ...imports].map(
        ({ subpath, name }) => `export { ${name} } from ${JSON.stringify(join(root, "dist", subpath, "index.js"))};`,
      ),
      root,
    );
    expect(codes).toHaveLength(imports.length);
    for (const [k, { subpath, name }] of imports.entries())
      expect(codes[k], `${subpath}: ${name}`).not.toContain("_zod");
    expect(parsing).toContain("_zod");
  }, 120_000);

  it("the questionnaire's browser bundle holds no json-rules-engine", async () => {
    const code = await bundleCode(`export * from ${JSON.stringify(join(root, "dist/questionnaire/index.js"))};`, root);
    for (const marker of ENGINE_CODE) expect(code).not.toContain(marker);
    expect(code.length).toBeGreaterThan(1000);
  });
});
