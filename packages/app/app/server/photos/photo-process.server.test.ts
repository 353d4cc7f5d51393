import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { photoBundleIsCurrent, photoProcess } from "./photo-process.server";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A package folder with two sources and a bundle made after them (or `list` as the bundle's list of sources). */
function packageWithBundle(list: unknown = ["app/a.ts", "app/b.ts"]): string {
  const dir = mkdtempSync(join(tmpdir(), "showroom-photo-bundle-"));
  dirs.push(dir);
  mkdirSync(join(dir, "app"));
  mkdirSync(join(dir, "build"));
  const earlier = new Date(Date.now() - 60_000);
  for (const source of ["app/a.ts", "app/b.ts"]) {
    writeFileSync(join(dir, source), "export {};\n");
    utimesSync(join(dir, source), earlier, earlier);
  }
  writeFileSync(join(dir, "build/photo-maker.mjs"), "// bundle\n");
  writeFileSync(join(dir, "build/photo-maker.sources.json"), JSON.stringify(list));
  return dir;
}

describe("the photo process's bundle is forked from the source tree only while it is current (ADR 443)", () => {
  it("is current when every source it lists is older than the bundle", () => {
    expect(photoBundleIsCurrent(packageWithBundle())).toBe(true);
  });

  it("is stale when a source it lists changed after it was built", () => {
    const dir = packageWithBundle();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, "app/b.ts"), later, later);
    expect(photoBundleIsCurrent(dir)).toBe(false);
  });

  it("is stale when a source it lists is gone, its list is missing, empty or not a list of files, or it is missing", () => {
    const gone = packageWithBundle(["app/a.ts", "app/c.ts"]);
    expect(photoBundleIsCurrent(gone)).toBe(false);
    for (const list of [[], {}, "app/a.ts", [1]]) expect(photoBundleIsCurrent(packageWithBundle(list))).toBe(false);
    const noList = packageWithBundle();
    rmSync(join(noList, "build/photo-maker.sources.json"));
    expect(photoBundleIsCurrent(noList)).toBe(false);
    const noBundle = packageWithBundle();
    rmSync(join(noBundle, "build/photo-maker.mjs"));
    expect(photoBundleIsCurrent(noBundle)).toBe(false);
  });

  it("a photo process started from the source tree runs the bundle when it is current, else the TypeScript through tsx", async () => {
    const packageDir = join(import.meta.dirname, "../../..");
    const maker = photoProcess();
    // A deletion of nothing from a folder forks the process without making a photo.
    const folder = mkdtempSync(join(tmpdir(), "showroom-photo-none-"));
    dirs.push(folder);
    await maker.deletePhotos(folder, []);
    const pid = maker.pid;
    expect(pid).toBeDefined();
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    await maker.close();
    if (photoBundleIsCurrent(packageDir)) {
      expect(commandLine).toContain(join(packageDir, "build/photo-maker.mjs"));
      expect(commandLine).not.toContain("tsx");
    } else {
      expect(commandLine).toContain(join(import.meta.dirname, "photo-maker.server.ts"));
      expect(commandLine).toContain("tsx");
    }
  });
});
