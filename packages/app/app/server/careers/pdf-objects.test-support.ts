// PDFs built object by object, as writers do, for the reader-level check (ADR 305).
import { deflateSync } from "node:zlib";

/** Encoders of the standard filters, so test files carry real encoded data. */
export const encoders = {
  FlateDecode: (data: Uint8Array) => deflateSync(data),
  ASCIIHexDecode: (data: Uint8Array) => Buffer.from(`${Buffer.from(data).toString("hex")}>`, "latin1"),
  ASCII85Decode: (data: Uint8Array) => {
    let out = "";
    for (let i = 0; i < data.length; i += 4) {
      const chunk = data.subarray(i, i + 4);
      const value = [0, 1, 2, 3].reduce((sum, j) => sum * 256 + (chunk[j] ?? 0), 0);
      if (chunk.length === 4 && value === 0) {
        out += "z";
        continue;
      }
      let group = "";
      let rest = value;
      for (let j = 0; j < 5; j++) {
        group = String.fromCharCode(33 + (rest % 85)) + group;
        rest = Math.floor(rest / 85);
      }
      out += group.slice(0, chunk.length + 1);
    }
    return Buffer.from(`${out}~>`, "latin1");
  },
  RunLengthDecode: (data: Uint8Array) => {
    const out: number[] = [];
    for (let i = 0; i < data.length; i += 128) {
      const chunk = data.subarray(i, i + 128);
      out.push(chunk.length - 1, ...chunk);
    }
    out.push(128);
    return Buffer.from(out);
  },
  /** LZW with EarlyChange 1, clearing the table before it fills. */
  LZWDecode: (data: Uint8Array) => {
    const bytes: number[] = [];
    let buffer = 0;
    let count = 0;
    let width = 9;
    const write = (code: number) => {
      buffer = (buffer << width) | code;
      count += width;
      while (count >= 8) {
        bytes.push((buffer >>> (count - 8)) & 0xff);
        count -= 8;
      }
      buffer &= (1 << count) - 1;
    };
    let table = new Map<string, number>();
    let next = 258;
    write(256);
    const code = (word: string) => (word.length === 1 ? word.charCodeAt(0) : (table.get(word) as number));
    let word = "";
    for (const byte of data) {
      const char = String.fromCharCode(byte);
      if (word === "" || table.has(word + char)) {
        word += char;
        continue;
      }
      write(code(word));
      table.set(word + char, next++);
      if (next >= 1 << width && width < 12) width++;
      if (next >= 4094) {
        write(256);
        table = new Map();
        next = 258;
        width = 9;
      }
      word = char;
    }
    if (word !== "") {
      write(code(word));
      if (next + 1 >= 1 << width && width < 12 && bytes.length + count > 0) width++;
    }
    write(257);
    if (count > 0) bytes.push((buffer << (8 - count)) & 0xff);
    return Buffer.from(bytes);
  },
} as const;

export type FilterName = keyof typeof encoders;

/** `data` encoded by `filters` in the order a reader decodes them (the first is undone first). */
export function encode(data: Uint8Array, filters: readonly FilterName[]): Buffer {
  return [...filters].reverse().reduce((bytes, filter) => encoders[filter](bytes), Buffer.from(data));
}

const filterEntry = (filters: readonly string[]) =>
  filters.length === 0
    ? ""
    : filters.length === 1
      ? `/Filter /${filters[0]} `
      : `/Filter [${filters.map((f) => `/${f}`).join(" ")}] `;

/** A stream object's body: `dict` (without its Length) and the data as stored. */
export function streamObject(dict: string, stored: Uint8Array): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${stored.length} >>\nstream\n`, "latin1"),
    stored,
    Buffer.from("\nendstream", "latin1"),
  ]);
}

/** A PDF whose objects 1..n are `objects`, with a cross-reference table and a trailer naming 1 0 R the catalog. */
export function buildPdf(objects: readonly (string | Buffer)[], trailerExtra = ""): Buffer {
  const chunks: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      typeof object === "string" ? Buffer.from(object, "latin1") : object,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    chunks.push(chunk);
    length += chunk.length;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) xref += `${String(at).padStart(10, "0")} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...chunks, Buffer.from(xref, "latin1")]);
}

