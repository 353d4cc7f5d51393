// Every /staff route of app/routes.ts, its `.data` variant and every POST intent of the access table, asked as each
// role, signed out and half signed in (password given, no code yet), against the built server: each answer must be the
// one the table gives (docs/decisions/306). A route added without a table entry is refused to everyone, and fails here.
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyring, sealJson } from "../../app/server/crypto/envelope.server";
import { decodeKey } from "../../app/server/crypto/keyring.server";
import {
  financeApplications,
  inventoryFeedPulls,
  leads,
  outbox,
  stores,
  vehicles,
} from "../../app/server/db/schema.server";
import { applicationAad } from "../../app/server/financing/applications.server";
import { parseCsvFeed } from "../../app/server/inventory/feed";
import { DESK_ACCESS, deskVerdict } from "../../app/server/staff/access.server";
import { roleAllows } from "../../app/server/staff/sessions.server";
import type { Running } from "../../server/app";
import { startInProcess } from "./support/built-server";
import { deskRoutesOfConfig } from "./support/desk-routes";
import { type Answer, postForm, request } from "./support/requests";
import { addStaffAccount, deskAccounts, staffPasswordStep } from "./support/staff-sign-in";

const DATA_KEY = randomBytes(32).toString("base64");
const ROLES = ["sales", "finance", "analyst", "admin"] as const;
const staff = deskAccounts(DATA_KEY, ROLES);
type Role = (typeof ROLES)[number];
type Visitor = Role | "signed out" | "half signed in";
const TARGET = "target@example.com";
/** Desk routes without a page of their own (a module without a component): a refusal there is its status alone. */
const RESOURCE_ROUTES = new Set(
  deskRoutesOfConfig()
    .filter((route) => route.file.endsWith(".ts"))
    .map((route) => route.path),
);
const SHIPPED_SETTINGS = readFileSync(
  fileURLToPath(new URL("../../../rules/rules/offer-settings.json", import.meta.url)),
  "utf8",
);

/** The answer of a refusal to the sign-in: 303 for a document, React Router's 202 redirect for a data request. */
const toSignIn = (answer: Answer, data: boolean) =>
  data
    ? answer.status === 202 && answer.body.includes("/staff/login")
    : answer.status === 303 && answer.headers.get("location") === "/staff/login";

