// `npm run rules -w packages/app -- publish <dir> --note "…" | rollback <version> | versions`: the offer rules the
// site prices with, published to its database (docs/decisions/341). Reads DATABASE_URL / DATA_DIR like the server;
// on the embedded database a running site holds, that site does the work for it (ADR 385).
import { processContext, rulesCommand } from "./rules-command";

process.exitCode = await rulesCommand(
  process.argv.slice(2),
  { out: (line) => console.log(line), err: (line) => console.error(line) },
  processContext,
);
