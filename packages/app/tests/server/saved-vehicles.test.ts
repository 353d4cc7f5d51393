// Saved vehicles (issue 16) as the built server answers them: the hearts' POST with and without JavaScript, the
// refusals in words (malformed, unknown, private, a full list), the list page, and the HTML cache keeping one
// visitor's hearts from another's pages. Runs the built server in this process.
import { MESSAGES } from "@showroom/forms";
import { vehiclePath } from "@showroom/rules/inventory";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { savedVehicles, visitors } from "../../app/server/db/schema.server";
import { SAVED_VEHICLES_LIMIT } from "../../app/server/saved/saved-vehicles.server";
import { visitorCookies } from "../../app/server/visitor.server";
import { rowsOf } from "../support/databases";
import { TEST_SESSION_SECRET } from "./support/built-server";
import { type Answer, postForm, request } from "./support/requests";
import { siteForFile } from "./support/site-for-file";

// Enough POSTs for the whole file from one address.
const site = siteForFile({ RATE_LIMIT_POSTS_PER_MINUTE: "500" });

interface Row {
  vin: string;
  condition: "used" | "certified";
  year: number;
  make: string;
  model: string;
  trim: string | null;
}

const db = () => site.database.db;

async function vehicles(where: ReturnType<typeof sql>, limit = 1): Promise<Row[]> {
  return rowsOf<Row>(
    await db().execute(sql`select vin, condition, year, make, model, trim from vehicles
      where status = 'available' and condition in ('used', 'certified') and ${where} order by vin limit ${limit}`),
  );
}

async function newVisitor(): Promise<{ id: string; cookie: string }> {
  const named = visitorCookies(TEST_SESSION_SECRET).newVisitorIdentity();
  const { visitorId } = named;
  const setCookie = await named.cookie();
  await db().insert(visitors).values({ id: visitorId });
  return { id: visitorId, cookie: (setCookie as string).split(";")[0] as string };
}

const get = (path: string, cookie?: string): Promise<Answer> =>
  request(`${site.url}${path}`, cookie ? { headers: { Cookie: cookie } } : {});
const post = (fields: Record<string, string>, cookie?: string) =>
  postForm(site.url, "/saved-vehicles", fields, cookie ? { Cookie: cookie } : {});

/** Whether the page's heart for `vin` is pressed: the card's or the detail page's toggle. */
function heart(html: string, vin: string): "pressed" | "not pressed" | "absent" {
  const form = html.indexOf(`name="vin" value="${vin}"`);
  if (form < 0) return "absent";
  const button = html.slice(form, html.indexOf("</form>", form));
  return /aria-pressed="true"/.test(button) ? "pressed" : "not pressed";
}

