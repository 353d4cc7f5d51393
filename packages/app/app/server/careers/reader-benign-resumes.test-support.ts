import { deflateSync } from "node:zlib";
import {
  buildPdf,
  incrementalUpdate,
  LINK,
  objectStreamPdf,
  resumePdf,
  streamObject,
} from "./pdf-objects.test-support";

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
