import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { careersSchema, isPlainFileName } from "./careers/careers.schema";
import { contactSchema } from "./contact/contact.schema";
import { fixedFormContext } from "./fields/context";
import { applyFinancingSchema } from "./financing/apply-financing.schema";
import { createFullCreditApplicationSchema } from "./financing/full-credit.schema";
import type { FormName } from "./forms";
import { privateInventoryUnlockSchema } from "./inventory/private-inventory.schema";
import { createTestDriveSchema } from "./inventory/test-drive.schema";
import { unlockPriceContactSchema } from "./inventory/unlock-price.schema";
import { leadUserSchema } from "./leads/lead-user.schema";
import { MAX_LENGTH } from "./limits";
import { phoneVerificationSchema } from "./phone-verification/phone-verification.schema";
import { visitorProfileSchema } from "./profile/visitor-profile.schema";
import { questionnaireAnswersSchema } from "./sell/questionnaire.schema";
import { createSellFormSchema } from "./sell/sell.schema";
import { staffMessageSchema } from "./staff/staff-message.schema";
import {
  applicantInput,
  calendarDate,
  formMetaInput,
  freeText,
  leadAddressInput,
  moneyInput,
  nameText,
  optionalFreeText,
  padded,
  phoneText,
  profileInput,
  questionnaireAnswersInput,
  TODAY,
  topicInput,
  vinText,
  wholeInput,
} from "./testing/arbitraries.test-support";
import { minimalDocx, minimalPdf } from "./testing/zip.test-support";

const RUNS = { numRuns: 200 };
const context = fixedFormContext(TODAY);

const withMeta = <T extends Record<string, unknown>>(fields: fc.Arbitrary<T>) =>
  fc.tuple(formMetaInput, fields).map(([meta, rest]) => ({ ...meta, ...rest }));

const optionalVin = fc.option(
  vinText.map((vin) => ` ${vin.toLowerCase()} `),
  { nil: "" },
);

