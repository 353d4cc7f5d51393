// What makes the build stale (scripts/ensure-build.mjs): a source newer than the build, never a test. And the operator
// commands' npm scripts, which the tests start the same way (ADR 438).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { COMMAND_NODE_ARGS } from "../tests/support/commands";
// @ts-expect-error: a plain ESM module of the build scripts, without types.
import { COMMANDS, newest } from "./ensure-build.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fileAt(path: string, seconds: number): void {
  writeFileSync(path, "");
  utimesSync(path, seconds, seconds);
}

it("a source file's change counts, a test's, a test helper's or a type test's does not", () => {
  const dir = mkdtempSync(join(tmpdir(), "showroom-sources-"));
  dirs.push(dir);
  mkdirSync(join(dir, "server"));
  fileAt(join(dir, "server", "page.tsx"), 1_000);
  fileAt(join(dir, "server", "page.test.tsx"), 5_000);
  fileAt(join(dir, "server", "rows.test-support.ts"), 5_000);
  fileAt(join(dir, "server", "types.test-d.ts"), 5_000);
  fileAt(join(dir, ".cache"), 5_000);
  expect(newest(dir)).toBe(1_000_000);
  fileAt(join(dir, "server", "command.mjs"), 3_000);
  expect(newest(dir)).toBe(3_000_000);
});

it("every operator command's npm script runs its bundle through scripts/command.mjs, as the tests start it", () => {
  const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    scripts: Record<string, string>;
  };
  for (const name of COMMANDS as string[]) {
    expect(scripts[name]).toBe(["node", ...COMMAND_NODE_ARGS, name].join(" "));
  }
});
