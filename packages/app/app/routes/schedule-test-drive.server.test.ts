import { randomUUID } from "node:crypto";
import type { Dealer } from "@showroom/fixtures";
import { MESSAGES } from "@showroom/forms";
import { buildAdfLead, defaultLeadDestinations, type Lead, resolveDestination } from "@showroom/rules/leads";
import { TEST_DRIVE_BOOKING_FAILED_TOAST, TEST_DRIVE_DETAILS_MISSING_TOAST } from "@showroom/rules/test-drive";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseKinds, useTestDatabase } from "../../tests/support/databases";
import { clearVisitorsAndLeads, type Outcome, Shopper, settle, siteOn, tally } from "../../tests/support/test-drive";
import { served } from "../content/test-site";
import { leads, outbox, vehicles, visitors } from "../server/db/schema.server";
import { seedIfEmpty } from "../server/seed.server";
import { saveVisitor } from "../server/visitor-state.server";
import { type StepRefusal, testDriveAction, testDrivePage } from "./schedule-test-drive.server";

/** A public Brentwood vehicle of the fixture inventory, and a private one. */
const VIN = "WMWWJ9C03M2387500";
const PRIVATE_VIN = "3FMCR9B94PR999826";
const PATH = `/schedule-test-drive/${VIN}`;
/** Monday 23 November 2026, 09:00 in St. Louis: Brentwood opens at 10, Sunday is closed. */
const NOW = new Date("2026-11-23T15:00:00Z");

const PROFILE = { firstName: "Dana", lastName: "Reyes", email: "dana.reyes@example.com", phone: "(314) 555-0142" };

type PageData = Awaited<ReturnType<typeof testDrivePage>>;

