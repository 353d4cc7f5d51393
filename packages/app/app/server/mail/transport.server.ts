import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import nodemailer, { type NodemailerError, type SendMailOptions } from "nodemailer";
import type { Config } from "../config.server";
import { isPermanentReply, PermanentMailError } from "./errors";
import { messageFileName } from "./message-id";

/** One lead email as the relay hands it over: the body already built by `@showroom/rules/leads`. */
export interface OutgoingMail {
  readonly leadId: string;
  readonly messageId: string;
  readonly to: readonly string[];
  readonly subject: string;
  /** A text lead, or for ADF the XML document alone; both go out as text/plain. */
  readonly body: string;
  readonly type: "adf" | "text";
  /** Files that go with the lead (a CAREERS lead's résumé), opened from their sealed rows for this send only. */
  readonly attachments?: readonly MailAttachment[];
  /**
   * Set for an alert email (then `leadId` holds the alert email's id): the dealer it comes from, and the one-click
   * unsubscribe address (RFC 8058) every alert email carries.
   */
  readonly alert?: { readonly dealerName: string; readonly unsubscribeUrl: string };
}

/** A file attached to a lead email; its name and type come from the lead, never from the sender's upload. */
export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
}

/** A recipient the peer refused while taking the message for the others. */
interface RejectedRecipient {
  readonly address: string;
  readonly response: string;
  readonly permanent: boolean;
}

/** What the peer took: every recipient it accepted, and those it refused. */
export interface SendOutcome {
  readonly accepted: readonly string[];
  readonly rejected: readonly RejectedRecipient[];
}

/** Where lead emails go: an SMTP peer, or `.eml` files in the data directory when no SMTP_URL is set. */
export interface MailTransport {
  readonly kind: "smtp" | "eml";
  /** For logs: the peer (without credentials) or the spool directory. */
  readonly description: string;
  /** Resolves once the peer accepted the message (or the file is on disk); rejects with the peer's error. */
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): void;
}

/** Limits on one SMTP delivery, in milliseconds. */
export interface SmtpTimeouts {
  /** Until the TCP (or TLS) connection is up. */
  readonly connectionMs: number;
  /** Until the peer greets: a peer that accepts the connection and says nothing fails here. */
  readonly greetingMs: number;
  /** Longest silence of the peer once the session runs. */
  readonly socketMs: number;
  /** The whole delivery, however the peer trickles; must stay below the relay's lease. */
  readonly sendMs: number;
}

/** A peer that never greets fails within 10 s; no delivery outlives a minute, well inside the 2-minute lease. */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 20_000,
  sendMs: 60_000,
};

export type TransportConfig = Pick<Config, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR">;

export interface TransportOptions {
  timeouts?: Partial<SmtpTimeouts>;
}

/** The nodemailer message of a lead email: one text/plain part, our Message-ID, the lead id for people tracing it. */
function mailOptions(mail: OutgoingMail, from: string): SendMailOptions {
  if (mail.to.length === 0) throw new PermanentMailError(`Lead ${mail.leadId} has no recipients`);
  const { alert } = mail;
  return {
    // A shopper's email names the dealer, sent from the configured address.
    from: alert ? { name: alert.dealerName, address: addressOf(from) } : from,
    to: [...mail.to],
    subject: mail.subject,
    text: mail.body,
    messageId: mail.messageId,
    headers: alert
      ? {
          "List-Unsubscribe": `<${alert.unsubscribeUrl}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          "X-Showroom-Alert-Email-Id": mail.leadId,
        }
      : { "X-Showroom-Lead-Id": mail.leadId, "X-Showroom-Lead-Type": mail.type },
    ...(mail.attachments?.length
      ? {
          attachments: mail.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: file.content,
          })),
        }
      : {}),
    // Nothing in a lead needs a data: or file URL; refuse them rather than trust a builder to have escaped them.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** The bare address of a From value (`Name <user@domain>` or `user@domain`). */
function addressOf(from: string): string {
  return (/<([^<>]*)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/** Picks the transport the configuration names: SMTP when SMTP_URL is set, `.eml` files under DATA_DIR/mail otherwise. */
export function createTransport(config: TransportConfig, options: TransportOptions = {}): MailTransport {
  return config.SMTP_URL
    ? smtpTransport(config.SMTP_URL, config.MAIL_FROM, { ...DEFAULT_SMTP_TIMEOUTS, ...options.timeouts })
    : emlTransport(join(resolve(config.DATA_DIR), "mail"), config.MAIL_FROM);
}

function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.toString();
  } catch {
    return "smtp";
  }
}

function smtpTransport(url: string, from: string, timeouts: SmtpTimeouts): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.connectionMs,
    // A lead must not sit in a shared connection behind another: one connection per message keeps each attempt's
    // failure its own, and the relay bounds how many run at once.
    pool: false,
  });
  return {
    kind: "smtp",
    description: withoutCredentials(url),
    async send(mail) {
      const info = await transporter.sendMail({
        ...mailOptions(mail, from),
        signal: AbortSignal.timeout(timeouts.sendMs),
      });
      const rejectedErrors = ((info as { rejectedErrors?: NodemailerError[] }).rejectedErrors ?? []).filter(
        (error) => typeof error.recipient === "string",
      );
      const rejected = (info.rejected as unknown[]).map((entry): RejectedRecipient => {
        const address = typeof entry === "string" ? entry : String((entry as { address?: string }).address);
        const error = rejectedErrors.find((e) => e.recipient === address);
        return {
          address,
          response: error?.response ?? error?.message ?? "rejected",
          permanent: typeof error?.responseCode === "number" && isPermanentReply(error.responseCode),
        };
      });
      const accepted = (info.accepted as unknown[]).map((entry) =>
        typeof entry === "string" ? entry : String((entry as { address?: string }).address),
      );
      return { accepted, rejected };
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Writes each message as an RFC 822 file named by its Message-ID, through a temporary file and a rename, so a reader
 * never sees half a message and a second delivery of the same lead replaces the first instead of adding a copy.
 */
function emlTransport(dir: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  let ready = false;
  return {
    kind: "eml",
    description: dir,
    async send(mail) {
      const info = await composer.sendMail(mailOptions(mail, from));
      const message = info.message;
      if (!Buffer.isBuffer(message)) throw new Error("The mail composer returned a stream instead of a buffer");
      if (!ready) {
        mkdirSync(dir, { recursive: true });
        ready = true;
      }
      const target = join(dir, messageFileName(mail.messageId));
      const temporary = join(dir, `.${randomBytes(8).toString("hex")}.tmp`);
      try {
        const fd = openSync(temporary, "w", 0o640);
        try {
          writeSync(fd, message);
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
        renameSync(temporary, target);
      } catch (error) {
        rmSync(temporary, { force: true });
        throw error;
      }
      return { accepted: [...mail.to], rejected: [] };
    },
    close() {
      composer.close();
    },
  };
}
