// The migrated PGlite templates the tests start from live in the shared temporary directory: each checkout (worktree,
// clone, CI job) names its own and sweeps only its own older ones, so parallel checkouts never delete each other's
// (ADR 417).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../app/server/db/client.server";
import {
  checkoutTag,
  publishTemplate,
  removeOlderTemplates,
  templateFileName,
  withMemoryTemplate,
} from "../support/databases";

const scratch = mkdtempSync(join(tmpdir(), "showroom-template-sweep-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("PGlite test templates in a shared temporary directory", () => {
  it("two checkouts get different names; the same checkout reached through a link gets its own again", () => {
    const one = join(scratch, "one", "drizzle");
    const two = join(scratch, "two", "drizzle");
    mkdirSync(one, { recursive: true });
    mkdirSync(two, { recursive: true });
    symlinkSync(join(scratch, "one"), join(scratch, "link"));
    expect(checkoutTag(one)).not.toBe(checkoutTag(two));
    expect(checkoutTag(join(scratch, "link", "drizzle"))).toBe(checkoutTag(one));
    expect(templateFileName(checkoutTag(one), "00ff")).toBe(`showroom-pglite-template-${checkoutTag(one)}-00ff.tar`);
  });

  it("a checkout's sweep removes its own older templates and nothing of another checkout's", () => {
    const dir = join(scratch, "tmp");
    mkdirSync(dir);
    const mine = templateFileName("aaaaaaaaaaaa", "1111111111111111");
    const myOlder = templateFileName("aaaaaaaaaaaa", "2222222222222222");
    const theirs = templateFileName("bbbbbbbbbbbb", "1111111111111111");
    const theirOlder = templateFileName("bbbbbbbbbbbb", "2222222222222222");
    // Being written by another run of the same checkout (linked into place when whole), and unrelated files.
    const inProgress = `${myOlder}.4242.0badcafe`;
    const others = [inProgress, "showroom-pglite-template-3333333333333333.tar", "notes.txt"];
    for (const name of [mine, myOlder, theirs, theirOlder, ...others]) writeFileSync(join(dir, name), "");

    removeOlderTemplates(dir, join(dir, mine));
    expect(readdirSync(dir).sort()).toEqual([mine, theirs, theirOlder, ...others].sort());
    removeOlderTemplates(dir, join(dir, theirs));
    expect(readdirSync(dir).sort()).toEqual([mine, theirs, ...others].sort());
  });

  it("a template written second never replaces the one in place, which a server may be reading; the temporary goes", () => {
    const dir = join(scratch, "publish");
    mkdirSync(dir);
    const template = join(dir, templateFileName("aaaaaaaaaaaa", "1111111111111111"));
    writeFileSync(`${template}.1.a`, "first");
    publishTemplate(`${template}.1.a`, template);
    writeFileSync(`${template}.2.b`, "second");
    publishTemplate(`${template}.2.b`, template);
    expect(readFileSync(template, "utf8")).toBe("first");
    expect(readdirSync(dir)).toEqual([basename(template)]);
  });

  it("the template a test server starts from is named for this checkout", async () => {
    const env = await withMemoryTemplate<Record<string, string>>({ DATABASE_URL: "memory://" });
    expect(basename(env.MEMORY_DATABASE_TEMPLATE ?? "")).toMatch(
      new RegExp(`^showroom-pglite-template-${checkoutTag(migrationsFolder())}-[0-9a-f]{16}\\.tar$`),
    );
  });
});
