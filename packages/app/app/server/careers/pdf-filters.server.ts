// The standard PDF stream filters (ISO 32000-1 §7.4) that can hide objects, decoded within a byte budget shared by
// the whole file, so the résumé check sees what a reader sees. Image-only filters (DCT, JPX, CCITT, JBIG2) are named
// so the caller can tell "not objects" from "unknown"; Crypt means encryption.
import { constants, inflateSync } from "node:zlib";

/** The decoded bytes a file may still produce; every filter's output is taken from it. */
export interface DecodeBudget {
  remaining: number;
}

export class UndecodableStream extends Error {}
export class DecodeBudgetExceeded extends Error {}

/** Filters whose output is pixels, never PDF objects; a reader only renders them. Abbreviations as in inline images. */
export const IMAGE_FILTERS = new Set(["DCTDecode", "DCT", "JPXDecode", "CCITTFaxDecode", "CCF", "JBIG2Decode"]);

/** The abbreviations pdf.js also accepts in stream dictionaries. */
const FILTER_ALIASES: Record<string, string> = {
  AHx: "ASCIIHexDecode",
  A85: "ASCII85Decode",
  LZW: "LZWDecode",
  Fl: "FlateDecode",
  RL: "RunLengthDecode",
};

export function canonicalFilter(name: string): string {
  return FILTER_ALIASES[name] ?? name;
}

const isPdfWhitespace = (byte: number) =>
  byte === 0x00 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x20;

/** A growable output that refuses to pass the budget (for the filters decoded by hand). */
class Output {
  private bytes: Uint8Array;
  length = 0;
  constructor(
    private readonly budget: DecodeBudget,
    initial: number,
  ) {
    this.bytes = new Uint8Array(Math.max(16, Math.min(initial, budget.remaining)));
  }
  push(byte: number) {
    if (this.length >= this.bytes.length) this.grow(this.length + 1);
    this.bytes[this.length++] = byte;
  }
  pushAll(source: Uint8Array) {
    if (this.length + source.length > this.bytes.length) this.grow(this.length + source.length);
    this.bytes.set(source, this.length);
    this.length += source.length;
  }
  private grow(needed: number) {
    if (needed > this.budget.remaining) throw new DecodeBudgetExceeded("decoded past the budget");
    const next = new Uint8Array(Math.min(this.budget.remaining, Math.max(needed, this.bytes.length * 2)));
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }
  done(): Uint8Array {
    this.budget.remaining -= this.length;
    return this.bytes.subarray(0, this.length);
  }
}

function flate(data: Uint8Array, budget: DecodeBudget): Uint8Array {
  if (budget.remaining <= 0) throw new DecodeBudgetExceeded("decoded past the budget");
  try {
    // A sync flush keeps what a truncated stream yields, as readers do: what they would show, the check must see.
    const out = inflateSync(data, { maxOutputLength: budget.remaining, finishFlush: constants.Z_SYNC_FLUSH });
    budget.remaining -= out.byteLength;
    return out;
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
      throw new DecodeBudgetExceeded("decoded past the budget");
    }
    throw new UndecodableStream("damaged Flate data");
  }
}

function asciiHex(data: Uint8Array, budget: DecodeBudget): Uint8Array {
  const out = new Output(budget, data.length / 2);
  let high = -1;
  for (const byte of data) {
    if (byte === 0x3e) break; // '>' ends the data
    if (isPdfWhitespace(byte)) continue;
    const digit = Number.parseInt(String.fromCharCode(byte), 16);
    if (Number.isNaN(digit)) throw new UndecodableStream("not hexadecimal");
    if (high < 0) high = digit;
    else {
      out.push(high * 16 + digit);
      high = -1;
    }
  }
  if (high >= 0) out.push(high * 16);
  return out.done();
}

function ascii85(data: Uint8Array, budget: DecodeBudget): Uint8Array {
  const out = new Output(budget, (data.length * 4) / 5);
  const group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84);
    if (value > 0xffffffff) throw new UndecodableStream("ASCII85 group out of range");
    for (let i = 0; i < count; i++) out.push((value >>> (24 - 8 * i)) & 0xff);
    group.length = 0;
  };
  for (let i = 0; i < data.length; i++) {
    const byte = data[i] as number;
    if (byte === 0x7e) break; // '~>' ends the data
    if (isPdfWhitespace(byte)) continue;
    if (byte === 0x7a && group.length === 0) {
      out.pushAll(new Uint8Array(4));
      continue;
    }
    if (byte < 0x21 || byte > 0x75) throw new UndecodableStream("not ASCII85");
    group.push(byte - 0x21);
    if (group.length === 5) flush(4);
  }
  if (group.length === 1) throw new UndecodableStream("ASCII85 ends mid-group");
  if (group.length > 1) flush(group.length - 1);
  return out.done();
}

