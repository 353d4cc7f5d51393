// Offer rules published to the site's database from the command line (ADR 341): `scripts/rules.ts` runs it with the
// process's streams; the tests run it in their own process against one open database (docs/decisions/322).
import { userInfo } from "node:os";
import { resolve } from "node:path";
import { formatRuleProblem, loadOfferRules } from "@showroom/rules/offer";
import { z } from "zod";
import type { RunningSite } from "../app/server/command-channel/running-site.server";
import { type Config, ConfigError, loadConfig } from "../app/server/config.server";
import type { Database } from "../app/server/db/client.server";
import { openDatabaseOrSite } from "../app/server/db/command.server";
import {
  listOfferRuleVersions,
  type PublishedVersion,
  type PublishResult,
  publishOfferRules,
  rollbackOfferRules,
} from "../app/server/sell/offer-rule-versions.server";
import type { Actor } from "../app/server/staff/audit.server";

const USAGE = `Usage:
  npm run rules -w packages/app -- publish <dir> --note "<what changed and why>" [--author <name>]
      Check the offer rule files in <dir> as showroom-rules check does and, when nothing is wrong, publish them as
      the newest version: every server of the site prices with it within 2 seconds.
  npm run rules -w packages/app -- rollback <version> [--note "<why>"] [--author <name>]
      Publish an earlier version again, as the newest.
  npm run rules -w packages/app -- versions
      The published versions, newest (the one in use) first.

Relative paths are read from the folder the command was typed in. The database is the site's: DATABASE_URL, else
the embedded one in DATA_DIR. init, check and simulate are the rules package's command:
  npm run cli -w packages/rules -- check <dir>

Exit codes: 0 done, 1 refused (the check found problems, or nothing to publish), 2 usage.`;

/** A note or an author as typed: one line, bounded, not blank. */
const line = (what: string, max: number) =>
  z
    .string({ error: `${what} is missing.` })
    .trim()
    .min(1, `${what} is empty.`)
    .max(max, `${what} is longer than ${max} characters.`)
    .refine((text) => !/[\r\n]/.test(text), `${what} must be one line.`);

const orderSchema = z.discriminatedUnion("command", [
  z.object({
    command: z.literal("publish"),
    dir: z.string({ error: "publish needs the folder of the rule files: publish <dir>." }).min(1),
    note: line("--note (what changed and why)", 500),
    author: line("--author", 200).optional(),
  }),
  z.object({
    command: z.literal("rollback"),
    version: z.coerce
      .number({ error: "rollback needs the version to go back to: rollback <version>." })
      .int("The version is a whole number, like 3.")
      .positive("The version is a whole number, like 3."),
    note: line("--note", 500).optional(),
    author: line("--author", 200).optional(),
  }),
  z.object({ command: z.literal("versions") }),
]);

type Order = z.infer<typeof orderSchema>;
type Parsed = { order: Order; error?: undefined } | { order?: undefined; error: string };

/** `[command, positional, --note x, --author y]` as an order; options may come anywhere after the command. */
function parseOrder(args: readonly string[]): Parsed {
  const [command, ...rest] = args;
  const options: Record<string, string | undefined> = {};
  const positionals: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    const option = /^--(note|author)(?:=(.*))?$/s.exec(arg);
    if (option) {
      options[option[1] as string] = option[2] ?? rest[++i];
    } else if (arg.startsWith("--")) {
      return { error: `Unknown option ${arg}.` };
    } else positionals.push(arg);
  }
  if (positionals.length > 1) return { error: `One ${command === "rollback" ? "version" : "folder"} at a time.` };
  const [first] = positionals;
  const parsed = orderSchema.safeParse({
    command,
    ...(command === "rollback" ? { version: first } : { dir: first }),
    ...options,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] !== "command");
    return { error: issue?.message ?? "" };
  }
  return { order: parsed.data };
}

/** Where the command reads and writes: the process's own streams from `scripts/rules.ts`, a recorder in tests. */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

/** The configuration, the database and the caller's folder a run uses (the tests open one database for many runs). */
export interface CommandContext {
  config(): Config;
  /** The database, or the running site that holds the embedded one and does the work for the command (ADR 385). */
  open(config: Config): Promise<Database | RunningSite | null>;
  /** The folder the command was typed in: npm's INIT_CWD (npm runs the script in packages/app), else the process's. */
  cwd(): string;
  /** Who runs the command, when --author does not say. */
  user(): string;
}

export const processContext: CommandContext = {
  config: () => loadConfig(),
  open: (config) => openDatabaseOrSite(config),
  cwd: () => process.env.INIT_CWD || process.cwd(),
  user: () => userInfo().username,
};

const when = (date: Date) =>
  date
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, " UTC");

/** One run of `npm run rules`: the exit code (0 done, 1 refused, 2 usage). */
export async function rulesCommand(
  args: readonly string[],
  io: CommandIo,
  context: CommandContext = processContext,
): Promise<number> {
  try {
    return await run(args, io, context);
  } catch (error) {
    io.err(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error));
    return 1;
  }
}

