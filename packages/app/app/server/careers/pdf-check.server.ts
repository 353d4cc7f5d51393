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
import {
  Budget,
  type Dict,
  isDict,
  isRef,
  KEYWORDS,
  Lexer,
  nameOf,
  PDF_LIMITS,
  PdfRefusal,
  stringBytes,
  type Token,
  type Value,
  WHITESPACE,
} from "./pdf-syntax.server";

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

/**
 * Every `N G obj` a reader could find by scanning the raw bytes, as the position of its `obj`. A run of whitespace is
 * taken whole, as JavaScript writes an atomic group (a lookahead captures it, a backreference consumes it). A match
 * never ends a run early (a digit, `obj` or a comment's `%` follows it), but the engine kept a backtracking entry per
 * character: a PDF padded with 4 MB of NUL bytes cost 190–330 ms here and now and then ran out of backtracking stack
 * ("Maximum call stack size exceeded"), refusing a good résumé as unreadable; 10 MB always did. Comments still
 * backtrack, so a header written partly inside one is still found.
 */
export const OBJECT_HEADER =
  /\d+(?:(?=([\0\t\n\f\r ]+))\1|%[^\r\n]*)+\d+(?:(?=([\0\t\n\f\r ]+))\2|%[^\r\n]*)+obj(?=[\0\t\n\f\r ()<>[\]{}/%]|$)/g;

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
    return { ok: false, reason: unreadableReason(error) };
  }
}

/**
 * The reason of a file the check failed on with an error of its own, naming the error: a refusal as plainly
 * "unreadable" hid that the header scan had run out of backtracking stack (OBJECT_HEADER), and the careers test's 4 MB
 * PDF was refused now and then for it. The error's first line only: the engine's messages name no file content.
 */
export function unreadableReason(error: unknown): string {
  if (!(error instanceof Error)) return "pdf: unreadable";
  return `pdf: unreadable (${error.name}: ${error.message.split("\n")[0]?.slice(0, 120)})`;
}
