import { servicesContext } from "../context";
import { photoFile } from "../server/photos/photo-serve.server";
import type { Route } from "./+types/media-photo";

/**
 * `/media/photos/{hash}-{width}.{avif|webp|jpg}`: a feed photo the server made (ADR 380; the JPEG is the ad feeds',
 * ADR 407). Its name is its content's hash, so it is cached for a year and never revalidated; any other name is a 404
 * without touching the disk.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  return photoFile(config.DATA_DIR, params.file);
}
