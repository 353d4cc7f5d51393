import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  BROWSER_SUBPATHS,
  buildJavaScript,
  bundleSize,
  exportSizes,
  FUNCTION_BUDGET_BYTES,
  subpathSize,
} from "../scripts/bundle-sizes";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Prints, per browser subpath, what importing one export alone costs a browser bundle (minified, gzip -9), from the
 * package as built: the largest and median function, the machines, and the whole subpath; then the libraries alone.
 */
export async function sizesBench(): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), "showroom-rules-sizes-"));
  const root = join(scratch, "package");
  try {
    await buildJavaScript(root);
    const modules: Record<string, Record<string, unknown>> = {};
    for (const subpath of BROWSER_SUBPATHS) modules[subpath] = await import(`../src/${subpath}/index.ts`);
    const sizes = await exportSizes(root, modules, ["function", "machine"]);
    console.log(
      `\nBrowser bundle cost of importing one export alone (esbuild --minify, gzip -9), budget ${kb(FUNCTION_BUDGET_BYTES)} per function\n`,
    );
    const header = ["subpath", "functions", "largest function", "median", "machines (with xstate)", "whole subpath"];
    const rows: string[][] = [];
    for (const subpath of BROWSER_SUBPATHS) {
      const functions = sizes
        .filter((s) => s.subpath === subpath && s.kind === "function")
        .sort((a, b) => a.bytes - b.bytes);
      const largest = functions.at(-1);
      const median = functions[Math.floor(functions.length / 2)];
      const machines = sizes.filter((s) => s.subpath === subpath && s.kind === "machine");
      rows.push([
        subpath,
        String(functions.length),
        largest ? `${kb(largest.bytes)} ${largest.name}` : "—",
        median ? kb(median.bytes) : "—",
        machines.map((m) => `${m.name} ${kb(m.bytes)}`).join(", ") || "—",
        kb(await subpathSize(root, subpath)),
      ]);
    }
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
    for (const row of [header, widths.map((w) => "-".repeat(w)), ...rows]) {
      console.log(
        row
          .map((cell, i) => cell.padEnd(widths[i] ?? 0))
          .join("  ")
          .trimEnd(),
      );
    }
    const over = sizes.filter((s) => s.kind === "function" && s.bytes > FUNCTION_BUDGET_BYTES);
    console.log(
      over.length === 0
        ? `\nEvery one of ${sizes.filter((s) => s.kind === "function").length} functions is within the budget.`
        : `\nOver the budget: ${over.map((s) => `${s.subpath} ${s.name} ${kb(s.bytes)}`).join(", ")}`,
    );
    const alone = {
      "zod (classic, as the forms use it)": 'import { z } from "zod"; export const s = z.object({ a: z.string() });',
      "zod/mini, one small schema": 'import * as z from "zod/mini"; export const s = z.object({ a: z.string() });',
      "xstate (setup, assign, fromPromise, createActor)":
        'export { setup, assign, fromPromise, createActor } from "xstate";',
    };
    console.log("\nThe libraries alone, for comparison:");
    for (const [name, source] of Object.entries(alone)) console.log(`  ${name}: ${kb(await bundleSize(source, root))}`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