/** A one-page résumé: catalog, pages, page (with `pageExtra`), content; more objects follow from number 5. */
export function resumePdf(
  options: { catalogExtra?: string; pageExtra?: string; trailerExtra?: string; more?: (string | Buffer)[] } = {},
): Buffer {
  const content = deflateSync(Buffer.from("BT /F1 12 Tf 72 720 Td (Dana Reyes, finance manager) Tj ET", "latin1"));
  return buildPdf(
    [
      `<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ""}>>`,
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ${options.pageExtra ?? ""}>>`,
      streamObject("/Filter /FlateDecode", content),
      ...(options.more ?? []),
    ],
    options.trailerExtra,
  );
}

/**
 * A PDF 1.5 file as Word or LibreOffice write one: objects 5.. compressed into an object stream under `filters`, a
 * cross-reference stream (PNG predictor, as writers use) naming where each object is. `compressed` bodies may refer to
 * each other by number from 5; the catalog (1) takes `catalogExtra`, the page (3) `pageExtra`.
 */
export function objectStreamPdf(options: {
  compressed: readonly string[];
  filters: readonly FilterName[];
  catalogExtra?: string;
  pageExtra?: string;
  /** Replaces the object stream's decoded data (for offsets that lie). */
  decoded?: (header: string, bodies: string) => { data: string; first: number };
}): Buffer {
  const first = 5;
  const objStm = first + options.compressed.length;
  const xrefNumber = objStm + 1;
  let header = "";
  let bodies = "";
  options.compressed.forEach((body, i) => {
    header += `${first + i} ${bodies.length} `;
    bodies += `${body}\n`;
  });
  const made = options.decoded?.(header, bodies) ?? { data: header + bodies, first: header.length };
  const stored = encode(Buffer.from(made.data, "latin1"), options.filters);
  const content = deflateSync(Buffer.from("BT /F1 12 Tf 72 720 Td (Dana Reyes) Tj ET", "latin1"));
  const plain: (string | Buffer)[] = [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ""}>>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ${options.pageExtra ?? ""}>>`,
    streamObject("/Filter /FlateDecode", content),
  ];
  const chunks: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = chunks[0]?.length ?? 0;
  const offsets = new Map<number, number>();
  const add = (number: number, body: string | Buffer) => {
    offsets.set(number, length);
    const chunk = Buffer.concat([
      Buffer.from(`${number} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    chunks.push(chunk);
    length += chunk.length;
  };
  for (const [i, body] of plain.entries()) add(i + 1, body);
  add(
    objStm,
    streamObject(
      `/Type /ObjStm /N ${options.compressed.length} /First ${made.first} ${filterEntry(options.filters)}`,
      stored,
    ),
  );
  const xrefAt = length;
  // Rows of [type, field 2 (4 bytes), field 3 (2 bytes)], each led by PNG filter byte 2 (Up) over the row above.
  const rows: number[][] = [];
  for (let number = 0; number <= xrefNumber; number++) {
    const row = new Array<number>(7).fill(0);
    const put = (type: number, two: number, three: number) => {
      row[0] = type;
      for (let j = 0; j < 4; j++) row[1 + j] = (two >>> (24 - 8 * j)) & 0xff;
      row[5] = (three >>> 8) & 0xff;
      row[6] = three & 0xff;
    };
    if (number === 0) put(0, 0, 0xffff);
    else if (number >= first && number < objStm) put(2, objStm, number - first);
    else put(1, number === xrefNumber ? xrefAt : (offsets.get(number) ?? 0), 0);
    rows.push(row);
  }
  const predicted: number[] = [];
  rows.forEach((row, r) => {
    predicted.push(2, ...row.map((byte, j) => (byte - (r > 0 ? (rows[r - 1]?.[j] ?? 0) : 0)) & 0xff));
  });
  add(
    xrefNumber,
    streamObject(
      `/Type /XRef /Size ${xrefNumber + 1} /Root 1 0 R /W [1 4 2] /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 7 >>`,
      deflateSync(Buffer.from(predicted)),
    ),
  );
  chunks.push(Buffer.from(`startxref\n${xrefAt}\n%%EOF\n`, "latin1"));
  return Buffer.concat(chunks);
}

/** `base` with an incremental update appended: object 4 rewritten, a new xref section and trailer with /Prev. */
export function incrementalUpdate(base: Buffer, newContent: string): Buffer {
  const text = base.toString("latin1");
  const previousXref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const size = Number(/\/Size (\d+)/.exec(text)?.[1]);
  const stored = deflateSync(Buffer.from(newContent, "latin1"));
  const object = Buffer.concat([
    Buffer.from("4 0 obj\n", "latin1"),
    streamObject("/Filter /FlateDecode", stored),
    Buffer.from("\nendobj\n", "latin1"),
  ]);
  const objectAt = base.length;
  const xrefAt = objectAt + object.length;
  const tail = `xref\n0 1\n0000000000 65535 f \n4 1\n${String(objectAt).padStart(10, "0")} 00000 n \ntrailer\n<< /Size ${size} /Root 1 0 R /Prev ${previousXref} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([base, object, Buffer.from(tail, "latin1")]);
}

/** A link annotation whose action is `action`. */
export const LINK = (action: string) =>
  `<< /Type /Annot /Subtype /Link /Rect [72 700 300 720] /Border [0 0 0] /A ${action} >>`;
export const SCRIPT = "<< /S /JavaScript /JS (app.alert(1)) >>";
