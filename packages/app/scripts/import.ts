// npm run import -w packages/app -- <feed.csv|feed.json> --store <id> [--partial] [--force]
// Imports a dealer's inventory feed into the store: upsert by VIN; vehicles a full feed no longer lists are marked
// sold. Prints added / updated / sold / rejected and exits non-zero when the feed changed nothing. On the embedded
// database a running site holds, the file is streamed to that site, which imports it the same way (ADR 385). A full
// feed that would mark more than FEED_HOLD_PERCENT % of the store's cars sold is held as a scheduled pull's is (ADR
// 354), unless the operator types --force (ADR 397).
import { extname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { importThroughSite } from "../app/server/command-channel/running-site.server";
import { loadConfig } from "../app/server/config.server";
import { openDatabaseOrSite } from "../app/server/db/command.server";
import { readCsvFeedFile, readJsonFeedFile } from "../app/server/inventory/feed-file.server";
import { type ImportSummary, importFeed } from "../app/server/inventory/import.server";
import { mailDomain } from "../app/server/mail/message-id";

const usage = "usage: npm run import -w packages/app -- <feed.csv|feed.json> --store <id> [--partial] [--force]";

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      store: { type: "string" },
      partial: { type: "boolean", default: false },
      force: { type: "boolean", default: false },
    },
  });
  const [file] = positionals;
  if (!file || !values.store) {
    console.error(usage);
    return 2;
  }
  // npm runs workspace scripts in the package folder; a relative path means the caller's folder.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  const format = extname(path).toLowerCase() === ".json" ? "json" : "csv";

  const config = loadConfig();
  const database = await openDatabaseOrSite(config);
  if (!database) return 1;
  try {
    const summary =
      database.kind === "running-site"
        ? await importThroughSite<ImportSummary>(database, path, format, values.store, values.partial, values.force)
        : await importFeed(
            database.db,
            values.store,
            // Read from disk a batch at a time (ADRs 327, 366): 100,000 rows held at once cost 1.5 GB. A broken file
            // (JSON cut off, a CSV quote never closed) throws inside the import's transaction, which writes nothing.
            format === "json" ? readJsonFeedFile(path) : readCsvFeedFile(path),
            // The alerts it matches are queued here and sent by a server's relay (ADR 372).
            {
              full: !values.partial,
              alerts: { messageDomain: mailDomain(config.MAIL_FROM) },
              ...(values.force ? {} : { holdAbovePercent: config.FEED_HOLD_PERCENT }),
            },
          );
    for (const { line, reason } of summary.rejected) console.log(`rejected line ${line}: ${reason}`);
    if (!summary.applied) {
      console.error(`Nothing changed: ${summary.reason}.`);
      if (summary.held) console.error("If the feed is right, run the import again with --force to apply it.");
      return 1;
    }
    console.log(
      `added ${summary.added} / updated ${summary.updated} / sold ${summary.sold} / rejected ${summary.rejected.length}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
