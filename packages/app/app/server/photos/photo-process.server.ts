import { type ChildProcess, fork } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { builtPackageRoot } from "../db/client.server";
import type { PhotoOutcome } from "./photo-files.server";
import { isPhotoReply, type PhotoAsk, type PhotoReply, type PhotoRequest } from "./photo-messages";
import type { PhotoTarget } from "./photo-store";

/** The photo process stopped (a crash, a kill) before answering: the photo is tried again after its backoff. */
export class PhotoProcessStopped extends Error {
  override name = "PhotoProcessStopped";
}

/** The photo process's bundle and the list of the sources it was made from, in the package folder (ADR 443). */
const BUNDLE = join("build", "photo-maker.mjs");
const BUNDLE_SOURCES = join("build", "photo-maker.sources.json");

/** How to start the photo process: its entry and the Node arguments it needs. */
export interface PhotoProcessEntry {
  file: string;
  execArgv: string[];
}

/**
 * Whether the bundle in `packageDir`'s build is newer than every source it was made from, as its list beside it
 * (build/photo-maker.sources.json) names them. No list, or a source gone or newer: false.
 */
export function photoBundleIsCurrent(packageDir: string): boolean {
  try {
    const builtAt = statSync(join(packageDir, BUNDLE)).mtimeMs;
    const sources: unknown = JSON.parse(readFileSync(join(packageDir, BUNDLE_SOURCES), "utf8"));
    return (
      Array.isArray(sources) &&
      sources.length > 0 &&
      sources.every((source) => typeof source === "string" && statSync(join(packageDir, source)).mtimeMs <= builtAt)
    );
  } catch {
    return false;
  }
}

/**
 * The built server forks the bundle `npm run build` writes beside it (build/photo-maker.mjs). From the source tree
 * (the tests, the dev server) it forks that bundle too while no source it was made from has changed since: the
 * TypeScript entry through tsx cost each fork about 0.13 CPU-s more and compiled the photo modules again in every
 * process (ADR 443). Otherwise, a stale build or none, the TypeScript entry runs through tsx, as it is.
 */
function photoProcessEntry(): PhotoProcessEntry {
  const here = dirname(fileURLToPath(import.meta.url));
  const built = builtPackageRoot(here);
  if (built) {
    const file = join(built, BUNDLE);
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build`);
    return { file, execArgv: [] };
  }
  const packageDir = join(here, "../../..");
  if (photoBundleIsCurrent(packageDir)) return { file: join(packageDir, BUNDLE), execArgv: [] };
  return { file: join(here, "photo-maker.server.ts"), execArgv: ["--import", "tsx"] };
}

export interface PhotoProcess {
  /** Makes one photo's files (in a folder or the object store) in the photo process, forking it first when none runs. */
  make(source: Buffer, to: PhotoTarget): Promise<PhotoOutcome>;
  /**
   * Adds the feed JPEG of a photo made before the ad feeds named the site's photos (ADR 407), from its widest WebP in
   * `to`, in the photo process (forking it first when none runs). False when that WebP is missing.
   */
  addFeedJpeg(to: PhotoTarget, name: string, width: number): Promise<boolean>;
  /** Deletes every file of the photos named from `to` (the object store, ADR 424) in the photo process. */
  deletePhotos(to: PhotoTarget, names: string[]): Promise<void>;
  /** Lets the process exit (once it has answered everything sent) and waits until it has. */
  close(): Promise<void>;
  /** Ends the process running now at once (a stopping server): what it held fails as after any kill. */
  kill(): void;
  /** The pid of the process running now, if one does. */
  readonly pid: number | undefined;
}

/**
 * The site's side of the photo process (ADR 410): forked with the first photo to make or feed JPEG to add, one at a time
 * however many photos are in hand (they are multiplexed by id), and closed by the job when its queue is empty. A process that dies
 * fails every photo it held with {@link PhotoProcessStopped}; the next photo forks a new one.
 */
export function photoProcess(entry: PhotoProcessEntry = photoProcessEntry()): PhotoProcess {
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let nextId = 1;
  const pending = new Map<number, { resolve(reply: PhotoReply): void; reject(error: Error): void }>();

  const start = (): ChildProcess => {
    const started = fork(entry.file, [], {
      execArgv: entry.execArgv,
      serialization: "advanced",
      // libvips's and the AVIF encoder's threads each fill a malloc arena of their own; two arenas bound the process's
      // peak (ADR 410). An operator's own setting wins.
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    started.on("message", (message: unknown) => {
      if (!isPhotoReply(message)) return;
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (!waiting) return;
      if ("error" in message) waiting.reject(new Error(message.error));
      else waiting.resolve(message);
    });
    // A send to a process that just died reports here; its exit fails what it held.
    started.on("error", () => {});
    exited = new Promise((resolve) => {
      started.once("exit", (code, signal) => {
        if (child === started) child = undefined;
        const stopped = new PhotoProcessStopped(`the photo process stopped (${signal ?? `exit ${code}`})`);
        for (const waiting of pending.values()) waiting.reject(stopped);
        pending.clear();
        resolve();
      });
    });
    return started;
  };

  const ask = (request: PhotoAsk): Promise<PhotoReply> => {
    child ??= start();
    const sent: PhotoRequest = { ...request, id: nextId++ };
    return new Promise((resolve, reject) => {
      pending.set(sent.id, { resolve, reject });
      child?.send(sent);
    });
  };

  return {
    get pid() {
      return child?.pid;
    },
    async make(source, to) {
      const reply = await ask({ kind: "make", source, to });
      if (!("outcome" in reply)) throw new Error("the photo process answered a photo to make with no outcome");
      return reply.outcome;
    },
    async addFeedJpeg(to, name, width) {
      const reply = await ask({ kind: "feed-jpeg", to, name, width });
      if (!("added" in reply)) throw new Error("the photo process answered a feed JPEG with no result");
      return reply.added;
    },
    async deletePhotos(to, names) {
      const reply = await ask({ kind: "delete", to, names });
      if (!("deleted" in reply)) throw new Error("the photo process answered a deletion with no count");
    },
    async close() {
      if (child?.connected) child.disconnect();
      await exited;
    },
    kill() {
      child?.kill("SIGKILL");
    },
  };
}
