/** Whether retrying the same message can succeed. */
export type FailureKind = "temporary" | "permanent";

/**
 * A failure that no retry can fix, raised before any peer was asked: a stored lead that no longer parses, a
 * destination without recipients. The relay dead-letters it at once.
 */
export class PermanentMailError extends Error {
  override name = "PermanentMailError";
}

interface SmtpErrorFields {
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  command?: unknown;
  message?: unknown;
}

/**
 * Whether an SMTP reply code rejects the message for good. RFC 5321: 5yz is a permanent negative completion, 4yz a
 * transient one. 503 (bad sequence of commands) is about the session's state, not the message, so a new connection
 * can succeed: temporary, as nodemailer also reads it.
 */
export function isPermanentReply(responseCode: number): boolean {
  return responseCode >= 500 && responseCode < 600 && responseCode !== 503;
}

/**
 * Temporary: 4xx replies, 503, refused or dropped connections, timeouts, aborts and anything unknown (which the
 * 24-hour limit still ends). Permanent: other 5xx replies and {@link PermanentMailError}.
 */
export function classifySendError(error: unknown): FailureKind {
  if (error instanceof PermanentMailError) return "permanent";
  const code = (error as SmtpErrorFields | null)?.responseCode;
  return typeof code === "number" && isPermanentReply(code) ? "permanent" : "temporary";
}

const MAX_ERROR_LENGTH = 1000;

/** One line for the outbox's last_error: the error code, the SMTP command and the peer's reply or the message. */
export function describeSendError(error: unknown): string {
  const fields = (typeof error === "object" && error !== null ? error : { message: String(error) }) as SmtpErrorFields;
  const parts = [
    typeof fields.code === "string" ? fields.code : undefined,
    typeof fields.command === "string" ? `at ${fields.command}` : undefined,
    typeof fields.response === "string" && fields.response !== ""
      ? fields.response
      : typeof fields.message === "string"
        ? fields.message
        : String(error),
  ].filter((part): part is string => part !== undefined && part !== "");
  const text = parts.join(": ").replace(/\s+/g, " ").trim();
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}
