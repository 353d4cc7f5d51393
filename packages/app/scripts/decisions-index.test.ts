import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM script of the repository, without types.
import { decisionsIndex } from "../../../scripts/decisions-index.mjs";

describe("docs/decisions/README.md", () => {
  it("lists every ADR under its topic, as `node scripts/decisions-index.mjs` writes it", () => {
    const current = readFileSync(new URL("../../../docs/decisions/README.md", import.meta.url), "utf8");
    expect(current).toBe(decisionsIndex());
  });
});
