#!/usr/bin/env node
// `npm start`: builds the site if needed, then serves it until SIGTERM/SIGINT, which close the database first.
import { ensureBuild, serverBuild } from "./scripts/ensure-build.mjs";

// React and Express pick their production code paths from NODE_ENV; unset, `npm start` would render with React's
// development build at a fraction of the speed.
process.env.NODE_ENV ??= "production";

ensureBuild();
const { start } = await import(serverBuild);
let running;
try {
  running = await start();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(`Showroom is serving ${running.url} (${running.database.kind} database; lead mail: ${running.mail})`);
// SIGHUP reloads the analyst's offer rules (OFFER_RULES_DIR); a bad folder keeps the last good rules and says why.
process.on("SIGHUP", () => {
  running.reloadOfferRules().catch((error) => console.error(error));
});
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    running.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
