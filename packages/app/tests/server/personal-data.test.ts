// Issue 12's promise about personal data: after a credit application, its SSN, date of birth and income are nowhere
// in clear: not in the data directory (PGlite's own files included), not in pg_dump, not in the server's output, not
// in any email, not in any URL. The application is sent the way a browser without JavaScript sends it, so drafts are
// written (sealed) and deleted on the way, and once more as the single POST.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../support/databases";
import { until } from "../support/wait";
import { childSiteEachTest } from "./support/child-site";
import { APPLICANT, Browser, creditSteps, wholeApplication } from "./support/financing";

const PATH = "/auto-financing/full-credit-application";

/** What must never appear in clear, as bytes: the SSN with and without dashes, the date of birth, the income. */
const SECRETS = [APPLICANT.ssn, APPLICANT.ssnDigits, APPLICANT.dateOfBirth, APPLICANT.income, APPLICANT.incomeNumber];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every file under `dir` holding one of the secrets, with which. */
function secretsIn(dir: string): string[] {
  return filesUnder(dir).flatMap((file) => {
    const bytes = readFileSync(file);
    return SECRETS.filter((secret) => bytes.includes(Buffer.from(secret))).map((secret) => `${file}: ${secret}`);
  });
}

describe.each(testDatabaseKinds())("personal data of a credit application on %s", (kind) => {
  const startSite = childSiteEachTest(kind);

  it("SSN 123-45-6789, the date of birth and the income appear nowhere in clear: data directory, database dump, server output, emails, URLs", async () => {
    const { data, server: running, env } = await startSite();
    const browser = new Browser(running.url);

    // Without JavaScript: a draft per step, sealed, then the submit through the stepper.
    const steps = creditSteps("Sealed");
    for (const [step, fields] of Object.entries(steps)) {
      const intent = step === "review" ? "submit" : "continue";
      const answer = await browser.post(PATH, { intent, ...fields });
      expect(answer.status, `${step}: ${answer.body.slice(0, 300)}`).toBe(303);
    }
    const received = browser.urls.at(-1) ?? "";
    expect(received).toMatch(/\?received=FC-/);
    expect((await browser.get(received)).body).toContain("Application received");
    // And the single POST of the whole application, as the JavaScript stepper sends it.
    const single = await new Browser(running.url).post(PATH, wholeApplication("Single"));
    expect(single.status).toBe(303);

    const mailDir = join(data.dataDir, "mail");
    await until("both leads to be written as email", () => {
      try {
        return readdirSync(mailDir).filter((f) => f.endsWith(".eml")).length >= 2;
      } catch {
        return false;
      }
    });
    await running.stop("SIGTERM");

    // The application is stored, sealed: its listing columns are there, its secrets are not readable.
    const rows = await data.withDatabase(async (db) => {
      const { rowsOf } = await import("../support/databases");
      const { sql } = await import("drizzle-orm");
      return rowsOf<{ last_name: string; sealed: Uint8Array }>(
        await db.execute(sql`select last_name, sealed from finance_applications order by last_name`),
      );
    });
    expect(rows.map((r) => r.last_name)).toEqual(["Sealed", "Single"]);
    for (const row of rows) expect(Buffer.from(row.sealed).length).toBeGreaterThan(200);

    expect(secretsIn(data.dataDir)).toEqual([]);
    if (kind === "postgres") {
      const url = env.DATABASE_URL ?? "";
      const dump = spawnSync("pg_dump", ["--no-owner", url], { encoding: "buffer", maxBuffer: 512 * 1024 * 1024 });
      expect(dump.status, dump.stderr.toString()).toBe(0);
      for (const secret of SECRETS) expect(dump.stdout.includes(Buffer.from(secret)), secret).toBe(false);
      expect(dump.stdout.includes(Buffer.from("finance_applications"))).toBe(true);
    }
    const output = running.output();
    expect(output).toContain("Showroom is serving");
    for (const secret of SECRETS) {
      expect(output).not.toContain(secret);
      for (const url of browser.urls) expect(url).not.toContain(secret);
    }
  }, 180_000);
});
