import { defaultLeadDestinations } from "@showroom/rules/leads";
import { resumeAttachments } from "../careers/resumes.server";
import type { Config } from "../config.server";
import type { Keyring } from "../crypto/envelope.server";
import type { Database } from "../db/client.server";
import { createTransport } from "../mail/transport.server";
import type { DestinationsSource } from "./compose";
import { type RelayLogger, startRelay } from "./relay.server";

export interface LeadMail {
  /** Wakes the relay: give it to `services.nudgeRelay`. */
  nudge(): void;
  /** Stops the relay, waits for the sends in flight, closes the transport. Call before closing the database. */
  stop(): Promise<void>;
  /** "smtp" or "eml", for the start-up line. */
  readonly transport: "smtp" | "eml";
  /** Where lead mail goes: the SMTP peer without credentials, or the .eml directory. */
  readonly description: string;
}

/**
 * The server's lead mail: the transport the configuration names and a relay polling every RELAY_INTERVAL_MS.
 * `destinations` defaults to the destinations that ship with `@showroom/rules`.
 */
export function startLeadMail(
  config: Config,
  database: Pick<Database, "db" | "kind">,
  options: {
    destinations?: DestinationsSource;
    logger?: RelayLogger;
    /** Opens the sealed files leads name (résumés); the server always gives it, a relay test may not. */
    keyring?: Keyring;
    /** The site's HMAC key, under which alert links are derived (ADR 371); without it alert emails wait. */
    alertLinkKey?: Buffer;
  } = {},
): LeadMail {
  const transport = createTransport(config);
  const relay = startRelay({
    db: database.db,
    kind: database.kind,
    transport,
    destinations: options.destinations ?? defaultLeadDestinations,
    intervalMs: config.RELAY_INTERVAL_MS,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.keyring ? { attachments: resumeAttachments(database.db, options.keyring) } : {}),
    ...(options.alertLinkKey ? { alertLinkKey: options.alertLinkKey } : {}),
  });
  let stopping: Promise<void> | undefined;
  return {
    nudge: () => relay.nudge(),
    stop() {
      stopping ??= relay.stop().finally(() => transport.close());
      return stopping;
    },
    transport: transport.kind,
    description: transport.description,
  };
}
