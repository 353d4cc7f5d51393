// The site makes the fixtures' photos in a child process that exits when the queue is empty (ADR 410): sharp and
// libvips are never mapped into the site's own process, so the memory their encoders leave goes with the child.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { photoBundleIsCurrent } from "../../app/server/photos/photo-process.server";
import { sleep, until } from "../support/wait";
import { ensureBuiltServer } from "./support/built-server";
import { type ChildServer, spawnServer } from "./support/child-server";

let dataDir: string;
let server: ChildServer | undefined;

beforeAll(async () => {
  await ensureBuiltServer();
  dataDir = mkdtempSync(join(tmpdir(), "showroom-photo-process-"));
}, 300_000);

afterAll(async () => {
  server?.kill("SIGKILL");
  await server?.exited;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it("the build lists the sources of the photo process's bundle beside it, and a fresh build is current (ADR 443)", () => {
  const appDir = join(import.meta.dirname, "../..");
  const listed: string[] = JSON.parse(readFileSync(join(appDir, "build/photo-maker.sources.json"), "utf8"));
  expect(listed).toEqual(
    expect.arrayContaining([
      "app/server/photos/photo-maker.server.ts",
      "app/server/photos/photo-files.server.ts",
      "app/server/photos/photo-store.server.ts",
      "app/server/photos/photo-messages.ts",
      "app/components/vehicle/photo-sources.ts",
    ]),
  );
  // Only the package's own sources: a dependency's files change with `npm ci`, not with an edit to the photo code.
  expect(listed.filter((source) => source.startsWith("..") || source.includes("node_modules"))).toEqual([]);
  expect(photoBundleIsCurrent(appDir)).toBe(true);
});

/** The processes `pid` started, from each of its threads' children lists. */
function childrenOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
  );
}

/** The files mapped into a process that belong to sharp or libvips (its addon and its shared libraries). */
function sharpMappings(pid: number): string[] {
  const files = readFileSync(`/proc/${pid}/maps`, "utf8")
    .split("\n")
    .map((line) => line.split(/\s+/).slice(5).join(" "))
    .filter((file) => /sharp|vips/i.test(file));
  return [...new Set(files)];
}

it.runIf(process.platform === "linux")(
  "a first start makes the fixtures' photos in a child process that exits when they are done; sharp never loads in the site's process",
  async () => {
    // A fresh data directory: the start seeds the fixtures, whose photos are then all waiting.
    server = await spawnServer({ DATA_DIR: dataDir, PHOTO_WORKERS: "2", LOG_LEVEL: "info" }, { timeoutMs: 180_000 });
    const site = server;
    const photoProcesses = new Map<number, string[]>();
    let done = false;
    const watching = (async () => {
      while (!done) {
        for (const pid of childrenOf(site.pid)) {
          try {
            const mapped = sharpMappings(pid);
            photoProcesses.set(pid, [...new Set([...(photoProcesses.get(pid) ?? []), ...mapped])]);
          } catch {
            // It exited between the two reads.
          }
        }
        await sleep(20);
      }
    })();
    const line = await until("the photo job's summary", () => /Photos: (\d+) ready \/ 0 refused/.exec(site.output()), {
      timeoutMs: 180_000,
      everyMs: 100,
    });
    expect(Number(line[1])).toBeGreaterThan(0);
    await until("the photo process to exit", () => childrenOf(site.pid).length === 0, { timeoutMs: 10_000 });
    done = true;
    await watching;

    // One child made them, with sharp loaded there, and it is gone; the site never mapped sharp or libvips.
    expect(photoProcesses.size, site.output()).toBe(1);
    expect([...photoProcesses.values()][0]?.some((file) => /vips/.test(file))).toBe(true);
    expect(sharpMappings(site.pid)).toEqual([]);

    // The site serves the files the child wrote.
    const files = readdirSync(join(dataDir, "media", "photos"));
    expect(files.length).toBeGreaterThanOrEqual(2 * Number(line[1]));
    const photo = `/media/photos/${files.find((f) => f.endsWith(".webp"))}`;
    const response = await fetch(`${site.url}${photo}`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  },
  300_000,
);
