import { readFile, stat } from "node:fs/promises";
import { and, eq, inArray, sql } from "drizzle-orm";
import { mediaFilePath } from "../../content/fixtures-root.server";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { rowsOf } from "../db/rows";
import { vehiclePhotos } from "../db/schema.server";
import { size, TooLarge } from "../inventory/feed-fetch.server";
import { logError, logInfo } from "../log.server";
import { keptPerInventoryVersion } from "../search/kept-rows.server";
import { type AddressAllowance, parseAllowance } from "./photo-address.server";
import { fetchPhoto, MAX_REDIRECTS } from "./photo-fetch.server";
import { photosDir } from "./photo-files.server";
import { type PhotoProcess, PhotoProcessStopped, photoProcess } from "./photo-process.server";
import type { PhotoStore, PhotoTarget } from "./photo-store";
import { addMissingFeedJpegs, sweepUnusedPhotos } from "./photo-sweep.server";

export interface PhotoSettings {
  /** Where the files go without an object store: `DATA_DIR/media/photos`. */
  dir: string;
  /** The S3-compatible bucket the files go to instead, when one is configured (ADR 424): nothing is written to `dir`. */
  store?: PhotoStore | null | undefined;
  /** Bounds one download, headers and body alike. */
  timeoutMs: number;
  /** A photo past this many bytes is refused; the download stops there. */
  maxBytes: number;
  /** How many photos are fetched and resized at once; 0, none: the job does not run in this process. */
  concurrency: number;
  /** How often failed photos are tried again (their own backoff decides which are due). */
  retryEveryMs: number;
  /** Hosts and addresses the operator lets the fetcher reach although they are not public (ADR 405). */
  allowance: AddressAllowance;
  /** How long the files of a photo no car names any more are kept (ADR 406). */
  unusedGraceMs: number;
}

export function photoSettingsOf(
  config: Pick<Config, "DATA_DIR" | "FEED_TIMEOUT_MS" | "PHOTO_WORKERS" | "PHOTO_FETCH_ALLOW">,
  store: PhotoStore | null = null,
): PhotoSettings {
  return {
    dir: photosDir(config.DATA_DIR),
    store,
    timeoutMs: config.FEED_TIMEOUT_MS,
    maxBytes: 15_000_000,
    concurrency: config.PHOTO_WORKERS,
    retryEveryMs: 5 * 60_000,
    allowance: parseAllowance(config.PHOTO_FETCH_ALLOW),
    unusedGraceMs: 7 * 24 * 3_600_000,
  };
}

/** Where the job's files go: the object store when one is configured, else the folder. */
const targetOf = (settings: PhotoSettings): PhotoTarget => settings.store ?? settings.dir;

/** Photos claimed at once; a claim lasts this long, so a process that dies mid-photo leaves it due again. */
const CLAIM_ROWS = 16;
const LEASE_MS = 10 * 60_000;

/** After the nth failed attempt a photo waits 1 min × 4^(n−1), at most six hours: retried while its car is listed. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 4 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}

/**
 * Every photo address an available vehicle names and the table does not know yet, as `waiting`: run after an import
 * committed (never inside its transaction), so a feed's photos are fetched off any shopper's request.
 */
async function queuePhotos(db: Db, now = new Date()): Promise<number> {
  const result = await db.execute(
    sql`insert into ${vehiclePhotos} (source_url, next_attempt_at)
      select distinct image, ${now.toISOString()}::timestamptz from vehicles, jsonb_array_elements_text(
        case when jsonb_typeof(details->'images') = 'array' then details->'images' else '[]'::jsonb end) as image
      where vehicles.status = 'available'
      on conflict do nothing
      returning source_url`,
  );
  return rowsOf(result).length;
}

async function claim(db: Db, now: Date): Promise<{ sourceUrl: string; attempts: number }[]> {
  const result = await db.execute(
    sql`update ${vehiclePhotos} set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz,
        attempts = attempts + 1, updated_at = ${now.toISOString()}::timestamptz
      where source_url in (select source_url from ${vehiclePhotos}
        where status = 'waiting' and next_attempt_at <= ${now.toISOString()}::timestamptz and unused_since is null
        order by next_attempt_at limit ${CLAIM_ROWS} for update skip locked)
      returning source_url, attempts`,
  );
  return rowsOf<{ source_url: string; attempts: number }>(result).map((r) => ({
    sourceUrl: r.source_url,
    attempts: Number(r.attempts),
  }));
}

