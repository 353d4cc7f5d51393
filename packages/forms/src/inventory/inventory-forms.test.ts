import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixedFormContext } from "../fields/context";
import { MESSAGES, testDriveClosedMessage } from "../messages";
import { DANA, errorsOf, formData, VALID_KEY } from "../testing/form-data.test-support";
import { privateInventoryUnlockSchema } from "./private-inventory.schema";
import { createTestDriveSchema, createTestDriveStepSchemas } from "./test-drive.schema";
import {
  unlockPriceContactSchema,
  unlockPriceJourneySchema,
  unlockPricePostSchema,
  unlockPriceStepSchemas,
} from "./unlock-price.schema";

const context = fixedFormContext("2026-05-01");
const openSlots = new Set(["2026-05-02 10:00", "2026-05-02 10:30", "2026-05-04 15:00"]);
const schema = createTestDriveSchema({ context, isOpenSlot: (date, time) => openSlots.has(`${date} ${time}`) });

describe("test drive", () => {
  const base = { idempotencyKey: VALID_KEY, ...DANA, vin: "1hgcv1f34ka012345", comments: "" };

  it("accepts an offered slot with the confirmed details", () => {
    const submission = parseWithZod(formData({ ...base, date: "2026-05-02", time: "10:30" }), { schema });
    expect(submission.status === "success" && submission.value).toMatchObject({
      date: "2026-05-02",
      time: "10:30",
      vin: "1HGCV1F34KA012345",
      comments: undefined,
    });
  });

  it("refuses a slot that is not offered, on the time field", () => {
    const submission = parseWithZod(formData({ ...base, date: "2026-05-02", time: "11:00" }), { schema });
    expect(errorsOf(submission)).toEqual({ time: [MESSAGES.testDriveSlot] });
  });

  it("checks the slot even while the contact details still have errors", () => {
    const submission = parseWithZod(formData({ ...base, firstName: "", date: "2026-05-02", time: "11:00" }), {
      schema,
    });
    expect(errorsOf(submission)).toEqual({ firstName: [MESSAGES.firstName], time: [MESSAGES.testDriveSlot] });
  });

  it("refuses a past day, a malformed time and missing details", () => {
    const submission = parseWithZod(
      formData({
        idempotencyKey: VALID_KEY,
        date: "2026-04-30",
        time: "9am",
        firstName: "",
        lastName: "",
        email: "",
        phone: "",
      }),
      { schema },
    );
    expect(errorsOf(submission)).toEqual({
      date: [MESSAGES.testDriveDate],
      time: [MESSAGES.time],
      firstName: ["Enter your first name."],
      lastName: ["Enter your last name."],
      email: ["This field is required"],
      phone: ["This field is required"],
    });
  });

  it("without a slot list (in the browser) checks only the shape and the day", () => {
    const loose = createTestDriveSchema({ context });
    expect(loose.safeParse({ ...base, date: "2026-05-01", time: "23:30" }).success).toBe(true);
    expect(loose.safeParse({ ...base, date: "2026-05-01", time: "24:00" }).success).toBe(false);
  });

  it("refuses a VIN that is not 17 VIN characters", () => {
    const submission = parseWithZod(
      formData({ ...base, vin: "1HGCV1F34KA01234O", date: "2026-05-02", time: "10:00" }),
      {
        schema,
      },
    );
    expect(errorsOf(submission)).toEqual({ vin: [MESSAGES.vin] });
  });
});

describe("test drive, one step at a time", () => {
  const steps = createTestDriveStepSchemas({
    context,
    isOpenDay: (date) => [...openSlots].some((slot) => slot.startsWith(`${date} `)),
    isOpenSlot: (date, time) => openSlots.has(`${date} ${time}`),
  });

  it("the day step takes an offered day; a passed day and a full one each say why", () => {
    expect(steps.day.safeParse({ date: "2026-05-04" }).success).toBe(true);
    expect(errorsOf(parseWithZod(formData({ date: "2026-04-30" }), { schema: steps.day }))).toEqual({
      date: [MESSAGES.testDriveDate],
    });
    expect(errorsOf(parseWithZod(formData({ date: "2026-05-03" }), { schema: steps.day }))).toEqual({
      date: [MESSAGES.testDriveSlot],
    });
  });

  it("a day that is not a date gets the field's one message, not a second about slots", () => {
    expect(errorsOf(parseWithZod(formData({ date: "2026-02-30" }), { schema: steps.day }))).toEqual({
      date: [MESSAGES.date],
    });
  });

  it("the time step takes a time offered on the posted day, and says so on the time field otherwise", () => {
    expect(steps.time.safeParse({ date: "2026-05-02", time: "10:00" }).success).toBe(true);
    expect(errorsOf(parseWithZod(formData({ date: "2026-05-04", time: "10:00" }), { schema: steps.time }))).toEqual({
      time: [MESSAGES.testDriveSlot],
    });
    expect(errorsOf(parseWithZod(formData({ date: "2026-05-02", time: "10" }), { schema: steps.time }))).toEqual({
      time: [MESSAGES.time],
    });
  });

  it("the confirm step is the whole test-drive form on the same slots", () => {
    const base = { idempotencyKey: VALID_KEY, ...DANA, date: "2026-05-04" };
    expect(steps.confirm.safeParse({ ...base, time: "15:00" }).success).toBe(true);
    expect(errorsOf(parseWithZod(formData({ ...base, time: "10:00" }), { schema: steps.confirm }))).toEqual({
      time: [MESSAGES.testDriveSlot],
    });
  });
});

