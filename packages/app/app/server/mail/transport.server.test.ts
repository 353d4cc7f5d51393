import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Lead, leadSchema } from "@showroom/rules/leads";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TEST_MAIL_FROM, TEST_MESSAGE_DOMAIN, testDestinations, testStoreProfile } from "../../../tests/support/leads";
import { parseMessage } from "../../../tests/support/rfc822";
import { freePort, type SmtpPeer, startSmtpPeer } from "../../../tests/support/smtp-peer";
import { leadStoreFromProfile } from "../leads/store-snapshot";
import { composeLeadMail } from "../outbox/compose";
import { classifySendError } from "./errors";
import { leadMessageId, messageFileName } from "./message-id";
import { createTransport, DEFAULT_SMTP_TIMEOUTS, type MailTransport, type OutgoingMail } from "./transport.server";

const DTD = createRequire(import.meta.url).resolve("@showroom/rules/standards/adf/adf-1.0-errata.dtd");

function lead(kind: Lead["kind"], overrides: Partial<Lead> = {}): Lead {
  return leadSchema.parse({
    kind,
    id: randomUUID(),
    createdAt: "2026-11-23T16:05:09.421Z",
    status: "new",
    user: { firstName: "Zoë", lastName: "O'Neil", email: "zoe@example.com", phone: "(314) 555-0142" },
    text: 'Is it still <available>? "Yes" & ]]> — ☺ a line\nand another',
    store: leadStoreFromProfile(testStoreProfile, "brentwood"),
    ...overrides,
  });
}

function mailOf(l: Lead): OutgoingMail {
  return composeLeadMail({ leadId: l.id, messageId: leadMessageId(l.id, TEST_MESSAGE_DOMAIN) }, l, testDestinations);
}

function xmllint(file: string): { status: number | null; stderr: string } {
  const run = spawnSync("xmllint", ["--noout", "--dtdvalid", DTD, file], { encoding: "utf8" });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") {
    throw new Error("xmllint is not installed: install libxml2-utils to validate ADF leads");
  }
  return { status: run.status, stderr: run.stderr };
}

