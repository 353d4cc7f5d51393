import type { PhotoOutcome } from "./photo-files.server";

/**
 * What the photo process is asked: to make one downloaded photo's files (its bytes and the folder they go to), or to
 * add the ad feeds' JPEG of a photo made before them from its widest WebP on disk (ADR 407). Every use of sharp is one
 * of these, so the site never loads it (ADR 410).
 */
export type PhotoAsk =
  | { kind: "make"; source: Uint8Array; dir: string }
  | { kind: "feed-jpeg"; dir: string; name: string; width: number };

export type PhotoRequest = PhotoAsk & { id: number };

/**
 * What came of one request: the made photo's outcome, whether the feed JPEG was added (false: its WebP is missing), or
 * the message of an error on our side (a full disk, an unreadable file).
 */
export type PhotoReply =
  | { id: number; outcome: PhotoOutcome }
  | { id: number; added: boolean }
  | { id: number; error: string };

export function isPhotoRequest(message: unknown): message is PhotoRequest {
  const m = message as {
    id?: unknown;
    kind?: unknown;
    source?: unknown;
    dir?: unknown;
    name?: unknown;
    width?: unknown;
  };
  if (typeof m !== "object" || m === null || !Number.isInteger(m.id) || typeof m.dir !== "string") return false;
  if (m.kind === "make") return m.source instanceof Uint8Array;
  return m.kind === "feed-jpeg" && typeof m.name === "string" && Number.isInteger(m.width);
}

export function isPhotoReply(message: unknown): message is PhotoReply {
  const m = message as { id?: unknown; outcome?: { kind?: unknown }; added?: unknown; error?: unknown } | null;
  return (
    typeof m === "object" &&
    m !== null &&
    Number.isInteger(m.id) &&
    (typeof m.error === "string" ||
      typeof m.added === "boolean" ||
      m.outcome?.kind === "ready" ||
      m.outcome?.kind === "refused")
  );
}
