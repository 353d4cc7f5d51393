// Issue 13 as the built server answers it: the whole journey in one POST to /sell-trade-my-car/your-vehicle, its
// refusals (400, nothing stored), the offer page (private, noindex, 404 for an id that is not an offer, 410 once
// expired), a repeated post, the steps without JavaScript, and the visit booked from an offer.
import { randomUUID } from "node:crypto";
import { defaultOfferRulesVersion } from "@showroom/rules/offer";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../support/databases";
import { visibleText } from "./support/html";
import { type Answer, countRows, renderedFieldErrors, request } from "./support/requests";
import { siteForFile } from "./support/site-for-file";

const site = siteForFile({ RATE_LIMIT_POSTS_PER_MINUTE: "1000000" });

const PAGE = "/sell-trade-my-car/your-vehicle";
const MINI_VIN = "WMWWJ9C03M2387500";
const db = () => site.database.db;

/** The whole journey in one POST, as the browser's journey sends it; `fields` replace or (with undefined) drop. */
function offerPost(fields: Record<string, string | string[] | undefined> = {}): URLSearchParams {
  const base: Record<string, string | string[] | undefined> = {
    intent: "offer",
    idempotencyKey: randomUUID(),
    website: "",
    vin: MINI_VIN,
    mileage: "31,500",
    zip: "63119",
    interest: "sell",
    q100: "good",
    q200: "no",
    q201: "no",
    q202: "no",
    q203: "minor",
    q204: "none",
    q205: "two-or-more",
    q500: "Garage kept, new tires.",
    firstName: "Dana",
    lastName: "Reyes",
    email: "dana.reyes@example.com",
    phone: "(314) 555-0142",
    ...fields,
  };
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(base)) {
    for (const item of value === undefined ? [] : Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  return body;
}

const post = (body: URLSearchParams, cookie?: string): Promise<Answer> =>
  request(`${site.url}${PAGE}`, {
    method: "POST",
    body,
    headers: { Origin: site.url, ...(cookie ? { Cookie: cookie } : {}) },
  });

/** The signed visitor cookie an answer set (`uniqueUserId=…`), as the browser sends it back. */
const visitorCookieOf = (answer: Answer) => {
  const cookie = /uniqueUserId=[^;]+/.exec(answer.headers.get("set-cookie") ?? "")?.[0];
  if (!cookie) throw new Error(`no visitor cookie in ${answer.status}`);
  return cookie;
};

const offerIdOf = (answer: Answer) =>
  /^\/sell-trade-my-car\/offer\/([A-Za-z0-9_-]{22})$/.exec(answer.headers.get("location") ?? "")?.[1];

async function offerRow(id: string) {
  const [row] = rowsOf<{ lead_id: string; outcome: string; rules_version: string; offer: Record<string, unknown> }>(
    await db().execute(sql`select lead_id, outcome, rules_version, offer from offers where id = ${id}`),
  );
  return row;
}

describe("the single POST of the whole journey", () => {
  it("answers 303 to the offer page and writes the offer, its SELL_OR_TRADE lead and the outbox row together", async () => {
    const before = await countRows(db());
    const answer = await post(offerPost());
    expect(answer.status).toBe(303);
    const id = offerIdOf(answer);
    expect(id).toBeDefined();
    const after = await countRows(db());
    expect({ leads: after.leads - before.leads, outbox: after.outbox - before.outbox }).toEqual({
      leads: 1,
      outbox: 1,
    });
    const row = await offerRow(id as string);
    expect(row?.outcome).toBe("offer");
    expect(row?.rules_version).toBe(defaultOfferRulesVersion);
    const [lead] = rowsOf<{ kind: string; payload: { sellVehicle: Record<string, unknown>; user: { email: string } } }>(
      await db().execute(sql`select kind, payload from leads where id = ${row?.lead_id}`),
    );
    expect(lead?.kind).toBe("SELL_OR_TRADE");
    const cashNow = (row?.offer.cashNow as { price: number } | undefined)?.price ?? Number.NaN;
    expect(lead?.payload.sellVehicle).toMatchObject({
      year: 2021,
      make: "MINI",
      vin: MINI_VIN,
      miles: 31_500,
      interest: "sell",
      price: cashNow,
      offer: { id, rulesVersion: defaultOfferRulesVersion, outcome: "offer" },
    });

    const page = await request(`${site.url}${answer.headers.get("location")}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.body).toMatch(/<meta name="robots" content="noindex/);
    expect(cashNow).toBeGreaterThan(2000);
    expect(page.body).toContain(`>$${cashNow.toLocaleString("en-US")}</p>`);
    expect(page.body).toContain("How we got this number");
    expect(page.body).toContain("How worn is the interior? Minor: light stains or scuffs");
  });

  it("a year, make, model and trim with 150,000 miles or more is brought in, with the reason in words and no price", async () => {
    const answer = await post(
      offerPost({ vin: undefined, year: "2019", make: "toyota", model: "rav4", trim: "XLE", mileage: "151000" }),
    );
    expect(answer.status).toBe(303);
    const row = await offerRow(offerIdOf(answer) as string);
    expect(row?.outcome).toBe("bring-in");
    expect(row?.offer).toMatchObject({
      reasons: ["mileage"],
      vehicle: { make: "Toyota", model: "RAV4", trim: "XLE" },
      cashNow: null,
    });
    const page = await request(`${site.url}${answer.headers.get("location")}`);
    expect(page.body).toContain("The mileage is too high for an online offer.");
    expect(page.body).not.toContain("data-price=");
  });

  it("a vehicle the valuation book does not list is brought in with its own reason", async () => {
    const answer = await post(offerPost({ vin: "KL8CD6SA1EC456789", mileage: "120000" }));
    expect(answer.status).toBe(303);
    const row = await offerRow(offerIdOf(answer) as string);
    expect(row?.offer).toMatchObject({ outcome: "bring-in", reasons: ["no-valuation"], valuation: null });
  });

  it("the same form sent twice makes one offer: the second post lands on the first offer", async () => {
    const body = offerPost();
    const first = await post(body);
    const before = await countRows(db());
    const second = await post(body);
    expect(second.status).toBe(303);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(await countRows(db())).toEqual(before);
  });

  it("missing and invalid parts answer 400 in the spec's words and store nothing", async () => {
    for (const [fields, expected] of [
      [{ vin: undefined }, { year: "Enter the year of the vehicle.", make: "Enter the make of the vehicle." }],
      [{ mileage: "" }, { mileage: "Enter the mileage of the vehicle." }],
      [{ zip: "6311" }, { zip: "Enter a 5-digit ZIP code." }],
      [{ q100: "poor" }, { q300: "This field is required", q400: "This field is required" }],
      [{ firstName: " " }, { firstName: "Enter your first name." }],
      [
        { vin: "KL8CB6SA3EC000000" },
        { vin: "This VIN's check digit does not match. Check each character, or choose the year, make and model." },
      ],
      [
        { vin: "1G1ZZZZZ3ZZ000000" },
        { vin: "We couldn't find a vehicle for this VIN. Check each character, or choose the year, make and model." },
      ],
    ] as [Record<string, string | undefined>, Record<string, string>][]) {
      const before = await countRows(db());
      const offersBefore = await offerCount();
      const answer = await post(offerPost(fields));
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      // On the field that asks for it when the vehicle step shows that field; in the alert above the form otherwise.
      const onFields = renderedFieldErrors(answer.body);
      const alert = [...answer.body.matchAll(/role="alert"[^>]*>([\s\S]*?)<\/div>/g)].map((m) => m[1]).join(" ");
      for (const [field, message] of Object.entries(expected)) {
        const escaped = message.replace(/'/g, "&#x27;");
        expect(onFields[field] === message || alert.includes(escaped), `${field}: ${message}`).toBe(true);
      }
      expect(await countRows(db())).toEqual(before);
      expect(await offerCount()).toBe(offersBefore);
    }
  });
});

async function offerCount(): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await db().execute(sql`select count(*) as n from offers`));
  return Number(row?.n ?? 0);
}

describe("the offer page", () => {
  it("speaks to the shopper: the toast's day in words, costs with why, no offer id, rules version or valuation book (those stay with the lead)", async () => {
    const answer = await post(offerPost());
    const id = offerIdOf(answer) as string;
    const row = await offerRow(id);
    const cookies = answer.headers.get("set-cookie") ?? "";
    const flash = /flash=[^;]+/.exec(cookies)?.[0];
    expect(flash).toBeDefined();
    const page = await request(`${site.url}/sell-trade-my-car/offer/${id}`, {
      headers: { Cookie: `${visitorCookieOf(answer)}; ${flash}` },
    });
    const text = visibleText(page.body);
    const validUntil = String(row?.offer.validUntil);
    const [y, m, d] = validUntil.split("-").map(Number) as [number, number, number];
    const inWords = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(Date.UTC(y, m - 1, d)),
    );
    expect(text).toContain(`It’s good until ${inWords}.`);
    expect(text).toContain(`Valid until ${inWords}`);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toContain(id);
    expect(text).not.toContain(row?.rules_version as string);
    expect(text).not.toMatch(/Offer rules|valuation book|not market data/i);
    expect(text).toContain("Book values as of");
    expect(text).toContain("Our cost: inspection and basic reconditioning");
    expect(text).toContain("Every car we take in is inspected, cleaned and serviced before we sell it");
    expect(text).toContain("Our cost: reconditioning for this car’s value");
    // The desk and the CRM keep what the page leaves out.
    const [lead] = rowsOf<{ payload: { sellVehicle: { offer: Record<string, unknown> } } }>(
      await db().execute(sql`select payload from leads where id = ${row?.lead_id}`),
    );
    expect(lead?.payload.sellVehicle.offer).toMatchObject({
      id,
      rulesVersion: row?.rules_version,
      valuation: { source: expect.stringMatching(/demo valuation book/), asOf: row?.offer.asOf },
    });
  });

  it("an id that is not an offer answers 404: unknown, one character changed, the wrong shape", async () => {
    const answer = await post(offerPost());
    const id = offerIdOf(answer) as string;
    const tampered = `${id.slice(0, -1)}${id.endsWith("A") ? "B" : "A"}`;
    for (const path of [tampered, "AAAAAAAAAAAAAAAAAAAAAA", `${id}x`, "1", "..%2F..%2Fetc"]) {
      const page = await request(`${site.url}/sell-trade-my-car/offer/${path}`);
      expect(page.status, path).toBe(404);
      expect(page.body).not.toContain("How we got this number");
    }
  });

  it("is viewable through its last day and answers 410 once expired, refusing a visit then too", async () => {
    const answer = await post(offerPost());
    const id = offerIdOf(answer) as string;
    await db().execute(sql`update offers set valid_until = current_date - 2 where id = ${id}`);
    const page = await request(`${site.url}/sell-trade-my-car/offer/${id}`);
    expect(page.status).toBe(410);
    expect(page.body).toContain("This offer has expired");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const visit = await request(`${site.url}/sell-trade-my-car/offer/${id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "visit", idempotencyKey: randomUUID(), website: "", slot: "x" }),
      headers: { Origin: site.url },
    });
    expect(visit.status).toBe(410);
    await db().execute(sql`update offers set valid_until = current_date + 1 where id = ${id}`);
    expect((await request(`${site.url}/sell-trade-my-car/offer/${id}`)).status).toBe(200);
  });

  it("books a visit at an open time as a SELL_OR_TRADE lead with the appointment, and refuses a time that is not open", async () => {
    const answer = await post(offerPost());
    const path = answer.headers.get("location") as string;
    const owner = visitorCookieOf(answer);
    const page = await request(`${site.url}${path}`, { headers: { Cookie: owner } });
    const slot = /<option value="(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[-+]\d{2}:\d{2})"/.exec(page.body)?.[1];
    expect(slot).toBeDefined();
    const book = (value: string) =>
      request(`${site.url}${path}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "visit", idempotencyKey: randomUUID(), website: "", slot: value }),
        headers: { Origin: site.url, Cookie: owner },
      });
    const before = await countRows(db());
    const refused = await book("2020-01-01T10:00:00-06:00");
    expect(refused.status).toBe(400);
    expect(renderedFieldErrors(refused.body)).toEqual({
      slot: "That time is no longer available. Please choose another.",
    });
    expect(await countRows(db())).toEqual(before);
    // The offer's own mark of a booked visit, which the desk's experiment statistics count (ADR 392).
    const visitMark = async () =>
      rowsOf<{ booked: unknown }>(
        await db().execute(sql`select visit_booked_at as booked from offers where id = ${path.split("/").at(-1)}`),
      )[0]?.booked;
    expect(await visitMark()).toBeNull();
    const booked = await book(slot as string);
    expect(booked.status).toBe(303);
    expect(booked.headers.get("location")).toBe(path);
    const [lead] = rowsOf<{ payload: { appointment: { start_datetime: string }; sellVehicle: { vin: string } } }>(
      await db().execute(sql`select payload from leads where payload->'appointment'->>'start_datetime' = ${slot}`),
    );
    expect(lead?.payload.sellVehicle.vin).toBe(MINI_VIN);
    expect(await visitMark()).not.toBeNull();
  });

  it("lets only the browser that made the offer book a visit: another browser with the link gets 403, the store's number, no form, and nothing is written", async () => {
    const answer = await post(offerPost());
    const path = answer.headers.get("location") as string;
    const owner = visitorCookieOf(answer);
    const ownPage = await request(`${site.url}${path}`, { headers: { Cookie: owner } });
    const slot = /<option value="(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[-+]\d{2}:\d{2})"/.exec(ownPage.body)?.[1] as string;
    expect(slot).toBeDefined();
    // A stranger: a browser of its own (a visitor cookie from another journey), or none at all.
    const other = visitorCookieOf(await post(offerPost({ email: "someone.else@example.com" })));
    expect(other).not.toBe(owner);
    for (const cookie of [other, undefined]) {
      const page = await request(`${site.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
      expect(page.status).toBe(200);
      expect(page.body).not.toContain('name="slot"');
      expect(page.body).toContain("can be booked online only from the browser this offer was made in");
      const before = await countRows(db());
      for (const data of [false, true]) {
        const refused = await request(`${site.url}${path}${data ? ".data" : ""}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "visit", idempotencyKey: randomUUID(), website: "", slot }),
          headers: { Origin: site.url, ...(cookie ? { Cookie: cookie } : {}) },
        });
        expect(refused.status).toBe(403);
        expect(refused.body).not.toContain("dana.reyes@example.com");
      }
      expect(await countRows(db())).toEqual(before);
    }
  });
});

describe("without JavaScript, each step is a post the server keeps", () => {
  it("vehicle, confirmation, questionnaire (fair shows the repair step), back, details: the offer, and the journey ends", async () => {
    let cookie = "";
    const step = async (fields: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries(fields)) {
        for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
      }
      const answer = await post(body, cookie);
      const set = answer.headers.get("set-cookie");
      const id = set ? /uniqueUserId=[^;]+/.exec(set)?.[0] : undefined;
      if (id) cookie = id;
      return answer;
    };
    const heading = async () =>
      /<h1[^>]*>([^<]*)<\/h1>/.exec((await request(`${site.url}${PAGE}`, { headers: { Cookie: cookie } })).body)?.[1];

    expect(
      (await step({ intent: "vin", vin: MINI_VIN, mileage: "40000", zip: "63119", interest: "trade-in" })).status,
    ).toBe(303);
    expect(await heading()).toBe("Is this your vehicle?");
    await step({ intent: "confirm" });
    expect(await heading()).toBe("Overall condition");
    await step({ intent: "answers", step: "0", q100: "fair" });
    expect(await heading()).toBe("Condition details");
    const refused = await step({ intent: "answers", step: "1", q200: "no" });
    expect(refused.status).toBe(400);
    expect(renderedFieldErrors(refused.body)).toMatchObject({ q201: "This field is required" });
    await step({
      intent: "answers",
      step: "1",
      q200: "no",
      q201: "no",
      q202: "no",
      q203: "none",
      q204: "none",
      q205: "one",
    });
    expect(await heading()).toBe("Repair needs and warnings");
    await step({ intent: "back" });
    expect(await heading()).toBe("Condition details");
    await step({
      intent: "answers",
      step: "1",
      q200: "no",
      q201: "no",
      q202: "no",
      q203: "none",
      q204: "none",
      q205: "one",
    });
    await step({ intent: "answers", step: "2", q300: ["brakes", "ac-heat"], q301: "good" });
    expect(await heading()).toBe("Anything else");
    await step({ intent: "answers", step: "4", q500: "" });
    expect(await heading()).toBe("Where should we send your offer?");
    const done = await step({
      intent: "contact",
      idempotencyKey: randomUUID(),
      website: "",
      firstName: "Step",
      lastName: "Wise",
      email: "step.wise@example.com",
      phone: "3145550100",
    });
    expect(done.status).toBe(303);
    const row = await offerRow(offerIdOf(done) as string);
    expect(row?.offer).toMatchObject({
      vehicle: { interest: "trade-in", mileage: 40_000 },
      answers: { "100": "fair", "300": ["brakes", "ac-heat"] },
    });
    const cash = row?.offer.cashNow as { deductions: { name: string }[] } | undefined;
    const names = cash?.deductions.map((d) => d.name);
    expect(names).toEqual(["one-key", "brakes", "ac-heat"]);
    expect(await heading()).toBe("Your vehicle");
  });
});
