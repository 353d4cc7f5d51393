// The photo job's settings (ADRs 405, 424): the hosts photos may come from, and the object store they may go to, read
// by the server's configuration schema (config.server.ts); what the job and the pages take from them.
import { z } from "zod";
import { PHOTO_PATH } from "../../components/vehicle/photo-path";
import type { Config } from "../config.server";
import { parseAllowance } from "./photo-address.server";
import type { PhotoStore } from "./photo-store";

/** `PHOTO_FETCH_ALLOW`: a comma-separated list, each entry read by {@link parseAllowance} when the server starts. */
export const photoFetchAllowSchema = z
  .string()
  .max(4000)
  .transform((v) =>
    v
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ""),
  )
  .superRefine((entries, ctx) => {
    try {
      parseAllowance(entries);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: `${(error as Error).message} (PHOTO_FETCH_ALLOW is comma-separated)` });
    }
  });

/**
 * `PHOTO_STORE`: `s3://bucket` or `s3://bucket/folder` (ADR 424). The bucket by S3's naming rules; the folder of
 * S3's safe characters, without empty or `..` segments, kept ending in `/` so keys are `{folder}/{file}`.
 */
export const photoStoreSchema = z
  .string()
  .max(600)
  .regex(/^s3:\/\//, "must be s3://bucket or s3://bucket/folder")
  .transform((v) => {
    const [bucket = "", ...folder] = v.slice("s3://".length).replace(/\/+$/, "").split("/");
    return { bucket, prefix: folder.length > 0 ? `${folder.join("/")}/` : "" };
  })
  .refine((v) => /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v.bucket) && !v.bucket.includes(".."), {
    message: "must name a bucket of 3 to 63 lowercase letters, digits, dots and hyphens (s3://bucket/folder)",
  })
  .refine(
    (v) =>
      v.prefix === "" ||
      (/^[A-Za-z0-9!_.*'()/-]+$/.test(v.prefix) &&
        v.prefix.length <= 512 &&
        v.prefix
          .slice(0, -1)
          .split("/")
          .every((segment) => segment !== "" && segment !== "." && segment !== "..")),
    { message: "must have a folder of letters, digits and ! _ . * ' ( ) - separated by single slashes, without .." },
  );

/**
 * `PHOTO_PUBLIC_URL`: where browsers and the ad platforms fetch the store's files, a CDN or the bucket's public address,
 * without a trailing slash. https, except on this machine (a local MinIO while developing), since the site is served
 * over https and a page would not load an http picture.
 */
export const photoPublicUrlSchema = z
  .url("must be a URL")
  .max(500)
  .refine((v) => {
    const url = new URL(v);
    const local = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
    return url.protocol === "https:" || (url.protocol === "http:" && local);
  }, "must start with https:// (http:// only for localhost or 127.0.0.1)")
  .refine((v) => {
    const url = new URL(v);
    return !url.search && !url.hash && !url.username && !url.password;
  }, "must have no query, fragment or credentials")
  .transform((v) => v.replace(/\/+$/, ""));

/** The settings' combinations: a store needs its public URL and a region, credentials come in pairs, and the store's
 * other settings mean nothing without it. */
export function photoStoreIssues(
  config: Pick<
    Config,
    | "PHOTO_STORE"
    | "PHOTO_STORE_ENDPOINT"
    | "PHOTO_STORE_REGION"
    | "PHOTO_PUBLIC_URL"
    | "AWS_REGION"
    | "AWS_ACCESS_KEY_ID"
    | "AWS_SECRET_ACCESS_KEY"
  >,
  ctx: z.RefinementCtx,
): void {
  if (config.PHOTO_STORE) {
    if (!config.PHOTO_PUBLIC_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["PHOTO_PUBLIC_URL"],
        message:
          "is required when PHOTO_STORE is set: the https address pages link the photos at (a CDN or the bucket's public URL)",
      });
    }
    if (!config.PHOTO_STORE_ENDPOINT && !config.PHOTO_STORE_REGION && !config.AWS_REGION) {
      ctx.addIssue({
        code: "custom",
        path: ["PHOTO_STORE_REGION"],
        message:
          "is required for a bucket on AWS (no PHOTO_STORE_ENDPOINT): its region, like us-east-1 (or AWS_REGION)",
      });
    }
    if (!config.PHOTO_STORE_REGION && config.AWS_REGION && !/^[a-z0-9-]{2,32}$/.test(config.AWS_REGION)) {
      ctx.addIssue({ code: "custom", path: ["AWS_REGION"], message: "must be a region name like us-east-1" });
    }
    if (Boolean(config.AWS_ACCESS_KEY_ID) !== Boolean(config.AWS_SECRET_ACCESS_KEY)) {
      const missing = config.AWS_ACCESS_KEY_ID ? "AWS_SECRET_ACCESS_KEY" : "AWS_ACCESS_KEY_ID";
      const other = config.AWS_ACCESS_KEY_ID ? "AWS_ACCESS_KEY_ID" : "AWS_SECRET_ACCESS_KEY";
      ctx.addIssue({ code: "custom", path: [missing], message: `is required when ${other} is set (PHOTO_STORE)` });
    }
  } else {
    for (const name of ["PHOTO_STORE_ENDPOINT", "PHOTO_STORE_REGION", "PHOTO_PUBLIC_URL"] as const) {
      if (config[name]) ctx.addIssue({ code: "custom", path: [name], message: "is set but PHOTO_STORE is not" });
    }
  }
}

/** The object store the photo job writes to (ADR 424), or null: the files stay in DATA_DIR/media/photos. */
export function photoStoreOf(config: Config): PhotoStore | null {
  if (!config.PHOTO_STORE) return null;
  return {
    ...config.PHOTO_STORE,
    endpoint: config.PHOTO_STORE_ENDPOINT,
    region: config.PHOTO_STORE_REGION ?? config.AWS_REGION ?? "us-east-1",
    pathStyle: config.PHOTO_STORE_PATH_STYLE,
    credentials:
      config.AWS_ACCESS_KEY_ID && config.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: config.AWS_ACCESS_KEY_ID,
            secretAccessKey: config.AWS_SECRET_ACCESS_KEY,
            sessionToken: config.AWS_SESSION_TOKEN,
          }
        : undefined,
  };
}

/** Where pages and ad feeds link a photo's files: the store's public URL, or the site's own `/media/photos`. */
export function photoBaseOf(config: Pick<Config, "PHOTO_STORE" | "PHOTO_PUBLIC_URL">): string {
  return config.PHOTO_STORE && config.PHOTO_PUBLIC_URL ? config.PHOTO_PUBLIC_URL : PHOTO_PATH;
}
