import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { PHOTO_WIDTHS } from "../../components/vehicle/photo-sources";
import { photosDir } from "./photo-files.server";
import { PHOTO_CACHE_CONTROL, photoContentType } from "./photo-store";

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
        "Content-Type": photoContentType(name),
        "Cache-Control": PHOTO_CACHE_CONTROL,
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch {
    return notFound();
  }
}

/**
 * With an object store (ADR 425) the site keeps no photo files: a name of the job's shape is sent on to the same file
 * at the store's public URL, permanently (the name is the content, and the store is where it lives now), so pages and
 * ad feeds fetched before the store was configured still show their photos. Anything else is the 404 it always was:
 * only a checked name is ever put after the public URL, so this redirects nowhere else.
 */
export function photoRedirect(publicUrl: string, name: string | undefined): Response {
  if (!name || !NAME.test(name)) return notFound();
  return new Response(null, {
    status: 301,
    headers: { Location: `${publicUrl}/${name}`, "Cache-Control": "public, max-age=86400" },
  });
}