describe("every desk route, as every visitor, answers as the access table says", () => {
  let site: Running;
  const cookies = new Map<Visitor, string>();
  const ids = { lead: randomUUID(), application: randomUUID(), outbox: 0, heldFeed: 0, vin: "" };

  /** The valid form of each POST intent ("" for an action without one): what the desk's own pages post. */
  const forms = (): Record<string, Record<string, Record<string, string>>> => ({
    "staff/credit-applications/:id": { "": { status: "sent-to-lender" } },
    "staff/credit-applications/:id/ssn": { "": {} },
    "staff/accounts": {
      disable: { intent: "disable", email: TARGET },
      enable: { intent: "enable", email: TARGET },
      role: { intent: "role", email: TARGET, role: "finance" },
    },
    "staff/outbox": { "": { id: String(ids.outbox) } },
    "staff/retention": { "": { days: "730" } },
    // A held feed: the first admin post applies it, the next find it applied (303 both).
    "staff/inventory-feeds": { "": { id: String(ids.heldFeed) } },
    // A fixture car: each change answers 303 whether it changes the car or finds it already so.
    "staff/inventory": {
      hide: { intent: "hide", vin: ids.vin, reason: "walk" },
      show: { intent: "show", vin: ids.vin },
      price: { intent: "price", vin: ids.vin, price: "19995", reason: "walk" },
      restore: { intent: "restore", vin: ids.vin },
    },
    // The shipped settings: the first allowed post publishes version 1, the rest find nothing new (303 either way).
    "staff/offer-rules": {
      preview: { intent: "preview", editFile: "offer-settings.json", editText: SHIPPED_SETTINGS },
      publish: {
        intent: "publish",
        note: "walk",
        candidateName: "offer-settings.json",
        candidateText: SHIPPED_SETTINGS,
      },
      rollback: { intent: "rollback", version: "1" },
    },
  });

  /** A concrete address of a route pattern: real records, so an allowed request gets the page, not a 404. */
  function addressOf(path: string): string {
    const concrete = path
      .replace(/^staff\/leads\/:id$/, `staff/leads/${ids.lead}`)
      .replace(/^staff\/credit-applications\/:id/, `staff/credit-applications/${ids.application}`)
      .replace(/\*$/, "no-such-page");
    expect(concrete, `${path}: give the walk a value for its parameter`).not.toMatch(/[:*]/);
    return `/${concrete}`;
  }

  beforeAll(async () => {
    site = await startInProcess({ RATE_LIMIT_POSTS_PER_MINUTE: "100000", STAFF_SIGN_INS_PER_MINUTE: "1000", DATA_KEY });
    const db = site.database.db;
    const ring = keyring(decodeKey(DATA_KEY));
    await staff.add(db);
    await addStaffAccount(db, DATA_KEY, TARGET, "sales");
    await db.insert(stores).values({ id: "brentwood", name: "Brentwood", profile: {} }).onConflictDoNothing();
    const lead = (id: string, kind: string) => ({
      id,
      kind,
      status: "new" as const,
      storeId: "brentwood",
      idempotencyKey: randomUUID(),
      payload: { kind, user: { firstName: "Dana", lastName: "Reyes", email: "dana@example.com" } },
    });
    await db.insert(leads).values(lead(ids.lead, "CONTACT_SALES"));
    const applicationLead = randomUUID();
    await db.insert(leads).values(lead(applicationLead, "FULL_CREDIT_APP"));
    const sealed = sealJson(ring, { ssn: "123-45-6789", income: 4200 }, applicationAad(ids.application));
    await db.insert(financeApplications).values({
      id: ids.application,
      reference: "FC-WALK0001",
      kind: "full-credit",
      storeId: "brentwood",
      leadId: applicationLead,
      firstName: "Dana",
      lastName: "Reyes",
      keyId: sealed.keyId,
      wrappedKey: Buffer.from(sealed.wrappedKey),
      sealed: Buffer.from(sealed.sealed),
    });
    const [row] = await db
      .insert(outbox)
      .values({ leadId: ids.lead, messageId: `walk-${randomUUID()}` })
      .returning({ id: outbox.id });
    ids.outbox = row?.id ?? 0;
    const held = parseCsvFeed(
      "VIN,Stock,Year,Make,Model,Body,Condition,Mileage\n1HGCM82633A004352,H1,2019,Honda,Accord,Sedan,Used,100",
    );
    const [pull] = await db
      .insert(inventoryFeedPulls)
      .values({
        storeId: "brentwood",
        startedAt: new Date(),
        url: "https://dms.example/feed.csv",
        status: "held",
        heldFeed: held,
      })
      .returning({ id: inventoryFeedPulls.id });
    ids.heldFeed = pull?.id ?? 0;
    const [car] = await db
      .select({ vin: vehicles.vin })
      .from(vehicles)
      .where(eq(vehicles.status, "available"))
      .limit(1);
    ids.vin = car?.vin ?? "";
    expect(ids.vin, "the walk needs a fixture car").not.toBe("");
    for (const role of ROLES) cookies.set(role, await staff.signIn(site.url, role));
    cookies.set("half signed in", await staffPasswordStep(site.url, "sales@example.com"));
  });

  afterAll(async () => {
    await site?.close();
  });

  /** What the table makes of one request by `visitor`: the answer expected, checked against the actual one. */
  function check(
    visitor: Visitor,
    path: string,
    method: "GET" | "POST",
    intent: string,
    data: boolean,
    answer: Answer,
  ) {
    const verdict = deskVerdict(DESK_ACCESS, path, method, intent === "" ? null : intent);
    const what = `${visitor}: ${method} ${path}${data ? ".data" : ""} ${intent}`.trim();
    const seen = [what, answer.status, answer.headers.get("location")];
    expect(answer.status, `${what}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
    expect(answer.headers.get("cache-control"), what).toBe("no-store");
    if (verdict.kind === "open") {
      expect(answer.status, what).not.toBe(403);
      return;
    }
    if (visitor === "signed out" || visitor === "half signed in") {
      expect(toSignIn(answer, data), `${what}: ${seen}`).toBe(true);
      return;
    }
    if (verdict.least && !roleAllows(visitor, verdict.least)) {
      expect(seen).toEqual([what, 403, null]);
      // Nothing of the record leaks with the refusal.
      expect(answer.body).not.toContain("Reyes");
      // A refused page is the desk's own error page; a refused post is stopped before the desk renders anything, and
      // a refused resource route (the CSV export, which an analyst may not take) renders no page at all.
      if (!data && method === "GET" && !RESOURCE_ROUTES.has(path)) expect(answer.body).toContain("Not allowed");
      return;
    }
    if (verdict.kind === "refused") {
      expect([what, answer.status]).toEqual([what, verdict.status]);
      return;
    }
    // Allowed: what the route answers when it is used as the desk's own pages use it.
    if (path === "staff/*") expect(seen).toEqual([what, 404, null]);
    else if (method === "GET") expect(seen).toEqual([what, 200, null]);
    else if (data) expect([200, 202], what).toContain(answer.status);
    else if (path === "staff/credit-applications/:id/ssn") expect(seen).toEqual([what, 200, null]);
    // A candidate's review is a page of its own, not a change to redirect from.
    else if (path === "staff/offer-rules" && intent === "preview") expect(seen).toEqual([what, 200, null]);
    else expect([what, answer.status]).toEqual([what, 303]);
  }

  it("walks every desk route of app/routes.ts; the table names each one", async () => {
    const routes = deskRoutesOfConfig();
    expect(routes.map((r) => r.path).filter((p) => !Object.hasOwn(DESK_ACCESS, p))).toEqual([]);
    const visitors: Visitor[] = ["signed out", "half signed in", ...ROLES];
    let requests = 0;
    for (const { path } of routes) {
      const address = addressOf(path);
      for (const visitor of visitors) {
        const headers: Record<string, string> = cookies.has(visitor) ? { Cookie: cookies.get(visitor) ?? "" } : {};
        for (const data of [false, true]) {
          const url = `${site.url}${data ? `${address}.data` : address}`;
          check(visitor, path, "GET", "", data, await request(url, { headers }));
          requests++;
        }
      }
    }
    expect(requests).toBe(routes.length * visitors.length * 2);
  });

  it("posts every intent of the table, and a post to a route without one, as every visitor", async () => {
    const visitors: Visitor[] = ["signed out", "half signed in", ...ROLES];
    const bodies = forms();
    for (const [path, access] of Object.entries(DESK_ACCESS)) {
      if ("open" in access) continue;
      const post = "post" in access ? access.post : undefined;
      const intents = post === undefined ? [] : typeof post === "string" ? [""] : Object.keys(post.intent);
      expect(Object.keys(bodies[path] ?? {}), `${path}: give the walk a valid form of each intent`).toEqual(intents);
      for (const visitor of visitors) {
        const headers: Record<string, string> = cookies.has(visitor) ? { Cookie: cookies.get(visitor) ?? "" } : {};
        for (const data of [false, true]) {
          const address = `${addressOf(path)}${data ? ".data" : ""}`;
          if (intents.length === 0) {
            // No action in the table: refused (405) whatever the module exports.
            check(visitor, path, "POST", "", data, await postForm(site.url, address, {}, headers));
          }
          for (const intent of intents) {
            const form = bodies[path]?.[intent] ?? {};
            check(visitor, path, "POST", intent, data, await postForm(site.url, address, form, headers));
          }
        }
      }
    }
  });

  it("an intent the table does not name is refused (400) even to an admin, and sales gets 403 first", async () => {
    const form = { intent: "delete-everything", email: TARGET };
    const admin = await postForm(site.url, "/staff/accounts", form, { Cookie: cookies.get("admin") ?? "" });
    expect(admin.status).toBe(400);
    const sales = await postForm(site.url, "/staff/accounts", form, { Cookie: cookies.get("sales") ?? "" });
    expect(sales.status).toBe(403);
  });
});
