import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ESM module of the bench, without types.
import { referenceFirstLoadJs, summariseRounds } from "./reference.mjs";

const run = (target: string, round: number, cpuMs: number, requests: number, loadAverage = 1) => ({
  target,
  round,
  cpuMs,
  requests,
  requestsPerSecond: requests / 10,
  p99: 20,
  failed: 0,
  loadAverage,
});

describe("summariseRounds", () => {
  it("divides all CPU by all requests over the rounds (not a mean of rounds) and keeps the range of rounds", () => {
    const [listing] = summariseRounds([run("listing", 1, 1000, 100), run("listing", 2, 3000, 100, 2.5)], "listing");
    expect(listing.cpuMsPerRequest).toBe(20);
    expect(listing.roundCpuMsPerRequest).toEqual([10, 30]);
    expect(listing.loadAverage).toEqual([1, 2.5]);
    expect(listing.ratio).toBe(1);
  });

  it("gives each page's ratio to the reference listing of the same run", () => {
    const rows = summariseRounds(
      [
        run("home", 1, 600, 100),
        run("reference", 1, 1200, 100),
        run("home", 2, 600, 100),
        run("reference", 2, 800, 100),
      ],
      "reference",
    );
    expect(rows.find((r: { target: string }) => r.target === "home").ratio).toBeCloseTo(0.6);
  });

  it("has no figure for a target that served nothing, and no ratio without the reference", () => {
    const [empty] = summariseRounds([run("home", 1, 50, 0)], "reference");
    expect(empty.cpuMsPerRequest).toBeNull();
    expect(empty.roundCpuMsPerRequest).toBeNull();
    expect(empty.ratio).toBeNull();
  });
});

describe("referenceFirstLoadJs", () => {
  it("measures the scripts each page of the served app loads first, chunks they import included, from its build", async () => {
    const dir = mkdtempSync(join(tmpdir(), "reference-first-load-"));
    const assets = join(dir, "build", "client", "assets");
    mkdirSync(assets, { recursive: true });
    const chunk = `export const shared = ${JSON.stringify("x".repeat(5000))};`;
    const listing = `import{shared as s}from"./shared.js";console.log(s, ${JSON.stringify("list ".repeat(400))});`;
    writeFileSync(join(assets, "shared.js"), chunk);
    writeFileSync(join(assets, "list.js"), listing);
    const pages: Record<string, string> = {
      "/listfull":
        '<link rel="modulepreload" href="/assets/list.js"><script type="module">import "/assets/list.js";</script>',
      "/": '<script type="module">import "/assets/shared.js";</script>',
    };
    const server = createServer((req, res) => res.end(pages[req.url ?? ""] ?? ""));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const sizes = await referenceFirstLoadJs({ url, dir });
      const gz = (text: string) => gzipSync(text).length;
      expect(sizes).toEqual([
        { path: "/listfull", gzip: gz(listing) + gz(chunk) },
        { path: "/", gzip: gz(chunk) },
      ]);
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
