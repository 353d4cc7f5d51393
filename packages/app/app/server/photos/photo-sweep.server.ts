import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { rowsOf } from "../db/rows";
import { vehiclePhotos } from "../db/schema.server";
import { logError, logInfo } from "../log.server";
import { deletePhotoFiles } from "./photo-files.server";
import type { PhotoProcess } from "./photo-process.server";
import { type PhotoTarget, STORE_FAILED } from "./photo-store";

/**
 * The photo addresses cars still in the inventory name: every car but a sold one (a car an admin hid comes back with
 * its photos). A subquery, read afresh by each statement below.
 */
const namedUrls = sql`select image from vehicles, jsonb_array_elements_text(
    case when jsonb_typeof(details->'images') = 'array' then details->'images' else '[]'::jsonb end) as image
  where vehicles.status <> 'sold'`;

export interface Sweep {
  /** Addresses no car names any more, from this run on. */
  unused: number;
  /** Addresses named again within their grace period: their files stay. */
  reused: number;
  /** Rows deleted, their grace period over. */
  deleted: number;
  /** Photo names whose files were deleted (no other address had the same bytes). */
  filesDeleted: number;
}

/**
 * Forgets the photos no car in the inventory names (ADR 406): an address no car names is stamped `unused_since`; a
 * grace period later its row is deleted and its files too, unless another address's photo has the same bytes (one
 * name, one set of files). Within the grace period, pages and ad feeds cached with the old URLs still load, and a car
 * back in the feed keeps its files. A `waiting` row is deleted only once its claim has run out, so no worker is
 * making it. Files on disk are deleted here; objects in the store by the photo process (`maker`, ADR 424), so the site
 * never loads the store's SDK. A store that fails to delete leaves the objects behind (logged): the rows are gone, and
 * a file of a photo no page names costs only its storage.
 */
export async function sweepUnusedPhotos(
  db: Db,
  to: PhotoTarget,
  graceMs: number,
  now = new Date(),
  maker?: Pick<PhotoProcess, "deletePhotos">,
): Promise<Sweep> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - graceMs).toISOString();
  const unused = rowsOf(
    await db.execute(
      sql`update ${vehiclePhotos} set unused_since = ${at}::timestamptz
        where unused_since is null and not exists (select 1 from (${namedUrls}) named where named.image = source_url)
        returning source_url`,
    ),
  ).length;
  const reused = rowsOf(
    await db.execute(
      sql`update ${vehiclePhotos} set unused_since = null
        where unused_since is not null and exists (select 1 from (${namedUrls}) named where named.image = source_url)
        returning source_url`,
    ),
  ).length;
  const gone = rowsOf<{ name: string | null }>(
    await db.execute(
      sql`delete from ${vehiclePhotos} where unused_since <= ${cutoff}::timestamptz
        and (status <> 'waiting' or next_attempt_at <= ${at}::timestamptz) returning name`,
    ),
  );
  const names = [...new Set(gone.flatMap((row) => (row.name ? [row.name] : [])))];
  const kept =
    names.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db
              .selectDistinct({ name: vehiclePhotos.name })
              .from(vehiclePhotos)
              .where(inArray(vehiclePhotos.name, names))
          ).map((row) => row.name),
        );
  const orphans = names.filter((name) => !kept.has(name));
  if (typeof to === "string") for (const name of orphans) await deletePhotoFiles(to, name);
  else if (orphans.length > 0) {
    if (!maker) throw new Error("deleting photos from the object store needs the photo process");
    await maker
      .deletePhotos(to, orphans)
      .catch((error: unknown) => logError("deleting unused photos from the store", error));
  }
  if (gone.length > 0) logInfo(`Photos: ${gone.length} no car names any more forgotten, ${orphans.length} deleted`);
  return { unused, reused, deleted: gone.length, filesDeleted: orphans.length };
}

/** Photos made at once by {@link addMissingFeedJpegs} in one run. */
const JPEG_BATCH = 50;

/**
 * Gives ready photos made before the feeds named the site's own photos their feed JPEG (ADR 407), from the WebP on
 * disk or in the object store (ADR 424), a batch per run, made by the photo process (ADR 410) like every other file. A photo whose WebP is missing or
 * unreadable, or whose conversion the photo process died in, is made again from its address: that is bounded, where
 * leaving it would put the same photo first in every run's batch. A stopping server stops after the photo in hand.
 */
export async function addMissingFeedJpegs(
  db: Db,
  to: PhotoTarget,
  maker: Pick<PhotoProcess, "addFeedJpeg">,
  signal?: AbortSignal,
): Promise<number> {
  const rows = await db
    .select({ sourceUrl: vehiclePhotos.sourceUrl, name: vehiclePhotos.name, width: vehiclePhotos.width })
    .from(vehiclePhotos)
    .where(and(eq(vehiclePhotos.status, "ready"), eq(vehiclePhotos.feedJpeg, false), isNotNull(vehiclePhotos.name)))
    .limit(JPEG_BATCH);
  let made = 0;
  for (const row of rows) {
    if (signal?.aborted) break;
    if (!row.name || !row.width) continue;
    const where = and(eq(vehiclePhotos.sourceUrl, row.sourceUrl), eq(vehiclePhotos.status, "ready"));
    let ok = false;
    try {
      ok = await maker.addFeedJpeg(to, row.name, row.width);
    } catch (error) {
      logError(`making the feed JPEG of ${row.sourceUrl}`, error);
      // The object store not answering says nothing of the photo's files: the next run tries again (ADR 424).
      if ((error as Error).message?.startsWith(STORE_FAILED)) continue;
    }
    // A missing or unreadable WebP, or a photo process that died on it: made again from its address, JPEG and all.
    const again = {
      status: "waiting" as const,
      attempts: 0,
      nextAttemptAt: new Date(),
      reason: "its files were unread",
    };
    await db
      .update(vehiclePhotos)
      .set(ok ? { feedJpeg: true, updatedAt: new Date() } : again)
      .where(where);
    if (ok) made++;
  }
  return made;
}
