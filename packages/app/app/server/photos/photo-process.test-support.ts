import { readFileSync } from "node:fs";
import { until } from "../../../tests/support/wait";
import { type PhotoProcess, photoProcess } from "./photo-process.server";

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface SignalAt {
  /** The how-manieth request of its kind (1: the first). */
  photo: number;
  signal: NodeJS.Signals;
  /** Sent once the process has loaded sharp, which it does when it starts on the request: mid-request. */
  once?: "sharp-loaded";
}

/**
 * The photo process, with the pid of each process it forked and the feed JPEGs it was asked for kept, and a way to
 * signal one as it is handed a photo to make or a feed JPEG to add.
 */
export function watchedProcess(
  options: { signalOnPhoto?: SignalAt; signalOnFeedJpeg?: SignalAt } = {},
): PhotoProcess & { pids: number[]; sent: NodeJS.Signals[]; feedJpegs: string[] } {
  const real = photoProcess();
  const pids: number[] = [];
  const sent: NodeJS.Signals[] = [];
  const feedJpegs: string[] = [];
  let photos = 0;
  const send = (pid: number, signal: NodeJS.Signals) => {
    process.kill(pid, signal);
    sent.push(signal);
  };
  /** Keeps the pid of the process just asked, and signals it when this request is the one chosen. */
  const watch = <T>(asked: Promise<T>, count: number, signal: SignalAt | undefined): Promise<T> => {
    const pid = real.pid;
    if (pid !== undefined && !pids.includes(pid)) pids.push(pid);
    if (count === signal?.photo && pid !== undefined) {
      if (!signal.once) send(pid, signal.signal);
      else
        void until("sharp in the photo process", () => readFileSync(`/proc/${pid}/maps`, "utf8").includes("vips"), {
          everyMs: 5,
        }).then(() => send(pid, signal.signal));
    }
    return asked;
  };
  return {
    pids,
    sent,
    feedJpegs,
    get pid() {
      return real.pid;
    },
    make: (source, dir) => watch(real.make(source, dir), ++photos, options.signalOnPhoto),
    addFeedJpeg(dir, name, width) {
      feedJpegs.push(`${name}-${width}`);
      return watch(real.addFeedJpeg(dir, name, width), feedJpegs.length, options.signalOnFeedJpeg);
    },
    deletePhotos: (to, names) => real.deletePhotos(to, names),
    close: () => real.close(),
    kill: () => real.kill(),
  };
}
