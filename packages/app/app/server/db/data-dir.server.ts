import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * Makes a data directory private to the user running the site, whatever the umask (issue 18): the directory and every
 * folder in it 0700, every file 0600, and this process's umask 077 so what PGlite, the mail spool, the SMS files and
 * the key files create from now on is private too. A permissive umask (002, 000) had made PGlite's files group- or
 * world-writable: any local user could read or change every lead. PGlite sets its own files' modes (0666) whatever
 * the umask, so the 0700 directory is what shields them, and this is run again after PGlite opens and closes and by
 * the server's housekeeping, to bring new files back to 0600.
 */
export function makeDataDirPrivate(dir: string): void {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  privately(dir);
}

function privately(path: string): void {
  try {
    const info = lstatSync(path);
    // A link is left alone: its target may be anywhere, and chmod would follow it.
    if (info.isSymbolicLink()) return;
    if (info.isDirectory()) {
      if ((info.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
      for (const name of readdirSync(path)) privately(join(path, name));
    } else if ((info.mode & 0o777) !== 0o600) {
      chmodSync(path, 0o600);
    }
  } catch (error) {
    // Gone since its folder was read: a running site renames its photos' `.part` files and its mail spool's as it
    // writes them, and a second process checks the folder before the lock refuses it. What is gone needs no mode.
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
