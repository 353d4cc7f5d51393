// The desk's "Inventory feeds" over HTTP against the built server, on each database (issue 29, ADR 355): the server
// pulls FEED_URL_BRENTWOOD at start, a feed of four cars against the fixtures' inventory is held by the mass-sold
// hold, sales sees it with its rejected line and no button, an admin applies it with a plain form post (no
// JavaScript), audited.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, inventoryFeedPulls, vehicles } from "../../app/server/db/schema.server";
import type { Running } from "../../server/app";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../support/databases";
import { startInProcess } from "./support/built-server";
import { postForm, request } from "./support/requests";
import { deskAccounts } from "./support/staff-sign-in";

const DATA_KEY = randomBytes(32).toString("base64");
const VINS = ["1HGCM82633A004352", "1M8GDM9AXKP042788", "5YJSA1E18HF000337", "1FTFW1ET9DFC10312"] as const;
const FEED = [
  "VIN,Stock,Year,Make,Model,Trim,Body,Condition,Mileage,Price",
  ...VINS.map((vin, i) => `${vin},F${i},2019,Honda,Accord,EX-L,Sedan,Used,41200,${18_000 + i}`),
  "1HGCM82633A00435X,F9,2019,Honda,Accord,EX-L,Sedan,Used,41200,18000",
].join("\n");

describe.each(testDatabaseKinds())("the desk's inventory feeds on %s", (kind) => {
  let site: Running;
  let database: TestDatabase | undefined;
  let feed: Server;
  const requests: IncomingMessage[] = [];
  const staff = deskAccounts(DATA_KEY, ["sales", "admin"] as const);

  beforeAll(async () => {
    feed = createServer((req, res) => {
      requests.push(req);
      res.writeHead(200, { "content-type": "text/csv", etag: '"v1"' }).end(FEED);
    });
    await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
    if (kind === "postgres") database = await createTestDatabase("postgres");
    site = await startInProcess({
      RATE_LIMIT_POSTS_PER_MINUTE: "100000",
      STAFF_SIGN_INS_PER_MINUTE: "30",
      DATA_KEY,
      FEED_URL_BRENTWOOD: `${origin}/dms/brentwood.csv?key=s3cret`,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    await staff.add(site.database.db);
  });

  afterAll(async () => {
    await site?.close();
    await database?.dispose();
    feed?.closeAllConnections();
    await new Promise((resolve) => feed?.close(resolve));
  });

  const signIn = (role: "sales" | "admin") => staff.signIn(site.url, role);

  /** The pull the server made at start, once it finished. */
  async function startPull() {
    for (let i = 0; i < 200; i++) {
      const [pull] = await site.database.db.select().from(inventoryFeedPulls);
      if (pull && pull.status !== "running") return pull;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the server made no pull at start");
  }

  it("pulls at start and holds a feed that would mark most of the store's cars sold; sales sees why, with no button", async () => {
    const pull = await startPull();
    expect(pull).toMatchObject({ status: "held", storeId: "brentwood", rejected: 1 });
    expect(requests[0]?.url).toBe("/dms/brentwood.csv?key=s3cret");
    // Nothing was applied: the fixture cars stay available and the feed's cars are not there.
    const feedCars = await site.database.db.select().from(vehicles).where(eq(vehicles.vin, VINS[0]));
    expect(feedCars).toEqual([]);

    const sales = await signIn("sales");
    const page = await request(`${site.url}/staff/inventory-feeds`, { headers: { Cookie: sales } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Inventory feeds");
    expect(page.body).toContain("Held");
    expect(page.body).toMatch(/it would mark \d+ of the store’s \d+ cars in stock sold/);
    expect(page.body).toMatch(/Line 6: vin: VIN fails the check digit/);
    expect(page.body).toContain(`/dms/brentwood.csv`);
    expect(page.body).not.toContain("s3cret");
    expect(page.body).not.toContain("Apply anyway");
    expect(page.body).toContain("An admin can apply it.");
    const refused = await postForm(site.url, "/staff/inventory-feeds", { id: String(pull.id) }, { Cookie: sales });
    expect(refused.status).toBe(403);
  });

  it("an admin applies it with a plain form post: 303 back to the page, the cars land, one audit row", async () => {
    const pull = await startPull();
    const admin = await signIn("admin");
    const page = await request(`${site.url}/staff/inventory-feeds`, { headers: { Cookie: admin } });
    expect(page.body).toContain("Apply anyway");
    expect(page.body).toContain(`name="id" value="${pull.id}"`);

    expect((await postForm(site.url, "/staff/inventory-feeds", { id: "x" }, { Cookie: admin })).status).toBe(400);
    expect((await postForm(site.url, "/staff/inventory-feeds", { id: "999999" }, { Cookie: admin })).status).toBe(404);
    const applied = await postForm(site.url, "/staff/inventory-feeds", { id: String(pull.id) }, { Cookie: admin });
    expect([applied.status, applied.headers.get("location")]).toEqual([
      303,
      `/staff/inventory-feeds?applied=${pull.id}`,
    ]);
    const after = await request(`${site.url}/staff/inventory-feeds?applied=${pull.id}`, { headers: { Cookie: admin } });
    expect(after.body).toContain(`The held feed of pull #${pull.id} is applied.`);
    expect(after.body).toContain("applied anyway by admin@example.com");
    expect(after.body).not.toContain("Apply anyway");
    const available = await site.database.db
      .select({ vin: vehicles.vin })
      .from(vehicles)
      .where(and(eq(vehicles.storeId, "brentwood"), eq(vehicles.status, "available")));
    expect(available.map((v) => v.vin).sort()).toEqual([...VINS].sort());
    const audit = await site.database.db.select().from(auditEvents).where(eq(auditEvents.action, "applied-held-feed"));
    expect(audit.map((e) => [e.actor, e.subject])).toEqual([["admin@example.com", `feed pull #${pull.id}`]]);
  });
});
