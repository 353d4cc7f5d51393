// Global setup of the "app" Vitest project: the PostgreSQL suites (FOR UPDATE SKIP LOCKED in the outbox, the shared
// rate-limit count, two instances on one database) run whenever PostgreSQL answers where `.ci/run` looks for it, so
// `npm test` alone covers them too, and the run says in one line when it leaves them out.
import { connect } from "node:net";

/** Where `.ci/run` and the guide say the test PostgreSQL answers (user postgres, trust, database `test`). */
const HOST = "127.0.0.1";
const PORT = 5432;
export const LOCAL_TEST_DATABASE_URL = `postgres://postgres@${HOST}:${PORT}/test`;
/** Set once the skip has been said. */
const SAID = "SHOWROOM_POSTGRES_SKIP_SAID";

/** Whether something accepts a TCP connection at `host:port` within `timeoutMs`. */
export function answers(host: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/**
 * Sets TEST_DATABASE_URL for the test workers, which start after this and inherit the environment, unless it is
 * set already (another server, or `.ci/run`).
 */
export default async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  if (await answers(HOST, PORT)) {
    process.env.TEST_DATABASE_URL = LOCAL_TEST_DATABASE_URL;
    return;
  }
  // Each project that uses this setup runs it, in the one Vitest process: the line is said once.
  if (process.env[SAID] === "1") return;
  process.env[SAID] = "1";
  console.log(
    `PostgreSQL does not answer at ${HOST}:${PORT}: the PostgreSQL suites are skipped, PGlite ones run (set TEST_DATABASE_URL to name a server).`,
  );
}