describe(".eml transport (no SMTP_URL)", () => {
  let dataDir: string;
  let transport: MailTransport;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), "showroom-mail-"));
    transport = createTransport({ DATA_DIR: dataDir, MAIL_FROM: TEST_MAIL_FROM, SMTP_URL: undefined });
  });
  afterAll(() => {
    transport.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("an ADF lead becomes one RFC 822 file named by its Message-ID, whose plain-text body is the XML alone", async () => {
    const mail = mailOf(lead("CONTACT_SALES"));
    expect(mail.type).toBe("adf");
    await transport.send(mail);

    const file = join(dataDir, "mail", messageFileName(mail.messageId));
    const message = parseMessage(readFileSync(file));
    expect(message.header("message-id")).toBe(mail.messageId);
    expect(message.contentType).toBe("text/plain");
    expect(message.charset).toBe("utf-8");
    expect(message.header("from")).toContain(`leads@${TEST_MESSAGE_DOMAIN}`);
    expect(message.header("to")).toBe("crm@dealer.test");
    expect(message.header("x-showroom-lead-id")).toBe(mail.leadId);
    expect(message.header("date")).toBeDefined();
    expect(message.headers.has("mime-version")).toBe(true);
    expect(message.text.trimEnd()).toBe(mail.body.trimEnd());
    expect(message.text.startsWith('<?xml version="1.0"?>\n<?adf version="1.0"?>')).toBe(true);
  });

  it("the ADF body read back from the file validates against the ADF 1.0 DTD", async () => {
    const mail = mailOf(lead("CONTACT_SALES"));
    await transport.send(mail);
    const body = parseMessage(readFileSync(join(dataDir, "mail", messageFileName(mail.messageId)))).text;
    const xmlFile = join(dataDir, "lead.xml");
    writeFileSync(xmlFile, body, "utf8");
    const result = xmllint(xmlFile);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(body).toContain("Is it still &lt;available&gt;? &quot;Yes&quot; &amp; ]]&gt;");
  });

  it("xmllint rejects an ADF document without a prospect, so the validation above can fail", () => {
    const xmlFile = join(dataDir, "empty.xml");
    writeFileSync(xmlFile, '<?xml version="1.0"?>\n<?adf version="1.0"?>\n<adf></adf>\n', "utf8");
    expect(xmllint(xmlFile).status).not.toBe(0);
  });

  it("a text lead is a text/plain message whose body is the text lead", async () => {
    const mail = mailOf(lead("CONTACT_SERVICE"));
    expect(mail.type).toBe("text");
    await transport.send(mail);
    const message = parseMessage(readFileSync(join(dataDir, "mail", messageFileName(mail.messageId))));
    expect(message.contentType).toBe("text/plain");
    expect(message.header("to")).toBe("sales@dealer.test");
    expect(message.text.trimEnd()).toBe(mail.body.trimEnd());
  });

  it("sending the same lead again replaces its file and leaves no temporary file", async () => {
    const mail = mailOf(lead("CONTACT_DEALERSHIP"));
    await transport.send(mail);
    await transport.send(mail);
    const files = readdirSync(join(dataDir, "mail"));
    expect(files.filter((f) => f === messageFileName(mail.messageId))).toHaveLength(1);
    expect(files.filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("the mail directory is created on the first send, not before", () => {
    const other = mkdtempSync(join(tmpdir(), "showroom-mail-"));
    try {
      createTransport({ DATA_DIR: other, MAIL_FROM: TEST_MAIL_FROM, SMTP_URL: undefined }).close();
      expect(existsSync(join(other, "mail"))).toBe(false);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe("SMTP transport", () => {
  const peers: SmtpPeer[] = [];
  const transports: MailTransport[] = [];
  afterEach(async () => {
    for (const t of transports.splice(0)) t.close();
    await Promise.all(peers.splice(0).map((p) => p.close()));
  });
  function smtp(url: string, timeouts = {}): MailTransport {
    const t = createTransport({ DATA_DIR: "unused", MAIL_FROM: TEST_MAIL_FROM, SMTP_URL: url }, { timeouts });
    transports.push(t);
    return t;
  }

  it("delivers one message with our Message-ID, envelope and body", async () => {
    const peer = await startSmtpPeer();
    peers.push(peer);
    const mail = mailOf(lead("CONTACT_SALES"));
    const outcome = await smtp(peer.url).send(mail);
    expect(outcome).toEqual({ accepted: ["crm@dealer.test"], rejected: [] });
    expect(peer.received).toHaveLength(1);
    const [got] = peer.received;
    expect(got?.messageId).toBe(mail.messageId);
    expect(got?.envelopeFrom).toBe(`leads@${TEST_MESSAGE_DOMAIN}`);
    expect(got?.envelopeTo).toEqual(["crm@dealer.test"]);
    expect(got?.message.text.trimEnd()).toBe(mail.body.trimEnd());
  });

  it.each([
    [451, "temporary"],
    [421, "temporary"],
    [503, "temporary"],
    [550, "permanent"],
    [554, "permanent"],
  ] as const)("a %i reply to the message is a %s failure", async (code, kind) => {
    const peer = await startSmtpPeer({ reply: () => ({ code, text: "Scripted reply" }) });
    peers.push(peer);
    const error = await smtp(peer.url)
      .send(mailOf(lead("CONTACT_SALES")))
      .catch((e: unknown) => e);
    expect((error as { responseCode?: number }).responseCode).toBe(code);
    expect(classifySendError(error)).toBe(kind);
    expect(peer.received).toHaveLength(0);
  });

  it("a refused connection is a temporary failure", async () => {
    const error = await smtp(`smtp://127.0.0.1:${await freePort()}`)
      .send(mailOf(lead("CONTACT_SALES")))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(classifySendError(error)).toBe("temporary");
  });

  it("with the default timeouts, a peer that accepts the connection and never greets fails within 30 s", async () => {
    const peer = await startSmtpPeer({ silentConnections: Number.POSITIVE_INFINITY });
    peers.push(peer);
    const started = Date.now();
    const error = await smtp(peer.url, DEFAULT_SMTP_TIMEOUTS)
      .send(mailOf(lead("CONTACT_SALES")))
      .catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect((error as { code?: string }).code).toBe("ETIMEDOUT");
    expect(classifySendError(error)).toBe("temporary");
    expect(peer.connections()).toBe(1);
    expect(elapsed).toBeGreaterThanOrEqual(DEFAULT_SMTP_TIMEOUTS.greetingMs - 100);
    expect(elapsed).toBeLessThan(30_000);
  }, 40_000);
});
