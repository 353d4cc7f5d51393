// Where a photo's files go (ADR 424): a folder (`DATA_DIR/media/photos`) or an S3-compatible bucket. Plain data, so the
// site hands it to the photo process with each request; the SDK itself loads only there (photo-store.server.ts).

/** An S3-compatible bucket the photo files are PUT to, as `{prefix}{name}-{width}.{avif|webp|jpg}`. */
export interface PhotoStore {
  bucket: string;
  /** Empty, or a folder of the bucket ending in `/`. */
  prefix: string;
  /** MinIO, R2, Spaces…; absent, AWS's own endpoint for the region. */
  endpoint?: string | undefined;
  region: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`, for stores without bucket subdomains. */
  pathStyle: boolean;
  /** From `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY` when set; absent, the SDK's default chain (profile, IMDS, ECS…). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined } | undefined;
}

/** A folder on this host's disk, or the object store. */
export type PhotoTarget = string | PhotoStore;

/** A file's name is its content's hash (ADR 380): it never changes, so every cache may keep it a year. */
export const PHOTO_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** The Content-Type of a photo file by its extension: AVIF and WebP for pages, JPEG for the ad feeds (ADR 407). */
export function photoContentType(fileName: string): string {
  if (fileName.endsWith(".jpg")) return "image/jpeg";
  return fileName.endsWith(".avif") ? "image/avif" : "image/webp";
}

export function isPhotoTarget(value: unknown): value is PhotoTarget {
  if (typeof value === "string") return true;
  const store = value as Partial<PhotoStore> | null;
  return (
    typeof store === "object" &&
    store !== null &&
    typeof store.bucket === "string" &&
    typeof store.prefix === "string" &&
    typeof store.region === "string" &&
    typeof store.pathStyle === "boolean"
  );
}

/**
 * How a failed object store request begins its message, also when it crosses from the photo process as an error's
 * text: the store being down is no fault of the photo's files, so they are not made again for it.
 */
export const STORE_FAILED = "the photo store did not take its files";
