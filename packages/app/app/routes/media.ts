import { readFile, stat } from "node:fs/promises";
import { mediaFilePath } from "../content/fixtures-root.server";
import type { Route } from "./+types/media";

const TYPES: Readonly<Record<string, string>> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

/** The fixture pictures (`/media/{area}/…`, ADR 072), cached a day: their names are not content-hashed. */
export async function loader({ request }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname;
  const file = mediaFilePath(pathname);
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  try {
    const info = await stat(file);
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const headers = {
      "Content-Type": TYPES[file.slice(file.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream",
      "Cache-Control": "public, max-age=86400",
      ETag: etag,
    };
    if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
    return new Response(await readFile(file), { headers });
  } catch {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  }
}
