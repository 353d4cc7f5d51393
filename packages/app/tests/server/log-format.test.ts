// LOG_FORMAT=json (issue 26, ADR 309): everything `node start.mjs` prints is one JSON object a line with level, time and
// message, and a failing lead still logs what failed without what the shopper typed (ADR 191), as the text lines do.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuiltServer } from "./support/built-server";
import { type ChildServer, spawnServer } from "./support/child-server";
import { postForm } from "./support/requests";
import { createSiteData, type SiteData } from "./support/site-data";

const SHOPPER = {
  firstName: "Ottoline",
  lastName: "Vasquez-Brandt",
  email: "ottoline.vb@example.org",
  phone: "(314) 555-0163",
  message: "Call me about the Outback before Friday please",
};
const LEAKS = [SHOPPER.firstName, SHOPPER.lastName, SHOPPER.email, "555-0163", "3145550163", SHOPPER.message];

describe("a server started with LOG_FORMAT=json", () => {
  let data: SiteData;
  let server: ChildServer | undefined;

  beforeAll(async () => {
    await ensureBuiltServer();
    data = await createSiteData("pglite");
    // Every lead is refused with an error quoting the whole row: the worst a database can say.
    await data.withDatabase(async (db) => {
      await db.execute(sql`create function refuse_row() returns trigger language plpgsql as $$
        begin raise exception 'refused row %', row_to_json(NEW)::text; end $$`);
      await db.execute(
        sql`create trigger refuse_leads before insert on leads for each row execute function refuse_row()`,
      );
    });
    const { SMTP_URL: _smtp, ...env } = data.env("smtp://unused");
    server = await spawnServer({ ...env, LOG_FORMAT: "json" });
  }, 180_000);

  afterAll(async () => {
    if (server) await server.stop("SIGTERM").catch(() => server?.kill("SIGKILL"));
    await data?.dispose();
  });

  it("prints only JSON objects, one a line, each with level, time and message, and none of a refused lead's details", async () => {
    const running = server as ChildServer;
    const answer = await postForm(running.url, "/contact-us", {
      idempotencyKey: randomUUID(),
      website: "",
      ...SHOPPER,
      topic: "2",
    });
    expect(answer.status).toBe(503);
    await running.stop("SIGTERM");

    const output = running.output();
    // start.mjs builds a stale build before the server starts (a source edited while the tests run makes it stale):
    // that is the build tool's output, which a deployment runs beforehand. The server's own lines begin at its first.
    const lines = output
      .slice(output.indexOf('{"'))
      .split("\n")
      .filter((line) => line !== "");
    expect(lines.length).toBeGreaterThan(2);
    const entries = lines.map((line) => {
      let entry: unknown;
      expect(() => {
        entry = JSON.parse(line);
      }, line).not.toThrow();
      return entry as Record<string, unknown>;
    });
    for (const entry of entries) {
      expect(["debug", "info", "warn", "error"]).toContain(entry.level);
      expect(String(entry.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(typeof entry.message).toBe("string");
    }
    expect(entries.some((e) => String(e.message).startsWith("Showroom is serving http://"))).toBe(true);
    // The refusal was logged as an error naming what failed...
    const refusal = entries.find(
      (e) => e.level === "error" && /database error P0001/.test(String(e.error ?? e.message)),
    );
    expect(refusal, output).toBeDefined();
    // ...and nothing the shopper typed is anywhere in the output.
    for (const leak of LEAKS) expect(output, `the output mentions ${leak}`).not.toContain(leak);
  }, 120_000);
});
