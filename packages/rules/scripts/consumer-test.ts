import { execFile, spawn } from "node:child_process";
import { existsSync, watch } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { SUBPATHS } from "../tsup.config";
import { publishedManifest } from "./publish-manifest.mjs";

// `npm run check:package` (part of `npm test`): the package as npm users get it. Stages a copy of the package as npm
// would pack it, with the published package.json, and runs publint and attw on it. Packs that copy, installs
// the tarball into an empty project (from npm's cache: --prefer-offline), imports every subpath from Node ESM and
// require()s it from CommonJS (on this Node and, when present, on the system's Node 20), typechecks a consumer under
// `module: nodenext` and `strict`, and runs `showroom-rules init`, `check` and `simulate` there. Exits 1 on the first
// thing that is not as it should be.

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const workspaceDir = fileURLToPath(new URL("../../..", import.meta.url));
const tsc = join(workspaceDir, "node_modules/typescript/bin/tsc");
const SYSTEM_NODE = "/usr/bin/node";

function check(ok: unknown, what: string): asserts ok {
  if (!ok) throw new Error(`consumer test: ${what}`);
}

async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ok  ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return result;
}

async function sh(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env) {
  try {
    return await run(command, [...args], { cwd, env, maxBuffer: 32 * 1024 * 1024 });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${e.stdout ?? ""}${e.stderr ?? ""}${e.message}`);
  }
}

/**
 * Copies into `dir` the files `npm pack` takes from the package, with the package.json npm users get
 * (`publishedManifest` of the workspace's, read once as the checks start). The checks pack this copy, never the workspace: packing the workspace runs prepack and
 * postpack, which rewrite packages/rules/package.json while the tests running beside these checks resolve
 * `@showroom/rules` through it; a test once read it empty (docs/decisions/448).
 */
async function stagePackage(dir: string, workspaceManifest: string): Promise<void> {
  const { stdout } = await sh("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], packageDir);
  const [listed] = JSON.parse(stdout.slice(stdout.indexOf("["))) as { files: { path: string }[] }[];
  check(listed && listed.files.length > 0, "npm pack --dry-run listed no files");
  for (const { path } of listed.files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await copyFile(join(packageDir, path), join(dir, path));
  }
  await writeFile(join(dir, "package.json"), publishedManifest(workspaceManifest));
}

/**
 * npm in the staged copy runs no lifecycle script: its package.json is already the published one, and its prepack names
 * a script the tarball does not ship. attw packs with npm too, so this reaches it through the environment.
 */
const WITHOUT_SCRIPTS = { ...process.env, npm_config_ignore_scripts: "true" };

/** `npx showroom-rules …` in the consumer project, on this Node (npm puts it first on PATH under `npm run`). */
function bin(project: string, ...args: string[]) {
  return sh("npx", ["--no-install", "showroom-rules", ...args], project);
}

const consumerTs = `${SUBPATHS.map((s, i) => `import * as m${i} from "@showroom/rules/${s}";`).join("\n")}
import { evaluateOffer, type OfferResult, OfferInputError, RuleFileError } from "@showroom/rules/offer";
import { monthlyPayment, InputError, type FinancingRules } from "@showroom/rules/financing";

export const subpaths: readonly object[] = [${SUBPATHS.map((_, i) => `m${i}`).join(", ")}];
export const payment: number = monthlyPayment(20_000, 6.99, 72);
export async function offer(): Promise<OfferResult> {
  return evaluateOffer({
    vehicle: { year: 2019, make: "Ford", model: "F-150", mileage: 68_000 },
    valuation: { roughWholesale: 24_500, adjustedWholesaleAvg: 27_200, adjustedRetailAvg: 31_900 },
    answers: { "100": "great" },
    asOf: "2026-11-21",
  });
}
export function kind(error: unknown): string {
  if (error instanceof OfferInputError) return error.code;
  if (error instanceof RuleFileError) return error.code;
  if (error instanceof InputError) return error.code;
  return "other";
}
export type Rules = FinancingRules["baseApr"][number]["apr"];
`;

const esmSmoke = `${SUBPATHS.map((s) => `import * as ${s.replace(/-(\w)/g, (_, c) => c.toUpperCase())} from "@showroom/rules/${s}";`).join("\n")}
const loaded = { ${SUBPATHS.map((s) => s.replace(/-(\w)/g, (_, c) => c.toUpperCase())).join(", ")} };
for (const [name, module] of Object.entries(loaded)) if (Object.keys(module).length < 3) throw new Error(name + " exports too little");
if (financing.monthlyPayment(20000, 0, 10) !== 2000) throw new Error("monthlyPayment");
const result = await offer.evaluateOffer({
  vehicle: { year: 2019, make: "Ford", model: "F-150", mileage: 68000 },
  valuation: { roughWholesale: 24500, adjustedWholesaleAvg: 27200, adjustedRetailAvg: 31900 },
  answers: { "100": "great" },
  asOf: "2026-11-21",
});
if (result.outcome !== "offer" || typeof result.cashNow.price !== "number") throw new Error("evaluateOffer");
if (financing.RuleFileError !== offer.RuleFileError) throw new Error("one RuleFileError class across subpaths");
try { financing.estimatePayment({}); throw new Error("no throw"); } catch (e) { if (!(e instanceof financing.InputError) || e.code !== "INPUT_INVALID") throw e; }
const schema = await import("@showroom/rules/schemas/financing.schema.json", { with: { type: "json" } });
if (schema.default.title !== "financing.json") throw new Error("schemas subpath");
console.log("esm ok " + process.version);
`;

const cjsSmoke = `${SUBPATHS.map((s) => `require("@showroom/rules/${s}");`).join("\n")}
const { monthlyPayment } = require("@showroom/rules/financing");
if (monthlyPayment(20000, 0, 10) !== 2000) throw new Error("monthlyPayment");
console.log("require ok " + process.version);
`;

async function main(): Promise<void> {
  check(
    existsSync(join(packageDir, "dist/offer/index.js")),
    "dist/ is missing: run `npm run build -w packages/rules` first",
  );
  // Not even for a moment: a rewrite that is put back still reaches the tests that resolve through it meanwhile.
  const workspaceManifest = await readFile(join(packageDir, "package.json"), "utf8");
  let touched = false;
  const watcher = watch(join(packageDir, "package.json"), () => {
    touched = true;
  });
  const scratch = await mkdtemp(join(tmpdir(), "showroom-rules-consumer-"));
  try {
    const staged = join(scratch, "package");
    await step("stage the package as npm packs it", () => stagePackage(staged, workspaceManifest));
    await step("publint --strict", async () => {
      process.stdout.write((await sh("publint", ["--strict", staged], packageDir, WITHOUT_SCRIPTS)).stdout);
    });
    await step("attw --pack, ESM only", async () => {
      const args = ["--pack", staged, "--profile", "esm-only"];
      process.stdout.write((await sh("attw", args, packageDir, WITHOUT_SCRIPTS)).stdout);
    });
    const tarball = await step("npm pack", async () => {
      const { stdout } = await sh("npm", ["pack", "--json", "--pack-destination", scratch], staged, WITHOUT_SCRIPTS);
      const [packed] = JSON.parse(stdout.slice(stdout.indexOf("["))) as {
        filename: string;
        files: { path: string }[];
      }[];
      check(packed, "npm pack printed no tarball");
      const files = packed.files.map((f) => f.path);
      check(files.includes("LICENSE"), "the tarball ships a LICENSE");
      check(!files.some((f) => f.startsWith("src/")), "the tarball ships no src/");
      check(!files.some((f) => f.endsWith(".map")), "the tarball ships no source maps");
      check(files.includes("books/sample-book.json"), "the tarball ships the sample book");
      return join(scratch, packed.filename);
    });
    const project = join(scratch, "consumer");
    await mkdir(project);
    await writeFile(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    await step("npm install <tarball> (from npm's cache)", () =>
      sh("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", tarball], project),
    );
    const installed = join(project, "node_modules/@showroom/rules");
    await step("published package.json and README", async () => {
      const manifest = await readFile(join(installed, "package.json"), "utf8");
      check(!manifest.includes("showroom-source"), "the published exports carry no showroom-source condition");
      const readme = await readFile(join(installed, "README.md"), "utf8");
      const links = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1] as string);
      const relative = links.filter((l) => !/^(https?:|#)/.test(l));
      check(relative.length === 0, `README links work on npm (absolute or in-page); relative: ${relative.join(", ")}`);
    });
    await writeFile(join(project, "smoke.mjs"), esmSmoke);
    await writeFile(join(project, "smoke.cjs"), cjsSmoke);
    const nodes = [process.execPath, ...(existsSync(SYSTEM_NODE) ? [SYSTEM_NODE] : [])];
    for (const node of nodes) {
      const { stdout: version } = await sh(node, ["--version"], project);
      await step(`import every subpath (ESM) and require() it on Node ${version.trim()}`, async () => {
        check((await sh(node, ["smoke.mjs"], project)).stdout.startsWith("esm ok"), "ESM smoke test");
        check((await sh(node, ["smoke.cjs"], project)).stdout.startsWith("require ok"), "CommonJS smoke test");
      });
    }
    await step("typecheck a consumer under module nodenext, strict", async () => {
      await writeFile(join(project, "consumer.ts"), consumerTs);
      const tsconfig = {
        compilerOptions: {
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          strict: true,
          noEmit: true,
          types: [],
        },
        files: ["consumer.ts"],
      };
      await writeFile(join(project, "tsconfig.json"), JSON.stringify(tsconfig));
      await sh(process.execPath, [tsc, "-p", "tsconfig.json"], project);
    });
    await step("showroom-rules init, check, simulate against the defaults", async () => {
      const init = await bin(project, "init", "my-rules");
      check(init.stdout.startsWith("Wrote 20 files"), "init writes the rule files and schemas");
      const settingsPath = join(project, "my-rules/offer-settings.json");
      const settings = JSON.parse(await readFile(settingsPath, "utf8"));
      check(existsSync(join(project, "my-rules", settings.$schema)), "$schema points at a schema next to the copy");
      check(
        (await bin(project, "check", "my-rules")).stdout.includes("All 10 rule files are valid."),
        "check passes a fresh copy",
      );
      settings.cashNow.priceRules.find((r: { name: string }) => r.name === "warranty").amount = 400;
      await writeFile(settingsPath, JSON.stringify(settings, null, 2));
      const moved = (await bin(project, "simulate", "--rules", "my-rules")).stdout;
      check(moved.includes("min −$100, median −$100, max −$100"), "simulate --rules shows a dearer warranty as −$100");
      settings.cashNow.minimumPrice = "2000";
      await writeFile(settingsPath, JSON.stringify(settings, null, 2));
      const failed = await bin(project, "check", "my-rules").then(
        () => null,
        (error: Error) => error.message,
      );
      check(failed?.includes("Write the number without quotes: 2000."), "check explains a quoted number and exits 1");
    });
    await step("simulate | head ends quietly", async () => {
      const child = spawn(process.execPath, [join(project, "node_modules/.bin/showroom-rules"), "simulate", "--all"], {
        cwd: project,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
      });
      child.stdout.once("data", () => child.stdout.destroy());
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      check(code === 0 && stderr === "", `simulate | head exits 0 quietly (exit ${code}, stderr ${stderr})`);
    });
    check(
      !touched && (await readFile(join(packageDir, "package.json"), "utf8")) === workspaceManifest,
      "the workspace's package.json was not written while the checks ran",
    );
    console.log("The packed package works for a consumer.");
  } finally {
    watcher.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main().catch((error: Error) => {
  console.error(error.message);
  process.exitCode = 1;
});
