// The running site's end of the command hand-over (ADR 385). On the embedded database the site holds the data
// directory, so `npm run import` and `npm run rules` hand their work to it over a Unix socket in that directory:
// only its owner can connect (the socket is 0600 in a 0700 directory), and each request carries the token this start
// wrote beside it (0600), so a process that can reach the socket but not read the directory is refused too. The site
// runs the same importFeed and publish functions the commands run themselves, and answers with their results.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { StringDecoder } from "node:string_decoder";
import { z } from "zod";
import type { Db } from "../db/client.server";
import { readCsvFeedStream, readJsonFeedStream } from "../inventory/feed-file.server";
import { importFeed } from "../inventory/import.server";
import { listOfferRuleVersions, publishOfferRules, rollbackOfferRules } from "../sell/offer-rule-versions.server";
import { socketPathOf, TOKEN_HEADER, tokenPathOf } from "./channel-files.server";

export interface CommandChannelOptions {
  dataDir: string;
  db: Db;
  /** FEED_MAX_BYTES: a feed handed over is bounded as a pulled one is. */
  maxFeedBytes: number;
  /** The domain of alert emails' Message-IDs: an import handed over queues its alerts (ADR 372). */
  messageDomain?: string | undefined;
  /** FEED_HOLD_PERCENT: a full feed handed over is held as the command holds it, unless it says `force` (ADR 397). */
  holdAbovePercent: number;
  warn(line: string): void;
  logError(what: string, error: unknown): void;
}

/** A rules order is small: a folder of rule files and a note. */
const MAX_RULES_BYTES = 4_000_000;

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const one = (what: string, max: number) => z.string().trim().min(1, `${what} is empty.`).max(max);
const rulesOrderSchema = z.discriminatedUnion("command", [
  z.object({
    command: z.literal("publish"),
    texts: z.record(z.string().max(255), z.string()),
    note: one("The note", 500),
    author: one("The author", 200),
    from: z.string().max(4096),
  }),
  z.object({
    command: z.literal("rollback"),
    version: z.number().int().positive(),
    note: one("The note", 500).optional(),
    author: one("The author", 200),
  }),
  z.object({ command: z.literal("versions") }),
]);

/** The request's body a chunk at a time, refused (the request aborted) past `maxBytes`. */
async function* bounded(req: IncomingMessage, maxBytes: number, what: string): AsyncGenerator<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(what, maxBytes);
  let bytes = 0;
  // Leaving the loop early must not destroy the request: the command is still writing, and a closed socket would
  // reach it as EPIPE before the refusal below. The refusal's handler drains the rest, then answers.
  for await (const chunk of req.iterator({ destroyOnReturn: false })) {
    bytes += (chunk as Buffer).byteLength;
    if (bytes > maxBytes) throw tooLarge(what, maxBytes);
    yield chunk as Buffer;
  }
}

const tooLarge = (what: string, maxBytes: number) =>
  new Refusal(413, `${what} is larger than ${maxBytes.toLocaleString("en-US")} bytes (FEED_MAX_BYTES for a feed).`);

async function boundedText(req: IncomingMessage, maxBytes: number, what: string): Promise<string> {
  const decoder = new StringDecoder("utf8");
  let text = "";
  for await (const chunk of bounded(req, maxBytes, what)) text += decoder.write(chunk);
  return text + decoder.end();
}

/**
 * Resolves once the command has written all of its request. An answer sent before that closes the connection under
 * the command's write, which it sees as EPIPE instead of the site's reason; the owner's own file on a local socket
 * costs little to read to its end.
 */
function drained(req: IncomingMessage): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    req.once("end", resolve);
    req.once("close", resolve);
    req.resume();
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

const sameToken = (given: string | string[] | undefined, token: Buffer) => {
  const bytes = Buffer.from(typeof given === "string" ? given : "");
  return bytes.length === token.length && timingSafeEqual(bytes, token);
};

