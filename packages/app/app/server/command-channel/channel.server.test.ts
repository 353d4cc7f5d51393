// The command hand-over's two ends in one process (ADR 385): the site's socket answers a command with this start's
// token, refuses any other token, a path it does not know and an order zod refuses, bounds a feed, and a data
// directory whose path is too long for a socket gets no channel (the commands then refuse as before).
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { vinCheckDigit } from "@showroom/rules/inventory";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/databases";
import { stores, vehicles } from "../db/schema.server";
import type { ImportSummary } from "../inventory/import.server";
import { runningSiteOf } from "./running-site.server";
import { openCommandChannel } from "./site-channel.server";

const vin = (n: number) => {
  const draft = `2T1BURHE0JC${String(n).padStart(6, "0")}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
};
const car = (n: number) => ({
  vin: vin(n),
  condition: "used",
  year: 2018,
  make: "Toyota",
  model: "Corolla",
  trim: "LE",
  bodyStyle: "Sedans",
  mileage: 50_000,
  price: 14_995,
  stockNumber: `CH${n}`,
});

describe("the command channel on the embedded database", () => {
  const t = useTestDatabase("pglite");
  const dirs: string[] = [];
  let channel: { close(): Promise<void> } | null = null;
  const warned: string[] = [];

  beforeEach(async () => {
    await t.db.insert(stores).values({ id: "brentwood", name: "Brentwood", profile: {} });
    const dataDir = mkdtempSync(join(tmpdir(), "showroom-channel-"));
    dirs.push(dataDir);
    channel = await openCommandChannel({
      dataDir,
      db: t.db,
      maxFeedBytes: 5_000,
      holdAbovePercent: 30,
      warn: (line) => warned.push(line),
      logError: (what) => warned.push(what),
    });
  });
  afterEach(async () => {
    await channel?.close();
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => dirs.at(-1) as string;
  const site = () => {
    const found = runningSiteOf(dataDir());
    if (!found) throw new Error("no channel in the data directory");
    return found;
  };

  it("imports a streamed JSON feed with the command's options and answers its summary", async () => {
    const feed = Readable.from([Buffer.from(JSON.stringify([car(1), car(2)]))]);
    const summary = await site().post<ImportSummary>("/import?store=brentwood&format=json&partial=1", feed);
    expect(summary).toMatchObject({ applied: true, added: 2, updated: 0, sold: 0, rejected: [] });
    expect((await t.db.select().from(vehicles)).map((v) => v.vin).sort()).toEqual([vin(1), vin(2)].sort());
  });

  it("holds a full feed that would sell too much, as the command does, unless it says force (ADR 397)", async () => {
    const three = JSON.stringify([car(1), car(2), car(3)]);
    await site().post<ImportSummary>("/import?store=brentwood&format=json&partial=1", three);
    const one = JSON.stringify([car(1)]);
    const held = await site().post<ImportSummary>("/import?store=brentwood&format=json", one);
    expect(held).toMatchObject({ applied: false, held: { available: 3, wouldSell: 2 } });
    expect(held.reason).toContain("it would mark 2 of the store’s 3 cars in stock sold");
    const forced = await site().post<ImportSummary>("/import?store=brentwood&format=json&force=1", one);
    expect(forced).toMatchObject({ applied: true, updated: 1, sold: 2 });
  });

  it("refuses a feed past its bound and writes none of it", async () => {
    const big = JSON.stringify(Array.from({ length: 40 }, (_, i) => car(100 + i)));
    expect(big.length).toBeGreaterThan(5_000);
    await expect(site().post("/import?store=brentwood&format=json", big)).rejects.toThrow(
      "The feed is larger than 5,000 bytes",
    );
    await expect(site().post("/import?store=brentwood&format=csv", big)).rejects.toThrow("larger than 5,000 bytes");
    expect(await t.db.select().from(vehicles)).toEqual([]);
  });

  it("a streamed feed many times past its bound still gets the site's reason, never EPIPE under the write", async () => {
    // 8 MB in 64 kB chunks: far more than the socket buffers hold, so an answer sent before the last chunk would
    // close the connection while the command writes.
    const chunk = Buffer.alloc(64 * 1024, "x");
    const feed = Readable.from(Array.from({ length: 128 }, () => chunk));
    await expect(site().post("/import?store=brentwood&format=csv", feed)).rejects.toThrow(
      "The feed is larger than 5,000 bytes",
    );
  });

  it("refuses an order it cannot read, and a path it does not know", async () => {
    await expect(site().post("/rules", "{not json")).rejects.toThrow("The rules order is not JSON.");
    await expect(site().post("/rules", JSON.stringify({ command: "publish", note: "x" }))).rejects.toThrow();
    await expect(site().post("/import?store=brentwood", "[]")).rejects.toThrow("needs a store and a format");
    await expect(site().post("/keys", "{}")).rejects.toThrow("The running site has no command /keys.");
    const { versions } = await site().post<{ versions: unknown[] }>("/rules", JSON.stringify({ command: "versions" }));
    expect(versions).toEqual([]);
  });

  it("closes to nothing: no socket, no token, no running site", async () => {
    expect(statSync(join(dataDir(), "showroom.sock")).mode & 0o777).toBe(0o600);
    await channel?.close();
    channel = null;
    expect(existsSync(join(dataDir(), "showroom.sock"))).toBe(false);
    expect(existsSync(join(dataDir(), "showroom.command-token"))).toBe(false);
    expect(runningSiteOf(dataDir())).toBeNull();
  });

  it("a data directory too long for a socket gets no channel, and says why", async () => {
    const long = join(dataDir(), "d".repeat(120));
    const none = await openCommandChannel({
      dataDir: long,
      db: t.db,
      maxFeedBytes: 5_000,
      holdAbovePercent: 30,
      warn: (line) => warned.push(line),
      logError: (what) => warned.push(what),
    });
    expect(none).toBeNull();
    expect(warned.at(-1)).toContain("is too long for a socket");
    expect(runningSiteOf(long)).toBeNull();
  });
});
