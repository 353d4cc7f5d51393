import type { PhotoOutcome } from "./photo-files.server";

/** One photo for the photo process to make: its downloaded bytes and the folder its files go to. */
export interface MakeRequest {
  id: number;
  source: Uint8Array;
  dir: string;
}

/** What came of one request: the outcome, or the message of an error on our side (a full disk). */
export type MakeReply = { id: number; outcome: PhotoOutcome } | { id: number; error: string };

export function isMakeRequest(message: unknown): message is MakeRequest {
  const m = message as Partial<MakeRequest> | null;
  return (
    typeof m === "object" &&
    m !== null &&
    Number.isInteger(m.id) &&
    m.source instanceof Uint8Array &&
    typeof m.dir === "string"
  );
}

export function isMakeReply(message: unknown): message is MakeReply {
  const m = message as { id?: unknown; outcome?: { kind?: unknown }; error?: unknown } | null;
  return (
    typeof m === "object" &&
    m !== null &&
    Number.isInteger(m.id) &&
    (typeof m.error === "string" || m.outcome?.kind === "ready" || m.outcome?.kind === "refused")
  );
}