describe("unlock forms", () => {
  it("private inventory unlock needs the four contact fields", () => {
    const submission = parseWithZod(formData({ idempotencyKey: VALID_KEY, ...DANA, phone: "314" }), {
      schema: privateInventoryUnlockSchema,
    });
    expect(errorsOf(submission)).toEqual({ phone: ["Please enter a valid phone number"] });
  });

  it("unlock price takes the contact fields and an optional VIN", () => {
    const withoutVin = parseWithZod(formData({ idempotencyKey: VALID_KEY, ...DANA, vin: "" }), {
      schema: unlockPriceContactSchema,
    });
    expect(withoutVin.status === "success" && withoutVin.value.vin).toBeUndefined();
    const empty = parseWithZod(formData({ idempotencyKey: VALID_KEY }), { schema: unlockPriceContactSchema });
    expect(errorsOf(empty)).toEqual({
      firstName: ["Enter your first name."],
      lastName: ["Enter your last name."],
      email: ["This field is required"],
      phone: ["This field is required"],
    });
  });
});

describe("unlock price stepper steps", () => {
  const { downPayment, tradeIn, creditScore } = unlockPriceStepSchemas;

  it("reads a slider's amount as a shopper types it, and a blank as missing", () => {
    expect(parseWithZod(formData({ cashDown: "$1,000" }), { schema: downPayment })).toMatchObject({
      status: "success",
      value: { cashDown: 1000 },
    });
    expect(errorsOf(parseWithZod(formData({ cashDown: " " }), { schema: downPayment }))).toEqual({
      cashDown: [MESSAGES.required],
    });
    expect(errorsOf(parseWithZod(formData({ cashDown: "abc" }), { schema: downPayment }))).toEqual({
      cashDown: [MESSAGES.money],
    });
    expect(errorsOf(parseWithZod(formData({ creditScore: "7OO", termMonths: "" }), { schema: creditScore }))).toEqual({
      creditScore: [MESSAGES.wholeNumber],
      termMonths: [MESSAGES.required],
    });
  });

  it("any posted slider text parses to a finite number (the machine clamps it) or fails with the step's message", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double().map(String), fc.constantFrom("1e400", "-1e400")), (text) => {
        const result = downPayment.safeParse({ cashDown: text });
        if (result.success) expect(Number.isFinite(result.data.cashDown)).toBe(true);
        else expect([[MESSAGES.money], [MESSAGES.required]]).toContainEqual(result.error.issues.map((i) => i.message));
      }),
    );
  });

  it("trading is yes or no: a blank is missing, anything else is not one of the options", () => {
    expect(tradeIn.safeParse({ trading: "no" }).success).toBe(true);
    expect(errorsOf(parseWithZod(formData({ trading: "" }), { schema: tradeIn }))).toEqual({
      trading: [MESSAGES.required],
    });
    expect(errorsOf(parseWithZod(formData({ trading: "maybe" }), { schema: tradeIn }))).toEqual({
      trading: [MESSAGES.choice],
    });
  });

  it("the dialog's whole journey needs every answer and the contact form, trade equity only when given", () => {
    const journey = {
      cashDown: "2000",
      trading: "no",
      creditScore: "700",
      termMonths: "48",
      idempotencyKey: VALID_KEY,
    };
    const submission = parseWithZod(formData({ ...journey, ...DANA }), { schema: unlockPriceJourneySchema });
    expect(submission.status === "success" && submission.value).toMatchObject({ cashDown: 2000, creditScore: 700 });
    expect(submission.status === "success" && submission.value.tradeEquity).toBeUndefined();
    const missing = parseWithZod(formData({ ...journey, cashDown: "", ...DANA, email: "dana@" }), {
      schema: unlockPriceJourneySchema,
    });
    expect(errorsOf(missing)).toEqual({ cashDown: [MESSAGES.required], email: [MESSAGES.email] });
  });

  it("a post names one of the four intents and, when it names one, a real step", () => {
    expect(unlockPricePostSchema.safeParse({ intent: "next", step: "creditScore" }).success).toBe(true);
    expect(unlockPricePostSchema.safeParse({ intent: "journey" }).success).toBe(true);
    expect(unlockPricePostSchema.safeParse({ intent: "sideways" }).error?.issues[0]?.message).toBe(MESSAGES.choice);
    expect(unlockPricePostSchema.safeParse({ intent: "next", step: "bogus" }).error?.issues[0]?.message).toBe(
      MESSAGES.slug,
    );
  });
});

describe("test drive on a closed day", () => {
  const closed: Record<string, string> = { "2026-05-04": "Founders’ Day" };
  const steps = createTestDriveStepSchemas({
    context,
    // The slots would offer the day: the closed date alone must refuse it, by name.
    isOpenDay: (date) => [...openSlots].some((slot) => slot.startsWith(`${date} `)),
    isOpenSlot: (date, time) => openSlots.has(`${date} ${time}`),
    closedDay: (date) => closed[date],
  });
  const message = testDriveClosedMessage("Founders’ Day");

  it("refuses a closed day at every step with a message naming it", () => {
    expect(message).toBe("We're closed on Founders’ Day. Please choose another day.");
    expect(errorsOf(parseWithZod(formData({ date: "2026-05-04" }), { schema: steps.day }))).toEqual({
      date: [message],
    });
    expect(errorsOf(parseWithZod(formData({ date: "2026-05-04", time: "15:00" }), { schema: steps.time }))).toEqual({
      time: [message],
    });
    const base = { idempotencyKey: VALID_KEY, ...DANA, date: "2026-05-04", time: "15:00" };
    expect(errorsOf(parseWithZod(formData(base), { schema: steps.confirm }))).toEqual({ time: [message] });
  });

  it("keeps the other days as they were", () => {
    expect(steps.day.safeParse({ date: "2026-05-02" }).success).toBe(true);
    expect(steps.time.safeParse({ date: "2026-05-02", time: "10:00" }).success).toBe(true);
  });
});
