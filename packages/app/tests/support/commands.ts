// The operator commands (`npm run import | rules | staff -w packages/app -- …`) as the tests run them: as a child
// process, the way npm starts one, or in this process with what they print collected.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ensureBuiltServer } from "../server/support/built-server";

const APP = fileURLToPath(new URL("../../", import.meta.url));

/** How a command ended, and what it printed on each stream. */
export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `command` in `cwd` with only PATH, HOME and `env` from this environment (so nothing of the test run's leaks
 * in); `input`, when given, is typed on standard input, which is then closed.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  { cwd, env = {}, input }: { cwd: string; env?: Record<string, string>; input?: string },
): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += String(chunk);
    });
    child.stderr.on("data", (chunk) => {
      stderr += String(chunk);
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    if (input !== undefined) child.stdin.end(input);
  });
}

/** How `npm run <command>` starts Node (packages/app's package.json): the command's bundle, built first if stale. */
export const COMMAND_NODE_ARGS = ["--max-semi-space-size=4", "scripts/command.mjs"];

/**
 * The operator command `name` (`npm run import | keys | staff | rules | retention | outbox`) as npm starts it: from
 * packages/app, its bundle in build/server/commands (ADR 438). The build is made fresh first, under the test run's
 * build lock, so no command builds the site on its own beside another.
 */
export async function runScript(
  name: string,
  args: readonly string[],
  env: Record<string, string> = {},
  input?: string,
): Promise<CommandRun> {
  await ensureBuiltServer();
  const node = [...COMMAND_NODE_ARGS, name, ...args];
  return runProcess(process.execPath, node, { cwd: APP, env, ...(input === undefined ? {} : { input }) });
}

/** The `out` and `err` a command run in this process prints through, each line kept with its newline. */
export function collectedOutput() {
  const collected = {
    stdout: "",
    stderr: "",
    out: (line: string) => {
      collected.stdout += `${line}\n`;
    },
    err: (line: string) => {
      collected.stderr += `${line}\n`;
    },
  };
  return collected;
}
