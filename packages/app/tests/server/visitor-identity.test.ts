// One identity per request (docs/decisions/360), counted while the built server answers in this process: ids through
// the visitor module's diagnostics channel, signatures as the HMACs WebCrypto computes (the visitor cookie is the only
// signed cookie). A request without a cookie passes the root middleware, the site, the page's read of the visitor and
// any action, and still makes exactly one id; only a response that sends the cookie signs it.
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { vehiclePath } from "@showroom/rules/inventory";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setCookiePair } from "../../app/cookies";
import { VISITOR_EVENTS, visitorCookies } from "../../app/server/visitor.server";
import type { Running } from "../../server/app";
import { rowsOf } from "../support/databases";
import { startInProcess, TEST_SESSION_SECRET } from "./support/built-server";
import { type Answer, postForm, request } from "./support/requests";

let site: Running;

beforeAll(async () => {
  // No HTML cache: every page below renders, so every reader of the visitor runs.
  site = await startInProcess({ RATE_LIMIT_POSTS_PER_MINUTE: "500" }, { htmlCache: false });
}, 120_000);

afterAll(async () => {
  await site?.close();
});

const BOT = {
  "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  Accept: "text/html",
};
const BROWSER = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  Accept: "text/html,application/xhtml+xml",
};

interface Counted {
  answer: Answer;
  ids: number;
  signatures: number;
  hmacs: number;
}

/** What one request cost in visitor ids and signatures. */
async function counted(send: () => Promise<Answer>): Promise<Counted> {
  const made = { id: 0, signature: 0 };
  const listener = (message: unknown) => {
    made[(message as { made: "id" | "signature" }).made] += 1;
  };
  subscribe(VISITOR_EVENTS, listener);
  const hmacs = vi.spyOn(crypto.subtle, "sign");
  try {
    const answer = await send();
    return { answer, ids: made.id, signatures: made.signature, hmacs: hmacs.mock.calls.length };
  } finally {
    unsubscribe(VISITOR_EVENTS, listener);
    hmacs.mockRestore();
  }
}

const visitorCookieOf = (answer: Answer) =>
  answer.headers
    .getSetCookie()
    .map(setCookiePair)
    .find((pair) => pair.name === "uniqueUserId");

async function aVehiclePath(): Promise<string> {
  const [row] = rowsOf<{
    vin: string;
    condition: "used" | "certified";
    year: number;
    make: string;
    model: string;
    trim: string | null;
  }>(
    await site.database.db.execute(
      sql`select vin, condition, year, make, model, trim from vehicles where status = 'available' and private = false
        and condition in ('used', 'certified') order by vin limit 1`,
    ),
  );
  if (!row) throw new Error("the seed has no public vehicle");
  return vehiclePath(row);
}

describe("one visitor identity per request", () => {
  it("the listing, home and a vehicle page, fetched without a cookie by a client the site does not name, make one id each and sign nothing", async () => {
    for (const path of ["/cars-for-sale", "/", await aVehiclePath()]) {
      const { answer, ids, signatures, hmacs } = await counted(() => request(`${site.url}${path}`, { headers: BOT }));
      expect(answer.status, path).toBe(200);
      expect(visitorCookieOf(answer), path).toBeUndefined();
      expect({ ids, signatures, hmacs }, path).toEqual({ ids: 1, signatures: 0, hmacs: 0 });
    }
  });

  it("a browser's first page makes one id and signs it once, for the cookie it is sent; with that cookie the next page makes and signs nothing", async () => {
    const first = await counted(() => request(`${site.url}/cars-for-sale`, { headers: BROWSER }));
    expect(first.answer.status).toBe(200);
    const cookie = visitorCookieOf(first.answer);
    expect(cookie?.value).toBeTruthy();
    expect({ ids: first.ids, signatures: first.signatures, hmacs: first.hmacs }).toEqual({
      ids: 1,
      signatures: 1,
      hmacs: 1,
    });
    const pair = `uniqueUserId=${encodeURIComponent(cookie?.value ?? "")}`;
    const next = await counted(() => request(`${site.url}/cars-for-sale`, { headers: { ...BROWSER, Cookie: pair } }));
    expect(next.answer.status).toBe(200);
    expect(visitorCookieOf(next.answer)).toBeUndefined();
    expect({ ids: next.ids, signatures: next.signatures, hmacs: next.hmacs }).toEqual({
      ids: 0,
      signatures: 0,
      hmacs: 0,
    });
  });

  it("an action without a cookie that saves the visitor uses the request's one id for the row and for the cookie it sends", async () => {
    const [row] = rowsOf<{ vin: string }>(
      await site.database.db.execute(
        sql`select vin from vehicles where status = 'available' and private = false order by vin limit 1`,
      ),
    );
    const vin = row?.vin ?? "";
    const saved = await counted(() => postForm(site.url, "/saved-vehicles", { vin, intent: "save", returnTo: "/" }));
    expect(saved.answer.status).toBe(303);
    expect({ ids: saved.ids, signatures: saved.signatures, hmacs: saved.hmacs }).toEqual({
      ids: 1,
      signatures: 1,
      hmacs: 1,
    });
    const cookie = visitorCookieOf(saved.answer);
    const named = await visitorCookies(TEST_SESSION_SECRET).identify(
      new Request(site.url, { headers: { Cookie: `uniqueUserId=${encodeURIComponent(cookie?.value ?? "")}` } }),
    );
    expect(named.known).toBe(true);
    const owners = rowsOf<{ visitor_id: string }>(
      await site.database.db.execute(sql`select visitor_id::text from saved_vehicles where vin = ${vin}`),
    );
    expect(owners.map((o) => o.visitor_id)).toContain(named.visitorId);
  });

  it("an action that answers without sending the cookie signs nothing", async () => {
    const refused = await counted(() =>
      postForm(site.url, "/saved-vehicles", { vin: "NOT-A-VIN", intent: "save", returnTo: "/" }),
    );
    expect(refused.answer.status).toBe(400);
    expect(visitorCookieOf(refused.answer)).toBeUndefined();
    expect({ ids: refused.ids, signatures: refused.signatures, hmacs: refused.hmacs }).toEqual({
      ids: 1,
      signatures: 0,
      hmacs: 0,
    });
  });
});
