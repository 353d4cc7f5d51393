// A feed an admin uploads on the desk's Inventory feeds page (issue 29, ADR 386): applied as a pulled feed is, the
// mass-sold hold included, kept as a row of the store's pulls (so a held upload is applied anyway as a held pull is),
// and audited.
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { inventoryFeedPulls, stores } from "../db/schema.server";
import { type Actor, recordAudit } from "../staff/audit.server";
import { keptRejections, parseBody } from "./feed-pull.server";
import { importFeed } from "./import.server";

export interface FeedUpload {
  storeId: string;
  /** The file's name as the browser sent it, bounded: shown as where the feed came from. */
  fileName: string;
  text: string;
  bytes: number;
  json: boolean;
  /** A partial feed adds and updates only; a full one also marks the store's unlisted cars sold, and may be held. */
  full: boolean;
}

export type UploadOutcome =
  | { outcome: "no-such-store" }
  | {
      outcome: "applied" | "held" | "failed";
      id: number;
      reason: string | null;
      added: number;
      updated: number;
      sold: number;
      rejected: number;
      rejectedLines: { line: number; reason: string }[];
    };

/** Applies an uploaded feed to its store (the hold at `holdAbovePercent` for a full feed), recorded and audited. */
export async function uploadFeed(
  db: Db,
  actor: Actor,
  upload: FeedUpload,
  holdAbovePercent: number,
  now = new Date(),
  alerts?: { messageDomain: string },
): Promise<UploadOutcome> {
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, upload.storeId));
  if (!store) return { outcome: "no-such-store" };
  const feed = parseBody(upload.text, upload.json);
  const counts =
    typeof feed === "string"
      ? { rejected: 0, rejectedLines: [] }
      : { rejected: feed.rejected.length, rejectedLines: keptRejections(feed) };
  // One transaction: the cars, the row and the audit stand or fall together (the import is a savepoint in it).
  return db.transaction(async (tx) => {
    const summary =
      typeof feed === "string"
        ? null
        : await importFeed(tx as unknown as Db, upload.storeId, feed, {
            full: upload.full,
            now,
            ...(upload.full ? { holdAbovePercent } : {}),
            ...(alerts ? { alerts } : {}),
          });
    const status = summary?.held ? "held" : summary?.applied ? "applied" : "failed";
    const reason = typeof feed === "string" ? feed : (summary?.reason ?? null);
    const done = {
      added: summary?.applied ? summary.added : 0,
      updated: summary?.applied ? summary.updated : 0,
      sold: summary?.applied ? summary.sold : 0,
    };
    // As for a pull: only the newest held feed of a store may be applied, and one that applies supersedes it.
    if (status !== "failed") {
      await tx
        .update(inventoryFeedPulls)
        .set({ heldFeed: null })
        .where(and(eq(inventoryFeedPulls.storeId, upload.storeId), isNotNull(inventoryFeedPulls.heldFeed)));
    }
    const [row] = await tx
      .insert(inventoryFeedPulls)
      .values({
        storeId: upload.storeId,
        startedAt: now,
        finishedAt: new Date(),
        url: `Uploaded by ${actor.email}: ${upload.fileName}`,
        status,
        reason,
        bytes: upload.bytes,
        ...counts,
        ...done,
        ...(summary?.held && typeof feed !== "string"
          ? {
              heldFeed: { vehicles: feed.vehicles, rejected: counts.rejectedLines },
              available: summary.held.available,
              wouldSell: summary.held.wouldSell,
            }
          : {}),
      })
      .returning({ id: inventoryFeedPulls.id });
    if (!row) throw new Error("the upload's row was not written");
    await recordAudit(tx, actor, {
      action: "uploaded-feed",
      subject: `feed pull #${row.id}`,
      detail: { storeId: upload.storeId, status, full: upload.full, ...done, rejected: counts.rejected },
    });
    return { outcome: status, id: row.id, reason, ...done, ...counts };
  });
}
