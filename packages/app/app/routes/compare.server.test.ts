// The compare page's loader on a seeded database (issue 28, ADR 346): the table's vehicles behind the site's gates, a
// clear 4xx for any address it cannot read, and never a 500.
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../tests/support/databases";
import { Shopper, siteOn } from "../../tests/support/test-drive";
import { groupUrls } from "../content/sitemap.server";
import { served } from "../content/test-site";
import { vehicles } from "../server/db/schema.server";
import { seedIfEmpty } from "../server/seed.server";
import { type ComparePageData, comparePage } from "./compare.server";

interface Answer {
  status: number;
  location: string | null;
  page: ComparePageData | null;
}

/** What the loader gave or threw: `data()` with its status, or a redirect Response. */
async function answer(run: () => Promise<unknown>): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location"), page: null };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const init = (result as { init?: ResponseInit | null }).init ?? {};
    return { status: init.status ?? 200, location: null, page: result.data as ComparePageData };
  }
  throw new Error(`the loader gave neither data() nor a Response: ${String(result)}`);
}

const vin = fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/);

describe.each(testDatabaseKinds())("the compare page on %s", (kind) => {
  const t = useTestDatabase(kind, { truncate: false });
  let listed: string[] = [];

  beforeAll(async () => {
    await seedIfEmpty(t.db);
    const rows = await t.db
      .select({ vin: vehicles.vin, private: vehicles.private, condition: vehicles.condition })
      .from(vehicles)
      .where(eq(vehicles.status, "available"));
    const conditions: readonly string[] = siteOn(t.db).settings.vehicleConditions;
    listed = rows.filter((row) => !row.private && conditions.includes(row.condition)).map((row) => row.vin);
  }, 120_000);

  const load = (path: string) => {
    const site = siteOn(t.db);
    return answer(() => served(site, new Shopper().request(path), comparePage));
  };

  it("shows the vehicles of the address in its order, prices behind the unlock, and is never indexed", async () => {
    const [a, b] = listed;
    const { status, page } = await load(`/compare?vins=${b},${a}`);
    expect(status).toBe(200);
    expect(page?.columns.map((c) => c.vin)).toEqual([b, a]);
    expect(page?.columns.every((c) => c.price.kind !== "amount")).toBe(true);
    expect(page?.columns[0]?.removeHref).toBe(`/compare?vins=${a}`);
    // Each car says where it is: compared cars may be at different stores.
    const cities = siteOn(t.db).stores.map((store) => store.dealer.city);
    expect(page?.columns.every((c) => cities.includes(c.store))).toBe(true);
    expect(page?.seo.robots).toMatch(/^noindex/);
    expect(page?.missing).toEqual([]);
  });

  it("is left out of the sitemap: its vehicles come from the shopper's list, and each has its own page", async () => {
    const locs = (await groupUrls(siteOn(t.db), "pages")).map((url) => url.loc);
    expect(locs).toContain("/contact-us");
    expect(locs).not.toContain("/compare");
  });

  it("sends the checkboxes' spelling to the canonical address", async () => {
    const [a, b] = listed;
    expect(await load(`/compare?vin=${a?.toLowerCase()}&vin=${b}`)).toMatchObject({
      status: 302,
      location: `/compare?vins=${a},${b}`,
    });
  });

  it("names VINs no longer for sale, and answers 404 when none of the address is left", async () => {
    const [a] = listed;
    const gone = "1FTEW1EP5LFA00000";
    const some = await load(`/compare?vins=${a},${gone}`);
    expect(some.status).toBe(200);
    expect(some.page?.columns.map((c) => c.vin)).toEqual([a]);
    expect(some.page?.missing).toEqual([gone]);
    const none = await load(`/compare?vins=${gone}`);
    expect(none.status).toBe(404);
    expect(none.page?.columns).toEqual([]);
  });

  it("any list of more than three VINs or with a malformed VIN is refused with a 400 and a message, never a 500", async () => {
    const tooMany = fc.array(vin, { minLength: 4, maxLength: 8 }).map((vins) => vins.join(","));
    const malformed = fc
      .tuple(fc.array(vin, { maxLength: 2 }), fc.string({ minLength: 1, maxLength: 40 }))
      .filter(([, bad]) => !/^[A-HJ-NPR-Z0-9]{17}$/i.test(bad.trim()) && !bad.includes(",") && bad.trim() !== "")
      .map(([vins, bad]) => [...vins, bad].join(","));
    await fc.assert(
      fc.asyncProperty(fc.oneof(tooMany, malformed), async (list) => {
        const { status, page } = await load(`/compare?${new URLSearchParams({ vins: list })}`);
        expect(status).toBe(400);
        expect(page?.refusal).toMatch(/vehicles at a time|isn’t valid/);
        expect(page?.columns).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});
