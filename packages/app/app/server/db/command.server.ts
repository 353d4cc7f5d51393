import { type RunningSite, runningSiteOf } from "../command-channel/running-site.server";
import type { Config } from "../config.server";
import { type Database, openDatabase } from "./client.server";
import { DataDirLockedError } from "./lock.server";

const STOP_THE_SERVER = "The server holds the embedded database while it runs: stop it, then run this again.";

/**
 * Opens the database for a command-line tool (keys, staff, retention, outbox). On the embedded database a
 * running server holds the data directory's lock; the command then says so and how to go on, and gets null to exit
 * with 1, rather than a stack trace. Every other failure is thrown as it is.
 */
export async function openDatabaseForCommand(
  config: Pick<Config, "DATABASE_URL" | "DATA_DIR">,
  report: (message: string) => void = console.error,
): Promise<Database | null> {
  try {
    return await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    report(`${error.message}\n${STOP_THE_SERVER}`);
    return null;
  }
}

/**
 * As {@link openDatabaseForCommand}, for the commands whose work the running site can do for them (import, rules;
 * ADR 385): when a running site holds the embedded database and listens for commands in its data directory, that site
 * is returned instead of a refusal.
 */
export async function openDatabaseOrSite(
  config: Pick<Config, "DATABASE_URL" | "DATA_DIR">,
  report: (message: string) => void = console.error,
): Promise<Database | RunningSite | null> {
  try {
    return await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const site = runningSiteOf(config.DATA_DIR);
    if (site) return site;
    report(`${error.message}\n${STOP_THE_SERVER}`);
    return null;
  }
}
