// What the careers form's content check (`resumeFileSchema` in @showroom/forms: a PDF by its header, a DOCX by the
// ZIP part word/document.xml) cannot see from the outside: macros, a DOCM renamed, an archive bomb, an encrypted PDF,
// JavaScript or launch actions. file-type and magic bytes call all of these a plain PDF or DOCX (STACK-NOTES), so the
// server reads the container itself, within fixed budgets, and refuses what it cannot read.
import { inflateRawSync, inflateSync } from "node:zlib";
import { type ResumeKind, sniffResumeBytes } from "@showroom/forms";

/** Budgets of the DOCX check: more parts or more unpacked bytes than a résumé needs is a bomb, or not a résumé. */
export const DOCX_LIMITS = {
  maxEntries: 1000,
  /** The sum of the parts' unpacked sizes, as the archive declares them. */
  maxUnpackedBytes: 50 * 1024 * 1024,
  /** Unpacked : packed, per part over 1 MB unpacked; Word's own parts stay far below. */
  maxRatio: 100,
  /** [Content_Types].xml, the one part inflated here. */
  maxContentTypesBytes: 256 * 1024,
} as const;

/** Budgets of the PDF check: streams inflated to look for hidden actions, in all. */
export const PDF_LIMITS = { maxStreams: 5000, maxInflatedBytes: 32 * 1024 * 1024 } as const;

export type ResumeVerdict =
  | { readonly ok: true; readonly kind: ResumeKind }
  | { readonly ok: false; readonly reason: string };

const refuse = (reason: string): ResumeVerdict => ({ ok: false, reason });

interface ZipPart {
  name: string;
  method: number;
  packed: number;
  unpacked: number;
  localOffset: number;
}

/** The central directory of a classic (not ZIP64) archive; null when it cannot be read whole. */
function zipParts(bytes: Uint8Array): ZipPart[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const entries = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  // ZIP64 markers: sizes or counts too large for the classic records. No résumé needs them.
  if (entries === 0xffff || offset === 0xffffffff) return null;
  const decoder = new TextDecoder();
  const parts: ZipPart[] = [];
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > bytes.byteLength || view.getUint32(offset, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extra = view.getUint16(offset + 30, true);
    const comment = view.getUint16(offset + 32, true);
    if (offset + 46 + nameLength > bytes.byteLength) return null;
    parts.push({
      method: view.getUint16(offset + 10, true),
      packed: view.getUint32(offset + 20, true),
      unpacked: view.getUint32(offset + 24, true),
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      localOffset: view.getUint32(offset + 42, true),
    });
    offset += 46 + nameLength + extra + comment;
  }
  return parts;
}

/** One part's bytes, inflated up to `max` (beyond it, or broken, null). */
function partBytes(bytes: Uint8Array, part: ZipPart, max: number): Buffer | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = part.localOffset;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== 0x04034b50) return null;
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const data = bytes.subarray(start, start + part.packed);
  if (data.byteLength !== part.packed) return null;
  try {
    if (part.method === 0) return data.byteLength <= max ? Buffer.from(data) : null;
    if (part.method === 8) return inflateRawSync(data, { maxOutputLength: max });
  } catch {
    return null;
  }
  return null;
}

const MACRO_PART = /(^|\/)vbaProject\.bin$|(^|\/)vbaData\.xml$|(^|\/)activeX\//i;
const MACRO_TYPE = /macroEnabled|vbaProject|ms-office\.activeX|ms-word\.template/i;
const DOCX_MAIN_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";

