import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer } from "./support/child-server";

const dataDir = mkdtempSync(join(tmpdir(), "showroom-index-at-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the search index at start (issue 27)", () => {
  it("is built from every available car before the port opens, so no shopper's first search waits for it", async () => {
    const server = await spawnServer({ DATABASE_URL: "memory://", DATA_DIR: dataDir });
    try {
      const output = server.output();
      // The fixtures seed 444 cars, all available.
      const built = output.indexOf("Search index: 444 vehicles, built in ");
      expect(built, output).toBeGreaterThanOrEqual(0);
      expect(built).toBeLessThan(output.indexOf("Showroom is serving"));
    } finally {
      await server.stop();
    }
  });
});
