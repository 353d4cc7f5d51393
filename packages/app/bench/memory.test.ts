import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM module of the bench, without types.
import { startArguments } from "./memory.mjs";

describe("startArguments", () => {
  it("gives Node's arguments of the app's own `npm start`, its flags before the script", () => {
    const { scripts } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    const args = startArguments(scripts.start);
    expect(args.at(-1)).toBe("start.mjs");
    expect(`node ${args.join(" ")}`).toBe(scripts.start);
  });

  it("refuses what it could not start the same way: another program, shell syntax, no script", () => {
    for (const script of ["tsx start.ts", "FOO=1 node start.mjs", "node a.mjs && node b.mjs", "node $(x)", "node"]) {
      expect(() => startArguments(script), script).toThrow(/cannot start it the same way/);
    }
  });
});
