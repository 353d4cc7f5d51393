// The staff desk's accounts from the command line (docs/decisions/220): `scripts/staff.ts` runs it with the process's
// streams; the tests run it in their own process against one open database (docs/decisions/322).
import { createInterface } from "node:readline";
import QRCode from "qrcode";
import { z } from "zod";
import { type Config, ConfigError, loadConfig } from "../app/server/config.server";
import { loadKeyring } from "../app/server/crypto/keyring.server";
import type { Database } from "../app/server/db/client.server";
import { openDatabaseForCommand } from "../app/server/db/command.server";
import { staffRoles } from "../app/server/db/schema.server";
import {
  AccountError,
  addAccount,
  disableAccount,
  type Enrollment,
  enableAccount,
  listAccounts,
  resetMfa,
  setRole,
  staffEmailSchema,
  staffRoleSchema,
} from "../app/server/staff/accounts.server";
import type { Actor } from "../app/server/staff/audit.server";

const USAGE = `Usage:
  npm run staff -w packages/app -- add <email> --role <${staffRoles.join("|")}>   password on standard input
  npm run staff -w packages/app -- list
  npm run staff -w packages/app -- disable <email>         refused for the last active admin
  npm run staff -w packages/app -- enable <email>          a disabled account may sign in again
  npm run staff -w packages/app -- reset-mfa <email>       a new authenticator enrollment
  npm run staff -w packages/app -- set-role <email> <role>  refused when it leaves no active admin`;

const commandSchema = z.discriminatedUnion("command", [
  z.object({ command: z.literal("add"), email: staffEmailSchema, role: staffRoleSchema }),
  z.object({ command: z.literal("list") }),
  z.object({ command: z.literal("disable"), email: staffEmailSchema }),
  z.object({ command: z.literal("enable"), email: staffEmailSchema }),
  z.object({ command: z.literal("reset-mfa"), email: staffEmailSchema }),
  z.object({ command: z.literal("set-role"), email: staffEmailSchema, role: staffRoleSchema }),
]);

function parseArgs(args: readonly string[]) {
  const [command, ...rest] = args;
  const roleAt = rest.indexOf("--role");
  const positional = rest.filter((_, i) => roleAt === -1 || (i !== roleAt && i !== roleAt + 1));
  const role = command === "set-role" ? positional[1] : roleAt === -1 ? undefined : rest[roleAt + 1];
  return commandSchema.safeParse({ command, email: positional[0], role });
}

/** The password: typed without echo at a terminal, else the first line of standard input. */
export async function readPasswordFromStdin(): Promise<string> {
  const input = process.stdin;
  if (input.isTTY) {
    process.stderr.write("Password (at least 12 characters, not shown): ");
    const lines = createInterface({ input, output: process.stderr, terminal: true });
    // Nothing typed is echoed: readline writes through _writeToOutput, which we silence while the password is read.
    (lines as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
    const line = await new Promise<string>((resolve) => lines.once("line", resolve));
    lines.close();
    process.stderr.write("\n");
    return line;
  }
  let text = "";
  for await (const chunk of input) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? "";
}

/** Where the command reads and writes: the process's own streams from `scripts/staff.ts`, a recorder in tests. */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  /** The password of `add`, read only when the command needs one. */
  password(): Promise<string>;
}

/**
 * The configuration and the database a run uses. The script reads the environment and opens the database for each
 * run; the tests open one database for many runs, since opening the embedded one costs seconds (its close is theirs).
 */
export interface CommandContext {
  config(): Config;
  open(config: Config): Promise<Database | null>;
}

export const processContext: CommandContext = {
  config: () => loadConfig(),
  open: (config) => openDatabaseForCommand(config),
};

async function printEnrollment(io: CommandIo, enrollment: Enrollment): Promise<void> {
  io.out(`Authenticator enrollment for ${enrollment.email} (scan the code, or paste the URI into the app):`);
  io.out(enrollment.uri);
  io.out(await QRCode.toString(enrollment.uri, { type: "terminal", small: true }));
}

const CLI_ACTOR: Actor = { accountId: null, email: "command line", ip: null };

/** One run of `npm run staff`: the exit code (0 done, 1 refused, 2 usage). */
export async function staffCommand(
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
  const parsed = parseArgs(args);
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] !== "command");
    io.err(args.length > 0 && issue ? `${issue.message}\n\n${USAGE}` : USAGE);
    return 2;
  }
  const order = parsed.data;
  // Read before the database opens, so a refused password costs nothing.
  const password = order.command === "add" ? await io.password() : "";
  const config = context.config();
  // The TOTP secret is sealed under the same master keys as personal data (DATA_KEY or DATA_DIR/keys).
  const keyring = loadKeyring(config);
  const database = await context.open(config);
  if (!database) return 1;
  try {
    switch (order.command) {
      case "add":
        await printEnrollment(io, await addAccount(database.db, keyring, CLI_ACTOR, { ...order, password }));
        io.out(`Account ${order.email} (${order.role}) created.`);
        return 0;
      case "list": {
        const accounts = await listAccounts(database.db);
        if (accounts.length === 0) io.out("No staff accounts yet.");
        const now = new Date();
        for (const a of accounts) {
          const state = a.disabled ? "disabled" : a.lockedUntil && a.lockedUntil > now ? "locked" : "active";
          io.out(`${a.email}\t${a.role}\t${state}\tsince ${a.createdAt.toISOString().slice(0, 10)}`);
        }
        return 0;
      }
      case "disable":
        await disableAccount(database.db, CLI_ACTOR, order.email);
        io.out(`Account ${order.email} disabled; its sessions ended.`);
        return 0;
      case "enable":
        await enableAccount(database.db, CLI_ACTOR, order.email);
        io.out(`Account ${order.email} enabled; it signs in with its password and authenticator.`);
        return 0;
      case "reset-mfa":
        await printEnrollment(io, await resetMfa(database.db, keyring, CLI_ACTOR, order.email));
        io.out(`The old authenticator of ${order.email} no longer signs in.`);
        return 0;
      case "set-role":
        await setRole(database.db, CLI_ACTOR, order.email, order.role);
        io.out(`Account ${order.email} is now ${order.role}; its sessions ended.`);
        return 0;
    }
  } catch (error) {
    if (error instanceof AccountError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}
