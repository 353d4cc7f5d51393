// `npm run cli -w packages/rules -- init my-rules` runs in packages/rules; relative paths must mean the folder the
// person typed the command in (npm's INIT_CWD), as `npm run import` does (issue 26, ADR 310).
import { spawnSync } from "node:child_process";
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { callerFolder, main, SAMPLE_BOOK } from "../src/bin/cli";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

const cleanup: string[] = [];
afterEach(async () => {
  for (const path of cleanup.splice(0)) await rm(path, { recursive: true, force: true });
});

/** Runs the CLI in this process as if called from `caller`, the way the bin does with npm's INIT_CWD. */
async function cliFrom(caller: string, ...argv: string[]): Promise<{ code: number; stdout: string }> {
  const lines: string[] = [];
  const code = await main(argv, (line) => lines.push(line), caller);
  return { code, stdout: lines.join("\n") };
}

/** Runs the package's bin as `npm run cli -w packages/rules -- …` does: in the package folder, INIT_CWD the caller's. */
function cliFromNpm(caller: string, ...argv: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ["--import", "tsx", "src/bin/showroom-rules.ts", ...argv], {
    cwd: packageDir,
    env: { ...process.env, INIT_CWD: caller },
    encoding: "utf8",
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("showroom-rules resolves relative paths from the caller's folder", () => {
  it("init, check and simulate with relative paths write and read in INIT_CWD, not in packages/rules", async () => {
    const caller = await mkdtemp(join(tmpdir(), "showroom-rules-caller-"));
    cleanup.push(caller);
    // A name no one uses, so that a wrong resolution (into packages/rules) is seen and cleaned up.
    const name = `caller-rules-${process.pid}`;
    cleanup.push(join(packageDir, name));

    const init = await cliFrom(caller, "init", name);
    expect(init.code).toBe(0);
    expect(await exists(join(caller, name, "offer-settings.json"))).toBe(true);
    expect(await exists(join(packageDir, name))).toBe(false);

    // Cash Now's warranty costs $100 more: simulate must read this folder's rules, not the defaults.
    const settingsFile = join(caller, name, "offer-settings.json");
    const settings = JSON.parse(await readFile(settingsFile, "utf8"));
    const warranty = settings.cashNow.priceRules.find((rule: { name: string }) => rule.name === "warranty");
    warranty.amount += 100;
    await writeFile(settingsFile, JSON.stringify(settings, null, 2));

    const check = await cliFrom(caller, "check", name);
    expect(check.code).toBe(0);
    expect(check.stdout).toContain(`Checking rule files in ${join(caller, name)}`);

    await copyFile(SAMPLE_BOOK, join(caller, "my-book.json"));
    const simulate = await cliFrom(caller, "simulate", "--rules", name, "--book", "my-book.json", "--format", "json");
    expect(simulate.code).toBe(0);
    const comparison = JSON.parse(simulate.stdout) as { changed: number; entries: { before: unknown }[] };
    expect(comparison.changed).toBeGreaterThan(0);
  });

  it("the bin, run as npm runs a workspace script, writes init's folder into INIT_CWD", async () => {
    const caller = await mkdtemp(join(tmpdir(), "showroom-rules-caller-"));
    cleanup.push(caller);
    const name = `caller-rules-bin-${process.pid}`;
    cleanup.push(join(packageDir, name));
    const run = cliFromNpm(caller, "init", name, "offer-settings");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await exists(join(caller, name, "offer-settings.json"))).toBe(true);
    expect(await exists(join(packageDir, name))).toBe(false);
  }, 60_000);

  it("the caller's folder is INIT_CWD when npm set it, else the process's folder", () => {
    expect(callerFolder({ INIT_CWD: "/somewhere/else" })).toBe("/somewhere/else");
    expect(callerFolder({})).toBe(process.cwd());
    expect(callerFolder({ INIT_CWD: "" })).toBe(process.cwd());
  });
});
