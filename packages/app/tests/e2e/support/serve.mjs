// Runs the built site in its own Node process for the browser tests: `node serve.mjs <build/server/index.js>`, with
// the server's environment as JSON in SHOWROOM_E2E_ENV. Prints `{"url": …}` once listening; SIGTERM closes it.
import { enableCompileCache } from "node:module";

// As `npm start` does (ADR 444): the built server compiles from Node's compile cache after the first site.
enableCompileCache();
const [entry] = process.argv.slice(2);
const { start } = await import(entry);
const running = await start(JSON.parse(process.env.SHOWROOM_E2E_ENV ?? "{}"));
process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);
const stop = async () => {
  await running.close();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
// The test process holds our stdin open: when it dies without closing us (killed, Ctrl-C during a run), the pipe ends
// and the site stops instead of listening on, orphaned.
process.stdin.once("end", stop);
process.stdin.resume();
