import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fileSmsSender, httpSmsSender, SmsSendError, smsSender } from "./sms.server";

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A Twilio-like endpoint answering `status` and recording every request. */
async function provider(status: number): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization, body });
      res.writeHead(status, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => server.close());
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { url: `http://ACtest:s3cret@127.0.0.1:${port}/2010-04-01/Accounts/ACtest/Messages.json`, received };
}

describe("SMS senders", () => {
  it("a Twilio-compatible endpoint gets To, From and Body as a form, with the URL's credentials as basic auth", async () => {
    const { url, received } = await provider(201);
    await httpSmsSender(url, "+13145550100").send({ to: "+13145550142", body: "123456 is your code" });
    expect(received).toHaveLength(1);
    expect(received[0]?.method).toBe("POST");
    expect(received[0]?.url).toBe("/2010-04-01/Accounts/ACtest/Messages.json");
    expect(received[0]?.authorization).toBe(`Basic ${Buffer.from("ACtest:s3cret").toString("base64")}`);
    expect(Object.fromEntries(new URLSearchParams(received[0]?.body))).toEqual({
      To: "+13145550142",
      From: "+13145550100",
      Body: "123456 is your code",
    });
  });

  it("a provider's 503 fails the send once, never retried (a POST must not text twice)", async () => {
    const { url, received } = await provider(503);
    await expect(httpSmsSender(url, "+13145550100").send({ to: "+13145550142", body: "x" })).rejects.toBeInstanceOf(
      SmsSendError,
    );
    expect(received).toHaveLength(1);
  });

  it("without SMS_URL each text is a 0600 file under DATA_DIR/sms", async () => {
    const dir = mkdtempSync(join(tmpdir(), "showroom-sms-"));
    closers.push(() => rmSync(dir, { recursive: true, force: true }));
    const sender = smsSender({ DATA_DIR: dir });
    expect(sender.description).toContain(join(dir, "sms"));
    await sender.send({ to: "+13145550142", body: "654321 is your code" });
    await fileSmsSender(join(dir, "sms")).send({ to: "+13145550143", body: "second" });
    const files = readdirSync(join(dir, "sms"));
    expect(files).toHaveLength(2);
    for (const file of files) expect(statSync(join(dir, "sms", file)).mode & 0o777).toBe(0o600);
    expect(files.map((f) => readFileSync(join(dir, "sms", f), "utf8")).join()).toContain("To: +13145550142\n\n654321");
  });
});
