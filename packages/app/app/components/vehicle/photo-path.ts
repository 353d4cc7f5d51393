/**
 * Where the site serves the files it made itself (DATA_DIR/media/photos); an object store's public URL replaces it.
 * A module without React: the photo process (build/photo-maker.mjs) names its files from it and never loads React.
 */
export const PHOTO_PATH = "/media/photos";
