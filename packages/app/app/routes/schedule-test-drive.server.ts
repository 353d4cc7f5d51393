import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createTestDriveStepSchemas, isHoneypotFilled, MESSAGES, TCPA_DISCLAIMER, todayIn } from "@showroom/forms";
import { robotsContent } from "@showroom/rules/inventory";
import { ADF_LEAD_COOKIE, type LeadVehicle } from "@showroom/rules/leads";
import {
  type BookTestDriveInput,
  bookedSlotLabel,
  slotDayLabel,
  slotTimeLabel,
  TEST_DRIVE_DETAILS_MISSING_TOAST,
  type Toast,
  testDriveMachine,
} from "@showroom/rules/test-drive";
import { data, redirect } from "react-router";
import { fromPromise, waitFor } from "xstate";
import { z } from "zod";
import type { Seo } from "../components/seo";
import { flashCookie } from "../content/flash.server";
import { readFormData } from "../content/form-data.server";
import type { Site } from "../content/site.server";
import { t, tree } from "../content/translations.server";
import { readCookie } from "../cookies";
import { ADF_LEAD_SET_COOKIE, recordLead } from "../server/leads/record-lead.server";
import { mailDomain } from "../server/mail/message-id";
import type { VehicleDetail } from "../server/search/types";
import { sendVisitorCookie } from "../server/visitor.server";
import { saveVisitor } from "../server/visitor-state.server";
import {
  dayOptions,
  openJourney,
  type Scene,
  sceneOf,
  slotAt,
  stepOf,
  type TestDriveOptions,
  type TestDriveStep,
  testDriveJourneyKey,
  wallTime,
} from "./schedule-test-drive-journey.server";

function vehicleTitle(vehicle: VehicleDetail): string {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(" ");
}

/** The vehicle as the lead carries it (spec section 3, Vehicle). */
function leadVehicle(vehicle: VehicleDetail, origin: string): LeadVehicle {
  return {
    condition: vehicle.condition,
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    trim: vehicle.trim,
    vin: vehicle.vin,
    stockNumber: vehicle.stockNumber,
    mileage: vehicle.mileage,
    doors: vehicle.doors,
    bodystyle: vehicle.bodyStyle,
    transmission: vehicle.transmission,
    exteriorcolor: vehicle.exteriorColor,
    interiorcolor: vehicle.interiorColor,
    fuelType: vehicle.fuelType,
    url: `${origin}${vehicle.href}`,
    price: vehicle.price === null ? null : { salePrice: vehicle.price, oldPrice: vehicle.oldPrice },
  };
}

function pathOf(vehicle: VehicleDetail): string {
  return `/schedule-test-drive/${vehicle.vin}`;
}

/**
 * The page of one vehicle's test drive: its store's open slots, the step the visitor's journey is on, and the saved
 * profile to prefill the details. Unknown, sold or (still locked) private vehicles answer 404.
 */
export async function testDrivePage(site: Site, request: Request, vinParam: string, options: TestDriveOptions = {}) {
  const scene = await sceneOf(site, request, vinParam, options.now ?? new Date());
  const { vehicle, store, timeZone, slots, visitor } = scene;
  // Compared on the VIN, not the URL: React Router's data requests arrive as `…/VIN.data?_routes=…`.
  if (vinParam !== vehicle.vin) throw redirect(pathOf(vehicle), 301);
  const journey = openJourney(testDriveMachine, visitor.journeys[testDriveJourneyKey(vehicle.vin)], {
    slots,
    profile: visitor.profile,
    vin: vehicle.vin,
  });
  const snapshot = journey.getSnapshot();
  journey.stop();
  const step = stepOf(snapshot);
  const { dealer } = store;
  const seo: Seo = {
    title: `${t("test-drive.dialog.title")} | ${dealer.name}`,
    canonical: `${site.origin}${pathOf(vehicle)}`,
    robots: robotsContent(false),
    siteName: dealer.name,
  };
  return {
    seo,
    texts: tree("test-drive"),
    fields: tree("forms.fields"),
    toastTexts: tree("toasts.testDrive"),
    tcpa: TCPA_DISCLAIMER,
    vehicle: { vin: vehicle.vin, title: vehicleTitle(vehicle), href: vehicle.href },
    store: {
      name: dealer.name,
      address: `${dealer.address_line_1}, ${dealer.city}, ${dealer.state_short}`,
      phone: dealer.sales.phone,
    },
    days: dayOptions(slots, timeZone),
    step: step === "scheduled" ? ("pickDay" as const) : step,
    date: snapshot.context.date,
    time: snapshot.context.time ? wallTime(snapshot.context.time) : null,
    profile: snapshot.context.contact,
    idempotencyKey: randomUUID(),
  };
}

const intentSchema = z.enum(["day", "time", "confirm", "back"]);

