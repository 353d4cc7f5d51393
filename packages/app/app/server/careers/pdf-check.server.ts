// Judges a PDF as a reader parses it (ADR 305): tokenised by the format's own whitespace (NUL included) and
// delimiters, names with #xx escapes decoded, every stream that can hold objects decoded through the standard filters,
// and object streams read at the offsets a reader jumps to. What it cannot read it refuses; what a reader would run,
// open or decrypt it refuses too. Every loop is bounded: decoded bytes, tokens, objects, nesting and time.
import {
  canonicalFilter,
  DecodeBudgetExceeded,
  decodeFilter,
  IMAGE_FILTERS,
  UndecodableStream,
  unpredict,
} from "./pdf-filters.server";

const PDF_LIMITS = {
  /** Bytes all decoded streams may add up to: a stream that unpacks further in a résumé is a bomb. */
  maxDecodedBytes: 32 * 1024 * 1024,
  maxTokens: 4_000_000,
  maxObjects: 200_000,
  maxStreams: 20_000,
  maxDepth: 64,
  /** Pixels an image may declare: beyond it, a reader's memory is the target. */
  maxImagePixels: 60_000_000,
  /** A 5 MB file of nothing but small objects reads in about a second on a busy machine. */
  maxMillis: 5000,
} as const;

export type PdfVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Names that make a reader run, open, fetch or decrypt something: scripts, launched programs, remote or embedded
 * files, forms that post, automatic actions (AA), multimedia that carries scripts, and encryption.
 */
const REFUSED_NAMES: ReadonlyMap<string, string> = new Map([
  ["JavaScript", "script"],
  ["JS", "script"],
  ["XFA", "XFA form (scripts)"],
  ["AA", "automatic action"],
  ["Launch", "launch action"],
  ["GoToR", "remote go-to action"],
  ["GoToE", "embedded go-to action"],
  ["SubmitForm", "form submission"],
  ["ImportData", "data import"],
  ["EmbeddedFile", "embedded file"],
  ["EmbeddedFiles", "embedded file"],
  ["FileAttachment", "file attachment"],
  ["RichMedia", "rich media"],
  ["Rendition", "rendition action"],
  ["Movie", "movie"],
  ["Sound", "sound"],
  ["Encrypt", "encryption"],
]);

/** The link schemes a résumé may point at; file:, UNC paths and the rest leak credentials or open programs. */
const SAFE_URI = /^(?:https?:\/\/|mailto:)/i;

const HTML_TAG = /<\s*\/?\s*(?:!doctype|html|head|body|script|iframe|svg|object|embed|meta|form|img|style)\b/i;

