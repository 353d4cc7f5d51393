import { PHOTO_PATH } from "./photo-path";
// A processed feed photo as the pages name it (ADR 380): `{name}-{width}`, the content hash its files are named by and
// the widest width made. Shared by the server, which stores it, and the components, which write `srcset` from it.

/** The widths the pages use: a card (about 400 px wide), the gallery on a phone or beside the price, and a wide screen. */
export const PHOTO_WIDTHS = [480, 960, 1440] as const;
/** Best first, as `<source>` elements are tried in order; WebP is also the `<img>`'s own `src`. */
export const PHOTO_FORMATS = ["avif", "webp"] as const;

/** Every photo is cropped to the 16:9 frame the gallery shows it in. */
export const photoHeight = (width: number) => Math.round((width * 9) / 16);

const KEY = /^([0-9a-f]{32})-(\d{3,4})$/;

export interface PhotoSources {
  /** The largest WebP file: the `<img>`'s `src`, and what `og:image` and JSON-LD name. */
  src: string;
  srcSet: Record<(typeof PHOTO_FORMATS)[number], string>;
  width: number;
  height: number;
}

/**
 * The files of a photo key, or null for anything that is not one. `base` is where the files are: the site's own
 * `/media/photos`, or the object store's public URL when one is configured (ADR 424).
 */
export function photoSources(key: string, base: string = PHOTO_PATH): PhotoSources | null {
  const found = KEY.exec(key);
  if (!found) return null;
  const [, name, widest] = found;
  const max = Number(widest);
  const widths = PHOTO_WIDTHS.filter((w, i) => i === 0 || w <= max);
  const width = widths.at(-1) ?? PHOTO_WIDTHS[0];
  const file = (w: number, format: string) => `${base}/${name}-${w}.${format}`;
  const set = (format: string) => widths.map((w) => `${file(w, format)} ${w}w`).join(", ");
  return {
    src: file(width, "webp"),
    srcSet: { avif: set("avif"), webp: set("webp") },
    width,
    height: photoHeight(width),
  };
}
