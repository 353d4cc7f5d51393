// An admin uploads a store's feed on the desk's Inventory feeds page (issue 29, ADR 386), on each database: applied
// as a pulled feed is (added / updated / sold / rejected with its lines shown), held by the mass-sold hold when it
// would mark most of the store sold, audited; anyone but a signed-in admin is refused before a large body is read.
import { randomBytes } from "node:crypto";
import { vinCheckDigit } from "@showroom/rules/inventory";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, inventoryFeedPulls, vehicles } from "../../app/server/db/schema.server";
import type { Running } from "../../server/app";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/databases";
import { startInProcess } from "./support/built-server";
import { request } from "./support/requests";
import { deskAccounts } from "./support/staff-sign-in";

const DATA_KEY = randomBytes(32).toString("base64");
const valid = (vin: string) => `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
const VINS = [valid("2HGFC2F59LH000001"), valid("2HGFC2F59LH000002")];
const CSV = [
  "VIN,Stock,Year,Make,Model,Trim,Body,Condition,Mileage,Price",
  ...VINS.map((vin, i) => `${vin},UP${i},2020,Honda,Civic,EX,Sedan,Used,30100,${19_000 + i}`),
  "NOT-A-VIN,UP9,2020,Honda,Civic,EX,Sedan,Used,30100,19000",
].join("\n");

describe.each(testDatabaseKinds())("uploading a feed on the desk on %s", (kind) => {
  let site: Running;
  let database: TestDatabase | undefined;
  const staff = deskAccounts(DATA_KEY, ["sales", "admin"] as const);

  beforeAll(async () => {
    if (kind === "postgres") database = await createTestDatabase("postgres");
    site = await startInProcess({
      RATE_LIMIT_POSTS_PER_MINUTE: "100000",
      STAFF_SIGN_INS_PER_MINUTE: "30",
      DATA_KEY,
      FEED_MAX_BYTES: "300000",
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    await staff.add(site.database.db);
  });

  afterAll(async () => {
    await site?.close();
    await database?.dispose();
  });

  /** One session per role for the suite: a second sign-in within the code's 30 s would replay its code. */
  const signIn = (role: "sales" | "admin") => staff.session(site.url, role);

  const upload = (cookie: string, fields: Record<string, string>, file?: File) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set("feed", file);
    return request(`${site.url}/staff/inventory-feeds`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie, Origin: site.url },
    });
  };
  const csv = (text: string, name = "brentwood.csv") => new File([text], name, { type: "text/csv" });

  it("an admin's partial CSV is applied: the summary with the rejected line, the cars, one audit row", async () => {
    const admin = await signIn("admin");
    const page = await request(`${site.url}/staff/inventory-feeds`, { headers: { Cookie: admin } });
    expect(page.body).toContain("Upload a feed");
    expect(page.body).toContain('type="file"');

    const answer = await upload(admin, { store: "brentwood", scope: "partial" }, csv(CSV));
    expect(answer.status).toBe(200);
    const id = /is applied \(pull #(\d+)\)/.exec(answer.body)?.[1];
    expect(answer.body).toContain(`brentwood.csv is applied (pull #${id}): 2 added, 0 updated, 0 sold, 1 rejected.`);
    expect(answer.body).toMatch(/Line 4: vin: /);
    const landed = await site.database.db
      .select({ vin: vehicles.vin })
      .from(vehicles)
      .where(and(eq(vehicles.storeId, "brentwood"), eq(vehicles.status, "available")));
    expect(landed.map((v) => v.vin)).toEqual(expect.arrayContaining(VINS));
    const [row] = await site.database.db
      .select()
      .from(inventoryFeedPulls)
      .where(eq(inventoryFeedPulls.id, Number(id)));
    expect(row).toMatchObject({ status: "applied", url: "Uploaded by admin@example.com: brentwood.csv", added: 2 });
    const audit = await site.database.db.select().from(auditEvents).where(eq(auditEvents.action, "uploaded-feed"));
    expect(audit.map((e) => [e.actor, e.subject])).toEqual([["admin@example.com", `feed pull #${id}`]]);

    // The same feed again, as JSON: both cars updated.
    const json = JSON.stringify(
      VINS.map((vin, i) => ({
        vin,
        year: 2020,
        make: "Honda",
        model: "Civic",
        trim: "EX",
        bodyStyle: "Sedan",
        condition: "used",
        mileage: 30_500,
        price: 18_500 + i,
        stockNumber: `UP${i}`,
      })),
    );
    const again = await upload(admin, { store: "brentwood", scope: "partial" }, new File([json], "feed.json"));
    expect(again.body).toMatch(/feed\.json is applied \(pull #\d+\): 0 added, 2 updated, 0 sold, 0 rejected\./);
  });

  it("a full feed that would mark most of the store sold is held, changes nothing, and can be applied anyway", async () => {
    const admin = await signIn("admin");
    const before = await site.database.db
      .select({ vin: vehicles.vin })
      .from(vehicles)
      .where(and(eq(vehicles.storeId, "brentwood"), eq(vehicles.status, "available")));
    const answer = await upload(admin, { store: "brentwood", scope: "full" }, csv(CSV, "whole.csv"));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatch(
      /whole\.csv is held, not applied \(pull #\d+\): .*it would mark \d+ of the store’s \d+ cars in stock sold/,
    );
    const after = await site.database.db
      .select({ vin: vehicles.vin })
      .from(vehicles)
      .where(and(eq(vehicles.storeId, "brentwood"), eq(vehicles.status, "available")));
    expect(after.length).toBe(before.length);
    expect(answer.body).toContain("Apply anyway");
  });

  it("refuses a missing file, an unknown store and a feed past FEED_MAX_BYTES; only a signed-in admin may upload", async () => {
    const admin = await signIn("admin");
    const noFile = await upload(admin, { store: "brentwood", scope: "partial" }, new File([], "empty.csv"));
    expect([noFile.status, noFile.body.includes("Choose a feed file (CSV or JSON)")]).toEqual([400, true]);
    const noStore = await upload(admin, { store: "nowhere", scope: "partial" }, csv(CSV));
    expect([noStore.status, noStore.body.includes("There is no store nowhere.")]).toEqual([404, true]);
    const tooBig = await upload(admin, { store: "brentwood", scope: "partial" }, csv("x".repeat(400_000)));
    expect(tooBig.status).toBe(413);

    const sales = await signIn("sales");
    const page = await request(`${site.url}/staff/inventory-feeds`, { headers: { Cookie: sales } });
    expect(page.body).not.toContain("Upload a feed");
    expect((await upload(sales, { store: "brentwood", scope: "partial" }, csv(CSV))).status).toBe(403);
    // A large body from anyone but an admin is refused before it is read.
    const large = csv(`${CSV}\n${"y".repeat(100_000)}`);
    expect((await upload(sales, { store: "brentwood", scope: "partial" }, large)).status).toBe(403);
    expect((await upload("", { store: "brentwood", scope: "partial" }, large)).status).toBe(403);
    const uploads = await site.database.db.select().from(auditEvents).where(eq(auditEvents.action, "uploaded-feed"));
    expect(uploads.every((e) => e.actor === "admin@example.com")).toBe(true);
  });
});
