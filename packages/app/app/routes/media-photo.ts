import { servicesContext } from "../context";
import { photoFile, photoRedirect } from "../server/photos/photo-serve.server";
import { photoBaseOf } from "../server/photos/photo-settings.server";
import type { Route } from "./+types/media-photo";

/**
 * `/media/photos/{hash}-{width}.{avif|webp|jpg}`: a feed photo the server made (ADR 380; the JPEG is the ad feeds',
 * ADR 407). Its name is its content's hash, so it is cached for a year and never revalidated; any other name is a 404
 * without touching the disk. With an object store the files are not here: a 301 to the store's public URL (ADR 425).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  if (config.PHOTO_STORE) return photoRedirect(photoBaseOf(config), params.file);
  return photoFile(config.DATA_DIR, params.file);
}