async function runImport(req: IncomingMessage, url: URL, options: CommandChannelOptions): Promise<unknown> {
  const store = url.searchParams.get("store");
  const format = url.searchParams.get("format");
  if (!store || (format !== "csv" && format !== "json"))
    throw new Refusal(400, "The import needs a store and a format.");
  const full = url.searchParams.get("partial") !== "1";
  // A JSON feed streams into the import an element at a time; a CSV is parsed whole, as the command parses a file.
  const feed =
    format === "json"
      ? readJsonFeedStream(bounded(req, options.maxFeedBytes, "The feed"), "The feed")
      : readCsvFeedStream(bounded(req, options.maxFeedBytes, "The feed"), "The feed");
  const alerts = options.messageDomain ? { alerts: { messageDomain: options.messageDomain } } : {};
  const hold = full && url.searchParams.get("force") !== "1";
  return importFeed(options.db, store, feed, {
    full,
    ...alerts,
    ...(hold ? { holdAbovePercent: options.holdAbovePercent } : {}),
  });
}

async function runRules(req: IncomingMessage, options: CommandChannelOptions): Promise<unknown> {
  let json: unknown;
  try {
    json = JSON.parse(await boundedText(req, MAX_RULES_BYTES, "The rules order"));
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(400, "The rules order is not JSON.");
  }
  const parsed = rulesOrderSchema.safeParse(json);
  if (!parsed.success) throw new Refusal(400, parsed.error.issues[0]?.message ?? "The rules order is not valid.");
  const order = parsed.data;
  if (order.command === "versions") return { versions: await listOfferRuleVersions(options.db) };
  const actor = { accountId: null, email: order.author, ip: null };
  const result =
    order.command === "publish"
      ? await publishOfferRules(options.db, {
          texts: new Map(Object.entries(order.texts)),
          note: order.note,
          actor,
          from: order.from,
        })
      : await rollbackOfferRules(options.db, { version: order.version, note: order.note, actor });
  return { result };
}

/**
 * Listens on DATA_DIR/showroom.sock for the commands' work, with a new token in DATA_DIR/showroom.command-token.
 * Resolves null (and says why) when the data directory's path is too long for a socket: the commands then refuse as
 * before, asking for the site to be stopped.
 */
export async function openCommandChannel(options: CommandChannelOptions): Promise<{ close(): Promise<void> } | null> {
  // Windows names its local sockets as pipes, not files in a folder: no hand-over there (ADR 385).
  const socketPath = process.platform === "win32" ? null : socketPathOf(options.dataDir);
  if (!socketPath) {
    options.warn(
      `Commands cannot hand their work to this site (${process.platform === "win32" ? "Windows" : `the path of ${options.dataDir} is too long for a socket`}); stop the site to import or publish.`,
    );
    return null;
  }
  const tokenPath = tokenPathOf(options.dataDir);
  const token = Buffer.from(randomBytes(32).toString("base64url"));
  // The site holds the data directory's lock: a socket or token left here belongs to a start that is gone.
  rmSync(socketPath, { force: true });
  rmSync(tokenPath, { force: true });
  writeFileSync(tokenPath, token, { mode: 0o600 });

  const server: Server = createServer((req, res) => {
    if (!sameToken(req.headers[TOKEN_HEADER], token)) {
      void drained(req).then(() =>
        send(res, 401, { error: "The running site refused the command: its token does not match this start's." }),
      );
      return;
    }
    const url = new URL(req.url ?? "/", "http://site");
    const run =
      req.method === "POST" && url.pathname === "/import"
        ? runImport(req, url, options)
        : req.method === "POST" && url.pathname === "/rules"
          ? runRules(req, options)
          : Promise.reject(new Refusal(404, `The running site has no command ${url.pathname}.`));
    run.then(
      // An import may answer without reading the feed (an unknown store): the answer still waits for the whole body.
      (body) => void drained(req).then(() => send(res, 200, body)),
      (error: unknown) =>
        void drained(req).then(() => {
          if (error instanceof Refusal) send(res, error.status, { error: error.message });
          else {
            options.logError(`the command ${url.pathname} handed to the site`, error);
            send(res, 500, { error: error instanceof Error ? error.message : String(error) });
          }
        }),
    );
  });
  // A command's import may take minutes: no request timeout on a socket only the owner reaches.
  server.requestTimeout = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ path: socketPath, readableAll: false, writableAll: false }, () => resolve());
    });
    chmodSync(socketPath, 0o600);
  } catch (error) {
    // The site serves without it: the commands then refuse as they did before the hand-over.
    options.logError("listening for commands in the data directory; they cannot run while the site does", error);
    rmSync(tokenPath, { force: true });
    return null;
  }
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      rmSync(tokenPath, { force: true });
      rmSync(socketPath, { force: true });
    },
  };
}
