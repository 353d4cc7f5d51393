// The PDF's syntax as a reader tokenises it (ADR 305): the format's own whitespace (NUL included) and delimiters,
// strings with their escapes, names with #xx escapes decoded, under a budget of tokens and time. pdf-check.server.ts
// judges what this reads.

export const PDF_LIMITS = {
  /** Bytes all decoded streams may add up to: a stream that unpacks further in a résumé is a bomb. */
  maxDecodedBytes: 32 * 1024 * 1024,
  maxTokens: 4_000_000,
  maxObjects: 200_000,
  maxStreams: 20_000,
  maxDepth: 64,
  /** Pixels an image may declare: beyond it, a reader's memory is the target. */
  maxImagePixels: 60_000_000,
  /**
   * CPU time of the checking thread, not the wall clock: a 5 MB file of nothing but small objects reads in about a
   * second. A busy machine, or a garbage collection of the rest of the process, lengthens the wall time of a good
   * file's check without making the file any more costly.
   */
  maxMillis: 5000,
} as const;

const HTML_TAG = /<\s*\/?\s*(?:!doctype|html|head|body|script|iframe|svg|object|embed|meta|form|img|style)\b/i;

export const KEYWORDS = new Set([
  "obj",
  "endobj",
  "stream",
  "endstream",
  "xref",
  "trailer",
  "startxref",
  "f",
  "n",
  "true",
  "false",
  "null",
]);

export class PdfRefusal extends Error {}

export const WHITESPACE = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[byte] = 1;
const DELIMITER = new Uint8Array(256);
for (const char of "()<>[]{}/%") DELIMITER[char.charCodeAt(0)] = 1;
const isRegular = (byte: number) => !WHITESPACE[byte] && !DELIMITER[byte];

/** Bytes as latin1 text without a Buffer per call (the lexer's hot path). */
function latin1(bytes: Uint8Array, start: number, end: number): string {
  if (end - start > 256) return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString("latin1");
  let text = "";
  for (let i = start; i < end; i++) text += String.fromCharCode(bytes[i] as number);
  return text;
}

export type Token =
  | { t: "num"; v: number; int: boolean }
  | { t: "name"; v: string }
  | { t: "str"; v: Uint8Array }
  | { t: "kw"; v: string; at: number }
  | { t: "<<" | ">>" | "[" | "]" }
  | { t: "eof" };

interface Ref {
  ref: number;
}
export type Value = number | boolean | null | { name: string } | { str: Uint8Array } | Ref | Value[] | Dict;
export type Dict = Map<string, Value>;

export const isDict = (value: unknown): value is Dict => value instanceof Map;
export const nameOf = (value: Value | undefined) =>
  value !== null && typeof value === "object" && "name" in value ? value.name : undefined;
export const isRef = (value: Value | undefined): value is Ref =>
  value !== null && typeof value === "object" && !Array.isArray(value) && !isDict(value) && "ref" in value;