function lzw(data: Uint8Array, budget: DecodeBudget, earlyChange: number): Uint8Array {
  const out = new Output(budget, data.length * 2);
  const prefixes = new Int32Array(4096);
  const suffixes = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  for (let i = 0; i < 256; i++) {
    suffixes[i] = i;
    lengths[i] = 1;
  }
  let next = 258;
  let width = 9;
  let previous = -1;
  let bitBuffer = 0;
  let bitCount = 0;
  const scratch = new Uint8Array(4096);
  const emit = (code: number) => {
    const length = lengths[code] as number;
    let at = code;
    for (let i = length - 1; i >= 0; i--) {
      scratch[i] = suffixes[at] as number;
      at = prefixes[at] as number;
    }
    out.pushAll(scratch.subarray(0, length));
    return scratch[0] as number;
  };
  for (let i = 0; i < data.length; i++) {
    bitBuffer = ((bitBuffer << 8) | (data[i] as number)) & 0xffffff;
    bitCount += 8;
    while (bitCount >= width) {
      const code = (bitBuffer >>> (bitCount - width)) & ((1 << width) - 1);
      bitCount -= width;
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      if (code === 257) return out.done();
      if (previous < 0) {
        if (code > 255) throw new UndecodableStream("LZW starts with an unknown code");
        emit(code);
        previous = code;
        continue;
      }
      let first: number;
      if (code < next) {
        first = emit(code);
      } else if (code === next) {
        // The code being defined: the previous string plus its own first byte.
        const head = emit(previous);
        out.push(head);
        first = head;
      } else {
        throw new UndecodableStream("LZW code out of range");
      }
      if (next < 4096) {
        prefixes[next] = previous;
        suffixes[next] = first;
        lengths[next] = Math.min(4095, (lengths[previous] as number) + 1);
        next++;
      }
      if (next + earlyChange >= 1 << width && width < 12) width++;
      previous = code;
    }
  }
  return out.done();
}

function runLength(data: Uint8Array, budget: DecodeBudget): Uint8Array {
  const out = new Output(budget, data.length * 2);
  for (let i = 0; i < data.length; ) {
    const length = data[i++] as number;
    if (length === 128) break;
    if (length < 128) {
      if (i + length + 1 > data.length) throw new UndecodableStream("RunLength copy runs past the data");
      out.pushAll(data.subarray(i, i + length + 1));
      i += length + 1;
    } else {
      if (i >= data.length) throw new UndecodableStream("RunLength repeat runs past the data");
      const byte = data[i++] as number;
      for (let n = 0; n < 257 - length; n++) out.push(byte);
    }
  }
  return out.done();
}

export interface PredictorParams {
  predictor: number;
  colors: number;
  bitsPerComponent: number;
  columns: number;
}

/** Undoes a Flate or LZW predictor (§7.4.4.4), so the objects of an object stream read in order. */
export function unpredict(data: Uint8Array, params: PredictorParams): Uint8Array {
  const { predictor, colors, bitsPerComponent, columns } = params;
  if (predictor <= 1) return data;
  if (![1, 2, 4, 8, 16].includes(bitsPerComponent) || colors < 1 || colors > 32 || columns < 1 || columns > 1 << 16) {
    throw new UndecodableStream("unsupported predictor parameters");
  }
  const rowBytes = Math.ceil((colors * bitsPerComponent * columns) / 8);
  const bytesPerPixel = Math.max(1, Math.ceil((colors * bitsPerComponent) / 8));
  if (predictor === 2) {
    if (bitsPerComponent !== 8) throw new UndecodableStream("unsupported TIFF predictor depth");
    const out = Uint8Array.from(data);
    for (let row = 0; row < out.length; row += rowBytes) {
      for (let i = row + colors; i < Math.min(row + rowBytes, out.length); i++) {
        out[i] = ((out[i] as number) + (out[i - colors] as number)) & 0xff;
      }
    }
    return out;
  }
  if (predictor < 10 || predictor > 15) throw new UndecodableStream("unknown predictor");
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = new Uint8Array(rows * rowBytes);
  for (let row = 0; row < rows; row++) {
    const type = data[row * (rowBytes + 1)] as number;
    const source = row * (rowBytes + 1) + 1;
    const at = row * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[source + i] as number;
      const left = i >= bytesPerPixel ? (out[at + i - bytesPerPixel] as number) : 0;
      const up = row > 0 ? (out[at + i - rowBytes] as number) : 0;
      const upLeft = row > 0 && i >= bytesPerPixel ? (out[at + i - rowBytes - bytesPerPixel] as number) : 0;
      let value: number;
      if (type === 0) value = raw;
      else if (type === 1) value = raw + left;
      else if (type === 2) value = raw + up;
      else if (type === 3) value = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      } else throw new UndecodableStream("unknown PNG row filter");
      out[at + i] = value & 0xff;
    }
  }
  return out;
}

/** One standard filter's output. `earlyChange` is LZWDecode's parameter (default 1). */
export function decodeFilter(name: string, data: Uint8Array, budget: DecodeBudget, earlyChange = 1): Uint8Array {
  switch (canonicalFilter(name)) {
    case "FlateDecode":
      return flate(data, budget);
    case "ASCIIHexDecode":
      return asciiHex(data, budget);
    case "ASCII85Decode":
      return ascii85(data, budget);
    case "LZWDecode":
      return lzw(data, budget, earlyChange);
    case "RunLengthDecode":
      return runLength(data, budget);
    default:
      throw new UndecodableStream(`no decoder for /${name}`);
  }
}