const KEYWORDS = new Set([
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

class PdfRefusal extends Error {}

const WHITESPACE = new Uint8Array(256);
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

type Token =
  | { t: "num"; v: number; int: boolean }
  | { t: "name"; v: string }
  | { t: "str"; v: Uint8Array }
  | { t: "kw"; v: string; at: number }
  | { t: "<<" | ">>" | "[" | "]" }
  | { t: "eof" };

interface Ref {
  ref: number;
}
type Value = number | boolean | null | { name: string } | { str: Uint8Array } | Ref | Value[] | Dict;
type Dict = Map<string, Value>;

const isDict = (value: unknown): value is Dict => value instanceof Map;
const nameOf = (value: Value | undefined) =>
  value !== null && typeof value === "object" && "name" in value ? value.name : undefined;
const isRef = (value: Value | undefined): value is Ref =>
  value !== null && typeof value === "object" && !Array.isArray(value) && !isDict(value) && "ref" in value;

/** Shared budgets of one check. */
class Budget {
  tokens = 0;
  objects = 0;
  streams = 0;
  decode = { remaining: PDF_LIMITS.maxDecodedBytes as number };
  private readonly deadline = performance.now() + PDF_LIMITS.maxMillis;
  tick() {
    if (++this.tokens > PDF_LIMITS.maxTokens) throw new PdfRefusal("too many tokens");
    if ((this.tokens & 0xffff) === 0 && performance.now() > this.deadline) throw new PdfRefusal("took too long");
  }
  checkTime() {
    if (performance.now() > this.deadline) throw new PdfRefusal("took too long");
  }
}

/** The lexer of ISO 32000-1 §7.2: whitespace (NUL included), delimiters, comments, strings, names, numbers. */
class Lexer {
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
function stringBytes(token: Uint8Array): Buffer {
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

/** What the parsers learn across the file: which objects are arrays (every definition of the number, updates
 * included), and the OpenAction targets to look up in them at the end. */
class Facts {
  private readonly arrays = new Map<number, boolean>();
  readonly openActionTargets: number[] = [];
  define(number: number, value: Value) {
    this.arrays.set(number, (this.arrays.get(number) ?? true) && Array.isArray(value));
  }
  isArray(number: number): boolean {
    return this.arrays.get(number) === true;
  }
}

/** Reads values from a lexer; judges every name and dictionary as it goes. */
class Parser {
  private peeked: Token[] = [];
  constructor(
    readonly lexer: Lexer,
    private readonly facts: Facts,
  ) {}

  token(): Token {
    return this.peeked.shift() ?? this.lexer.next();
  }
  get readAhead(): boolean {
    return this.peeked.length > 0;
  }
  peek(n: number): Token {
    while (this.peeked.length <= n) this.peeked.push(this.lexer.next());
    return this.peeked[n] as Token;
  }

  /** One value, or a keyword that only stands between objects (the caller decides where it may). */
  value(token: Token, depth: number): Value | { kw: string; at: number } {
    if (depth > PDF_LIMITS.maxDepth) throw new PdfRefusal("nested too deep");
    switch (token.t) {
      case "name":
        judgeName(token.v);
        return { name: token.v };
      case "str":
        return { str: token.v };
      case "num": {
        const second = this.peek(0);
        const third = this.peek(1);
        if (token.int && second.t === "num" && second.int && third.t === "kw" && third.v === "R") {
          this.token();
          this.token();
          return { ref: token.v };
        }
        return token.v;
      }
      case "[": {
        const items: Value[] = [];
        for (let next = this.token(); next.t !== "]"; next = this.token()) {
          if (next.t === "eof") throw new PdfRefusal("unterminated array");
          items.push(this.inner(next, depth + 1));
        }
        return items;
      }
      case "<<": {
        const dict: Dict = new Map();
        for (let key = this.token(); key.t !== ">>"; key = this.token()) {
          if (key.t !== "name") throw new PdfRefusal("dictionary key is not a name");
          judgeName(key.v);
          const next = this.token();
          if (next.t === ">>") throw new PdfRefusal("dictionary key without a value");
          const value = this.inner(next, depth + 1);
          judgeEntry(key.v, value, this.facts);
          dict.set(key.v, value);
        }
        return dict;
      }
      case "kw":
        if (token.v === "true" || token.v === "false") return token.v === "true";
        if (token.v === "null") return null;
        if (!KEYWORDS.has(token.v)) throw new PdfRefusal(`unknown keyword ${token.v.slice(0, 20)}`);
        return { kw: token.v, at: token.at };
      default:
        throw new PdfRefusal(`unexpected ${token.t}`);
    }
  }

  /** A value inside an array or dictionary, where only true, false and null are keywords. */
  private inner(token: Token, depth: number): Value {
    const value = this.value(token, depth);
    if (value !== null && typeof value === "object" && "kw" in value) {
      throw new PdfRefusal(`keyword ${value.kw} inside an object`);
    }
    return value;
  }
}

function judgeName(name: string) {
  const what = REFUSED_NAMES.get(name);
  if (what) throw new PdfRefusal(`/${name}: ${what}`);
}

/**
 * Judges each entry as it is read, not the dictionary at the end: with a key written twice, readers differ on which
 * value counts, so every value must pass.
 */
function judgeEntry(key: string, value: Value, facts: Facts) {
  // A destination (an array) only shows a page; an action dictionary may do anything. A reference is looked up once
  // the whole file is read (Acrobat writes the destination as an object of its own).
  if (key === "OpenAction" && isRef(value)) facts.openActionTargets.push(value.ref);
  else if (key === "OpenAction" && !Array.isArray(value)) throw new PdfRefusal("/OpenAction runs an action");
  // `/S /URI` names the action type, and a catalog's `/URI << /Base … >>` only resolves relative links.
  if (key === "URI" && nameOf(value) === undefined && !isDict(value)) {
    const target =
      value !== null && typeof value === "object" && "str" in value ? stringBytes(value.str).toString("latin1") : null;
    if (target === null || !SAFE_URI.test(target.trim()))
      throw new PdfRefusal("/URI to something other than a web page");
  }
}

interface StreamFacts {
  dict: Dict;
  data: Uint8Array;
}

/** The data of the stream whose dictionary was just read, and where the lexer goes on (at `endstream`). */
function streamData(lexer: Lexer, dict: Dict): Uint8Array {
  const b = lexer.bytes;
  let start = lexer.pos;
  if (b[start] === 0x0d && b[start + 1] === 0x0a) start += 2;
  else if (b[start] === 0x0a || b[start] === 0x0d) start += 1;
  else throw new PdfRefusal("stream keyword not followed by an end of line");
  const endsAt = (at: number) => {
    let i = at;
    while (i < lexer.end && WHITESPACE[b[i] as number]) i++;
    return Buffer.from(b.subarray(i, i + 9)).toString("latin1") === "endstream" ? i : -1;
  };
  const length = dict.get("Length");
  let keyword = typeof length === "number" && length >= 0 && start + length <= lexer.end ? endsAt(start + length) : -1;
  let stop = start + (typeof length === "number" ? length : 0);
  if (keyword < 0) {
    // A missing, indirect or wrong /Length: readers look for `endstream`, so the check does too.
    keyword = Buffer.from(b.buffer, b.byteOffset, b.byteLength).indexOf("endstream", start, "latin1");
    if (keyword < 0 || keyword >= lexer.end) throw new PdfRefusal("stream without endstream");
    stop = keyword;
    if (b[stop - 1] === 0x0a) stop--;
    if (b[stop - 1] === 0x0d) stop--;
  }
  lexer.pos = keyword;
  return b.subarray(start, Math.max(start, stop));
}

const asArray = (value: Value | undefined): Value[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

function intParam(params: Value, key: string, fallback: number): number {
  if (!isDict(params)) return fallback;
  const value = params.get(key);
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value)) throw new PdfRefusal(`/${key} is not a number`);
  return value;
}

/** Decodes one stream and, when it can hold objects, judges them. */
function judgeStream({ dict, data }: StreamFacts, budget: Budget, facts: Facts) {
  if (++budget.streams > PDF_LIMITS.maxStreams) throw new PdfRefusal("too many streams");
  budget.checkTime();
  // /F in a stream dictionary names an external file holding the data: out of sight.
  if (dict.has("F") || dict.has("FFilter")) throw new PdfRefusal("stream data in an external file");
  const holdsObjects = nameOf(dict.get("Type")) === "ObjStm" || dict.has("First");
  const isImage = nameOf(dict.get("Subtype")) === "Image";
  if (isImage) {
    const width = dict.get("Width");
    const height = dict.get("Height");
    if (typeof width === "number" && typeof height === "number" && width * height > PDF_LIMITS.maxImagePixels) {
      throw new PdfRefusal("image too large");
    }
  }
  const filterValue = dict.get("Filter");
  const paramsValue = dict.get("DecodeParms") ?? dict.get("DP");
  if (isRef(filterValue) || isRef(paramsValue)) throw new PdfRefusal("stream filters out of sight");
  const filters = asArray(filterValue);
  const params = asArray(paramsValue);
  let decoded = data;
  let lastParams: Value = null;
  for (const [index, filter] of filters.entries()) {
    const name = nameOf(filter);
    if (name === undefined) throw new PdfRefusal("a stream filter that is not a name");
    if (name === "Crypt") throw new PdfRefusal("encrypted stream");
    if (IMAGE_FILTERS.has(name)) {
      // Pixels, never objects; but a stream read as objects must decode to text, and these do not.
      if (holdsObjects) throw new PdfRefusal(`object stream behind /${name}`);
      return;
    }
    // Images are pixels: a reader renders them but never reads them as objects, so only their size is bounded.
    if (isImage && !holdsObjects) return;
    const param = params[index] ?? null;
    try {
      decoded = decodeFilter(name, decoded, budget.decode, intParam(param, "EarlyChange", 1));
    } catch (error) {
      if (error instanceof DecodeBudgetExceeded) throw new PdfRefusal("unpacks too large");
      if (error instanceof UndecodableStream) throw new PdfRefusal(`cannot decode /${name}: ${error.message}`);
      throw error;
    }
    if (["FlateDecode", "LZWDecode"].includes(canonicalFilter(name))) lastParams = param;
  }
  if (!holdsObjects) return;
  try {
    decoded = unpredict(decoded, {
      predictor: intParam(lastParams, "Predictor", 1),
      colors: intParam(lastParams, "Colors", 1),
      bitsPerComponent: intParam(lastParams, "BitsPerComponent", 8),
      columns: intParam(lastParams, "Columns", 1),
    });
  } catch (error) {
    if (error instanceof UndecodableStream) throw new PdfRefusal(`object stream: ${error.message}`);
    throw error;
  }
  judgeObjectStream(dict, decoded, budget, facts);
}

/**
 * An object stream (§7.5.7) read twice: in order from the start, and one object at each offset its header gives,
 * because a reader jumps to those offsets and an offset inside what reads in order as a string would otherwise hide
 * an object.
 */
function judgeObjectStream(dict: Dict, decoded: Uint8Array, budget: Budget, facts: Facts) {
  const count = dict.get("N");
  const first = dict.get("First");
  if (typeof count !== "number" || typeof first !== "number" || !Number.isInteger(count) || !Number.isInteger(first)) {
    throw new PdfRefusal("object stream without a readable /N and /First");
  }
  if (count < 0 || first < 0 || first > decoded.length) throw new PdfRefusal("object stream header out of range");
  budget.objects += count;
  if (budget.objects > PDF_LIMITS.maxObjects) throw new PdfRefusal("too many objects");
  const inOrder = new Parser(new Lexer(decoded, budget), facts);
  const offsets: number[] = [];
  const numbers: number[] = [];
  let headerNumbers = 0;
  for (let token = inOrder.token(); token.t !== "eof"; token = inOrder.token()) {
    const value = inOrder.value(token, 0);
    if (value !== null && typeof value === "object" && "kw" in value) {
      throw new PdfRefusal(`keyword ${value.kw} in an object stream`);
    }
    if (headerNumbers < 2 * count) {
      if (typeof value !== "number" || !Number.isInteger(value)) throw new PdfRefusal("object stream header");
      (headerNumbers % 2 === 1 ? offsets : numbers).push(value);
      headerNumbers++;
    }
  }
  if (offsets.length !== count) throw new PdfRefusal("object stream header shorter than /N");
  for (const [index, offset] of offsets.entries()) {
    if (offset < 0 || first + offset >= decoded.length) throw new PdfRefusal("object stream offset out of range");
    const one = new Parser(new Lexer(decoded, budget, first + offset), facts);
    const token = one.token();
    if (token.t === "eof") throw new PdfRefusal("object stream offset at its end");
    const value = one.value(token, 0);
    if (value !== null && typeof value === "object" && "kw" in value) throw new PdfRefusal("keyword as an object");
    facts.define(numbers[index] as number, value);
  }
}

/** How far from its end a ZIP reader looks for the end record: 22 bytes and a comment of at most 65,535. */
const ZIP_END_SEARCH = 22 + 0xffff;

/** Every `N G obj` a reader could find by scanning the raw bytes, as the position of its `obj`. */
const OBJECT_HEADER =
  /\d+(?:[\0\t\n\f\r ]|%[^\r\n]*)+\d+(?:[\0\t\n\f\r ]|%[^\r\n]*)+obj(?=[\0\t\n\f\r ()<>[\]{}/%]|$)/g;

function judgePdf(bytes: Uint8Array, budget: Budget) {
  const facts = new Facts();
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  // A ZIP's end record where ZIP readers look for it (the last 64 kB): the file is also an archive (a polyglot),
  // whatever the PDF around it says. Further in, four such bytes in compressed data are chance, and no archive.
  const zipEnd = text.lastIndexOf("PK\x05\x06");
  if (zipEnd >= 0 && zipEnd >= text.length - ZIP_END_SEARCH) throw new PdfRefusal("also a ZIP archive");
  const lexer = new Lexer(bytes, budget);
  const parser = new Parser(lexer, facts);
  /** The number of the object whose value comes next (just after its `obj`). */
  let defining: number | undefined;
  /** Where each `obj` keyword that opens a top-level object stands. */
  const objectStarts = new Set<number>();
  const recent: (Value | { kw: string; at: number })[] = [];
  for (let token = parser.token(); token.t !== "eof"; token = parser.token()) {
    const value = parser.value(token, 0);
    if (value !== null && typeof value === "object" && "kw" in value) {
      if (value.kw === "obj") {
        if (typeof recent[0] !== "number" || typeof recent[1] !== "number")
          throw new PdfRefusal("obj without a number");
        if (++budget.objects > PDF_LIMITS.maxObjects) throw new PdfRefusal("too many objects");
        objectStarts.add(value.at);
        defining = recent[1];
      }
      if (value.kw === "stream") {
        const dict = recent[0];
        if (!isDict(dict)) throw new PdfRefusal("stream without a dictionary");
        // The stream's data starts right after the keyword: nothing may have been read ahead of it.
        if (parser.readAhead) throw new PdfRefusal("stream keyword misplaced");
        judgeStream({ dict, data: streamData(lexer, dict) }, budget, facts);
      }
    } else if (defining !== undefined) {
      facts.define(defining, value);
      defining = undefined;
    }
    recent.unshift(value);
    recent.length = Math.min(recent.length, 2);
  }
  // An object that reads as text inside a string, a comment or a stream's data is one a reader can still reach by
  // its offset, or by scanning for `obj` when the cross-reference table is broken: refuse what was not read as one.
  for (const match of text.matchAll(OBJECT_HEADER)) {
    if (!objectStarts.has(match.index + match[0].length - 3)) throw new PdfRefusal("an object hidden inside another");
  }
  if (objectStarts.size === 0) throw new PdfRefusal("no objects");
  for (const target of facts.openActionTargets) {
    if (!facts.isArray(target)) throw new PdfRefusal("/OpenAction runs an action");
  }
  // After the last %%EOF only whitespace: an incremental update ends with its own %%EOF; anything else is a payload.
  const lastEof = text.lastIndexOf("%%EOF");
  if (lastEof < 0 || !lexer.eofMarks.includes(lastEof)) throw new PdfRefusal("no %%EOF ends the file");
  for (let i = lastEof + 5; i < bytes.length; i++) {
    if (!WHITESPACE[bytes[i] as number]) throw new PdfRefusal("content after the last %%EOF");
  }
}

/** Whether a PDF may be kept and mailed; `reason` (for tests and logs) says what was refused. */
export function inspectPdf(bytes: Uint8Array): PdfVerdict {
  try {
    judgePdf(bytes, new Budget());
    return { ok: true };
  } catch (error) {
    if (error instanceof PdfRefusal) return { ok: false, reason: `pdf: ${error.message}` };
    // Anything else (a range error deep in a damaged file) is still a file the check could not read.
    return { ok: false, reason: "pdf: unreadable" };
  }
}