/** A valid raw submission for every synchronous form. */
const syncForms: [FormName, z.ZodType, fc.Arbitrary<unknown>][] = [
  ["visitor-profile", visitorProfileSchema, profileInput],
  [
    "lead-user",
    leadUserSchema,
    fc
      .record({
        profile: profileInput,
        address: fc.option(leadAddressInput, { nil: undefined }),
        comments: optionalFreeText(MAX_LENGTH.comments),
      })
      .map(({ profile, ...rest }) => ({ ...profile, ...rest })),
  ],
  [
    "contact",
    contactSchema,
    withMeta(fc.record({ profile: profileInput, topic: topicInput, message: freeText(MAX_LENGTH.message) })).map(
      ({ profile, ...rest }) => ({ ...profile, ...rest }),
    ),
  ],
  [
    "staff-message",
    staffMessageSchema,
    withMeta(
      fc.record({
        profile: profileInput,
        staffSlug: fc.stringMatching(/^[a-z0-9]{1,10}(?:-[a-z0-9]{1,10}){0,3}$/),
        message: freeText(MAX_LENGTH.message),
      }),
    ).map(({ profile, ...rest }) => ({ ...profile, ...rest })),
  ],
  [
    "sell",
    createSellFormSchema(context),
    withMeta(
      fc.record({
        make: nameText,
        model: padded(fc.stringMatching(/^[A-Z0-9][A-Za-z0-9-]{0,15}$/)),
        year: wholeInput(1900, 2027),
        price: moneyInput(200_000).filter((price) => Number(String(price).replace(/[$,]/g, "")) > 0),
        mileage: wholeInput(1, 400_000),
        interest: fc.constantFrom("sell", "trade-in", ""),
      }),
    ),
  ],
  ["private-inventory-unlock", privateInventoryUnlockSchema, withMeta(profileInput)],
  [
    "test-drive",
    createTestDriveSchema({ context, isOpenSlot: (_, time) => time.endsWith(":00") || time.endsWith(":30") }),
    withMeta(
      fc.record({
        profile: profileInput,
        date: calendarDate(2026, 2027).filter((date) => date >= TODAY),
        time: fc
          .tuple(fc.integer({ min: 9, max: 19 }), fc.constantFrom("00", "30"))
          .map(([hour, minute]) => `${String(hour).padStart(2, "0")}:${minute}`),
        vin: optionalVin,
        comments: optionalFreeText(MAX_LENGTH.comments),
      }),
    ).map(({ profile, ...rest }) => ({ ...profile, ...rest })),
  ],
  [
    "unlock-price",
    unlockPriceContactSchema,
    withMeta(fc.record({ profile: profileInput, vin: optionalVin })).map(({ profile, ...rest }) => ({
      ...profile,
      ...rest,
    })),
  ],
  [
    "apply-financing",
    applyFinancingSchema,
    withMeta(
      fc.record({
        profile: profileInput,
        address: leadAddressInput,
        vin: optionalVin,
      }),
    ).map(({ profile, ...rest }) => ({ ...profile, ...rest })),
  ],
  [
    "full-credit-application",
    createFullCreditApplicationSchema(context),
    withMeta(
      fc.record({
        applicant: applicantInput,
        coBorrower: fc.option(applicantInput, { nil: undefined }),
        vendorName: optionalFreeText(MAX_LENGTH.vendorName),
        esignConsent: fc.constant("yes"),
        tcpaConsent: fc.constantFrom("yes", ""),
      }),
    )
      .filter(
        ({ applicant, coBorrower }) => coBorrower === undefined || sameSsn(applicant.ssn, coBorrower.ssn) === false,
      )
      .map(({ applicant, ...rest }) => ({ ...applicant, ...rest })),
  ],
  ["sell-trade-questionnaire", questionnaireAnswersSchema, questionnaireAnswersInput],
  [
    "phone-verification",
    phoneVerificationSchema,
    fc.oneof(
      fc.record({ type: fc.constant("phone-validation"), phone: phoneText }),
      fc.record({
        type: fc.constant("code-verification"),
        phone: phoneText,
        code: fc.stringMatching(/^\d{3}[- ]?\d{3}$/),
      }),
    ),
  ],
];

function sameSsn(a: string, b: string): boolean {
  return a.replace(/\D/g, "") === b.replace(/\D/g, "");
}

describe("schema output re-parses to itself", () => {
  it.each(syncForms)("%s: every valid input parses, and its output parses to the same output", (_, schema, input) => {
    fc.assert(
      fc.property(input, (raw) => {
        const first = schema.safeParse(raw);
        expect(first.error?.issues ?? []).toEqual([]);
        const second = schema.safeParse(first.data);
        expect(second.error?.issues ?? []).toEqual([]);
        expect(second.data).toEqual(first.data);
      }),
      RUNS,
    );
  });

  it("careers: every valid input parses, and its output parses to the same output", async () => {
    const resume = fc
      .tuple(
        fc.constantFrom(minimalPdf(), minimalDocx()),
        fc.string({ minLength: 1, maxLength: 20 }).filter(isPlainFileName),
      )
      .map(([bytes, name]) => new File([bytes as Uint8Array<ArrayBuffer>], name));
    const input = withMeta(
      fc.record({
        firstName: profileInput.map((profile) => profile.firstName),
        lastName: profileInput.map((profile) => profile.lastName),
        email: profileInput.map((profile) => profile.email),
        phone: phoneText,
        position: nameText,
        resume,
      }),
    );
    await fc.assert(
      fc.asyncProperty(input, async (raw) => {
        const first = await careersSchema.safeParseAsync(raw);
        expect(first.error?.issues ?? []).toEqual([]);
        const second = await careersSchema.safeParseAsync(first.data);
        expect(second.data).toEqual(first.data);
      }),
      RUNS,
    );
  });
});