describe("the hearts' action", () => {
  it("refuses a malformed VIN or intent with a 400 in the form's words, and writes nothing", async () => {
    const before = rowsOf<{ n: string }>(await db().execute(sql`select count(*) as n from saved_vehicles`))[0]?.n;
    const bad = await post({ vin: "NOT-A-VIN", intent: "save", returnTo: "/" });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain(MESSAGES.vin);
    const badIntent = await post({ vin: (await vehicles(sql`true`))[0]?.vin as string, intent: "like" });
    expect(badIntent.status).toBe(400);
    expect(badIntent.body).toContain(MESSAGES.choice);
    const after = rowsOf<{ n: string }>(await db().execute(sql`select count(*) as n from saved_vehicles`))[0]?.n;
    expect(after).toBe(before);
  });

  it("refuses a well-formed VIN that is not for sale, and a private one before the inventory unlock, with a 404", async () => {
    const { cookie, id } = await newVisitor();
    const unknown = await post({ vin: "1HGCM82633A004352", intent: "save", returnTo: "/" }, cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain("We couldn’t find this vehicle. It may have been sold.");
    const [hidden] = rowsOf<{ vin: string }>(
      await db().execute(sql`select vin from vehicles where status = 'available' and private limit 1`),
    );
    if (hidden) expect((await post({ vin: hidden.vin, intent: "save" }, cookie)).status).toBe(404);
    const saved = await db().select().from(savedVehicles).where(sql`visitor_id = ${id}`);
    expect(saved).toEqual([]);
  });

  it("without JavaScript: saves with a 303 back to the page (never off the site), the list shows it, and Remove takes it off", async () => {
    const [car] = await vehicles(sql`not private and price is not null`);
    if (!car) throw new Error("no vehicle");
    // A browser the server has never seen gets its visitor cookie with the first save.
    const first = await post({ vin: car.vin.toLowerCase(), intent: "save", returnTo: "/cars-for-sale?sort=year" });
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/cars-for-sale?sort=year");
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0] as string;
    expect(cookie).toMatch(/^uniqueUserId=/);

    const list = await get("/saved-vehicles", cookie);
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toContain("no-store");
    expect(list.body).toContain(`data-vin="${car.vin}"`);
    expect(list.body).toContain("1 saved vehicle");
    expect(list.body).toMatch(/<meta name="robots" content="noindex/);
    expect(heart((await get(vehiclePath(car), cookie)).body, car.vin)).toBe("pressed");

    const offSite = await post({ vin: car.vin, intent: "save", returnTo: "//evil.example/x" }, cookie);
    expect(offSite.status).toBe(303);
    expect(offSite.headers.get("location")).toBe("/");

    const removed = await post({ vin: car.vin, intent: "remove", returnTo: "/saved-vehicles" }, cookie);
    expect(removed.status).toBe(303);
    const empty = await get("/saved-vehicles", cookie);
    expect(empty.body).not.toContain(`data-vin="${car.vin}"`);
    expect(empty.body).toContain("No saved vehicles yet");
  });

  it("with JavaScript (no returnTo): answers 200 with the new state; saving twice keeps one row", async () => {
    const { cookie, id } = await newVisitor();
    const [car] = await vehicles(sql`not private`);
    if (!car) throw new Error("no vehicle");
    for (let i = 0; i < 2; i++) {
      const answer = await post({ vin: car.vin, intent: "save" }, cookie);
      expect(answer.status).toBe(200);
    }
    expect(await db().select().from(savedVehicles).where(sql`visitor_id = ${id}`)).toHaveLength(1);
    expect((await post({ vin: car.vin, intent: "remove" }, cookie)).status).toBe(200);
    expect(await db().select().from(savedVehicles).where(sql`visitor_id = ${id}`)).toHaveLength(0);
  });

  it(`refuses a save past ${SAVED_VEHICLES_LIMIT} vehicles with a 409 that says so`, async () => {
    const { cookie, id } = await newVisitor();
    const cars = await vehicles(sql`not private`, SAVED_VEHICLES_LIMIT + 1);
    expect(cars).toHaveLength(SAVED_VEHICLES_LIMIT + 1);
    await db()
      .insert(savedVehicles)
      .values(cars.slice(0, SAVED_VEHICLES_LIMIT).map((c) => ({ visitorId: id, vin: c.vin })));
    const last = cars.at(-1) as Row;
    const answer = await post({ vin: last.vin, intent: "save", returnTo: "/saved-vehicles" }, cookie);
    expect(answer.status).toBe(409);
    expect(answer.body).toContain(`You can save up to ${SAVED_VEHICLES_LIMIT} vehicles.`);
  });
});

describe("hearts and the HTML cache", () => {
  it("one visitor's pressed hearts never reach another visitor's cached search or detail page", async () => {
    const [car] = await vehicles(sql`not private`);
    if (!car) throw new Error("no vehicle");
    const a = await newVisitor();
    const b = await newVisitor();
    // Warm the cache as an anonymous shopper and as b, then a saves.
    for (const cookie of [undefined, b.cookie]) await get(vehiclePath(car), cookie);
    expect((await post({ vin: car.vin, intent: "save" }, a.cookie)).status).toBe(200);
    expect(heart((await get(vehiclePath(car), a.cookie)).body, car.vin)).toBe("pressed");
    expect(heart((await get(vehiclePath(car), b.cookie)).body, car.vin)).toBe("not pressed");
    expect(heart((await get(vehiclePath(car))).body, car.vin)).toBe("not pressed");
  });
});
