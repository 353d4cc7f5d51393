// `npm run retention -w packages/app -- [--dry-run]`: one disposal run now, as the server's daily job does it
// (docs/decisions/224); `--dry-run` prints what would go and changes nothing. Reads DATABASE_URL / DATA_DIR like the
// server; on the embedded database it refuses to run beside a server that holds it.
import { ConfigError, loadConfig } from "../app/server/config.server";
import { openDatabaseForCommand } from "../app/server/db/command.server";
import { describeRetention, retentionDays, runRetention } from "../app/server/staff/retention.server";

async function run(args: readonly string[]): Promise<number> {
  const unknown = args.filter((a) => a !== "--dry-run");
  if (unknown.length > 0) {
    console.error(`Unknown argument "${unknown[0]}".\nUsage: npm run retention -w packages/app -- [--dry-run]`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabaseForCommand(config);
  if (!database) return 1;
  try {
    const days = await retentionDays(database.db, config.RETENTION_DAYS);
    const outcome = await runRetention(database.db, {
      days,
      dryRun: args.includes("--dry-run"),
      actor: { accountId: null, email: "command line", ip: null },
      force: true,
    });
    console.log(describeRetention(outcome));
    return outcome.ran ? 0 : 1;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
