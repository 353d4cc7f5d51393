import { readdirSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { parseJsonFeed } from "../inventory/feed";
import { accordFeedRow } from "../inventory/feed.test-support";
import { importFeed } from "../inventory/import.server";
import { inventoryIndex, inventoryIndexCaughtUp } from "../search/snapshot.server";
import { parseAllowance } from "./photo-address.server";
import { type PhotoSettings, readyPhotos, retryDelayMs, runPhotos } from "./photo-job.server";
import { photoRowOf, photoWorkspace } from "./photo-job.test-support";
import { alive, watchedProcess } from "./photo-process.test-support";

const VIN = "1HGCM82633A004352";

/** A 1600 × 900 photograph-like JPEG: a gradient and noise, so it does not compress to nothing. */
async function photo(width = 1600, height = 900): Promise<Buffer> {
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  return sharp(noise).jpeg({ quality: 80 }).toBuffer();
}

interface Answer {
  body?: Buffer | string;
  status?: number;
  contentType?: string;
  /** Sent without Content-Length, in pieces: the size is found out while reading. */
  chunked?: boolean;
}

/** A dealer's photo host: answers each path as set, counts requests and how many were in flight at once. */
class PhotoHost {
  answers = new Map<string, Answer>();
  requests: string[] = [];
  inFlight = 0;
  mostInFlight = 0;
  private server: Server = createServer((req, res) => void this.handle(req, res));

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    this.requests.push(req.url ?? "");
    this.inFlight++;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    // Held a moment, so photos fetched at once overlap here.
    await new Promise((resolve) => setTimeout(resolve, 20));
    this.inFlight--;
    const answer = this.answers.get(req.url ?? "") ?? { status: 404 };
    if (answer.status && answer.status !== 200) {
      res.writeHead(answer.status).end();
      return;
    }
    const body = Buffer.from(answer.body ?? "");
    const headers: Record<string, string> = { "content-type": answer.contentType ?? "image/jpeg" };
    if (!answer.chunked) headers["content-length"] = String(body.byteLength);
    res.writeHead(200, headers);
    if (answer.chunked) for (let i = 0; i < body.byteLength; i += 4096) res.write(body.subarray(i, i + 4096));
    res.end(answer.chunked ? undefined : body);
  }
}

