import { afterAll, beforeAll } from "vitest";
import type { Running } from "../../../server/app";
import { startInProcess } from "./built-server";

/**
 * The built server in this process for one test file: started before its first test, closed after its last. What it
 * answers stands for the running site; reading it before the start (at a file's top level) throws and says so.
 */
export function siteForFile(env: Record<string, string> = {}): Running {
  let running: Running | undefined;
  beforeAll(async () => {
    running = await startInProcess(env);
  }, 120_000);
  afterAll(async () => {
    await running?.close();
  });
  return new Proxy({} as Running, {
    get(_, key) {
      if (!running) throw new Error(`the site is read (${String(key)}) before this file's beforeAll started it`);
      return Reflect.get(running, key);
    },
  });
}