/** Each step's form, checked against the slots the store offers now (`@showroom/forms`). */
function stepSchemas(scene: Scene) {
  return createTestDriveStepSchemas({
    context: { today: () => todayIn(scene.timeZone, scene.now) },
    isOpenDay: (date) => scene.slots.some((day) => day.date === date),
    isOpenSlot: (date, time) => slotAt(scene.slots, date, time) !== null,
    closedDay: (date) => scene.store.dealer.closedDates.find((day) => day.date === date)?.name,
  });
}

/** What a refused step answers: the step and values to show again, the field errors and a toast if any. */
export interface StepRefusal {
  ok: false;
  /** The step whose form was refused; null when the post named none (the page shows the journey's step). */
  step: TestDriveStep | null;
  date: string | null;
  time: string | null;
  result: SubmissionResult<string[]>;
  toast: Toast | null;
}

const PROFILE_FIELDS = ["firstName", "lastName", "email", "phone"] as const;

const DATE_ECHO = /^\d{4}-\d{2}-\d{2}$/;
const TIME_ECHO = /^\d{2}:\d{2}$/;

/** A posted value shown again with the refused step, when it has the field's shape (never arbitrary text). */
function echoed(form: FormData, name: string, shape: RegExp): string | null {
  const value = form.get(name);
  return typeof value === "string" && shape.test(value.trim()) ? value.trim() : null;
}

/**
 * One step of the test drive, as a form post: the form is parsed with zod, the visitor's journey is resumed and
 * driven to the posted step (so a page reached with the browser's Back button still works), the step's event is
 * sent, and the journey is saved before the 303 back to the page. The last step books the drive: the lead
 * SCHEDULE_TEST_DRIVE, its outbox row, the visitor's profile and the journey's end in one transaction. A refused
 * step answers 400 and writes nothing. `via=fetch` (the dialog) gets data instead of redirects.
 */
