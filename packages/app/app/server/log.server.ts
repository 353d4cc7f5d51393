/**
 * Error logging that never carries personal data (ADR 191). A database error's message, detail, query and parameters
 * can each hold what a shopper typed (PostgreSQL quotes the offending value; drizzle prints the parameters), so a
 * database error is logged by its SQLSTATE and the names of the table, column and constraint only. Other errors keep
 * their name, message and stack, which our code writes without values. Request bodies are never logged.
 */

import { formatWithOptions } from "node:util";

const SQLSTATE = /^[0-9A-Z]{5}$/;
const NAME = /^[A-Za-z_][A-Za-z0-9_$.]{0,62}$/;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  code?: unknown;
  severity?: unknown;
  query?: unknown;
  params?: unknown;
  table?: unknown;
  table_name?: unknown;
  column?: unknown;
  column_name?: unknown;
  constraint?: unknown;
  constraint_name?: unknown;
}

const DATABASE_ERROR_NAMES = new Set(["DrizzleQueryError", "PostgresError", "DatabaseError"]);

function isDatabaseError(error: ErrorLike): boolean {
  return (
    DATABASE_ERROR_NAMES.has(String(error.name)) ||
    "query" in error ||
    "params" in error ||
    (typeof error.code === "string" && SQLSTATE.test(error.code) && ("severity" in error || "routine" in error))
  );
}

/** The chain of causes, outermost first, stopping at cycles and after a few links. */
function chain(error: unknown): ErrorLike[] {
  const links: ErrorLike[] = [];
  let current: unknown = error;
  while (typeof current === "object" && current !== null && links.length < 5 && !links.includes(current as ErrorLike)) {
    links.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return links;
}

function safeName(value: unknown): string | null {
  return typeof value === "string" && NAME.test(value) ? value : null;
}

/** A database error as a line that names what failed and nothing that was in it. */
function describeDatabaseError(links: readonly ErrorLike[]): string {
  const pick = (read: (link: ErrorLike) => unknown) => links.map(read).map(safeName).find(Boolean) ?? null;
  const code = links.map((l) => l.code).find((c): c is string => typeof c === "string" && SQLSTATE.test(c));
  const parts = [
    `database error${code ? ` ${code}` : ""}`,
    pick((l) => l.table ?? l.table_name) && `table ${pick((l) => l.table ?? l.table_name)}`,
    pick((l) => l.column ?? l.column_name) && `column ${pick((l) => l.column ?? l.column_name)}`,
    pick((l) => l.constraint ?? l.constraint_name) && `constraint ${pick((l) => l.constraint ?? l.constraint_name)}`,
  ].filter(Boolean);
  return `${parts.join(", ")} (message and values withheld)`;
}

/** An error as one log entry without personal data; see the module comment. */
export function describeError(error: unknown): string {
  const links = chain(error);
  if (links.length === 0) return `non-error value thrown (${typeof error})`;
  if (links.some(isDatabaseError)) return describeDatabaseError(links);
  const [outer] = links;
  const stack = typeof outer?.stack === "string" ? outer.stack : `${String(outer?.name)}: ${String(outer?.message)}`;
  const causes = links
    .slice(1)
    .map((cause) => `caused by ${String(cause.name ?? "Error")}: ${String(cause.message ?? "")}`)
    .join("\n");
  return causes ? `${stack}\n${causes}` : stack;
}

/** Logs `error` under `where` (what was being done) without any value it carried. */
export function logError(where: string, error: unknown): void {
  if (format === "json") writeJsonLine(process.stderr, "error", where, { error: describeError(error) });
  else console.error(`${where}: ${describeError(error)}`);
}

export type LogFormat = "text" | "json";
type JsonLevel = "debug" | "info" | "warn" | "error";
let format: LogFormat = "text";

/**
 * One log entry as one line of JSON: `level`, `time` (ISO 8601, UTC) and `message`, then `extra`. JSON escapes the
 * newlines of a stack trace, so an entry never spans lines. It carries exactly what the text line would.
 */
export function jsonLogLine(
  level: JsonLevel,
  message: string,
  extra: Record<string, string> = {},
  time: Date = new Date(),
): string {
  return JSON.stringify({ ...extra, level, time: time.toISOString(), message });
}

function writeJsonLine(
  stream: NodeJS.WritableStream,
  level: JsonLevel,
  message: string,
  extra?: Record<string, string>,
): void {
  stream.write(`${jsonLogLine(level, message, extra)}\n`);
}

/** The console as Node made it, to put back when the format returns to text. */
const plainConsole = {
  debug: console.debug,
  log: console.log,
  info: console.info,
  warn: console.warn,
  error: console.error,
};

/**
 * How the process prints (LOG_FORMAT, set when the server starts). `json` also replaces the console's printing
 * methods, so what libraries and our own modules print with `console.*` becomes one JSON object a line as well, on
 * the same stream the console would have used (ADR 309).
 */
export function setLogFormat(next: LogFormat): void {
  const was = format;
  format = next;
  if (next === "text") {
    // Only undo what JSON put there: a console that was never replaced (or was wrapped since, by a test's spy or
    // another tool) is left as it is.
    if (was === "json") Object.assign(console, plainConsole);
    return;
  }
  const to =
    (stream: NodeJS.WritableStream, level: JsonLevel) =>
    (...args: unknown[]) =>
      writeJsonLine(stream, level, formatWithOptions({ colors: false }, ...args));
  Object.assign(console, {
    debug: to(process.stdout, "debug"),
    log: to(process.stdout, "info"),
    info: to(process.stdout, "info"),
    warn: to(process.stderr, "warn"),
    error: to(process.stderr, "error"),
  });
}

export type LogLevel = "info" | "warn" | "error";
const RANK: Record<LogLevel, number> = { info: 0, warn: 1, error: 2 };
let threshold: LogLevel = "info";

/** The level the process prints from (LOG_LEVEL, set when the server starts). Errors always print. */
export function setLogLevel(level: LogLevel): void {
  threshold = level;
}

/** A routine line (a delivery, an import, a reload): printed unless LOG_LEVEL is warn or error. */
export function logInfo(line: string): void {
  if (RANK[threshold] <= RANK.info) console.info(line);
}

/** Something an operator should look at, printed unless LOG_LEVEL is error. */
export function logWarn(line: string): void {
  if (RANK[threshold] <= RANK.warn) console.warn(line);
}
