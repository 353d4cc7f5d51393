// The object store's side of the photo files (ADR 424), run in the photo process only (ADR 410): the site never loads
// the AWS SDK, whose modules and sockets would stay in its memory for the rare upload. The SDK is imported on the
// first request that needs it, so a site on local disk never loads it at all.
import type { S3Client } from "@aws-sdk/client-s3";
import { PHOTO_CACHE_CONTROL, type PhotoStore, photoContentType, STORE_FAILED } from "./photo-store";

type Sdk = typeof import("@aws-sdk/client-s3");

let sdk: Promise<Sdk> | undefined;
const clients = new Map<string, S3Client>();

/** One client per store (the settings do not change while the process lives), its sockets kept between files. */
async function clientOf(store: PhotoStore): Promise<{ client: S3Client; s3: Sdk }> {
  sdk ??= import("@aws-sdk/client-s3");
  const s3 = await sdk;
  const key = JSON.stringify(store);
  let client = clients.get(key);
  if (!client) {
    client = new s3.S3Client({
      region: store.region,
      ...(store.endpoint ? { endpoint: store.endpoint } : {}),
      forcePathStyle: store.pathStyle,
      ...(store.credentials ? { credentials: store.credentials } : {}),
      // The SDK's default since 2025 adds a CRC32 checksum to every PUT, which several S3-compatible stores refuse
      // or mishandle; the files are small and whole, and TLS already guards them in transit.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // A store that does not answer fails the photo in seconds (it is retried on its backoff), never holds a worker.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      maxAttempts: 3,
    });
    clients.set(key, client);
  }
  return { client, s3 };
}

/** PUTs one file with its Content-Type and a year's immutable Cache-Control; throws what the store answered. */
export async function putPhotoObject(store: PhotoStore, fileName: string, body: Buffer): Promise<void> {
  const { client, s3 } = await clientOf(store);
  await client.send(
    new s3.PutObjectCommand({
      Bucket: store.bucket,
      Key: `${store.prefix}${fileName}`,
      Body: body,
      ContentType: photoContentType(fileName),
      CacheControl: PHOTO_CACHE_CONTROL,
    }),
  );
}

/** One file's bytes, or null when the store has no such object; any other failure throws. */
export async function getPhotoObject(store: PhotoStore, fileName: string): Promise<Buffer | null> {
  const { client, s3 } = await clientOf(store);
  try {
    const got = await client.send(new s3.GetObjectCommand({ Bucket: store.bucket, Key: `${store.prefix}${fileName}` }));
    return got.Body ? Buffer.from(await got.Body.transformToByteArray()) : null;
  } catch (error) {
    if (
      error instanceof s3.NoSuchKey ||
      (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
    ) {
      return null;
    }
    throw error;
  }
}

/**
 * Deletes the objects named, one DELETE each: S3 answers 204 for a key that is already gone, and DeleteObjects would
 * need a Content-MD5 or checksum header that not every S3-compatible store takes.
 */
export async function deletePhotoObjects(store: PhotoStore, fileNames: readonly string[]): Promise<void> {
  const { client, s3 } = await clientOf(store);
  for (const fileName of fileNames) {
    await client.send(new s3.DeleteObjectCommand({ Bucket: store.bucket, Key: `${store.prefix}${fileName}` }));
  }
}

/** What a failed store request says in the photo's reason: the store's error name and status, never credentials. */
export function storeFailure(error: unknown): string {
  const e = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  return `${STORE_FAILED} (${e.code ?? e.name ?? String(error)}${status ? ` ${status}` : ""})`;
}
