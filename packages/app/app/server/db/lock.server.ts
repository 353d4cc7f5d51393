import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

/** Lock files this process holds: a second open from the same process is refused too. */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the data directory for this process. PGlite has no file locking: two processes on one directory silently
 * lose rows, so a second process must be refused. A lock left by a process that died (SIGKILL, power loss) is taken
 * over, because its owner can no longer write.
 */
export function lockDataDir(dir: string): { release(): void } {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "showroom.lock");
  if (heldHere.has(path)) {
    throw new DataDirLockedError(`The data directory ${dir} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(path);
      return {
        release() {
          if (!heldHere.delete(path)) return;
          rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(path, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by process ${owner}. Stop that process, or start this one with another DATA_DIR or with DATABASE_URL.`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}
