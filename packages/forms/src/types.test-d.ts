/**
 * Type tests of the inferred input and output types. `tsc -b` checks this file (it is under `src`, which the
 * package's tsconfig includes), so a change to a schema that changes what the app receives fails the typecheck;
 * `vitest --typecheck` runs the same assertions.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type {
  ApplyFinancingSubmission,
  CareersSubmission,
  ContactInput,
  ContactSubmission,
  FullCreditApplication,
  FullCreditApplicationInput,
  HousingStatus,
  IncomeType,
  InquiryTopicId,
  LeadUser,
  PhoneVerificationRequest,
  QuestionnaireAnswersSubmission,
  SellFormInput,
  SellFormSubmission,
  TestDriveSubmission,
  UsStateCode,
  VisitorProfileValues,
} from "./index";
import {
  contactLeadKind,
  contactSchema,
  formatPhone,
  isEmpty,
  type PhoneMask,
  type requiredText,
  takesPhone,
} from "./index";

type Profile = { firstName: string; lastName: string; email: string; phone: string };
type Meta = { idempotencyKey: string; website?: string | undefined };
/** Flattens an intersection into one object type, as zod infers it. */
type Flat<T> = { [K in keyof T]: T[K] };

describe("inferred types", () => {
  it("visitor profile is exactly the four contact strings", () => {
    expectTypeOf<VisitorProfileValues>().toEqualTypeOf<Profile>();
  });

  it("contact output has the topic as its id and the message as text", () => {
    expectTypeOf<ContactSubmission>().toEqualTypeOf<
      Flat<Meta & Profile & { topic: InquiryTopicId; message: string }>
    >();
    expectTypeOf<InquiryTopicId>().toEqualTypeOf<1 | 2 | 3 | 4 | 5 | 6 | 7>();
    expectTypeOf<ContactInput["topic"]>().toEqualTypeOf<string | number>();
    expectTypeOf(contactLeadKind).returns.toEqualTypeOf<
      "CONTACT_SALES" | "CONTACT_FINANCE" | "CONTACT_DEALERSHIP" | "CONTACT_SERVICE"
    >();
  });

  it("lead user has an optional typed address", () => {
    expectTypeOf<LeadUser>().toEqualTypeOf<
      Flat<
        Profile & {
          address?:
            | {
                type: "home" | "delivery";
                street: string;
                apartment?: string | undefined;
                city: string;
                regioncode: UsStateCode;
                postalcode: string;
                country: "US";
              }
            | undefined;
          comments?: string | undefined;
        }
      >
    >();
  });

  it("sell form numbers come out as numbers but go in as typed text or numbers", () => {
    expectTypeOf<SellFormSubmission["year"]>().toEqualTypeOf<number>();
    expectTypeOf<SellFormSubmission["price"]>().toEqualTypeOf<number>();
    expectTypeOf<SellFormSubmission["interest"]>().toEqualTypeOf<"sell" | "trade-in">();
    expectTypeOf<SellFormInput["mileage"]>().toEqualTypeOf<string | number>();
  });

  it("full credit application keeps the spec's structure", () => {
    expectTypeOf<FullCreditApplication["ssn"]>().toEqualTypeOf<string>();
    expectTypeOf<FullCreditApplication["user"]["dateOfBirth"]>().toEqualTypeOf<string>();
    expectTypeOf<FullCreditApplication["user"]["suffix"]>().toEqualTypeOf<
      "Jr." | "Sr." | "II" | "III" | "IV" | "V" | undefined
    >();
    expectTypeOf<FullCreditApplication["residences"][number]["monthlyRent"]>().toEqualTypeOf<number>();
    expectTypeOf<FullCreditApplication["residences"][number]["housingStatus"]>().toEqualTypeOf<HousingStatus>();
    expectTypeOf<FullCreditApplication["employments"][number]["incomeType"]>().toEqualTypeOf<IncomeType>();
    expectTypeOf<FullCreditApplication["employments"][number]["phone"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<NonNullable<FullCreditApplication["coBorrower"]>["residences"]>().toEqualTypeOf<
      FullCreditApplication["residences"] | undefined
    >();
    expectTypeOf<NonNullable<FullCreditApplication["coBorrower"]>["sameAddress"]>().toEqualTypeOf<boolean>();
    expectTypeOf<FullCreditApplication["esignConsent"]>().toEqualTypeOf<"yes">();
    expectTypeOf<FullCreditApplication["tcpaConsent"]>().toEqualTypeOf<boolean>();
    expectTypeOf<FullCreditApplication["vendorName"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<FullCreditApplicationInput["residences"][number]["monthlyRent"]>().toEqualTypeOf<string | number>();
  });

  it("careers carries the résumé as a File", () => {
    expectTypeOf<CareersSubmission["resume"]>().toEqualTypeOf<File>();
  });

  it("test drive, apply financing and phone verification", () => {
    expectTypeOf<TestDriveSubmission["date"]>().toEqualTypeOf<string>();
    expectTypeOf<TestDriveSubmission["vin"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ApplyFinancingSubmission["address"]>().toEqualTypeOf<NonNullable<LeadUser["address"]>>();
    expectTypeOf<PhoneVerificationRequest>().toEqualTypeOf<
      { type: "phone-validation"; phone: string } | { type: "code-verification"; phone: string; code: string }
    >();
  });

  it("questionnaire answers are keyed by questionId, checkbox answers as lists", () => {
    expectTypeOf<QuestionnaireAnswersSubmission>().toEqualTypeOf<{ answers: Record<string, string | string[]> }>();
  });

  it("helpers", () => {
    expectTypeOf(formatPhone).parameter(1).toEqualTypeOf<PhoneMask>();
    expectTypeOf<PhoneMask>().toEqualTypeOf<"general" | "input" | "email" | "adf" | "search">();
    expectTypeOf(isEmpty).returns.toEqualTypeOf<boolean>();
    expectTypeOf(takesPhone).parameter(0).toEqualTypeOf<import("./index").FormName>();
    expectTypeOf<z.output<ReturnType<typeof requiredText>>>().toEqualTypeOf<string>();
  });

  it("Conform's submission value is the schema's output", () => {
    const submission = parseWithZod(new FormData(), { schema: contactSchema });
    if (submission.status === "success") expectTypeOf(submission.value).toEqualTypeOf<ContactSubmission>();
  });
});