describe.each(testDatabaseKinds())("feed photos on %s", (kind) => {
  const t = useTestDatabase(kind);
  const host = new PhotoHost();
  let origin = "";
  let dir = "";
  let settings: PhotoSettings;
  let goodPhoto: Buffer;
  // For the tests of what happens around a photo (its backoff, the host allowance, a crash, our disk): one width to
  // make, not three, where the photo's widths are not what is tested.
  let smallPhoto: Buffer;

  beforeAll(async () => {
    origin = await host.start();
    [goodPhoto, smallPhoto] = await Promise.all([photo(), photo(600, 400)]);
  });
  afterAll(() => host.stop());
  beforeEach(async () => {
    host.answers.clear();
    host.requests = [];
    host.mostInFlight = 0;
    // The photo host listens on loopback, which the fetcher reaches only when the operator allows it (ADR 405).
    const workspace = await photoWorkspace(t.db, ["127.0.0.1"]);
    ({ dir, settings } = workspace);
    return workspace.dispose;
  });

  /** Imports one vehicle whose feed row names `paths` on the photo host. */
  async function importWith(paths: string[]) {
    const feed = parseJsonFeed([accordFeedRow(VIN, "S1", { images: paths.map((p) => `${origin}${p}`) })]);
    expect(feed.rejected).toEqual([]);
    const summary = await importFeed(t.db, "brentwood", feed);
    expect(summary.applied).toBe(true);
    // What the vehicle's row keeps: the https form of each address. The host speaks http, so the test's rows name it.
    const urls = paths.map((p) => `${origin}${p}`);
    await t.db.execute(
      sql`update vehicles set details = jsonb_set(details, '{images}', ${JSON.stringify(urls)}::jsonb)`,
    );
    return urls;
  }

  const rowOf = (url: string) => photoRowOf(t.db, url);

  it("a feed's photo is fetched once, made into AVIF and WebP at each width up to its own, 16:9, named by its content", async () => {
    host.answers.set("/car-1.jpg", { body: goodPhoto });
    const [url = ""] = await importWith(["/car-1.jpg"]);
    expect(await readyPhotos(t.db, [url])).toEqual([]);

    expect(await runPhotos(t.db, settings)).toEqual({ ready: 1, refused: 0, failed: 0 });
    const row = await rowOf(url);
    expect(row?.reason).toBeNull();
    expect(row).toMatchObject({ status: "ready", width: 1440, attempts: 1 });
    const files = readdirSync(dir).sort();
    // The ad feeds' JPEG (ADR 407) is made at the widest width only.
    expect(files).toEqual(
      [480, 960, 1440]
        .flatMap((w) => [`${row?.name}-${w}.avif`, `${row?.name}-${w}.webp`])
        .concat(`${row?.name}-1440.jpg`)
        .sort(),
    );
    expect(row?.feedJpeg).toBe(true);
    for (const file of files) {
      const meta = await sharp(join(dir, file)).metadata();
      const width = Number(/-(\d+)\./.exec(file)?.[1]);
      expect([meta.format, meta.width, meta.height]).toEqual([
        file.endsWith(".avif") ? "heif" : file.endsWith(".jpg") ? "jpeg" : "webp",
        width,
        (width * 9) / 16,
      ]);
    }
    expect(await readyPhotos(t.db, [url])).toEqual([`${row?.name}-1440`]);

    // Another run fetches nothing again.
    expect(await runPhotos(t.db, settings)).toEqual({ ready: 0, refused: 0, failed: 0 });
    expect(host.requests).toEqual(["/car-1.jpg"]);
  });

  it("a small photo gets the smallest width only, never a width it cannot fill but the first", async () => {
    host.answers.set("/small.jpg", { body: await photo(600, 400) });
    const [url = ""] = await importWith(["/small.jpg"]);
    await runPhotos(t.db, settings);
    expect(await rowOf(url)).toMatchObject({ status: "ready", width: 480 });
    expect(readdirSync(dir)).toHaveLength(3);
  });

  it("hostile files are refused by their content, whatever they are named, and never fetched again", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><script>alert(1)</script><rect width="800" height="450" fill="red"/></svg>';
    // 8,000 × 8,000 pixels of one colour: a few kilobytes that would decode into 192 MB.
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(settings.maxBytes);
    host.answers.set("/page.jpg", { body: "<!doctype html><script>alert(1)</script>", contentType: "image/jpeg" });
    host.answers.set("/drawing.jpg", { body: svg, contentType: "image/jpeg" });
    host.answers.set("/bomb.jpg", { body: bomb });
    host.answers.set("/huge.jpg", { body: Buffer.alloc(settings.maxBytes + 1, 0xff) });
    host.answers.set("/huge-chunked.jpg", { body: Buffer.alloc(settings.maxBytes + 1, 0xff), chunked: true });
    const urls = await importWith(["/page.jpg", "/drawing.jpg", "/bomb.jpg", "/huge.jpg", "/huge-chunked.jpg"]);

    expect(await runPhotos(t.db, settings)).toEqual({ ready: 0, refused: 5, failed: 0 });
    const reasons = await Promise.all(urls.map(async (url) => (await rowOf(url))?.reason));
    expect(reasons).toEqual([
      "it is not an image",
      "it is an SVG document, not a photo",
      "it is 8000 × 8000 pixels, more than 40 million",
      "it is larger than 2 MB",
      "it is larger than 2 MB",
    ]);
    expect(readdirSync(dir)).toEqual([]);
    expect(await readyPhotos(t.db, urls)).toEqual([]);

    const asked = host.requests.length;
    await runPhotos(t.db, settings, () => new Date(Date.now() + 30 * 24 * 3_600_000));
    expect(host.requests).toHaveLength(asked);
  });

  it("a photo that cannot be fetched keeps its car listed with the drawing and is tried again after its backoff", async () => {
    host.answers.set("/later.jpg", { status: 503 });
    const [url = ""] = await importWith(["/later.jpg"]);
    const t0 = new Date();
    expect(await runPhotos(t.db, settings, () => t0)).toEqual({ ready: 0, refused: 0, failed: 1 });
    const waiting = await rowOf(url);
    expect(waiting).toMatchObject({ status: "waiting", attempts: 1, reason: "the photo’s host answered 503" });
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(t0.getTime());

    // The card of the car has no photo: it draws the body style.
    await inventoryIndexCaughtUp(t.db);
    expect((await inventoryIndex(t.db)).vehicles.find((v) => v.vin === VIN)?.photo ?? null).toBeNull();

    // Not yet due: nothing is asked.
    host.answers.set("/later.jpg", { body: smallPhoto });
    expect(await runPhotos(t.db, settings, () => t0)).toEqual({ ready: 0, refused: 0, failed: 0 });
    expect(host.requests).toEqual(["/later.jpg"]);

    const due = () => new Date(t0.getTime() + retryDelayMs(1) + 1000);
    expect(await runPhotos(t.db, settings, due)).toEqual({ ready: 1, refused: 0, failed: 0 });
    const ready = await rowOf(url);
    expect(ready).toMatchObject({ status: "ready", attempts: 2, reason: null });

    // The photo turning ready is an inventory change: the card now shows it.
    await inventoryIndexCaughtUp(t.db);
    expect((await inventoryIndex(t.db)).vehicles.find((v) => v.vin === VIN)?.photo).toBe(`${ready?.name}-480`);
  });

  it("a photo on a loopback or private address waits, unasked, until the operator allows its host", async () => {
    host.answers.set("/inside.jpg", { body: smallPhoto });
    const [url = ""] = await importWith(["/inside.jpg"]);
    const t0 = new Date();
    const closed = { ...settings, allowance: parseAllowance([]) };
    expect(await runPhotos(t.db, closed, () => t0)).toEqual({ ready: 0, refused: 0, failed: 1 });
    expect(await rowOf(url)).toMatchObject({
      status: "waiting",
      reason: "it is not fetched: 127.0.0.1 is not a public address (loopback)",
    });
    expect(host.requests).toEqual([]);

    const due = () => new Date(t0.getTime() + retryDelayMs(1) + 1000);
    expect(await runPhotos(t.db, settings, due)).toEqual({ ready: 1, refused: 0, failed: 0 });
    expect(host.requests).toEqual(["/inside.jpg"]);
  });

  it("photos are fetched at most `concurrency` at a time", async () => {
    const paths = ["/a.jpg", "/b.jpg", "/c.jpg", "/d.jpg", "/e.jpg"];
    const small = await photo(600, 400);
    for (const path of paths) host.answers.set(path, { body: small });
    await importWith(paths);
    expect(await runPhotos(t.db, settings)).toEqual({ ready: 5, refused: 0, failed: 0 });
    expect(host.mostInFlight).toBeGreaterThanOrEqual(1);
    expect(host.mostInFlight).toBeLessThanOrEqual(settings.concurrency);
  });

  it("the files are made in one child process, which has exited when the run returns", async () => {
    const paths = ["/a.jpg", "/b.jpg", "/c.jpg"];
    for (const path of paths) host.answers.set(path, { body: await photo(600, 400) });
    await importWith(paths);
    const maker = watchedProcess();
    expect(await runPhotos(t.db, settings, undefined, undefined, maker)).toEqual({ ready: 3, refused: 0, failed: 0 });
    expect(maker.pids).toHaveLength(1);
    expect(maker.pids[0]).not.toBe(process.pid);
    expect(maker.pid).toBeUndefined();
    expect(alive(maker.pids[0] ?? process.pid)).toBe(false);

    // With nothing due no process is forked at all.
    const idle = watchedProcess();
    expect(await runPhotos(t.db, settings, undefined, undefined, idle)).toEqual({ ready: 0, refused: 0, failed: 0 });
    expect(idle.pids).toEqual([]);
  });

  it("a photo process that dies mid-photo loses no photo: it stays waiting with its backoff and is made next time", async () => {
    host.answers.set("/crash.jpg", { body: smallPhoto });
    const [url = ""] = await importWith(["/crash.jpg"]);
    const t0 = new Date();
    const maker = watchedProcess({ signalOnPhoto: { photo: 1, signal: "SIGKILL" } });
    expect(await runPhotos(t.db, settings, () => t0, undefined, maker)).toEqual({ ready: 0, refused: 0, failed: 1 });
    const waiting = await rowOf(url);
    expect(waiting).toMatchObject({
      status: "waiting",
      attempts: 1,
      reason: "the photo process stopped (SIGKILL) while making its files",
    });
    // The backoff runs from when the failure was recorded.
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(t0.getTime() + retryDelayMs(1));
    expect(waiting?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + retryDelayMs(1));
    expect(readdirSync(dir)).toEqual([]);
    expect(alive(maker.pids[0] ?? process.pid)).toBe(false);

    const due = () => new Date(t0.getTime() + retryDelayMs(1) + 1000);
    expect(await runPhotos(t.db, settings, due)).toEqual({ ready: 1, refused: 0, failed: 0 });
    expect(await rowOf(url)).toMatchObject({ status: "ready", attempts: 2, reason: null });
  });

  it.runIf(process.platform === "linux")(
    "Ctrl-C, which reaches the whole process group, does not stop the photo process: the site stops it after the photos in hand",
    async () => {
      host.answers.set("/interrupted.jpg", { body: goodPhoto });
      const [url = ""] = await importWith(["/interrupted.jpg"]);
      const maker = watchedProcess({ signalOnPhoto: { photo: 1, signal: "SIGINT", once: "sharp-loaded" } });
      expect(await runPhotos(t.db, settings, undefined, undefined, maker)).toEqual({ ready: 1, refused: 0, failed: 0 });
      expect(await rowOf(url)).toMatchObject({ status: "ready", reason: null });
      expect(maker.sent).toEqual(["SIGINT"]);
      expect(alive(maker.pids[0] ?? process.pid)).toBe(false);
    },
  );

  it("a photo whose files cannot be written (our disk) is left claimed, to be made again once the lease runs out", async () => {
    host.answers.set("/disk.jpg", { body: smallPhoto });
    const [url = ""] = await importWith(["/disk.jpg"]);
    // The folder's place is taken by a file: the photo process cannot create it.
    const blocked = join(dir, "not-a-folder");
    writeFileSync(blocked, "");
    const maker = watchedProcess();
    const t0 = new Date();
    const run = await runPhotos(t.db, { ...settings, dir: join(blocked, "photos") }, () => t0, undefined, maker);
    expect(run).toEqual({ ready: 0, refused: 0, failed: 1 });
    const row = await rowOf(url);
    expect(row).toMatchObject({ status: "waiting", attempts: 1 });
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(t0.getTime() + retryDelayMs(1));
    expect(alive(maker.pids[0] ?? process.pid)).toBe(false);
  });

  it("the retry delay grows with each failure and stops at six hours", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(retryDelayMs)).toEqual([
      60_000,
      240_000,
      960_000,
      3_840_000,
      15_360_000,
      6 * 3_600_000,
      6 * 3_600_000,
    ]);
  });
});
