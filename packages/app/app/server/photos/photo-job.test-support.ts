import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { stores, vehiclePhotos } from "../db/schema.server";
import { parseAllowance } from "./photo-address.server";
import type { PhotoSettings } from "./photo-job.server";

/**
 * What a photo job test starts from: Brentwood's store row, an empty photo directory of its own, the job's settings
 * (hosts in `allowed` reachable, unused photos kept 7 days) and `dispose` to remove the directory.
 */
export async function photoWorkspace(
  db: Db,
  allowed: string[] = [],
): Promise<{ dir: string; settings: PhotoSettings; dispose: () => void }> {
  await db.insert(stores).values({ id: "brentwood", name: "Brentwood", profile: {} });
  const dir = mkdtempSync(join(tmpdir(), "showroom-photos-"));
  const settings: PhotoSettings = {
    dir,
    timeoutMs: 5000,
    maxBytes: 2_000_000,
    concurrency: 2,
    retryEveryMs: 60_000,
    allowance: parseAllowance(allowed),
    unusedGraceMs: 7 * 24 * 3_600_000,
  };
  return { dir, settings, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The photo row of one source address, or undefined. */
export async function photoRowOf(db: Db, url: string) {
  return (await db.select().from(vehiclePhotos).where(eq(vehiclePhotos.sourceUrl, url)))[0];
}
