import { appendFileSync, chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config.server";
import { outgoing, retriesFor } from "../http.server";
import type { MetaEvent } from "./meta-event.server";

/** Where a recorded event came from: the page (the tracker) or the server (a lead as it was recorded). */
type EventOrigin = "browser" | "server";

/** Where tracked events go: Meta's Conversions API, or a JSON-lines file a developer can read. */
export interface TrackingSink {
  readonly description: string;
  send(event: MetaEvent, origin: EventOrigin): Promise<void>;
}

/** The Conversions API refused the event or could not be reached; `status` is the HTTP status when there was one. */
class TrackingSendError extends Error {
  override name = "TrackingSendError";
  constructor(readonly status: number | null) {
    super(status === null ? "The Conversions API could not be reached." : `The Conversions API answered ${status}.`);
  }
}

/** The Graph API version the Conversions API is called at. */
const META_GRAPH_VERSION = "v21.0";

/**
 * Without META_PIXEL_ID and META_CAPI_TOKEN each event is one JSON line of `DATA_DIR/tracking/events.jsonl` (0600),
 * with its origin and the time it was recorded: user data is already hashed there, as it would leave for Meta.
 */
function fileTrackingSink(dir: string): TrackingSink {
  const file = join(dir, "events.jsonl");
  return {
    description: `JSON lines in ${file}`,
    async send(event, origin) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      appendFileSync(file, `${JSON.stringify({ recordedAt: new Date().toISOString(), origin, event })}\n`, {
        mode: 0o600,
      });
      chmodSync(file, 0o600);
    },
  };
}

/**
 * Meta's Conversions API: `POST https://graph.facebook.com/{version}/{pixel}/events` with the event and the access
 * token. A POST is never retried (spec section 7): Meta would count a repeated event only once by its id, but a
 * shopper's request must not wait on a second attempt either.
 */
function capiTrackingSink(pixelId: string, token: string, base = "https://graph.facebook.com"): TrackingSink {
  const endpoint = `${base}/${META_GRAPH_VERSION}/${encodeURIComponent(pixelId)}/events`;
  return {
    description: `Meta Conversions API for pixel ${pixelId}`,
    async send(event) {
      try {
        await outgoing(endpoint, {
          method: "POST",
          body: { data: [event], access_token: token },
          retry: retriesFor("POST"),
          timeout: 5000,
        });
      } catch (error) {
        const status = (error as { response?: { status?: number } }).response?.status ?? null;
        throw new TrackingSendError(status);
      }
    },
  };
}

const sinks = new WeakMap<object, TrackingSink>();

/** The sink of this server's configuration, made once. */
export function trackingSink(
  config: Pick<Config, "META_PIXEL_ID" | "META_CAPI_TOKEN" | "META_CAPI_URL" | "DATA_DIR">,
): TrackingSink {
  let sink = sinks.get(config);
  if (!sink) {
    sink =
      config.META_PIXEL_ID && config.META_CAPI_TOKEN
        ? capiTrackingSink(config.META_PIXEL_ID, config.META_CAPI_TOKEN, config.META_CAPI_URL)
        : fileTrackingSink(join(config.DATA_DIR, "tracking"));
    sinks.set(config, sink);
  }
  return sink;
}
