import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The newest 6-digit code texted to `phone` (ten digits), read from the site's SMS files (`DATA_DIR/sms`, the sender
 * without SMS_URL) as the shopper reads it on a phone; polled until it arrives.
 */
export async function textedCode(dataDir: string, phone: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const dir = join(dataDir, "sms");
  while (Date.now() < deadline) {
    let names: string[] = [];
    try {
      names = readdirSync(dir).sort();
    } catch {
      // Nothing sent yet.
    }
    for (const name of names.reverse()) {
      const text = readFileSync(join(dir, name), "utf8");
      if (!text.startsWith(`To: +1${phone}\n`)) continue;
      const code = /\b(\d{6})\b/.exec(text)?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No code was texted to ${phone} within ${timeoutMs} ms`);
}
