// The staff desk over HTTP against the built server, on each database: sign-in with password and TOTP as a browser
// without JavaScript posts it, the headers of every /staff response, roles, the per-IP sign-in limit, same-origin.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeAt } from "../../app/server/staff/totp.server";
import type { Running } from "../../server/app";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/databases";
import { startInProcess } from "./support/built-server";
import { postForm, request } from "./support/requests";
import { deskAccounts, STAFF_COOKIE, STAFF_PASSWORD, staffCookieOf } from "./support/staff-sign-in";

/** The server's master key, so accounts made here seal their TOTP secrets as the server reads them. */
const DATA_KEY = randomBytes(32).toString("base64");
const PAGES = [
  "/staff",
  "/staff/leads",
  "/staff/leads/00000000-0000-4000-8000-000000000000",
  "/staff/leads/export",
  "/staff/credit-applications",
  "/staff/credit-applications/00000000-0000-4000-8000-000000000000",
  "/staff/credit-applications/00000000-0000-4000-8000-000000000000/ssn",
  "/staff/accounts",
  "/staff/outbox",
  "/staff/retention",
  "/staff/audit",
  "/staff/inventory-feeds",
  "/staff/offer-experiments",
  "/staff/anything-else",
];

describe.each(testDatabaseKinds())("the staff desk over HTTP on %s", (kind) => {
  let site: Running;
  let database: TestDatabase | undefined;
  const staff = deskAccounts(DATA_KEY, ["sales", "finance", "admin"] as const);

  beforeAll(async () => {
    if (kind === "postgres") database = await createTestDatabase("postgres");
    site = await startInProcess({
      RATE_LIMIT_POSTS_PER_MINUTE: "100000",
      STAFF_SIGN_INS_PER_MINUTE: "30",
      DATA_KEY,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    await staff.add(site.database.db);
  });

  afterAll(async () => {
    await site?.close();
    await database?.dispose();
  });

  /** Signs a role in afresh with the code of the time `offsetMs` from now. */
  const signIn = (role: "sales" | "finance" | "admin", offsetMs = 0) => staff.signIn(site.url, role, offsetMs);

  it("every desk page without a session answers 303 to /staff/login, no-store and noindex", async () => {
    for (const path of PAGES) {
      const answer = await request(`${site.url}${path}`);
      expect([path, answer.status, answer.headers.get("location")]).toEqual([path, 303, "/staff/login"]);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    }
    const login = await request(`${site.url}/staff/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe("no-store");
    expect(login.body).toContain('name="robots" content="noindex, nofollow"');
    expect((await request(`${site.url}/robots.txt`)).body).toContain("Disallow: /staff");
  });

  it("signs in with password and TOTP; the cookie is __Host-, HttpOnly, Secure, SameSite=Strict; the same code is refused twice", async () => {
    const first = await postForm(site.url, "/staff/login", { email: "admin@example.com", password: STAFF_PASSWORD });
    const set = first.headers.getSetCookie().find((c) => c.startsWith(`${STAFF_COOKIE}=`)) ?? "";
    expect(set).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    const code = codeAt(staff.secret("admin"), new Date(Date.now() - 30_000));
    const ok = await postForm(site.url, "/staff/verify", { code }, { Cookie: staffCookieOf(first.headers) });
    expect(ok.status).toBe(303);
    const signedIn = staffCookieOf(ok.headers);
    for (const path of PAGES.filter((p) => !p.includes("0000") && p !== "/staff/anything-else")) {
      const answer = await request(`${site.url}${path}`, { headers: { Cookie: signedIn } });
      expect([path, answer.status]).toEqual([path, 200]);
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
    // Replay: the same code on a fresh password step.
    const again = await postForm(site.url, "/staff/login", { email: "admin@example.com", password: STAFF_PASSWORD });
    const replay = await postForm(site.url, "/staff/verify", { code }, { Cookie: staffCookieOf(again.headers) });
    expect(replay.status).toBe(401);
    expect(replay.body).toContain("That did not work.");
    // Sign-out ends it.
    const out = await postForm(site.url, "/staff/sign-out", {}, { Cookie: signedIn });
    expect([out.status, out.headers.get("location")]).toEqual([303, "/staff/login"]);
    expect((await request(`${site.url}/staff`, { headers: { Cookie: signedIn } })).status).toBe(303);
  });

  it("a wrong password and an unknown email get the same answer", async () => {
    const wrong = await postForm(site.url, "/staff/login", {
      email: "sales@example.com",
      password: "not the password",
    });
    const unknown = await postForm(site.url, "/staff/login", { email: "who@example.com", password: STAFF_PASSWORD });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const message = (body: string) => body.match(/That did not work[^<]*/)?.[0];
    expect(message(wrong.body)).toBeDefined();
    expect(message(wrong.body)).toBe(message(unknown.body));
  });

  it("sales gets 403 on credit applications and admin pages; finance gets 403 on admin pages", async () => {
    const sales = await signIn("sales", -30_000);
    for (const path of ["/staff/credit-applications", "/staff/accounts", "/staff/outbox", "/staff/audit"]) {
      const answer = await request(`${site.url}${path}`, { headers: { Cookie: sales } });
      expect([path, answer.status]).toEqual([path, 403]);
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
    expect((await request(`${site.url}/staff/leads`, { headers: { Cookie: sales } })).status).toBe(200);
    const finance = await signIn("finance", -30_000);
    expect((await request(`${site.url}/staff/credit-applications`, { headers: { Cookie: finance } })).status).toBe(200);
    expect((await request(`${site.url}/staff/retention`, { headers: { Cookie: finance } })).status).toBe(403);
  });

  it("an admin cannot disable or demote their own account by writing its email in another case or with spaces", async () => {
    const admin = await signIn("admin");
    const forms: Record<string, string>[] = [
      { intent: "disable", email: " ADMIN@example.com " },
      { intent: "role", email: "Admin@Example.COM", role: "sales" },
    ];
    for (const form of forms) {
      const answer = await postForm(site.url, "/staff/accounts", form, { Cookie: admin });
      expect([form.email, answer.status]).toEqual([form.email, 400]);
      expect(answer.body).toContain("Change your own account from the command line");
    }
    // Still signed in, still an admin.
    expect((await request(`${site.url}/staff/accounts`, { headers: { Cookie: admin } })).status).toBe(200);
  });

  it("refuses a desk POST from another origin, and limits sign-in posts per IP", async () => {
    const foreign = await postForm(
      site.url,
      "/staff/login",
      { email: "admin@example.com", password: STAFF_PASSWORD },
      { Origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push((await postForm(site.url, "/staff/login", { email: "x@example.com", password: "x" })).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.indexOf(429)).toBeGreaterThan(0);
  });
});
