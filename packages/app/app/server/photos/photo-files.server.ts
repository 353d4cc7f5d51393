import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Metadata } from "sharp";
import { PHOTO_FORMATS, PHOTO_WIDTHS, photoHeight } from "../../components/vehicle/photo-sources";
import type { PhotoTarget } from "./photo-store";

/**
 * What a photo may be before it is decoded (ADR 380): at most this many pixels (a decompression bomb declares its
 * size in its header, so it is refused before any pixel is decoded), and one of the raster formats cameras and
 * dealer systems write. SVG is never accepted: it is a document that can carry script, whatever its name says.
 */
const MAX_PHOTO_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "heif", "gif"]);

/** Bumped when the files made from a photo change (widths, encoders), so new names do not collide with cached ones. */
const PIPELINE_VERSION = "2";

/**
 * `failed`: the object store did not take the files (down, refusing, out of time): the photo is tried again on its
 * backoff, like a failed download (ADR 424). A full local disk still throws, as before.
 */
export type PhotoOutcome =
  | { kind: "ready"; name: string; width: number }
  | { kind: "refused"; reason: string }
  | { kind: "failed"; reason: string };

let sharpModule: Promise<typeof import("sharp")> | undefined;

/**
 * sharp (libvips) loaded with the first photo to make, with libvips's operation cache off and one thread per image
 * (ADR 367). Only the photo process (ADR 410) makes photos and feed JPEGs; the site imports this module for
 * `photosDir`, `deletePhotoFiles` and its types, and must never load sharp through it, so the import stays here and
 * lazy.
 */
function loadSharp(): Promise<typeof import("sharp")> {
  sharpModule ??= import("sharp").then((module) => {
    module.default.cache(false);
    module.default.concurrency(1);
    return module;
  });
  return sharpModule;
}

/** The photos' folder: `DATA_DIR/media/photos`. */
export const photosDir = (dataDir: string) => join(dataDir, "media", "photos");

/**
 * Checks a downloaded photo by its content (never its name or Content-Type) and, when it is an image the site shows,
 * writes it as AVIF and WebP at each standard width up to its own (at least the smallest), cropped to the 16:9 frame
 * every page shows it in. Files are named by the hash of the source bytes, so a name never changes its content and
 * the route can cache it for a year. A file that is written already is written again identically; the rename makes
 * each appear whole. With an object store (ADR 424) each file is PUT there instead and nothing is written to disk.
 */
export async function makePhotoFiles(source: Buffer, to: PhotoTarget): Promise<PhotoOutcome> {
  const { default: sharp } = await loadSharp();
  let meta: Metadata;
  try {
    // Only the header is read here, so the pixel limit is checked below with the photo's own numbers in the reason.
    meta = await sharp(source, { limitInputPixels: false, failOn: "error" }).metadata();
  } catch {
    return { kind: "refused", reason: "it is not an image" };
  }
  if (!ACCEPTED_FORMATS.has(meta.format ?? "")) {
    return {
      kind: "refused",
      reason: `it is ${meta.format === "svg" ? "an SVG document" : `a ${meta.format} file`}, not a photo`,
    };
  }
  const { width, height } = meta.autoOrient ?? meta;
  if (!width || !height) return { kind: "refused", reason: "it has no size" };
  if (width * height > MAX_PHOTO_PIXELS) {
    return {
      kind: "refused",
      reason: `it is ${width} × ${height} pixels, more than ${MAX_PHOTO_PIXELS / 1_000_000} million`,
    };
  }
  const name = createHash("sha256").update(PIPELINE_VERSION).update(source).digest("hex").slice(0, 32);
  const widths = PHOTO_WIDTHS.filter((w, i) => i === 0 || w <= width);
  const widest = widths.at(-1) ?? PHOTO_WIDTHS[0];
  const ready: PhotoOutcome = { kind: "ready", name, width: widest };
  const made = encodedFiles(sharp, source, name, widths, widest);
  if (typeof to === "string") {
    const files: [string, Buffer][] = [];
    try {
      for await (const file of made) files.push(file);
    } catch {
      return UNREADABLE_PIXELS;
    }
    // A failure to write (a full disk) is ours, not the photo's: it throws, and the job tries the photo again later.
    await writeFiles(to, files);
    return ready;
  }
  // The object store takes each file as soon as it is made, smallest first: a store that is down or refuses costs
  // this photo one small encode rather than seven, on every attempt of its backoff (ADR 441). Its refusal is a failed
  // attempt with its reason.
  const store = await import("./photo-store.server");
  const sent: string[] = [];
  for (;;) {
    let next: IteratorResult<[string, Buffer]>;
    try {
      next = await made.next();
    } catch {
      // Not seen in practice (making the first file reads the whole source), but leave no refused photo's files behind.
      await store.deletePhotoObjects(to, sent).catch(() => {});
      return UNREADABLE_PIXELS;
    }
    if (next.done) return ready;
    const [fileName, data] = next.value;
    try {
      await store.putPhotoObject(to, fileName, data);
    } catch (error) {
      await made.return(undefined);
      return { kind: "failed", reason: store.storeFailure(error) };
    }
    sent.push(fileName);
  }
}

