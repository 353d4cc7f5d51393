/**
 * Recognises a résumé by its bytes, not its name: a PDF starts with "%PDF-"; a DOCX is a ZIP container whose central
 * directory lists "word/document.xml". A renamed image or executable is neither.
 */
export type ResumeKind = "pdf" | "docx";

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_CENTRAL_DIRECTORY = 0x06064b50;
const ZIP_CENTRAL_FILE_HEADER = 0x02014b50;
const DOCX_MAIN_PART = "word/document.xml";
/** The end record is 22 bytes plus a comment of at most 65,535. */
const MAX_END_RECORD_SEARCH = 22 + 0xffff;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function findEndOfCentralDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - MAX_END_RECORD_SEARCH);
  for (let offset = view.byteLength - 22; offset >= lowest; offset--) {
    if (view.getUint32(offset, true) === ZIP_END_OF_CENTRAL_DIRECTORY) return offset;
  }
  return -1;
}

/** Where the central directory starts and how many entries it has, from the (ZIP64) end record; null if broken. */
function centralDirectory(view: DataView): { offset: number; entries: number } | null {
  const end = findEndOfCentralDirectory(view);
  if (end < 0) return null;
  let entries = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (offset === 0xffffffff || entries === 0xffff) {
    // ZIP64: the locator sits right before the classic end record and points at the ZIP64 end record.
    const locator = end - 20;
    if (locator < 0 || view.getUint32(locator, true) !== ZIP64_END_LOCATOR) return null;
    const zip64End = Number(view.getBigUint64(locator + 8, true));
    if (zip64End + 56 > view.byteLength || view.getUint32(zip64End, true) !== ZIP64_END_OF_CENTRAL_DIRECTORY) {
      return null;
    }
    entries = Number(view.getBigUint64(zip64End + 32, true));
    offset = Number(view.getBigUint64(zip64End + 48, true));
  }
  return offset < view.byteLength ? { offset, entries } : null;
}

/** True when `bytes` is a ZIP archive whose central directory names `word/document.xml`. */
function isDocxContainer(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 30) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== ZIP_LOCAL_HEADER) return false;
  const directory = centralDirectory(view);
  if (!directory) return false;
  const decoder = new TextDecoder();
  let offset = directory.offset;
  for (let index = 0; index < directory.entries; index++) {
    if (offset + 46 > view.byteLength || view.getUint32(offset, true) !== ZIP_CENTRAL_FILE_HEADER) return false;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const nameEnd = offset + 46 + nameLength;
    if (nameEnd > view.byteLength) return false;
    if (decoder.decode(bytes.subarray(offset + 46, nameEnd)) === DOCX_MAIN_PART) return true;
    offset = nameEnd + extraLength + commentLength;
  }
  return false;
}

/** What a résumé's bytes are, or null when they are neither a PDF nor a DOCX. */
export function sniffResumeBytes(bytes: Uint8Array): ResumeKind | null {
  if (startsWith(bytes, PDF_MAGIC)) return "pdf";
  if (isDocxContainer(bytes)) return "docx";
  return null;
}

/** Reads a file or blob and tells what kind of résumé it is, or null. */
export async function detectResumeKind(file: Blob): Promise<ResumeKind | null> {
  return sniffResumeBytes(new Uint8Array(await file.arrayBuffer()));
}

/** The MIME type to store or mail a résumé of this kind with (the browser's own claim is not trusted). */
export const RESUME_MIME_TYPES: Record<ResumeKind, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};
