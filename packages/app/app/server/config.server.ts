import { z } from "zod";

/**
 * The server's configuration, parsed from the environment once at boot so a bad value stops the start with a
 * message naming it, instead of failing at the first request.
 */
const configSchema = z.object({
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
  /** POSTs allowed per IP per minute before 429. */
  RATE_LIMIT_POSTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** How often the in-process relay looks for outbox rows, in milliseconds. */
  RELAY_INTERVAL_MS: z.coerce.number().int().min(50).default(2000),
  /** Proxies in front of us whose X-Forwarded-For we trust (Express "trust proxy"). */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
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
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses `env` (default `process.env`); throws a {@link ConfigError} naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(configSchema.shape).flatMap((key) =>
      env[key] === undefined || env[key] === "" ? [] : [[key, env[key]]],
    ),
  );
  const result = configSchema.safeParse(known);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}