type Download = { kind: "body"; body: Buffer } | { kind: "refused" | "failed"; reason: string };

/**
 * The photo's bytes: a fixture's own `/media/…` file, or a GET of its address (redirects followed, each hop held to the
 * address policy), bounded in time and size.
 */
async function download(url: string, settings: PhotoSettings): Promise<Download> {
  const tooLarge = { kind: "refused", reason: `it is larger than ${size(settings.maxBytes)}` } as const;
  if (url.startsWith("/")) {
    const file = mediaFilePath(url);
    if (!file) return { kind: "refused", reason: "it is no picture of this site" };
    try {
      if ((await stat(file)).size > settings.maxBytes) return tooLarge;
      return { kind: "body", body: await readFile(file) };
    } catch {
      return { kind: "failed", reason: "the file is missing" };
    }
  }
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    const got = await fetchPhoto(url, { maxBytes: settings.maxBytes, signal, allowance: settings.allowance });
    switch (got.kind) {
      case "body":
        return got;
      case "status":
        return { kind: "failed", reason: `the photo’s host answered ${got.status}` };
      case "redirects":
        return { kind: "failed", reason: `it redirects more than ${MAX_REDIRECTS} times` };
      case "blocked":
        // Not `refused`: the operator may allow the host (PHOTO_FETCH_ALLOW), and the photo is then made on its retry.
        return { kind: "failed", reason: `it is not fetched: ${got.reason}` };
    }
  } catch (error) {
    if (error instanceof TooLarge) return tooLarge;
    if (signal.aborted) return { kind: "failed", reason: "no complete answer in time" };
    const code = (error as { code?: string }).code;
    return { kind: "failed", reason: `could not reach it (${code ?? error})` };
  }
}

/** A vehicle page's ready photos, kept with its row (docs/decisions/429): a photo's new status changes the version. */
const keptReadyPhotos = keptPerInventoryVersion<string[]>(200);

/** The photos of `urls` that are ready, as keys (`{name}-{width}`, see photo-sources.ts), in the order given. */
export async function readyPhotos(db: Db, urls: readonly string[]): Promise<string[]> {
  if (urls.length === 0) return [];
  const ready = await keptReadyPhotos(db, JSON.stringify(urls), async () => {
    const rows = await db
      .select({ sourceUrl: vehiclePhotos.sourceUrl, name: vehiclePhotos.name, width: vehiclePhotos.width })
      .from(vehiclePhotos)
      .where(and(inArray(vehiclePhotos.sourceUrl, [...urls]), eq(vehiclePhotos.status, "ready")));
    const keys = new Map(rows.map((r) => [r.sourceUrl, `${r.name}-${r.width}`]));
    return urls.flatMap((url) => keys.get(url) ?? []);
  });
  return [...ready];
}

/**
 * The photo process's answer; its dying mid-photo (a crash on a hostile file, a kill) is a failure tried again after
 * the backoff, never the end of the photo or of the site.
 */
async function make(maker: PhotoProcess, body: Buffer, to: PhotoTarget) {
  try {
    return await maker.make(body, to);
  } catch (error) {
    if (!(error instanceof PhotoProcessStopped)) throw error;
    return { kind: "failed", reason: `${error.message} while making its files` } as const;
  }
}

/** One claimed photo, fetched, checked and made, its row set to what came of it. */
async function processPhoto(
  db: Db,
  photo: { sourceUrl: string; attempts: number },
  settings: PhotoSettings,
  maker: PhotoProcess,
) {
  const got = await download(photo.sourceUrl, settings);
  const outcome = got.kind === "body" ? await make(maker, got.body, targetOf(settings)) : got;
  const now = new Date();
  const row = eq(vehiclePhotos.sourceUrl, photo.sourceUrl);
  if (outcome.kind === "ready") {
    await db
      .update(vehiclePhotos)
      .set({ status: "ready", name: outcome.name, width: outcome.width, feedJpeg: true, reason: null, updatedAt: now })
      .where(row);
  } else if (outcome.kind === "refused") {
    await db.update(vehiclePhotos).set({ status: "refused", reason: outcome.reason, updatedAt: now }).where(row);
  } else {
    const next = new Date(now.getTime() + retryDelayMs(photo.attempts));
    await db
      .update(vehiclePhotos)
      .set({ reason: outcome.reason, nextAttemptAt: next, updatedAt: now })
      .where(and(row, eq(vehiclePhotos.status, "waiting")));
  }
  return outcome.kind;
}

