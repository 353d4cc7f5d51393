import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client.server";
import { makeDataDirPrivate } from "./data-dir.server";

const dirs: string[] = [];
const umask = process.umask();
afterEach(() => {
  process.umask(umask);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function modes(dir: string): { path: string; mode: number; directory: boolean }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map((entry) => {
    const path = join(entry.parentPath, entry.name);
    return { path, mode: statSync(path).mode & 0o777, directory: entry.isDirectory() };
  });
}

describe("the data directory", () => {
  it("files left world-writable by an old start become 0600 and folders 0700; a link's target is left alone", () => {
    const dir = mkdtempSync(join(tmpdir(), "showroom-private-"));
    const outside = mkdtempSync(join(tmpdir(), "showroom-outside-"));
    dirs.push(dir, outside);
    mkdirSync(join(dir, "mail"), { mode: 0o777 });
    chmodSync(join(dir, "mail"), 0o777);
    writeFileSync(join(dir, "mail", "lead.eml"), "x");
    chmodSync(join(dir, "mail", "lead.eml"), 0o666);
    writeFileSync(join(outside, "shared.txt"), "x");
    chmodSync(join(outside, "shared.txt"), 0o644);
    symlinkSync(join(outside, "shared.txt"), join(dir, "link.txt"));
    makeDataDirPrivate(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, "mail")).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, "mail", "lead.eml")).mode & 0o777).toBe(0o600);
    expect(statSync(join(outside, "shared.txt")).mode & 0o777).toBe(0o644);
  });

  it("files that come and go while it runs (a running site's photos being written) never stop it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "showroom-busy-"));
    dirs.push(dir);
    mkdirSync(join(dir, "media", "photos"), { recursive: true });
    // Another process writes and renames files in the folder as fast as it can, as the photo process does.
    const writer = spawn(
      process.execPath,
      [
        "-e",
        `const fs = require("node:fs"); const dir = process.argv[1]; const end = Date.now() + 1500;
         for (let i = 0; Date.now() < end; i++) {
           const file = dir + "/" + (i % 50) + ".avif";
           fs.writeFileSync(file + ".part", "x");
           fs.renameSync(file + ".part", file);
           fs.rmSync(file);
         }`,
        join(dir, "media", "photos"),
      ],
      { stdio: "ignore" },
    );
    const exited = new Promise((resolve) => writer.once("exit", resolve));
    let walks = 0;
    while (writer.exitCode === null) {
      makeDataDirPrivate(dir);
      walks += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await exited;
    expect(walks).toBeGreaterThan(10);
  });

  it("with a permissive umask, the data directory is 0700 while PGlite runs, and every file is private once open and closed", async () => {
    process.umask(0o000);
    const parent = mkdtempSync(join(tmpdir(), "showroom-pgdata-"));
    const dir = join(parent, "data");
    dirs.push(parent);
    const database = await openDatabase({ dataDir: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(modes(dir).filter((e) => !e.directory && e.mode !== 0o600)).toEqual([]);
    await database.close();
    const entries = modes(dir);
    expect(entries.length).toBeGreaterThan(100);
    const open = entries.filter((e) => (e.directory ? e.mode !== 0o700 : e.mode !== 0o600));
    expect(open, JSON.stringify(open.slice(0, 5))).toEqual([]);
  }, 60_000);
});