/** The CPU time this thread has used, in milliseconds. */
function threadCpuMillis(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

/** Shared budgets of one check. */
export class Budget {
  tokens = 0;
  objects = 0;
  streams = 0;
  decode = { remaining: PDF_LIMITS.maxDecodedBytes as number };
  private readonly deadline: number;
  constructor(cpuMillis: number = PDF_LIMITS.maxMillis) {
    this.deadline = threadCpuMillis() + cpuMillis;
  }
  tick() {
    if (++this.tokens > PDF_LIMITS.maxTokens) throw new PdfRefusal("too many tokens");
    if ((this.tokens & 0xffff) === 0) this.checkTime();
  }
  checkTime() {
    if (threadCpuMillis() > this.deadline) throw new PdfRefusal("took too long");
  }
}

/** The lexer of ISO 32000-1 §7.2: whitespace (NUL included), delimiters, comments, strings, names, numbers. */
export class Lexer {
  pos: number;
  /** Where each `%%EOF` comment starts. */
  readonly eofMarks: number[] = [];
  /** A plain view: a Buffer's subarray builds a Buffer each time, which is most of the cost of lexing. */
  readonly bytes: Uint8Array;
  readonly end: number;
  constructor(
    bytes: Uint8Array,
    private readonly budget: Budget,
    start = 0,
  ) {
    this.bytes = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.end = bytes.byteLength;
    this.pos = start;
  }

  next(): Token {
    const b = this.bytes;
    for (;;) {
      while (this.pos < this.end && WHITESPACE[b[this.pos] as number]) this.pos++;
      if (this.pos >= this.end) return { t: "eof" };
      if (b[this.pos] !== 0x25) break;
      const start = this.pos;
      while (this.pos < this.end && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
      const comment = latin1(b, start, this.pos);
      if (comment.startsWith("%%EOF")) this.eofMarks.push(start);
      if (HTML_TAG.test(comment)) throw new PdfRefusal("HTML in a comment");
    }
    this.budget.tick();
    const start = this.pos;
    const byte = b[this.pos] as number;
    if (byte === 0x28) return { t: "str", v: this.literalString() };
    if (byte === 0x3c) {
      if (b[this.pos + 1] === 0x3c) {
        this.pos += 2;
        return { t: "<<" };
      }
      return { t: "str", v: this.hexString() };
    }
    if (byte === 0x3e) {
      if (b[this.pos + 1] !== 0x3e) throw new PdfRefusal("stray >");
      this.pos += 2;
      return { t: ">>" };
    }
    if (byte === 0x5b || byte === 0x5d) {
      this.pos++;
      return { t: byte === 0x5b ? "[" : "]" };
    }
    if (byte === 0x2f) {
      this.pos++;
      const nameStart = this.pos;
      while (this.pos < this.end && isRegular(b[this.pos] as number)) this.pos++;
      return { t: "name", v: decodeName(b, nameStart, this.pos) };
    }
    if (!isRegular(byte)) throw new PdfRefusal(`unexpected ${String.fromCharCode(byte)}`);
    while (this.pos < this.end && isRegular(b[this.pos] as number)) this.pos++;
    const word = latin1(b, start, this.pos);
    if (/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(word)) {
      return { t: "num", v: Number(word), int: /^[+-]?\d+$/.test(word) };
    }
    return { t: "kw", v: word, at: start };
  }

  /** Finds the string's end (balanced parentheses, backslash escapes); its bytes are decoded only when judged. */
  private literalString(): Uint8Array {
    const b = this.bytes;
    const start = this.pos;
    let depth = 0;
    for (this.pos++; this.pos < this.end; this.pos++) {
      const byte = b[this.pos] as number;
      if (byte === 0x5c) this.pos++;
      else if (byte === 0x28) depth++;
      else if (byte === 0x29 && depth-- === 0) {
        this.pos++;
        return b.subarray(start, this.pos);
      }
    }
    throw new PdfRefusal("unterminated string");
  }

  private hexString(): Uint8Array {
    const b = this.bytes;
    const start = this.pos;
    for (this.pos++; this.pos < this.end; this.pos++) {
      const byte = b[this.pos] as number;
      if (byte === 0x3e) {
        this.pos++;
        return b.subarray(start, this.pos);
      }
      if (!WHITESPACE[byte] && !HEX_DIGIT[byte]) throw new PdfRefusal("not a hexadecimal string");
    }
    throw new PdfRefusal("unterminated hexadecimal string");
  }
}

const HEX_DIGIT = new Uint8Array(256);
for (const char of "0123456789abcdefABCDEF") HEX_DIGIT[char.charCodeAt(0)] = 1;

const ESCAPES: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };

/** The bytes a string token (as the lexer found it, delimiters included) stands for (§7.3.4). */
export function stringBytes(token: Uint8Array): Buffer {
  if (token[0] === 0x3c) {
    let digits = "";
    for (const byte of token.subarray(1, -1)) if (HEX_DIGIT[byte]) digits += String.fromCharCode(byte);
    return Buffer.from(digits.length % 2 ? `${digits}0` : digits, "hex");
  }
  const out: number[] = [];
  for (let i = 1; i < token.length - 1; i++) {
    const byte = token[i] as number;
    if (byte !== 0x5c) {
      out.push(byte);
      continue;
    }
    const escaped = token[++i] as number;
    if (escaped in ESCAPES) out.push(ESCAPES[escaped] as number);
    else if (escaped >= 0x30 && escaped <= 0x37) {
      let code = escaped - 0x30;
      for (let n = 0; n < 2 && (token[i + 1] ?? 0) >= 0x30 && (token[i + 1] ?? 0) <= 0x37; n++) {
        code = code * 8 + ((token[++i] as number) - 0x30);
      }
      out.push(code & 0xff);
    } else if (escaped === 0x0d) {
      if (token[i + 1] === 0x0a) i++;
    } else if (escaped !== 0x0a) out.push(escaped);
  }
  return Buffer.from(out);
}

/** `/Java#53cript` is `/JavaScript` (§7.3.5); a `#` not followed by two hex digits stays as it is, as in pdf.js. */
function decodeName(bytes: Uint8Array, start: number, end: number): string {
  let name = "";
  for (let i = start; i < end; i++) {
    const byte = bytes[i] as number;
    if (byte === 0x23 && i + 2 < end && HEX_DIGIT[bytes[i + 1] as number] && HEX_DIGIT[bytes[i + 2] as number]) {
      name += String.fromCharCode(Number.parseInt(latin1(bytes, i + 1, i + 3), 16));
      i += 2;
    } else name += String.fromCharCode(byte);
  }
  return name;
}