export interface PhotoRun {
  ready: number;
  refused: number;
  failed: number;
}

/**
 * Queues what imports added and forgets what no car names any more (ADR 406), then works through every due photo,
 * `concurrency` at a time, until none is due, and gives older photos their feed JPEG (ADR 407). A photo that fails
 * (unreachable, a 5xx, a timeout, a private address, an object store that did not take its files) stays `waiting`
 * with its backoff; one whose content is refused is
 * never fetched again. Pages show a photo only once it is ready, and the drawing until then.
 *
 * The files, the feed JPEGs included, are made in a child process (ADR 410), forked with the first photo downloaded
 * or JPEG to add and closed when none is due: sharp never loads in this process, and the memory its encoders leave
 * goes with the child. Fetching, the queue, the sweep and the rows stay here.
 */
export async function runPhotos(
  db: Db,
  settings: PhotoSettings,
  now: () => Date = () => new Date(),
  signal?: AbortSignal,
  maker: PhotoProcess = photoProcess(),
): Promise<PhotoRun> {
  // A stopping server does not wait for the photos in hand, whose encoding took over 10 s on a loaded machine: the
  // photo process is killed, and what it held is tried again after its backoff, as after any kill.
  const kill = () => maker.kill();
  signal?.addEventListener("abort", kill, { once: true });
  try {
    return await runDuePhotos(db, settings, now, signal, maker);
  } finally {
    signal?.removeEventListener("abort", kill);
    await maker.close();
  }
}

async function runDuePhotos(
  db: Db,
  settings: PhotoSettings,
  now: () => Date,
  signal: AbortSignal | undefined,
  maker: PhotoProcess,
): Promise<PhotoRun> {
  const run: PhotoRun = { ready: 0, refused: 0, failed: 0 };
  await queuePhotos(db, now());
  await sweepUnusedPhotos(db, targetOf(settings), settings.unusedGraceMs, now(), maker);
  while (!signal?.aborted) {
    const due = await claim(db, now());
    if (due.length === 0) break;
    let next = 0;
    const worker = async () => {
      // A stopping server kills the photos in hand (runPhotos); the rest of the claim runs out and is due again.
      for (let photo = due[next++]; photo && !signal?.aborted; photo = due[next++]) {
        try {
          run[await processPhoto(db, photo, settings, maker)]++;
        } catch (error) {
          // Our side (the disk, the database): the claim runs out and the photo is due again.
          run.failed++;
          logError(`making the photo ${photo.sourceUrl}`, error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, settings.concurrency) }, worker));
  }
  if (!signal?.aborted) await addMissingFeedJpegs(db, targetOf(settings), maker, signal);
  return run;
}

/**
 * The server's photo job: a run at start, after each import this process hears of (`nudge`), and every
 * `retryEveryMs` for the failed ones. One run at a time; a nudge during a run makes one more after it.
 */
export function startPhotoJob(
  db: Db,
  settings: PhotoSettings,
): { nudge(): void; stop(): Promise<void>; idle(): Promise<void> } {
  if (settings.concurrency === 0) return { nudge() {}, stop: async () => {}, idle: async () => {} };
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let again = false;
  const stopping = new AbortController();
  const cycle = () => {
    if (stopping.signal.aborted) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = (async () => {
      do {
        again = false;
        try {
          const run = await runPhotos(db, settings, undefined, stopping.signal);
          if (run.ready + run.refused + run.failed > 0) {
            logInfo(`Photos: ${run.ready} ready / ${run.refused} refused / ${run.failed} to retry`);
          }
        } catch (error) {
          if (!stopping.signal.aborted) logError("making feed photos", error);
        }
      } while (again && !stopping.signal.aborted);
    })().finally(() => {
      busy = false;
    });
  };
  cycle();
  const timer = setInterval(cycle, settings.retryEveryMs);
  timer.unref();
  return {
    nudge: cycle,
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
    idle: () => running,
  };
}
