import { z } from "zod";
import {
  photoFetchAllowSchema,
  photoPublicUrlSchema,
  photoStoreIssues,
  photoStoreSchema,
} from "./photos/photo-settings.server";

/**
 * Which proxies' `X-Forwarded-For` to believe (Express "trust proxy"): a hop count, or better, the proxies' addresses
 * (`loopback`, `uniquelocal`, IPs and CIDRs, comma-separated), so a client that reaches the port directly cannot forge
 * its address. 0 trusts none.
 */
const PROXY_TOKEN = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/;
const trustProxySchema = z.union([
  z.string().regex(/^\d+$/).transform(Number),
  z
    .string()
    .refine((v) => v.split(",").every((token) => PROXY_TOKEN.test(token.trim())), {
      message: "must be a number of hops or a comma-separated list of loopback, linklocal, uniquelocal, IPs or CIDRs",
    })
    .transform((v) =>
      v
        .split(",")
        .map((token) => token.trim())
        .join(", "),
    ),
]);

/** A master key: base64 of exactly 32 bytes (`openssl rand -base64 32`). */
const base64Key = z
  .string()
  .trim()
  .refine((v) => /^[A-Za-z0-9+/]{43}=$/.test(v) && Buffer.from(v, "base64").length === 32, {
    message: "must be 32 bytes in base64 (openssl rand -base64 32)",
  });

