// `node start.mjs` as a child process, the way a machine runs the site: for crashes, signals and the data-dir lock.
import { type ChildProcess, spawn } from "node:child_process";
import { withMemoryTemplate } from "../../support/databases";
import { APP_DIR, START_SCRIPT, TEST_SESSION_SECRET, withSharedDataKey } from "./built-server";

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildServer {
  readonly pid: number;
  /** `http://127.0.0.1:<port>`, as the start-up line printed it. */
  readonly url: string;
  /** Everything the process printed so far, stdout and stderr interleaved. */
  output(): string;
  readonly exited: Promise<Exit>;
  kill(signal: NodeJS.Signals): void;
  /** Sends `signal` and waits for the exit; rejects when the process outlives `timeoutMs` (it is then killed). */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit & { ms: number }>;
}

/**
 * The environment of a child server: only what Node needs from ours (so no DATABASE_URL or SMTP_URL of the machine
 * leaks in), production settings, a fixed session secret, and `env` on top.
 */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { PATH, HOME, TMPDIR, LANG } = process.env;
  const base = Object.fromEntries(
    Object.entries({ PATH, HOME, TMPDIR, LANG }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return {
    ...base,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    SESSION_SECRET: TEST_SESSION_SECRET,
    ...withSharedDataKey(env),
  };
}

function launch(env: Record<string, string>): { child: ChildProcess; output(): string; exited: Promise<Exit> } {
  const child = spawn(process.execPath, [START_SCRIPT], {
    cwd: APP_DIR,
    env: childEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
}

/** Starts `node start.mjs` with `env` and resolves once it prints that it is serving. */
export async function spawnServer(env: Record<string, string>, { timeoutMs = 90_000 } = {}): Promise<ChildServer> {
  const { child, output, exited } = launch(await withMemoryTemplate(env));
  const pid = child.pid;
  if (pid === undefined) throw new Error("node start.mjs did not start");
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`node start.mjs did not serve within ${timeoutMs} ms:\n${output()}`));
    }, timeoutMs);
    const check = () => {
      const match = /Showroom is serving (http:\/\/\S+)/.exec(output());
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off("data", check);
      resolve(match[1]);
    };
    child.stdout?.on("data", check);
    void exited.then((exit) => {
      clearTimeout(timer);
      reject(new Error(`node start.mjs exited (${exit.code ?? exit.signal}) before serving:\n${output()}`));
    });
  });
  return {
    pid,
    url,
    output,
    exited,
    kill: (signal) => void child.kill(signal),
    async stop(signal = "SIGTERM", timeoutMs = 10_000) {
      const started = Date.now();
      child.kill(signal);
      const timeout = new Promise<never>((_resolve, reject) => {
        const timer = setTimeout(() => {
          child.kill("SIGKILL");
          reject(new Error(`node start.mjs was still running ${timeoutMs} ms after ${signal}:\n${output()}`));
        }, timeoutMs);
        void exited.then(() => clearTimeout(timer));
      });
      const exit = await Promise.race([exited, timeout]);
      return { ...exit, ms: Date.now() - started };
    },
  };
}

/** Runs `node start.mjs` with `env` when it is expected not to serve: resolves with its exit and what it printed. */
export async function runServerToExit(
  env: Record<string, string>,
  { timeoutMs = 60_000 } = {},
): Promise<Exit & { output: string }> {
  const { child, output, exited } = launch(await withMemoryTemplate(env));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const exit = await exited;
  clearTimeout(timer);
  return { ...exit, output: output() };
}
