import { randomUUID } from "node:crypto";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.server";
import { outgoing, retriesFor } from "../http.server";

/** One text message to a North American number, in E.164 (`+13145550142`). */
export interface SmsMessage {
  readonly to: string;
  readonly body: string;
}

/** Where texts go: a provider, or files in the data directory. */
export interface SmsSender {
  /** For the start-up line: "Twilio-compatible API at api.twilio.com" or "files in data/sms". */
  readonly description: string;
  send(message: SmsMessage): Promise<void>;
}

/** The provider refused or could not be reached; `status` is the HTTP status when there was one. */
export class SmsSendError extends Error {
  override name = "SmsSendError";
  constructor(readonly status: number | null) {
    super(status === null ? "The SMS provider could not be reached." : `The SMS provider answered ${status}.`);
  }
}

/**
 * Without SMS_URL each text is a file under `DATA_DIR/sms/` (directory 0700, files 0600: they hold live codes), one
 * per message, so a developer can read the code the way a shopper would on a phone.
 */
export function fileSmsSender(dir: string): SmsSender {
  return {
    description: `files in ${dir}`,
    async send(message) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const path = join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.txt`);
      writeFileSync(path, `To: ${message.to}\n\n${message.body}\n`, { mode: 0o600 });
      chmodSync(path, 0o600);
    },
  };
}

/**
 * A Twilio-compatible Messages API: `POST {SMS_URL}` with `To`, `From` and `Body` as a form, the URL's user and
 * password as basic authentication. A POST is never retried (spec section 7), so a text is never sent twice.
 */
export function httpSmsSender(smsUrl: string, from: string): SmsSender {
  const url = new URL(smsUrl);
  const authorization =
    url.username || url.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64")}`
      : null;
  url.username = "";
  url.password = "";
  const endpoint = url.toString();
  return {
    description: `Twilio-compatible API at ${url.host}`,
    async send(message) {
      try {
        await outgoing(endpoint, {
          method: "POST",
          retry: retriesFor("POST"),
          headers: authorization ? { Authorization: authorization } : {},
          body: new URLSearchParams({ To: message.to, From: from, Body: message.body }),
        });
      } catch (error) {
        const status = (error as { response?: { status?: unknown } }).response?.status;
        throw new SmsSendError(typeof status === "number" ? status : null);
      }
    },
  };
}

/** The sender this configuration asks for. */
export function smsSender(config: Pick<Config, "SMS_URL" | "SMS_FROM" | "DATA_DIR">): SmsSender {
  if (config.SMS_URL && config.SMS_FROM) return httpSmsSender(config.SMS_URL, config.SMS_FROM);
  return fileSmsSender(join(config.DATA_DIR, "sms"));
}
