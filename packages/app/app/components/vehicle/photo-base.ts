import { createContext } from "react";
import { PHOTO_PATH } from "./photo-path";

/**
 * Where the photos' files are linked: the site's `/media/photos`, or the object store's public URL (ADR 424), given
 * once by the root from the server's configuration, so no card or gallery passes it along. A module of its own, so
 * the root's chunk takes the context and not the photo component.
 */
export const PhotoBase = createContext<string>(PHOTO_PATH);
