// A strict reader of the single-part RFC 822 / MIME messages the lead mailer writes: enough to check what a mail
// client would show, independent of the library that wrote them.

export interface ParsedMessage {
  /** Header names in lower case; a repeated header keeps every value in order. */
  headers: Map<string, string[]>;
  header(name: string): string | undefined;
  /** The decoded text/plain body. */
  text: string;
  contentType: string;
  charset: string | undefined;
}

function decodeQuotedPrintable(body: string): Buffer {
  const soft = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i] as string;
    if (ch === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** Parses a message with CRLF line ends; throws on anything a strict reader would reject. */
export function parseMessage(raw: string | Buffer): ParsedMessage {
  const source = typeof raw === "string" ? raw : raw.toString("latin1");
  if (/(?<!\r)\n/.test(source) || /\r(?!\n)/.test(source)) throw new Error("Lines must end with CRLF");
  const split = source.indexOf("\r\n\r\n");
  if (split < 0) throw new Error("No blank line between the headers and the body");
  const headers = new Map<string, string[]>();
  const unfolded = source.slice(0, split).replace(/\r\n(?=[ \t])/g, "");
  for (const line of unfolded.split("\r\n")) {
    const match = /^([!-9;-~]+):[ \t]*(.*)$/.exec(line);
    if (!match) throw new Error(`Not a header line: ${JSON.stringify(line)}`);
    const name = (match[1] as string).toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), match[2] as string]);
  }
  const header = (name: string) => headers.get(name.toLowerCase())?.[0];
  const contentType = header("content-type") ?? "text/plain";
  const mediaType = (contentType.split(";")[0] as string).trim().toLowerCase();
  const charset = /charset="?([^";\s]+)"?/i.exec(contentType)?.[1]?.toLowerCase();
  const encoding = (header("content-transfer-encoding") ?? "7bit").trim().toLowerCase();
  const body = source.slice(split + 4);
  const bytes =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(Buffer.from(body, "latin1").toString("utf8"))
        : Buffer.from(body, "latin1");
  const text = bytes.toString(charset === undefined || charset === "utf-8" ? "utf8" : "latin1").replace(/\r\n/g, "\n");
  return { headers, header, text, contentType: mediaType, charset };
}
