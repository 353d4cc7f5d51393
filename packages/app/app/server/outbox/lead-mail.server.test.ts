import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../../tests/support/databases";
import { contactLeadInput, seedStore, TEST_MAIL_FROM, testDestinations } from "../../../tests/support/leads";
import { parseMessage } from "../../../tests/support/rfc822";
import { startSmtpPeer } from "../../../tests/support/smtp-peer";
import { recordingLogger, until } from "../../../tests/support/wait";
import { loadConfig } from "../config.server";
import { recordLead } from "../leads/record-lead.server";
import { mailDomain, messageFileName } from "../mail/message-id";
import { startLeadMail } from "./lead-mail.server";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(testDatabaseKinds())("lead mail as the server starts it, on %s", (kind) => {
  const t = useTestDatabase(kind);

  it("without SMTP_URL, a recorded lead lands as an .eml file once nudged", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "showroom-leadmail-"));
    dirs.push(dataDir);
    const config = loadConfig({ DATA_DIR: dataDir, MAIL_FROM: TEST_MAIL_FROM, RELAY_INTERVAL_MS: "60000" });
    await seedStore(t.db);
    const mail = startLeadMail(config, t.database, { destinations: testDestinations, logger: recordingLogger() });
    try {
      expect(mail.transport).toBe("eml");
      const { messageId, created } = await recordLead(t.db, contactLeadInput(), {
        messageDomain: mailDomain(config.MAIL_FROM),
      });
      expect(created).toBe(true);
      mail.nudge();
      const file = join(dataDir, "mail", messageFileName(messageId));
      await until("the .eml file", () => existsSync(file), { timeoutMs: 10_000 });
      expect(parseMessage(readFileSync(file)).header("message-id")).toBe(messageId);
    } finally {
      await mail.stop();
    }
  });

  it("with SMTP_URL, the lead goes to the peer; stop() may be called twice", async () => {
    const peer = await startSmtpPeer();
    const config = loadConfig({ SMTP_URL: peer.url, MAIL_FROM: TEST_MAIL_FROM, RELAY_INTERVAL_MS: "50" });
    await seedStore(t.db);
    const mail = startLeadMail(config, t.database, { destinations: testDestinations, logger: recordingLogger() });
    try {
      expect(mail.transport).toBe("smtp");
      const { messageId } = await recordLead(t.db, contactLeadInput(), { messageDomain: mailDomain(config.MAIL_FROM) });
      await peer.waitForReceived(1, 10_000);
      expect(peer.received.map((m) => m.messageId)).toEqual([messageId]);
    } finally {
      await Promise.all([mail.stop(), mail.stop()]);
      await peer.close();
    }
  });
});
