import { z } from "zod";
import { MESSAGES } from "../messages";
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from "./form-meta-names";
import { blankAsMissing } from "./text";

export { HONEYPOT_FIELD, IDEMPOTENCY_FIELD };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The fields every lead form carries, so the app treats them all alike: `idempotencyKey`, a UUID minted per form
 * render (`crypto.randomUUID()`) so a double submit makes one lead; and `website`, a honeypot that must stay empty.
 * Lead form schemas are `formMeta.extend({...})`.
 */
export const formMeta = z.object({
  [IDEMPOTENCY_FIELD]: z
    .string({ error: MESSAGES.idempotencyKey })
    .trim()
    .regex(UUID_PATTERN, { error: MESSAGES.idempotencyKey })
    .toLowerCase(),
  [HONEYPOT_FIELD]: blankAsMissing(z.string().max(0, { error: MESSAGES.honeypot }).optional()),
});

/**
 * True when the honeypot holds anything: the app answers such a post as if it succeeded and stores nothing, so a bot
 * learns nothing. Reads a raw submission (FormData, URLSearchParams or a parsed object).
 */
export function isHoneypotFilled(payload: FormData | URLSearchParams | Record<string, unknown>): boolean {
  const value =
    payload instanceof FormData || payload instanceof URLSearchParams
      ? payload.get(HONEYPOT_FIELD)
      : payload[HONEYPOT_FIELD];
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  return true;
}
