/**
 * Where the site serves the files it made itself (DATA_DIR/media/photos); an object store's public URL replaces it.
 * A module without React: `photo-sources.ts`, which the photo process's bundle (build/photo-maker.mjs) includes, takes
 * it from here, and taking it from `photo-base.ts` made that process load React (ADR 443).
 */
export const PHOTO_PATH = "/media/photos";