function checkDocx(bytes: Uint8Array): ResumeVerdict {
  const parts = zipParts(bytes);
  if (!parts) return refuse("docx: unreadable or ZIP64 directory");
  if (parts.length > DOCX_LIMITS.maxEntries) return refuse("docx: too many parts");
  let unpacked = 0;
  for (const part of parts) {
    unpacked += part.unpacked;
    if (part.method !== 0 && part.method !== 8) return refuse("docx: unknown compression");
    if (part.unpacked > 1024 * 1024 && part.unpacked > part.packed * DOCX_LIMITS.maxRatio) {
      return refuse("docx: compression ratio of a bomb");
    }
    if (MACRO_PART.test(part.name)) return refuse("docx: macro or ActiveX part");
  }
  if (unpacked > DOCX_LIMITS.maxUnpackedBytes) return refuse("docx: unpacks too large");
  const types = parts.find((part) => part.name === "[Content_Types].xml");
  if (!types) return refuse("docx: no [Content_Types].xml");
  const xml = partBytes(bytes, types, DOCX_LIMITS.maxContentTypesBytes)?.toString("utf8");
  if (xml === undefined) return refuse("docx: unreadable [Content_Types].xml");
  // A DOCM renamed to .docx declares its main part macro-enabled; Word refuses to open it as a DOCX anyway.
  if (MACRO_TYPE.test(xml)) return refuse("docx: macro-enabled content type");
  if (!xml.includes(DOCX_MAIN_TYPE)) return refuse("docx: not a Word document");
  return { ok: true, kind: "docx" };
}

/** Names whose presence makes a PDF run something or hide its content: scripts, launched programs, encryption. */
const PDF_BANNED = new Set(["JavaScript", "JS", "Launch", "Encrypt"]);

/** `/J#61vaScript` is `/JavaScript`: PDF names may escape any character as #xx. */
function pdfNames(text: string): string[] {
  return [...text.matchAll(/\/([^\s/<>[\]()%{}]+)/g)].map((m) =>
    (m[1] ?? "").replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
  );
}

function checkPdf(bytes: Uint8Array): ResumeVerdict {
  const text = Buffer.from(bytes).toString("latin1");
  const seen: string[] = [text];
  // Object streams keep dictionaries compressed: inflate every Flate stream (within budget) and look there too.
  let budget: number = PDF_LIMITS.maxInflatedBytes;
  let streams = 0;
  const streamStart = /stream\r?\n/g;
  for (let match = streamStart.exec(text); match; match = streamStart.exec(text)) {
    if (++streams > PDF_LIMITS.maxStreams) return refuse("pdf: too many streams");
    const start = match.index + match[0].length;
    const end = text.indexOf("endstream", start);
    if (end < 0) break;
    const dictionary = text.slice(Math.max(0, match.index - 512), match.index);
    if (/\/FlateDecode/.test(dictionary) && budget > 0) {
      try {
        // The stream's data ends before the end-of-line that precedes `endstream`.
        let stop = end;
        while (stop > start && (text[stop - 1] === "\n" || text[stop - 1] === "\r")) stop--;
        const inflated = inflateSync(bytes.subarray(start, stop), { maxOutputLength: budget });
        budget -= inflated.byteLength;
        seen.push(inflated.toString("latin1"));
      } catch (error) {
        // Past the budget: a stream that unpacks that far in a résumé is a bomb.
        if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") return refuse("pdf: unpacks too large");
        // A damaged stream hides nothing readers would run either; the raw text was searched already.
      }
    }
    // Past `endstream`, whose own letters would otherwise read as the next `stream`.
    streamStart.lastIndex = end + "endstream".length;
  }
  for (const part of seen) {
    for (const name of pdfNames(part)) {
      if (PDF_BANNED.has(name)) return refuse(`pdf: /${name}`);
    }
  }
  return { ok: true, kind: "pdf" };
}

/**
 * Whether a résumé's bytes may be kept and mailed: a PDF without encryption, JavaScript or launch actions, or a DOCX
 * without macros whose archive stays within the budgets. `reason` is for tests and logs; the shopper reads the
 * form's message.
 */
export function inspectResume(bytes: Uint8Array): ResumeVerdict {
  const kind = sniffResumeBytes(bytes);
  if (kind === "pdf") return checkPdf(bytes);
  if (kind === "docx") return checkDocx(bytes);
  return refuse("neither a PDF nor a DOCX");
}