/** A store's inventory feed: `https://…` (user and password in the URL are sent as Basic authorization). */
const feedUrl = z
  .url("must be a URL")
  .refine((v) => /^https?:\/\//.test(v), "must start with https:// or http://")
  .refine((v) => v.length <= 2000, "must be at most 2000 characters");

/**
 * `FEED_URL_<STORE ID>` variables, gathered by {@link loadConfig}: the store id is the variable's tail in lower case
 * with `_` for `-` (`FEED_URL_ST_PETERS` pulls into store `st-peters`).
 */
const feedUrlsSchema = z.record(z.string().regex(/^FEED_URL_[A-Z0-9_]+$/), feedUrl).transform((byName) =>
  Object.entries(byName).map(([name, url]) => ({
    storeId: name.slice("FEED_URL_".length).toLowerCase().replaceAll("_", "-"),
    url,
  })),
);

/**
 * The server's configuration, parsed from the environment once at boot so a bad value stops the start with a
 * message naming it, instead of failing at the first request.
 */
const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    /** Embedded database and local mail spool live here unless DATABASE_URL / SMTP_URL say otherwise. */
    DATA_DIR: z.string().min(1).default("./data"),
    /** `postgres://…` switches from the embedded database to PostgreSQL; `memory://` keeps PGlite in memory. */
    DATABASE_URL: z
      .string()
      .refine((v) => /^(postgres(ql)?:\/\/|memory:\/\/)/.test(v), "must start with postgres:// or memory://")
      .optional(),
    /**
     * A PGlite data directory as a tarball (`dumpDataDir`) that `memory://` starts from instead of running initdb:
     * about 0.5 s instead of 2 to 3 s, for test suites and demos that start many servers. Migrations still apply.
     */
    MEMORY_DATABASE_TEMPLATE: z.string().min(1).optional(),
    /** `smtp://user:pass@host:port` or `smtps://…`; without it lead emails are written as .eml files. */
    SMTP_URL: z
      .string()
      .refine((v) => /^smtps?:\/\//.test(v), "must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Showroom Leads <leads@showroom.example>"),
    /** Signs the visitor cookie. Required in production unless the data directory holds one (see secrets.server). */
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    /** The site's public origin; POSTs from any other origin are refused. */
    PUBLIC_ORIGIN: z.url().optional(),
    /** What the server prints: `info` (deliveries, imports, reloads), or only `warn`ings and `error`s (tests use it). */
    LOG_LEVEL: z.enum(["info", "warn", "error"]).default("info"),
    /** `json`: every line the server prints is one JSON object (level, time, message) for a log shipper (ADR 309). */
    LOG_FORMAT: z.enum(["text", "json"], { error: 'must be "text" or "json"' }).default("text"),
    /**
     * Opens `GET /metrics` (Prometheus text) to requests carrying `Authorization: Bearer <this>`; unset, /metrics is
     * the site's 404 (ADR 309).
     */
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{32,512}$/, "must be 32 to 512 printable characters without spaces (openssl rand -hex 32)")
      .optional(),
    /** POSTs allowed per IP per minute before 429. */
    RATE_LIMIT_POSTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    /** Staff desk sign-in POSTs (password or code) allowed per IP per minute, on top of the POST limit. */
    STAFF_SIGN_INS_PER_MINUTE: z.coerce.number().int().min(1).default(5),
    /** Days after last use that personal data is kept when the desk's retention setting was never changed. */
    RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(730),
    /** How often the in-process relay looks for outbox rows, in milliseconds. */
    RELAY_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
    /** Proxies in front of us whose X-Forwarded-For we trust (Express "trust proxy"). */
    TRUST_PROXY: trustProxySchema.default(0),
    /** A request whose headers have not all arrived within this is dropped (slow-header clients hold no socket). */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** A request whose body has not all arrived within this is dropped (slow-body clients hold no socket). */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /**
     * On SIGTERM, how long requests in flight may take to finish before their connections are cut, so the database
     * still closes before a container's stop timeout (Docker's is 10 s) ends the process (ADR 450).
     */
    STOP_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    /**
     * A folder of the analyst's offer rule files (what `showroom-rules check` reads); missing files take the package
     * defaults. Checked at start (a problem stops it) and reloaded on SIGHUP (a bad reload keeps the last good rules).
     */
    OFFER_RULES_DIR: z.string().min(1).optional(),
    /** A Black Book or KBB style valuation service (`https://…`); unset values vehicles with the demo book. */
    VALUATION_URL: z
      .url()
      .refine((v) => /^https?:\/\//.test(v), "must start with https:// or http://")
      .optional(),
    /** Sent as `Authorization: Bearer …` to VALUATION_URL. */
    VALUATION_API_KEY: z.string().min(1).optional(),
    /** How long one valuation request may take, in milliseconds (a retry gets as long again). */
    VALUATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
    /** "off" runs every visitor on the defaults: a kill switch for a bad experiment, and a steady site for tests. */
    EXPERIMENTS: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
    /** A remote experiments service answering experiments.json's shape; unset, the fixture's experiments run. */
    EXPERIMENTS_URL: z
      .url()
      .refine((v) => /^https?:\/\//.test(v), "must start with https:// or http://")
      .optional(),
    /** How long one experiments request may take, in milliseconds; past it the site runs on defaults. */
    EXPERIMENTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1500),
    /** The master key that wraps personal data at rest; unset, one is generated into DATA_DIR/keys (ADR 190). */
    DATA_KEY: base64Key.optional(),
    /** Older master keys, comma-separated, still readable while `npm run keys -- rotate` re-wraps their records. */
    DATA_KEYS_PREVIOUS: z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((k) => k.trim())
          .filter(Boolean),
      )
      .pipe(z.array(base64Key))
      .optional(),
    /**
     * A Twilio-compatible Messages endpoint with its credentials, e.g.
     * `https://ACSID:TOKEN@api.twilio.com/2010-04-01/Accounts/ACSID/Messages.json`; unset, texts are written to
     * DATA_DIR/sms/.
     */
    SMS_URL: z
      .url()
      .refine((v) => v.startsWith("https://") || v.startsWith("http://"), "must be an http(s) URL")
      .optional(),
    /** The number texts are sent from (E.164, e.g. +13145550100); required with SMS_URL. */
    SMS_FROM: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, "must be a phone number in E.164 form, like +13145550100")
      .optional(),
    /** Meta pixel id: with META_CAPI_TOKEN, tracked events go to Meta's Conversions API (else DATA_DIR/tracking). */
    META_PIXEL_ID: z
      .string()
      .regex(/^\d{5,20}$/, "must be the pixel's numeric id")
      .optional(),
    /** The Conversions API access token of META_PIXEL_ID. */
    META_CAPI_TOKEN: z.string().min(20, "must be a Conversions API access token").optional(),
    /** Where the Graph API answers (a test double); Meta's own by default. */
    META_CAPI_URL: z
      .url()
      .refine((v) => /^https?:\/\//.test(v), "must start with https:// or http://")
      .default("https://graph.facebook.com"),
    /** Google Analytics 4 measurement id (`G-…`): loads Google's tag with Consent Mode v2, denied by default. */
    GA_MEASUREMENT_ID: z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, "must look like G-XXXXXXXXXX")
      .optional(),
    /** Google Tag Manager container id (`GTM-…`), loaded under the same consent defaults. */
    GTM_ID: z
      .string()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, "must look like GTM-XXXXXXX")
      .optional(),
    /** Tracking events (`POST /api/track/facebook`) allowed per IP per minute, apart from the form POST budget. */
    TRACK_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
    /** Every store's inventory feed URL (`FEED_URL_<STORE ID>`), pulled at start and every FEED_PULL_MINUTES. */
    FEED_URLS: feedUrlsSchema.default([]),
    /** Minutes between two pulls of each store's feed (ADR 352). */
    FEED_PULL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    /** How long one feed request may take, in milliseconds (its one retry gets as long again). */
    FEED_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    /**
     * Feed photos this process fetches and resizes at once (ADR 380); 0 leaves them to other processes (or, in a test,
     * keeps the background work and its inventory-version bumps out of the run).
     */
    PHOTO_WORKERS: z.coerce.number().int().min(0).max(16).default(2),
    /**
     * Hosts (names, IP addresses or CIDR ranges, comma-separated) the photo fetcher may reach although they are not
     * public: by default a feed's photo on a loopback, private, link-local… address is never fetched (ADR 405).
     */
    PHOTO_FETCH_ALLOW: photoFetchAllowSchema.default([]),
    /**
     * An S3-compatible bucket (and folder) the feed photos' files go to instead of DATA_DIR/media/photos (ADR 424):
     * `s3://bucket` or `s3://bucket/folder`. Needs PHOTO_PUBLIC_URL.
     */
    PHOTO_STORE: photoStoreSchema.optional(),
    /** The store's endpoint (MinIO, R2, Spaces…); unset, AWS S3 in PHOTO_STORE_REGION. */
    PHOTO_STORE_ENDPOINT: z
      .url("must be a URL")
      .refine((v) => /^https?:\/\//.test(v), "must start with https:// or http://")
      .optional(),
    /** The bucket's region; unset, AWS_REGION, or `us-east-1` with an endpoint (most S3-compatible stores ignore it). */
    PHOTO_STORE_REGION: z
      .string()
      .regex(/^[a-z0-9-]{2,32}$/, "must be a region name like us-east-1 (or auto)")
      .optional(),
    /** The SDK's own region variable, read for PHOTO_STORE when PHOTO_STORE_REGION is unset. */
    AWS_REGION: z.string().optional(),
    /** `true`: `endpoint/bucket/key` addressing, for stores without bucket subdomains (MinIO, most self-hosted). */
    PHOTO_STORE_PATH_STYLE: z
      .enum(["true", "false"], { error: 'must be "true" or "false"' })
      .transform((v) => v === "true")
      .default(false),
    /** The https address the pages and ad feeds link the store's files at (a CDN or the bucket's public URL). */
    PHOTO_PUBLIC_URL: photoPublicUrlSchema.optional(),
    /**
     * The standard AWS credential variables, checked as a pair with PHOTO_STORE and handed to the photo process; unset,
     * the SDK's default chain finds credentials (a shared profile, web identity, ECS or the instance's role).
     */
    AWS_ACCESS_KEY_ID: z.string().max(4096).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().max(4096).optional(),
    AWS_SESSION_TOKEN: z.string().max(8192).optional(),
    /** A feed larger than this many bytes is refused, not read (the download stops at the limit). */
    FEED_MAX_BYTES: z.coerce.number().int().min(1024).max(1_000_000_000).default(50_000_000),
    /** A full feed that would mark more than this % of a store's cars in stock sold is held for an admin (ADR 354). */
    FEED_HOLD_PERCENT: z.coerce.number().int().min(0).max(100).default(30),
    /** Server processes sharing the port (start.mjs forks them); above 1, the secrets must be shared (ADR 308). */
    WEB_CONCURRENCY: z.coerce
      .number({ error: "must be a whole number from 1 to 64" })
      .int("must be a whole number from 1 to 64")
      .min(1, "must be a whole number from 1 to 64")
      .max(64, "must be a whole number from 1 to 64")
      .default(1),
  })
  .superRefine((config, ctx) => {
    if (config.SMS_URL && !config.SMS_FROM) {
      ctx.addIssue({ code: "custom", path: ["SMS_FROM"], message: "is required when SMS_URL is set" });
    }
    if (config.META_CAPI_TOKEN && !config.META_PIXEL_ID) {
      ctx.addIssue({ code: "custom", path: ["META_PIXEL_ID"], message: "is required when META_CAPI_TOKEN is set" });
    }
    photoStoreIssues(config, ctx);
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * The server's configuration: {@link loadConfig}, and on PostgreSQL or with WEB_CONCURRENCY > 1 the secrets every
 * process must share. Unset there, each process or host would make its own: one would seal applicants' data under a
 * key the others cannot read, and sign cookies the others refuse (ADR 308). Commands (import, keys, outbox) read
 * {@link loadConfig} and need neither.
 */
export function loadServerConfig(env: Record<string, string | undefined> = process.env): Config {
  const config = loadConfig(env);
  const shared = config.DATABASE_URL?.startsWith("postgres")
    ? "on PostgreSQL (DATABASE_URL=postgres://…)"
    : config.WEB_CONCURRENCY > 1
      ? `with WEB_CONCURRENCY=${config.WEB_CONCURRENCY}`
      : null;
  if (!shared) return config;
  const missing = [
    config.DATA_KEY
      ? null
      : `  DATA_KEY: must be set ${shared}: every process and host must seal personal data under the same key, or ` +
        "each would generate its own and the others could not read what it sealed (openssl rand -base64 32)",
    config.SESSION_SECRET
      ? null
      : `  SESSION_SECRET: must be set ${shared}: every process and host must sign visitor cookies with the same ` +
        "secret, or each would refuse the others' cookies (openssl rand -hex 32)",
  ].filter((line) => line !== null);
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.join("\n")}`);
  return config;
}

/** Parses `env` (default `process.env`); throws a {@link ConfigError} naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known: Record<string, unknown> = Object.fromEntries(
    Object.keys(configSchema.shape).flatMap((key) =>
      env[key] === undefined || env[key] === "" || key === "FEED_URLS" ? [] : [[key, env[key]]],
    ),
  );
  const feedUrls = Object.entries(env).filter(([key, value]) => key.startsWith("FEED_URL_") && value);
  if (feedUrls.length > 0) known.FEED_URLS = Object.fromEntries(feedUrls);
  const result = configSchema.safeParse(known);
  if (!result.success) {
    // A feed URL's issue names its own variable (FEED_URL_BRENTWOOD), not the record it was gathered into.
    const name = (path: PropertyKey[]) => (path[0] === "FEED_URLS" && path.length > 1 ? path.slice(1) : path).join(".");
    const lines = result.error.issues.map((issue) => `  ${name(issue.path)}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}
