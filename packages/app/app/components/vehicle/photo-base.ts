import { createContext } from "react";

/** Where the site serves the files it made itself (DATA_DIR/media/photos); an object store's public URL replaces it. */
export const PHOTO_PATH = "/media/photos";

/**
 * Where the photos' files are linked: the site's `/media/photos`, or the object store's public URL (ADR 424), given
 * once by the root from the server's configuration, so no card or gallery passes it along. A module of its own, so
 * the root's chunk takes the context and not the photo component.
 */
export const PhotoBase = createContext<string>(PHOTO_PATH);