describe.each(testDatabaseKinds())("schedule a test drive on %s", (kind) => {
  const t = useTestDatabase(kind, { truncate: false });

  beforeAll(async () => {
    await seedIfEmpty(t.db);
  }, 120_000);

  beforeEach(async () => {
    await clearVisitorsAndLeads(t.db);
    await t.db.update(vehicles).set({ status: "available" }).where(eq(vehicles.vin, VIN));
  });

  function client(options: { now?: Date; site?: ReturnType<typeof siteOn> } = {}) {
    const site = options.site ?? siteOn(t.db);
    const now = options.now ?? NOW;
    const shopper = new Shopper();
    return {
      site,
      shopper,
      async page(path = PATH): Promise<PageData> {
        const vin = path.split("/").at(-1) ?? "";
        const outcome = await settle(() =>
          served(site, shopper.request(path), (s, request) => testDrivePage(s, request, vin, { now })),
        );
        expect(outcome.status).toBe(200);
        return outcome.data as PageData;
      },
      async get(path = PATH): Promise<Outcome> {
        const vin = path.split("/").at(-1) ?? "";
        return settle(() =>
          served(site, shopper.request(path), (s, request) => testDrivePage(s, request, vin, { now })),
        );
      },
      async post(fields: Record<string, string>, path = PATH, at = now): Promise<Outcome> {
        const vin = path.split("/").at(-1) ?? "";
        return shopper.keep(
          await settle(() =>
            served(site, shopper.post(path, fields), (s, request) => testDriveAction(s, request, vin, { now: at })),
          ),
        );
      },
    };
  }

  async function visitorRow(shopper: Shopper) {
    const rows = await t.db.select().from(visitors);
    expect(rows.length).toBeLessThanOrEqual(1);
    expect(shopper.cookies.has("uniqueUserId")).toBe(rows.length === 1);
    return rows[0];
  }

  async function allVisitorRows() {
    return JSON.stringify(await t.db.select().from(visitors).orderBy(visitors.id));
  }

  function confirmFields(date: string, time: string, overrides: Record<string, string> = {}) {
    return { intent: "confirm", idempotencyKey: randomUUID(), website: "", date, time, ...PROFILE, ...overrides };
  }

  it("each step is a form post answered 303 back to the page, the journey remembers it, and the confirm books one lead with its outbox row, the profile and the journey's end together", async () => {
    const c = client();
    let page = await c.page();
    expect(page.step).toBe("pickDay");
    // Thursday 26 is Thanksgiving, a closed date of the Brentwood profile; Sunday 29 is closed every week.
    expect(page.days.map((d) => d.date)).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-27",
      "2026-11-28",
    ]);
    expect(page.days[0]?.label).toBe("Monday, November 23");
    expect(page.days[0]?.times[0]).toEqual({ value: "10:00", label: "10:00 AM", slot: "2026-11-23T10:00:00-06:00" });
    expect(page.days[0]?.times.at(-1)).toEqual({ value: "18:30", label: "6:30 PM", slot: "2026-11-23T18:30:00-06:00" });
    expect(page.seo.robots).toMatch(/^noindex, follow/);

    let answer = await c.post({ intent: "day", date: "2026-11-24" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(PATH);
    const afterDay = await visitorRow(c.shopper);
    expect(afterDay?.journeys).toMatchObject({ [`test-drive:${VIN}`]: { value: "pickTime" } });
    page = await c.page();
    expect(page).toMatchObject({ step: "pickTime", date: "2026-11-24", time: null });

    answer = await c.post({ intent: "time", date: "2026-11-24", time: "11:30" });
    expect(answer.status).toBe(303);
    page = await c.page();
    expect(page).toMatchObject({ step: "confirmDetails", date: "2026-11-24", time: "11:30" });
    expect(await tally(t.db)).toEqual({ leads: 0, outbox: 0, visitors: 1 });

    answer = await c.post(confirmFields("2026-11-24", "11:30"));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/used-cars-for-sale/2021-mini-cooper-convertible-cooper-WMWWJ9C03M2387500");
    expect(answer.headers.getSetCookie().join("\n")).toMatch(/^flash=/m);
    // The confirmation repeats the booked day and time.
    const flash = answer.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("flash="))
      ?.slice(6)
      .split(";")[0];
    expect(JSON.parse(Buffer.from(flash ?? "", "base64url").toString("utf8"))).toEqual({
      key: "testDrive.booked",
      severity: "success",
      values: { when: "Tuesday, November 24 at 11:30 AM" },
    });
    expect(c.site.nudges).toBe(1);

    expect(await tally(t.db)).toEqual({ leads: 1, outbox: 1, visitors: 1 });
    const [row] = await t.db.select().from(leads);
    const lead = row?.payload as Lead;
    expect(row?.kind).toBe("SCHEDULE_TEST_DRIVE");
    expect(row?.vin).toBe(VIN);
    expect(lead.appointment?.start_datetime).toBe("2026-11-24T11:30:00-06:00");
    expect(lead.text).toContain("Tuesday, November 24 at 11:30 AM");
    expect(lead.text).toContain("2026-11-24T11:30:00-06:00");
    expect(lead.user).toMatchObject(PROFILE);
    expect(lead.vehicle).toMatchObject({ vin: VIN, make: "MINI", year: 2021 });
    const adf = buildAdfLead(lead, resolveDestination(lead.kind, defaultLeadDestinations)).body;
    expect(adf).toContain('interest="test-drive"');
    expect(adf).toContain("2026-11-24T11:30:00-06:00");

    const visitor = await visitorRow(c.shopper);
    expect(row?.visitorId).toBe(visitor?.id);
    expect(visitor?.isLead).toBe(true);
    expect(visitor?.profile).toEqual(PROFILE);
    expect(visitor?.journeys).toEqual({});
    const [mail] = await t.db.select().from(outbox);
    expect(mail?.leadId).toBe(row?.id);

    // The saved profile prefills the details of the next test drive.
    page = await c.page();
    expect(page.step).toBe("pickDay");
    expect(page.profile).toEqual(PROFILE);
  });

  it("Back returns one step at a time, and a step's form reached with the browser's Back button still moves the journey", async () => {
    const c = client();
    await c.post({ intent: "day", date: "2026-11-24" });
    await c.post({ intent: "time", date: "2026-11-24", time: "10:00" });
    expect((await c.page()).step).toBe("confirmDetails");

    expect((await c.post({ intent: "back" })).status).toBe(303);
    expect(await c.page()).toMatchObject({ step: "pickTime", date: "2026-11-24" });
    expect((await c.post({ intent: "back" })).status).toBe(303);
    expect((await c.page()).step).toBe("pickDay");
    // Nothing is left to remember on the first step.
    expect((await visitorRow(c.shopper))?.journeys).toEqual({});

    await c.post({ intent: "day", date: "2026-11-24" });
    await c.post({ intent: "time", date: "2026-11-24", time: "10:00" });
    // The shopper is on the details step and posts the day form of a page the browser kept.
    expect((await c.post({ intent: "day", date: "2026-11-27" })).status).toBe(303);
    expect(await c.page()).toMatchObject({ step: "pickTime", date: "2026-11-27", time: null });
    // ...and the details form of another kept page books what that page showed.
    expect((await c.post(confirmFields("2026-11-25", "14:00"))).status).toBe(303);
    const [row] = await t.db.select().from(leads);
    expect((row?.payload as Lead | undefined)?.appointment?.start_datetime).toBe("2026-11-25T14:00:00-06:00");
  });

  it("a day or time that is not offered (closed, past, off the grid, after hours, forged on the last step) answers 400 with the forms' words and writes nothing", async () => {
    const c = client();
    await c.post({ intent: "day", date: "2026-11-24" });
    const before = await allVisitorRows();
    const cases: [Record<string, string>, string, string][] = [
      [{ intent: "day", date: "2026-11-29" }, "date", MESSAGES.testDriveSlot], // Sunday: closed
      [{ intent: "day", date: "2026-12-01" }, "date", MESSAGES.testDriveSlot], // beyond the seven days
      [{ intent: "day", date: "2026-11-22" }, "date", MESSAGES.testDriveDate], // yesterday
      [{ intent: "day", date: "2026-02-30" }, "date", MESSAGES.date],
      [{ intent: "day" }, "date", MESSAGES.required],
      [{ intent: "time", date: "2026-11-24", time: "09:30" }, "time", MESSAGES.testDriveSlot],
      [{ intent: "time", date: "2026-11-24", time: "10:15" }, "time", MESSAGES.testDriveSlot],
      [{ intent: "time", date: "2026-11-24", time: "19:00" }, "time", MESSAGES.testDriveSlot],
      [{ intent: "time", date: "2026-11-24", time: "25:00" }, "time", MESSAGES.time],
      [{ intent: "time", date: "2026-11-29", time: "11:00" }, "time", MESSAGES.testDriveSlot],
      [confirmFields("2026-11-24", "21:00"), "time", MESSAGES.testDriveSlot],
      [confirmFields("2026-11-23", "09:00"), "time", MESSAGES.testDriveSlot], // before the lead time
      [confirmFields("2026-11-22", "11:00"), "date", MESSAGES.testDriveDate],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await c.post(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect((answer.data as StepRefusal).result.error?.[field], JSON.stringify(fields)).toEqual([message]);
    }
    expect(await tally(t.db)).toEqual({ leads: 0, outbox: 0, visitors: 1 });
    expect(await allVisitorRows()).toBe(before);
  });

  it("a post that names no step of the form answers 400 and writes nothing", async () => {
    const c = client();
    for (const intent of ["", "book", "DAY", "scheduled"]) {
      const answer = await c.post({ intent, date: "2026-11-24" });
      expect(answer.status).toBe(400);
    }
    expect(await tally(t.db)).toEqual({ leads: 0, outbox: 0, visitors: 0 });
  });

  it("when time moves past the chosen slot, the page falls back to the time step and confirming it answers 400", async () => {
    const c = client();
    await c.post({ intent: "day", date: "2026-11-23" });
    await c.post({ intent: "time", date: "2026-11-23", time: "10:00" });
    // 10:30 in St. Louis: the 10:00 and 11:00 slots are gone (60 minutes' notice), the day is still open.
    const later = new Date("2026-11-23T16:30:00Z");
    const page = (
      await settle(() =>
        served(c.site, c.shopper.request(PATH), (s, request) => testDrivePage(s, request, VIN, { now: later })),
      )
    ).data as PageData;
    expect(page).toMatchObject({ step: "pickTime", date: "2026-11-23", time: null });
    expect(page.days[0]?.times[0]?.value).toBe("11:30");
    const answer = await c.post(confirmFields("2026-11-23", "10:00"), PATH, later);
    expect(answer.status).toBe(400);
    expect((answer.data as StepRefusal).result.error?.time).toEqual([MESSAGES.testDriveSlot]);
    expect((await tally(t.db)).leads).toBe(0);
  });

  it("confirming without valid details answers 400 with the spec's toast and each field's words, and writes nothing", async () => {
    const c = client();
    await c.post({ intent: "day", date: "2026-11-24" });
    await c.post({ intent: "time", date: "2026-11-24", time: "10:00" });
    const before = await allVisitorRows();
    const answer = await c.post(
      confirmFields("2026-11-24", "10:00", { firstName: " ", email: "dana@", phone: "314-555" }),
    );
    expect(answer.status).toBe(400);
    const refusal = answer.data as StepRefusal;
    expect(refusal.toast).toEqual(TEST_DRIVE_DETAILS_MISSING_TOAST);
    expect(refusal.toast).toMatchObject({
      summary: "Something went wrong",
      detail: "Please fill info about yourself.",
    });
    expect(refusal.result.error).toMatchObject({
      firstName: ["Enter your first name."],
      email: ["Please enter a valid email address"],
      phone: ["Please enter a valid phone number"],
    });
    expect(await tally(t.db)).toEqual({ leads: 0, outbox: 0, visitors: 1 });
    expect(await allVisitorRows()).toBe(before);
  });

  it("a double submit of the details form, one after the other or at the same moment, makes one lead", async () => {
    const c = client();
    await c.post({ intent: "day", date: "2026-11-24" });
    await c.post({ intent: "time", date: "2026-11-24", time: "10:00" });
    const fields = confirmFields("2026-11-24", "10:00");
    const [first, second] = await Promise.all([c.post(fields), c.post(fields)]);
    const third = await c.post(fields);
    for (const answer of [first, second, third]) expect(answer?.status).toBe(303);
    expect(await tally(t.db)).toEqual({ leads: 1, outbox: 1, visitors: 1 });
    expect(c.site.nudges).toBe(1);
  });

  it("the dialog's single post (via=fetch) books from a fresh browser and answers data, not a redirect", async () => {
    const c = client();
    const answer = await c.post({ ...confirmFields("2026-11-27", "16:30"), via: "fetch" });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ ok: true, booked: true });
    expect(await tally(t.db)).toEqual({ leads: 1, outbox: 1, visitors: 1 });
    const forged = await c.post({ ...confirmFields("2026-11-27", "16:45"), via: "fetch" });
    expect(forged.status).toBe(400);
    expect((await tally(t.db)).leads).toBe(1);
  });

  it("a closed date (Thanksgiving) is never offered, and posting it at any step is refused by name with nothing written", async () => {
    const c = client();
    const page = await c.page();
    expect(page.days.map((d) => d.date)).not.toContain("2026-11-26");
    const closed = "We're closed on Thanksgiving. Please choose another day.";
    const before = await allVisitorRows();
    const day = await c.post({ intent: "day", date: "2026-11-26" });
    expect(day.status).toBe(400);
    expect((day.data as StepRefusal).result.error).toEqual({ date: [closed] });
    const time = await c.post({ intent: "time", date: "2026-11-26", time: "11:00" });
    expect(time.status).toBe(400);
    expect((time.data as StepRefusal).result.error).toEqual({ time: [closed] });
    for (const via of [{}, { via: "fetch" }] as Record<string, string>[]) {
      const confirm = await c.post({ ...confirmFields("2026-11-26", "11:00"), ...via });
      expect(confirm.status).toBe(400);
      expect((confirm.data as StepRefusal).result.error).toEqual({ time: [closed] });
    }
    expect(await tally(t.db)).toEqual({ leads: 0, outbox: 0, visitors: 0 });
    expect(await allVisitorRows()).toBe(before);
    // Christmas is a closed date too: a month later, it is not among the days either.
    const december = await client({ now: new Date("2026-12-21T15:00:00Z") }).page();
    expect(december.days.map((d) => d.date)).toEqual([
      "2026-12-21",
      "2026-12-22",
      "2026-12-23",
      "2026-12-24",
      "2026-12-26",
    ]);
  });

  it("a filled honeypot looks booked and writes nothing", async () => {
    const c = client();
    const answer = await c.post(confirmFields("2026-11-24", "10:00", { website: "https://spam.example" }));
    expect(answer.status).toBe(303);
    expect(await tally(t.db)).toEqual({ leads: 0, outbox: 0, visitors: 0 });
  });

  it("unknown, malformed and sold VINs answer 404 to the page and the form; a private vehicle only after the private-inventory unlock", async () => {
    const c = client();
    for (const vin of ["1HGCM82633A004352", "not-a-vin", "WMWWJ9C03M2387501"]) {
      expect((await c.get(`/schedule-test-drive/${vin}`)).status).toBe(404);
      expect((await c.post({ intent: "day", date: "2026-11-24" }, `/schedule-test-drive/${vin}`)).status).toBe(404);
    }
    await t.db.update(vehicles).set({ status: "sold" }).where(eq(vehicles.vin, VIN));
    expect((await c.get()).status).toBe(404);

    const privatePath = `/schedule-test-drive/${PRIVATE_VIN}`;
    expect((await c.get(privatePath)).status).toBe(404);
    // Give the shopper an id, then unlock private inventory for it.
    const identity = await c.site.cookies.identify(new Request("https://x.example/"));
    c.shopper.keep({
      status: 200,
      headers: new Headers({ "Set-Cookie": (await identity.cookie()) ?? "" }),
      location: null,
      data: null,
    });
    await saveVisitor(t.db, { visitorId: identity.visitorId, unlockInventory: true });
    expect((await c.get(privatePath)).status).toBe(200);
    expect((await c.get(privatePath.toLowerCase())).status).toBe(301);
    expect(await tally(t.db)).toEqual({ leads: 0, outbox: 0, visitors: 1 });
  });

  it("a booking the database refuses answers 503 with the booking-failed toast and leaves no lead, outbox row or profile, and the journey on the details step", async () => {
    const c = client();
    await c.post({ intent: "day", date: "2026-11-24" });
    await c.post({ intent: "time", date: "2026-11-24", time: "10:00" });
    const before = await allVisitorRows();
    await t.db.execute(sql`create function refuse_outbox() returns trigger language plpgsql as $$
      begin raise exception 'outbox insert refused by the test'; end $$`);
    await t.db.execute(
      sql`create trigger refuse_outbox before insert on outbox for each row execute function refuse_outbox()`,
    );
    let answer: Outcome;
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      answer = await c.post(confirmFields("2026-11-24", "10:00"));
    } finally {
      console.error = original;
      await t.db.execute(sql`drop trigger refuse_outbox on outbox`);
      await t.db.execute(sql`drop function refuse_outbox()`);
    }
    expect(answer.status).toBe(503);
    expect((answer.data as StepRefusal).toast).toEqual(TEST_DRIVE_BOOKING_FAILED_TOAST);
    expect(await tally(t.db)).toEqual({ leads: 0, outbox: 0, visitors: 1 });
    expect(await allVisitorRows()).toBe(before);
    expect((await c.page()).step).toBe("confirmDetails");
  });

  describe("on the days clocks change", () => {
    /** Brentwood open every day from 00:30 to 04:00, so the small hours of a clock change are on the grid. */
    const nightOwl = (dealer: Dealer): Dealer => ({
      ...dealer,
      sales: {
        ...dealer.sales,
        workingHours: Array.from({ length: 7 }, () => ({ closed: false, open: 0.5, close: 4 })),
      },
    });

    it("falling back (1 November 2026 in St. Louis): 01:30 is offered once, at its first occurrence (-05:00), 02:30 at -06:00, and the lead says so", async () => {
      const c = client({ now: new Date("2026-10-31T12:00:00Z"), site: siteOn(t.db, nightOwl) });
      const page = await c.page();
      const day = page.days.find((d) => d.date === "2026-11-01");
      expect(day?.times.map((o) => o.value)).toEqual(["00:30", "01:00", "01:30", "02:00", "02:30", "03:00", "03:30"]);
      await c.post({ intent: "day", date: "2026-11-01" });
      await c.post({ intent: "time", date: "2026-11-01", time: "01:30" });
      expect((await c.post(confirmFields("2026-11-01", "01:30"))).status).toBe(303);
      const d = client({ now: new Date("2026-10-31T12:00:00Z"), site: siteOn(t.db, nightOwl) });
      expect((await d.post(confirmFields("2026-11-01", "02:30"))).status).toBe(303);
      const payloads = (await t.db.select().from(leads)).map((row) => row.payload as Lead);
      const starts = payloads.map((lead) => lead.appointment?.start_datetime).sort();
      expect(starts).toEqual(["2026-11-01T01:30:00-05:00", "2026-11-01T02:30:00-06:00"]);
      for (const lead of payloads) expect(lead.text).toContain(lead.appointment?.start_datetime);
    });

    it("springing forward (14 March 2027 in St. Louis): 02:00 and 02:30 do not exist and are refused, 03:00 is written at -05:00", async () => {
      const c = client({ now: new Date("2027-03-13T12:00:00Z"), site: siteOn(t.db, nightOwl) });
      const page = await c.page();
      const day = page.days.find((d) => d.date === "2027-03-14");
      expect(day?.times.map((o) => o.value)).toEqual(["00:30", "01:00", "01:30", "03:00", "03:30"]);
      for (const time of ["02:00", "02:30"]) {
        const answer = await c.post(confirmFields("2027-03-14", time));
        expect(answer.status).toBe(400);
        expect((answer.data as StepRefusal).result.error?.time).toEqual([MESSAGES.testDriveSlot]);
      }
      expect((await c.post(confirmFields("2027-03-14", "01:30"))).status).toBe(303);
      expect((await c.post(confirmFields("2027-03-14", "03:00"))).status).toBe(303);
      const starts = (await t.db.select().from(leads)).map((row) => (row.payload as Lead).appointment?.start_datetime);
      expect(starts.sort()).toEqual(["2027-03-14T01:30:00-06:00", "2027-03-14T03:00:00-05:00"]);
    });
  });

  it("any form posted to any step (random intents, days, times, details, keys, honeypots, with or without a journey) never answers 5xx, writes a lead only with its outbox row, and a refused post changes no row", async () => {
    const site = siteOn(t.db);
    const page = await client({ site }).page();
    const offered = page.days.flatMap((d) => d.times.map((o) => [d.date, o.value] as const));
    const slot = fc.constantFrom(...offered);
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom("", " ", "2026-11-24", "2026-11-29", "10:00", "99:99", "\u0000", "<b>x</b>"),
    );
    const details = fc.oneof(
      fc.constant(PROFILE),
      fc.record({ firstName: text, lastName: text, email: text, phone: text }),
    );
    const randomForm = fc
      .record({
        intent: fc.oneof(fc.constantFrom("day", "time", "confirm", "back"), text),
        slot: fc.oneof(slot, fc.tuple(text, text)),
        details,
        key: fc.oneof(fc.uuid({ version: 4 }).map(String), text),
        honeypot: fc.oneof(fc.constant(""), text),
        via: fc.constantFrom("", "fetch"),
        drop: fc.oneof(
          { weight: 3, arbitrary: fc.constant([] as string[]) },
          { weight: 1, arbitrary: fc.subarray(["date", "time", "idempotencyKey", "firstName", "intent"]) },
        ),
      })
      .map(({ intent, slot: [date, time], details: d, key, honeypot, via, drop }) => {
        const fields: Record<string, string> = {
          intent,
          date,
          time,
          ...d,
          idempotencyKey: key,
          website: honeypot,
          via,
        };
        for (const name of drop) delete fields[name];
        return fields;
      });
    // A well-formed booking is rare among random forms (under one in a hundred), so some runs post one on purpose:
    // without them a run could pass without ever reaching the branch that writes a lead.
    const booking = fc
      .record({ slot, key: fc.uuid({ version: 4 }).map(String), via: fc.constantFrom("", "fetch") })
      .map(({ slot: [date, time], key, via }) => ({
        intent: "confirm",
        date,
        time,
        ...PROFILE,
        idempotencyKey: key,
        website: "",
        via,
      }));
    const form = fc.oneof({ weight: 1, arbitrary: booking }, { weight: 4, arbitrary: randomForm });
    // A few browsers, each keeping its cookies, so later posts meet journeys left by earlier ones.
    const shoppers = [new Shopper(), new Shopper(), new Shopper()];
    const seen = { booked: 0, refused: 0, steps: 0 };
    await fc.assert(
      fc.asyncProperty(form, fc.integer({ min: 0, max: shoppers.length - 1 }), async (fields, who) => {
        const shopper = shoppers[who] as Shopper;
        const before = await tally(t.db);
        const rowsBefore = await allVisitorRows();
        const answer = shopper.keep(
          await settle(() =>
            served(site, shopper.post(PATH, fields), (s, request) => testDriveAction(s, request, VIN, { now: NOW })),
          ),
        );
        const after = await tally(t.db);
        expect(answer.status).toBeLessThan(500);
        expect(after.leads - before.leads).toBe(after.outbox - before.outbox);
        expect(after.leads - before.leads).toBeLessThanOrEqual(1);
        if (answer.status >= 400) {
          expect(after).toEqual(before);
          expect(await allVisitorRows()).toBe(rowsBefore);
        }
        if (after.leads > before.leads) expect(fields.intent).toBe("confirm");
        if (after.leads > before.leads) seen.booked += 1;
        else if (answer.status >= 400) seen.refused += 1;
        else seen.steps += 1;
      }),
      { numRuns: 200 },
    );
    // The property only means something if the runs reached every branch.
    expect(seen.booked).toBeGreaterThan(0);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.steps).toBeGreaterThan(0);
  }, 300_000);
});
