// `npm run outbox -w packages/app -- status | retry <id>`: shows the lead email outbox and requeues a row.
// Reads DATABASE_URL / DATA_DIR like the server; on the embedded database it takes the data-directory lock, so it
// refuses to run beside a server that holds it instead of corrupting the database.
import { ConfigError, loadConfig } from "../app/server/config.server";
import { openDatabaseForCommand } from "../app/server/db/command.server";
import { formatOutboxStatus, outboxStatus, requeueOutbox } from "../app/server/outbox/admin.server";

const USAGE = `Usage:
  npm run outbox -w packages/app -- status        counts per state, the oldest pending rows, the dead rows
  npm run outbox -w packages/app -- retry <id>    makes a dead (or pending) row due now`;

async function run(args: readonly string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command !== "status" && command !== "retry") {
    console.error(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE);
    return 2;
  }
  const id = command === "retry" ? Number(rest[0]) : undefined;
  if (command === "retry" && (rest.length !== 1 || !Number.isSafeInteger(id) || (id ?? 0) < 1)) {
    console.error(`retry takes one outbox row id (a whole number, as status lists it).\n\n${USAGE}`);
    return 2;
  }

  const config = loadConfig();
  const database = await openDatabaseForCommand(config);
  if (!database) return 1;
  try {
    if (command === "status") {
      console.log(formatOutboxStatus(await outboxStatus(database.db)));
      return 0;
    }
    const rowId = id as number;
    const result = await requeueOutbox(database.db, rowId);
    switch (result.outcome) {
      case "requeued":
        console.log(
          `Outbox row #${rowId} (was ${result.previousState}) is due now; the relay sends it on its next pass.`,
        );
        return 0;
      case "not-found":
        console.error(`There is no outbox row #${rowId}.`);
        return 1;
      case "already-sent":
        console.error(
          `Outbox row #${rowId} was already delivered${result.sentAt ? ` at ${result.sentAt.toISOString()}` : ""}; not requeued.`,
        );
        return 1;
    }
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
