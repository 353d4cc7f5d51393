import type { PhotoOutcome } from "./photo-files.server";
import { isPhotoTarget, type PhotoTarget } from "./photo-store";

/**
 * What the photo process is asked: to make one downloaded photo's files (its bytes and where they go: a folder or the
 * object store, ADR 424), to add the ad feeds' JPEG of a photo made before them from its widest WebP (ADR 407), or to
 * delete the files of photos no car names any more from the object store (ADR 406). Every use of sharp and of the
 * object store's SDK is one of these, so the site loads neither (ADR 410).
 */
export type PhotoAsk =
  | { kind: "make"; source: Uint8Array; to: PhotoTarget }
  | { kind: "feed-jpeg"; to: PhotoTarget; name: string; width: number }
  | { kind: "delete"; to: PhotoTarget; names: string[] };

export type PhotoRequest = PhotoAsk & { id: number };

/**
 * What came of one request: the made photo's outcome, whether the feed JPEG was added (false: its WebP is missing),
 * how many photos' files were deleted, or the message of an error on our side (a full disk, an unreadable file).
 */
export type PhotoReply =
  | { id: number; outcome: PhotoOutcome }
  | { id: number; added: boolean }
  | { id: number; deleted: number }
  | { id: number; error: string };

export function isPhotoRequest(message: unknown): message is PhotoRequest {
  const m = message as {
    id?: unknown;
    kind?: unknown;
    source?: unknown;
    to?: unknown;
    name?: unknown;
    names?: unknown;
    width?: unknown;
  };
  if (typeof m !== "object" || m === null || !Number.isInteger(m.id) || !isPhotoTarget(m.to)) return false;
  if (m.kind === "make") return m.source instanceof Uint8Array;
  if (m.kind === "delete") return Array.isArray(m.names) && m.names.every((name) => typeof name === "string");
  return m.kind === "feed-jpeg" && typeof m.name === "string" && Number.isInteger(m.width);
}

export function isPhotoReply(message: unknown): message is PhotoReply {
  const m = message as {
    id?: unknown;
    outcome?: { kind?: unknown };
    added?: unknown;
    deleted?: unknown;
    error?: unknown;
  } | null;
  return (
    typeof m === "object" &&
    m !== null &&
    Number.isInteger(m.id) &&
    (typeof m.error === "string" ||
      typeof m.added === "boolean" ||
      Number.isInteger(m.deleted) ||
      m.outcome?.kind === "ready" ||
      m.outcome?.kind === "refused" ||
      m.outcome?.kind === "failed")
  );
}