const UNREADABLE_PIXELS: PhotoOutcome = {
  kind: "refused",
  reason: "its pixels cannot be read (a broken or truncated file)",
};

/**
 * A photo's files in the order they are made: each width from the smallest, AVIF then WebP, and the feed JPEG at the
 * widest. Throws when the pixels do not decode (a truncated or corrupt file whose header read well).
 */
async function* encodedFiles(
  sharp: typeof import("sharp").default,
  source: Buffer,
  name: string,
  widths: readonly number[],
  widest: number,
): AsyncGenerator<[string, Buffer]> {
  for (const w of widths) {
    const frame = sharp(source, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" })
      .autoOrient()
      .resize(w, photoHeight(w), { fit: "cover" });
    for (const format of PHOTO_FORMATS) {
      // AVIF at effort 1: about half the CPU of effort 2 for files of the same size, 0.06–0.36 dB lower PSNR (ADR 449).
      const encoded =
        format === "avif" ? frame.clone().avif({ quality: 50, effort: 1 }) : frame.clone().webp({ quality: 76 });
      yield [`${name}-${w}.${format}`, await encoded.toBuffer()];
    }
    if (w === widest) yield [`${name}-${w}.jpg`, await asFeedJpeg(frame.clone()).toBuffer()];
  }
}

/**
 * The ad feeds' rendition (ADR 407): Google's vehicle ads take GIF, JPEG, PNG, BMP or TIFF and Meta's catalog JPEG or
 * PNG, neither AVIF nor WebP. One JPEG at the widest width made (1440 × 810 for most photos: above Google's
 * recommended 800 × 600 and Meta's 1080 wide), a transparent PNG's background made white.
 */
function asFeedJpeg(frame: import("sharp").Sharp): import("sharp").Sharp {
  return frame.flatten({ background: "#ffffff" }).jpeg({ quality: 82 });
}

async function writeFiles(dir: string, files: readonly [string, Buffer][]) {
  await mkdir(dir, { recursive: true });
  for (const [fileName, data] of files) {
    const file = join(dir, fileName);
    // Unique per write: two photos of the same bytes (two addresses, one file) are made at once by two workers.
    const partial = `${file}.${randomUUID()}.part`;
    await writeFile(partial, data);
    await rename(partial, file);
  }
}

/**
 * The feed JPEG of a photo made before the feeds took the site's own photos (ADR 407), from its widest WebP already on
 * disk or in the object store: no second download. False when that file is missing, so the caller has the photo made
 * again; a store that does not answer throws. Run in the photo process (ADR 410), asked through
 * `PhotoProcess.addFeedJpeg`.
 */
export async function addFeedJpeg(to: PhotoTarget, name: string, width: number): Promise<boolean> {
  const { default: sharp } = await loadSharp();
  const webpName = `${name}-${width}.webp`;
  const jpegName = `${name}-${width}.jpg`;
  if (typeof to !== "string") {
    const store = await import("./photo-store.server");
    const webp = await store.getPhotoObject(to, webpName).catch((error: unknown) => {
      throw new Error(store.storeFailure(error));
    });
    if (!webp) return false;
    const jpeg = await asFeedJpeg(sharp(webp, { failOn: "error" })).toBuffer();
    await store.putPhotoObject(to, jpegName, jpeg).catch((error: unknown) => {
      throw new Error(store.storeFailure(error));
    });
    return true;
  }
  let webp: Buffer;
  try {
    webp = await readFile(join(to, webpName));
  } catch {
    return false;
  }
  await writeFiles(to, [[jpegName, await asFeedJpeg(sharp(webp, { failOn: "error" })).toBuffer()]]);
  return true;
}

/** The names of every file a photo named `name` can have. */
const photoFileNames = (name: string) =>
  PHOTO_WIDTHS.flatMap((w) => [...PHOTO_FORMATS, "jpg"].map((format) => `${name}-${w}.${format}`));

/**
 * Every file a photo named `name` can have; one already gone is no error. On disk here; in the object store through
 * the photo process (`PhotoProcess.deletePhotos`), which calls this there, so the site never loads the SDK.
 */
export async function deletePhotoFiles(to: PhotoTarget, name: string): Promise<void> {
  const names = photoFileNames(name);
  if (typeof to !== "string") {
    const store = await import("./photo-store.server");
    await store.deletePhotoObjects(to, names);
    return;
  }
  await Promise.all(names.map((file) => rm(join(to, file), { force: true })));
}