export async function testDriveAction(site: Site, request: Request, vinParam: string, options: TestDriveOptions = {}) {
  const form = await readFormData(request);
  const scene = await sceneOf(site, request, vinParam, options.now ?? new Date());
  const { vehicle, visitor, slots } = scene;
  const viaFetch = form.get("via") === "fetch";
  const headers = new Headers();
  const back = () => redirect(pathOf(vehicle), { status: 303, headers });

  const intent = intentSchema.safeParse(form.get("intent"));
  const refuse = (
    step: TestDriveStep | null,
    result: StepRefusal["result"],
    toast: Toast | null = null,
    status = 400,
  ) =>
    data<StepRefusal>(
      { ok: false, step, date: echoed(form, "date", DATE_ECHO), time: echoed(form, "time", TIME_ECHO), result, toast },
      { status, headers },
    );

  if (!intent.success) {
    return refuse(null, { status: "error", error: { "": [t("test-drive.errors.unknownIntent")] } });
  }

  if (intent.data === "confirm" && isHoneypotFilled(form)) {
    // A bot sees the same success as a shopper and leaves nothing behind.
    if (viaFetch) return data({ ok: true as const, booked: true as const });
    headers.append("Set-Cookie", flashCookie({ key: "testDrive.success" }));
    return redirect(vehicle.href, { status: 303, headers });
  }

  // Parse before touching the journey: a refused post changes nothing.
  let parsed: { date?: string; time?: string; profile?: Record<(typeof PROFILE_FIELDS)[number], string> } = {};
  let idempotencyKey = "";
  const steps = stepSchemas(scene);
  if (intent.data === "day") {
    const submission = parseWithZod(form, { schema: steps.day });
    if (submission.status !== "success") return refuse("pickDay", submission.reply());
    parsed = submission.value;
  } else if (intent.data === "time") {
    const submission = parseWithZod(form, { schema: steps.time });
    if (submission.status !== "success") return refuse("pickTime", submission.reply());
    parsed = submission.value;
  } else if (intent.data === "confirm") {
    const submission = parseWithZod(form, { schema: steps.confirm });
    if (submission.status !== "success") {
      const error = submission.reply().error ?? {};
      const detailsMissing = PROFILE_FIELDS.some((field) => (error[field]?.length ?? 0) > 0);
      // The spec's "Please fill info about yourself." is about the details; a slot gone stale says so on its field.
      return refuse("confirmDetails", submission.reply(), detailsMissing ? TEST_DRIVE_DETAILS_MISSING_TOAST : null);
    }
    const { date, time, firstName, lastName, email, phone } = submission.value;
    parsed = { date, time, profile: { firstName, lastName, email, phone } };
    idempotencyKey = submission.value.idempotencyKey;
  }

  let visitorId = visitor.visitorId;
  if (!visitorId) {
    visitorId = site.visitor.visitorId;
    await sendVisitorCookie(site.visitor, headers);
  }
  const journeyKey = testDriveJourneyKey(vehicle.vin);
  const { db, config } = site.services;
  // What the booking actor did, read once the journey settles.
  const booking: { created?: boolean } = {};
  const bookingVisitor = visitorId;
  const machine = testDriveMachine.provide({
    actors: {
      bookTestDrive: fromPromise<void, BookTestDriveInput>(async ({ input }) => {
        const when = `${slotDayLabel(input.date)} at ${slotTimeLabel(input.time, scene.timeZone)}`;
        const result = await recordLead(
          db,
          {
            idempotencyKey,
            storeId: vehicle.storeId,
            visitorId: bookingVisitor,
            adfLeadCookie: readCookie(request, ADF_LEAD_COOKIE),
            lead: {
              kind: "SCHEDULE_TEST_DRIVE",
              user: { ...input.profile },
              text: `Test drive of the ${vehicleTitle(vehicle)} (VIN ${vehicle.vin}) on ${when}, dealership time (${input.time}, ${scene.timeZone}).`,
              vehicle: leadVehicle(vehicle, site.origin),
              appointment: { start_datetime: input.time, notes_general: `Test drive on ${when}, dealership time` },
            },
            // The profile is saved and the journey ends with the lead, or none of it happens.
            alsoWrite: async (tx) => {
              await saveVisitor(tx, {
                visitorId: bookingVisitor,
                profile: input.profile,
                journeys: { [journeyKey]: null },
              });
            },
          },
          { messageDomain: mailDomain(config.MAIL_FROM), now: scene.now },
        );
        if (result.setAdfLeadCookie) headers.append("Set-Cookie", ADF_LEAD_SET_COOKIE);
        booking.created = result.created;
      }),
    },
  });

  const journey = openJourney(machine, visitor.journeys[journeyKey], {
    slots,
    profile: visitor.profile,
    vin: vehicle.vin,
  });
  try {
    if (intent.data === "back") {
      journey.send({ type: "BACK" });
    } else {
      const date = parsed.date as string;
      // Bring the journey to the posted step first: its form may come from a page the browser went back to.
      if (stepOf(journey.getSnapshot()) === "confirmDetails") journey.send({ type: "BACK" });
      if (stepOf(journey.getSnapshot()) === "pickDay" || journey.getSnapshot().context.date !== date) {
        journey.send({ type: "PICK_DAY", date });
      }
      if (intent.data !== "day") {
        const iso = slotAt(slots, date, parsed.time as string);
        if (iso) journey.send({ type: "PICK_TIME", time: iso });
      }
      if (intent.data === "confirm") journey.send({ type: "CONFIRM", profile: parsed.profile });
    }
    const settled = await waitFor(journey, (snapshot) => !snapshot.hasTag("busy"), { timeout: 30_000 });
    const step = stepOf(settled);

    if (intent.data === "confirm") {
      if (step === "scheduled" && booking.created !== undefined) {
        if (booking.created) site.services.nudgeRelay();
        if (viaFetch) return data({ ok: true as const, booked: true as const }, { headers });
        const { date, time } = settled.context;
        // The confirmation repeats the booked day and time (the dialog's toast does the same from the machine).
        headers.append(
          "Set-Cookie",
          flashCookie({
            key: "testDrive.booked",
            severity: "success",
            values: { when: bookedSlotLabel(date ?? "", time ?? "") },
          }),
        );
        return redirect(vehicle.href, { status: 303, headers });
      }
      const toast = settled.context.toast;
      if (step !== "confirmDetails") {
        // The schema accepted the slot on today's slots, so the journey should too; if not, the slot is the problem.
        return refuse("confirmDetails", { status: "error", error: { time: [MESSAGES.testDriveSlot] } });
      }
      if (toast?.detail === TEST_DRIVE_DETAILS_MISSING_TOAST.detail) {
        return refuse("confirmDetails", { status: "error", error: {} }, toast);
      }
      // The booking failed (the database): nothing was written, and the same form can be sent again.
      return refuse("confirmDetails", { status: "error", error: {} }, toast, 503);
    }

    if ((intent.data === "day" && step !== "pickTime") || (intent.data === "time" && step !== "confirmDetails")) {
      const field = intent.data === "day" ? "date" : "time";
      return refuse(intent.data === "day" ? "pickDay" : "pickTime", {
        status: "error",
        error: { [field]: [MESSAGES.testDriveSlot] },
      });
    }
    const stored = visitor.journeys[journeyKey];
    // Back on the first step there is nothing to remember: the journey is dropped rather than kept empty.
    const next = step === "pickDay" ? null : journey.getPersistedSnapshot();
    if (next !== null || stored !== undefined) {
      await saveVisitor(db, { visitorId, journeys: { [journeyKey]: next } });
    }
    if (viaFetch) return data({ ok: true as const, step }, { headers });
    return back();
  } finally {
    journey.stop();
  }
}