async function run(args: readonly string[], io: CommandIo, context: CommandContext): Promise<number> {
  const [command] = args;
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    io.out(USAGE);
    return command === undefined ? 2 : 0;
  }
  const parsed: Parsed = ["publish", "rollback", "versions"].includes(command)
    ? parseOrder(args)
    : { error: `Unknown command: ${command}.` };
  if (!parsed.order) {
    io.err(parsed.error ? `${parsed.error}\n\n${USAGE}` : USAGE);
    return 2;
  }
  const order = parsed.order;
  const actor: Actor = {
    accountId: null,
    email: ("author" in order && order.author) || context.user(),
    ip: null,
  };
  // The folder is checked before the database opens: a folder with problems costs nothing and holds nothing.
  const texts = order.command === "publish" ? await checkedFolder(resolve(context.cwd(), order.dir), io) : undefined;
  if (texts === null) return 1;
  const config = context.config();
  const database = await context.open(config);
  if (!database) return 1;
  try {
    if (database.kind === "running-site") return await throughSite(database, order, actor, texts, io);
    if (order.command === "versions") {
      printVersions(io, await listOfferRuleVersions(database.db));
      return 0;
    }
    const result =
      order.command === "publish" && texts
        ? await publishOfferRules(database.db, { texts, note: order.note, actor, from: order.dir })
        : order.command === "rollback"
          ? await rollbackOfferRules(database.db, { version: order.version, note: order.note, actor })
          : undefined;
    return result ? reportPublished(io, result, database.kind) : 2;
  } finally {
    await database.close();
  }
}

/** Dates come back from the running site as text. */
const withDate = <T extends { publishedAt: Date | string }>(row: T): T => ({
  ...row,
  publishedAt: new Date(row.publishedAt),
});

/** The order done by the running site that holds the embedded database, reported as if done here (ADR 385). */
async function throughSite(
  site: RunningSite,
  order: Order,
  actor: Actor,
  texts: ReadonlyMap<string, string> | undefined,
  io: CommandIo,
): Promise<number> {
  const body = JSON.stringify(
    order.command === "publish"
      ? {
          command: "publish",
          texts: Object.fromEntries(texts ?? []),
          note: order.note,
          author: actor.email,
          from: order.dir,
        }
      : order.command === "rollback"
        ? { command: "rollback", version: order.version, note: order.note, author: actor.email }
        : { command: "versions" },
  );
  const answer = await site.post<{ versions?: PublishedVersion[]; result?: PublishResult }>("/rules", body);
  if (answer.versions) {
    printVersions(io, answer.versions.map(withDate));
    return 0;
  }
  const result = answer.result;
  if (!result) throw new Error("The running site did not say what it did.");
  return reportPublished(io, result.ok ? { ok: true, published: withDate(result.published) } : result, "running-site");
}

/** The folder's rule files when they pass the check, else null with the check's problems printed. */
async function checkedFolder(dir: string, io: CommandIo): Promise<ReadonlyMap<string, string> | null> {
  const loaded = await loadOfferRules(dir);
  io.out(`Checking rule files in ${loaded.dir}`);
  if (!loaded.ok) {
    for (const problem of loaded.problems) io.err(formatRuleProblem(problem));
    const count = loaded.problems.length;
    io.err(`Nothing was published: check found ${count} problem${count === 1 ? "" : "s"}. Fix them and publish again.`);
    return null;
  }
  for (const name of loaded.report.checked) io.out(`  ok      ${name}`);
  const others = loaded.report.checked.filter((name) => !loaded.texts.has(name));
  if (others.length > 0) {
    io.out(`  (${others.join(", ")}: checked, but not offer rules; the site keeps reading these from the package)`);
  }
  return loaded.texts;
}

function reportPublished(io: CommandIo, result: PublishResult, kind: Database["kind"] | RunningSite["kind"]): number {
  if (!result.ok) {
    if (result.problems) {
      for (const problem of result.problems) io.err(formatRuleProblem(problem));
      io.err("Nothing was published: the version does not pass today's check.");
    } else io.err(result.reason);
    return 1;
  }
  const row = result.published;
  const what = row.rollbackOf === null ? "Published" : `Rolled back to version ${row.rollbackOf}: published`;
  io.out(`${what} version ${row.version} (${row.contentHash}) by ${row.author} at ${when(row.publishedAt)}.`);
  if (row.check.defaulted.length > 0) {
    io.out(`Package defaults apply to: ${row.check.defaulted.join(", ")}.`);
  }
  io.out(
    kind === "pglite"
      ? "The site prices with it from its next start (the embedded database is this command's while it runs)."
      : kind === "running-site"
        ? "The running site switches to it within 2 seconds (unless it was started with OFFER_RULES_DIR, which it keeps)."
        : "Every server of the site switches to it within 2 seconds (a server started with OFFER_RULES_DIR keeps its folder).",
  );
  return 0;
}

function printVersions(io: CommandIo, versions: readonly PublishedVersion[]): void {
  if (versions.length === 0) {
    io.out("No offer rules published yet: the site prices with the package's rules (or OFFER_RULES_DIR).");
    return;
  }
  for (const [i, v] of versions.entries()) {
    const rollback = v.rollbackOf === null ? "" : ` (rollback to ${v.rollbackOf})`;
    const inUse = i === 0 ? "  ← in use" : "";
    io.out(`${v.version}\t${when(v.publishedAt)}\t${v.author}\t${v.contentHash}\t${v.note}${rollback}${inUse}`);
  }
}
