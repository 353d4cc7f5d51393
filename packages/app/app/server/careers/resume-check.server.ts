// What the careers form's content check (`resumeFileSchema` in @showroom/forms: a PDF by its header, a DOCX by the
// ZIP part word/document.xml) cannot see from the outside: macros, a DOCM renamed, an archive bomb, an encrypted PDF,
// JavaScript or launch actions. file-type and magic bytes call all of these a plain PDF or DOCX (STACK-NOTES), so the
// server reads the container itself, within fixed budgets, and refuses what it cannot read. PDFs are judged as a
// reader parses them (pdf-check.server.ts, ADR 305); a DOCX by every part's content and relationships.
import { inflateRawSync } from "node:zlib";
import { type ResumeKind, sniffResumeBytes } from "@showroom/forms";
import { inspectPdf } from "./pdf-check.server";

/** Budgets of the DOCX check: more parts or more unpacked bytes than a résumé needs is a bomb, or not a résumé. */
const DOCX_LIMITS = {
  maxEntries: 1000,
  /** The sum of the parts' unpacked sizes, as the archive declares them. */
  maxUnpackedBytes: 50 * 1024 * 1024,
  /** Unpacked : packed, per part over 1 MB unpacked; Word's own parts stay far below. */
  maxRatio: 100,
  /** [Content_Types].xml, read first: the other parts are read after the sizes above are checked. */
  maxContentTypesBytes: 256 * 1024,
} as const;

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
/** The header of an OLE compound file, which is what a VBA project (and an embedded OLE object) is, whatever its name. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Relationship types that bring in code: a VBA project, its signature or data, ActiveX controls. */
const MACRO_RELATIONSHIP = /vbaProject|wordVbaData|keyMapCustomizations|activeX/i;
/** The one relationship that may point outside the file: a hyperlink. A remote template or image is fetched on open. */
const HYPERLINK_RELATIONSHIP = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink";

const attribute = (element: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
    .exec(element)
    ?.slice(1)
    .find((v) => v !== undefined);

/** Why a part's relationships refuse the file, or null. */
function refusedRelationship(rels: string): string | null {
  for (const [element] of rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const type = attribute(element, "Type") ?? "";
    if (MACRO_RELATIONSHIP.test(type)) return "docx: macro relationship";
    if (/^external$/i.test(attribute(element, "TargetMode") ?? "") && type !== HYPERLINK_RELATIONSHIP) {
      return "docx: external relationship other than a hyperlink";
    }
  }
  return null;
}

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
  // A DOCM renamed to .docx declares its main part macro-enabled; Word refuses to open it as a DOCX anyway. A VBA
  // project under another name still needs its content type (application/vnd.ms-office.vbaProject), Default or
  // Override.
  if (MACRO_TYPE.test(xml)) return refuse("docx: macro-enabled content type");
  if (!xml.includes(DOCX_MAIN_TYPE)) return refuse("docx: not a Word document");
  // Every part is read whole, each no further than the size the directory declares, all within the budget above:
  // a VBA project is found by what it is (an OLE file) and by the relationship that loads it, not by its name.
  for (const part of parts) {
    if (part.name.endsWith("/")) continue;
    const content = partBytes(bytes, part, Math.max(1, part.unpacked));
    if (!content) return refuse("docx: a part that does not unpack to its declared size");
    if (content.includes(OLE_SIGNATURE)) return refuse("docx: an OLE compound file (VBA project or OLE object)");
    if (/\.rels$/i.test(part.name)) {
      const why = refusedRelationship(content.toString("utf8"));
      if (why) return refuse(why);
    }
  }
  return { ok: true, kind: "docx" };
}

/**
 * Whether a résumé's bytes may be kept and mailed: a PDF without encryption, scripts, actions that run on their own,
 * embedded files or trailing payloads, or a DOCX without macros or OLE objects whose archive stays within the budgets. `reason` is for tests and logs; the shopper reads the
 * form's message.
 */
export function inspectResume(bytes: Uint8Array): ResumeVerdict {
  const kind = sniffResumeBytes(bytes);
  if (kind === "pdf") {
    const verdict = inspectPdf(bytes);
    return verdict.ok ? { ok: true, kind } : verdict;
  }
  if (kind === "docx") return checkDocx(bytes);
  return refuse("neither a PDF nor a DOCX");
}
