// Résumé files for tests, good and hostile, built as Word and PDF writers would (deflated ZIP parts with real CRCs,
// PDF objects with an xref table): what the careers form must accept, and each thing it must refuse. The PDFs built
// object by object for the reader-level check are in pdf-objects.test-support.ts, the files made from them in
// reader-hostile-resumes.test-support.ts and reader-benign-resumes.test-support.ts.
import { crc32, deflateRawSync, deflateSync } from "node:zlib";

interface Part {
  name: string;
  content: string | Uint8Array;
  /** Stored instead of deflated. */
  store?: boolean;
}

/** A ZIP archive of `parts`, deflated unless stored. */
export function zip(parts: readonly Part[]): Buffer {
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

/**
 * A DOCX of the three parts every one has (content types, relationships, a document saying `text`) and then `parts`;
 * `types` adds to the content types, `main` is the document's (a macro-enabled one's, say).
 */
export function docx(parts: readonly Part[] = [], { text = "Dana", types = "", main = DOCX_MAIN } = {}): Buffer {
  return zip([
    { name: "[Content_Types].xml", content: CONTENT_TYPES(main, types) },
    { name: "_rels/.rels", content: RELS },
    { name: "word/document.xml", content: DOCUMENT(text) },
    ...parts,
  ]);
}

/** A plain DOCX résumé whose text is `text`. */
export function goodDocx(text = "Dana Reyes, finance manager"): Buffer {
  return docx([], { text });
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
      bytes: docx([
        { name: "word/vbaProject.bin", content: Buffer.from('Attribute VB_Name = "ThisDocument"\nSub AutoOpen()') },
      ]),
    },
    {
      what: "a DOCM renamed to .docx",
      name: "resume.docx",
      bytes: docx([], { main: DOCM_MAIN }),
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

/** The first bytes of an OLE compound file (a VBA project's container). */
export const OLE_HEADER = Buffer.from([
  0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0, 0x3e, 0, 3, 0,
]);

/** A plain DOCX with one more part, `name`, holding a VBA project (an OLE compound file) and nothing declaring it. */
export function docxWithOlePart(name: string): Buffer {
  return docx([{ name, content: Buffer.concat([OLE_HEADER, Buffer.from('Attribute VB_Name = "ThisDocument"')]) }]);
}

/** A DOCX as Word writes one with a hyperlink (an external relationship) and a picture. */
export function docxWithLinkAndPicture(): Buffer {
  return docx(
    [
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
    ],
    { text: "Dana Reyes", types: '<Default Extension="png" ContentType="image/png"/>' },
  );
}
