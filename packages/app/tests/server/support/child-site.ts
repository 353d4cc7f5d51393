// A child server (`node start.mjs`) on data of its own for each test of a suite: for the suites that read what the
// server left behind in its data directory, its database and its output.
import { afterEach, beforeAll } from "vitest";
import type { TestDatabaseKind } from "../../support/databases";
import { ensureBuiltServer } from "./built-server";
import { type ChildServer, spawnServer } from "./child-server";
import { createSiteData, type SiteData } from "./site-data";

/**
 * Registers the suite's hooks (the build first; after each test the server stopped and its data disposed) and answers
 * how a test starts one: fresh data of `kind`, `prepare` run on it, then the server on it without SMTP (mail goes to
 * `.eml` files in the data directory). A test may stop the server itself first.
 */
export function childSiteEachTest(kind: TestDatabaseKind) {
  let server: ChildServer | undefined;
  let data: SiteData | undefined;
  beforeAll(ensureBuiltServer);
  afterEach(async () => {
    if (server) await server.stop("SIGTERM").catch(() => server?.kill("SIGKILL"));
    await data?.dispose();
    server = undefined;
    data = undefined;
  });
  return async (prepare?: (data: SiteData) => Promise<void>) => {
    data = await createSiteData(kind);
    await prepare?.(data);
    const { SMTP_URL: _smtp, ...env } = data.env("smtp://unused");
    server = await spawnServer(env);
    return { data, server, env };
  };
}
