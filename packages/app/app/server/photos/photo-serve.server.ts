import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { PHOTO_WIDTHS } from "../../components/vehicle/photo-sources";
import { photosDir } from "./photo-files.server";

const NAME = new RegExp(`^[0-9a-f]{32}-(?:${PHOTO_WIDTHS.join("|")})\\.(avif|webp|jpg)$`);
const notFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });

/**
 * The response for one photo file. The name is matched whole against the only shapes the job writes (hex hash, a
 * standard width, a format: AVIF and WebP for pages, JPEG for the ad feeds), so no path separator or `..` can reach
 * the disk; the name is the content, so the answer is immutable.
 */
export async function photoFile(dataDir: string, name: string | undefined): Promise<Response> {
  const format = name ? NAME.exec(name)?.[1] : undefined;
  if (!name || !format) return notFound();
  try {
    const body = await readFile(join(photosDir(dataDir), name));
    return new Response(body, {
      headers: {
        "Content-Type": format === "jpg" ? "image/jpeg" : `image/${format}`,
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch {
    return notFound();
  }
}
