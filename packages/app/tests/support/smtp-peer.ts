// A real SMTP peer (smtp-server) on 127.0.0.1 for relay tests: it records every message it accepted, can answer
// a message with any reply code, and can hold connections open without greeting.
import { createServer, type Server, type Socket } from "node:net";
import { SMTPServer } from "smtp-server";
import { type ParsedMessage, parseMessage } from "./rfc822";

interface ReceivedMessage {
  messageId: string;
  envelopeFrom: string;
  envelopeTo: string[];
  raw: Buffer;
  message: ParsedMessage;
}

/** The reply at the end of DATA: accept, or an SMTP error reply such as `{ code: 451, text: "Try later" }`. */
export type PeerReply = "accept" | { code: number; text: string };

export interface SmtpPeerOptions {
  /** Listen here (a port the relay was already given while the peer was down); default an ephemeral port. */
  port?: number;
  /** Decides each delivery; `attempt` counts deliveries of this Message-ID, 1 for the first. Default: accept. */
  reply?: (delivery: { messageId: string; attempt: number }) => PeerReply;
  /** This many first connections are accepted and never greeted; later ones get a normal session. */
  silentConnections?: number;
}

export interface SmtpPeer {
  readonly port: number;
  /** `smtp://127.0.0.1:<port>` */
  readonly url: string;
  /** Messages the peer accepted (answered 250), in order. */
  readonly received: ReceivedMessage[];
  /** Deliveries per Message-ID, accepted or not. */
  readonly deliveries: Map<string, number>;
  /** Connections the peer took, the silent ones included. */
  readonly connections: () => number;
  /** Resolves once `count` messages were accepted; rejects after `timeoutMs`. */
  waitForReceived(count: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** A port nothing listens on right now: connections to it are refused until a peer takes it. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("No port");
  return address.port;
}

export async function startSmtpPeer(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
  const received: ReceivedMessage[] = [];
  const deliveries = new Map<string, number>();
  const waiters = new Set<() => void>();
  const silent = new Set<Socket>();
  let connectionCount = 0;

  const smtp = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    disableReverseLookup: true,
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        let message: ParsedMessage;
        try {
          message = parseMessage(raw);
        } catch (error) {
          callback(Object.assign(new Error(`Unparseable message: ${(error as Error).message}`), { responseCode: 554 }));
          return;
        }
        const messageId = message.header("message-id")?.trim() ?? "";
        const attempt = (deliveries.get(messageId) ?? 0) + 1;
        deliveries.set(messageId, attempt);
        const reply = options.reply?.({ messageId, attempt }) ?? "accept";
        if (reply !== "accept") {
          callback(Object.assign(new Error(reply.text), { responseCode: reply.code }));
          return;
        }
        received.push({
          messageId,
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          message,
        });
        callback();
        for (const wake of waiters) wake();
      });
    },
  });

  // A connection that the server under test drops (the crash test kills it mid-delivery) ends in ECONNRESET, which
  // smtp-server re-emits on the server: without a listener it was an uncaught exception that failed the whole run.
  smtp.on("error", () => {});

  const front: Server = createServer((socket) => {
    connectionCount += 1;
    socket.on("error", () => {});
    if (connectionCount <= (options.silentConnections ?? 0)) {
      silent.add(socket);
      socket.on("close", () => silent.delete(socket));
      return;
    }
    smtp.connect(socket);
  });
  await new Promise<void>((resolve, reject) => {
    front.once("error", reject);
    front.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = front.address();
  if (typeof address !== "object" || !address) throw new Error("The SMTP peer has no port");

  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    deliveries,
    connections: () => connectionCount,
    waitForReceived(count, timeoutMs) {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`The SMTP peer received ${received.length} of ${count} messages within ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
        waiters.add(check);
      });
    },
    async close() {
      for (const socket of silent) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => front.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}

/** How many times each Message-ID was accepted: a delivered-exactly-once check reads every count as 1. */
export function receivedCounts(peer: SmtpPeer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of peer.received) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
  return counts;
}
