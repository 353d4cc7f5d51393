import { z } from "zod";
import { countrySchema, stateSchema, zipCodeSchema } from "../fields/address";
import { emailSchema, optionalPhoneSchema, phoneSchema } from "../fields/contact-fields";
import { defaultFormContext, type FormContext } from "../fields/context";
import { dateOfBirthSchema } from "../fields/date";
import { isBlankGroup } from "../fields/is-empty";
import { moneySchema, wholeNumberSchema } from "../fields/numbers";
import { ssnSchema } from "../fields/ssn";
import {
  firstNameSchema,
  lastNameSchema,
  middleNameSchema,
  optionalChoice,
  optionalText,
  requiredChoice,
  requiredText,
} from "../fields/text";
import { MAX_LENGTH, NUMBER_LIMITS } from "../limits";
import { MESSAGES } from "../messages";

/** Name suffixes a lender's form accepts. */
export const NAME_SUFFIXES = ["Jr.", "Sr.", "II", "III", "IV", "V"] as const;

/** How the applicant lives at an address; `monthlyRent` is the rent or mortgage payment (0 when none). */
export const HOUSING_STATUSES = [
  { value: "rent", label: "Rent" },
  { value: "own-mortgage", label: "Own, with a mortgage" },
  { value: "own-outright", label: "Own, paid off" },
  { value: "family", label: "Live with family" },
  { value: "military", label: "Military housing" },
  { value: "other", label: "Other" },
] as const;

/** Where an applicant's income comes from; retired and other income need no employer. */
export const INCOME_TYPES = [
  { value: "full-time", label: "Employed full-time" },
  { value: "part-time", label: "Employed part-time" },
  { value: "self-employed", label: "Self-employed" },
  { value: "military", label: "Military" },
  { value: "retired", label: "Retired" },
  { value: "other", label: "Other income" },
] as const;

/** A housing status value. */
export type HousingStatus = (typeof HOUSING_STATUSES)[number]["value"];
/** An income type value. */
export type IncomeType = (typeof INCOME_TYPES)[number]["value"];

const HOUSING_VALUES = HOUSING_STATUSES.map((item) => item.value) as [HousingStatus, ...HousingStatus[]];
const INCOME_VALUES = INCOME_TYPES.map((item) => item.value) as [IncomeType, ...IncomeType[]];
/** Income without an employer: no employer, job title or work phone to ask for. */
const WITHOUT_EMPLOYER: readonly IncomeType[] = ["retired", "other"];
/** Select inputs that always post a value, so they alone never make an entry "filled". */
const DEFAULTED_KEYS = ["housingStatus", "incomeType", "country"];

/** The applicant's own details: the lead user's contact fields plus middle name, suffix and date of birth. */
export function applicantUserSchema(context: FormContext = defaultFormContext) {
  return z.object({
    firstName: firstNameSchema,
    middleName: middleNameSchema,
    lastName: lastNameSchema,
    suffix: optionalChoice(NAME_SUFFIXES),
    email: emailSchema,
    phone: phoneSchema,
    dateOfBirth: dateOfBirthSchema(context),
  });
}

/** One address the applicant lived at, with how long. */
export const residenceSchema = z.object({
  housingStatus: requiredChoice(HOUSING_VALUES),
  monthlyRent: moneySchema({ ...NUMBER_LIMITS.monthlyRent, message: MESSAGES.money }),
  yearsAtAddress: wholeNumberSchema({ ...NUMBER_LIMITS.yearsAtAddress, message: MESSAGES.wholeNumber }),
  monthsAtAddress: wholeNumberSchema({ ...NUMBER_LIMITS.monthsAtAddress, message: MESSAGES.months }),
  fullAddress: requiredText(MAX_LENGTH.street),
  apartment: optionalText(MAX_LENGTH.apartment),
  city: requiredText(MAX_LENGTH.city),
  state: stateSchema,
  zipCode: zipCodeSchema,
  country: countrySchema,
});

/** One job or income source, with how long. Employer, job title and phone are required unless retired or other. */
export const employmentSchema = z
  .object({
    incomeType: requiredChoice(INCOME_VALUES),
    employer: optionalText(MAX_LENGTH.employer),
    jobTitle: optionalText(MAX_LENGTH.jobTitle),
    phone: optionalPhoneSchema,
    monthlyIncome: moneySchema({ ...NUMBER_LIMITS.monthlyIncome, message: MESSAGES.money }),
    years: wholeNumberSchema({ ...NUMBER_LIMITS.yearsAtJob, message: MESSAGES.wholeNumber }),
    months: wholeNumberSchema({ ...NUMBER_LIMITS.monthsAtJob, message: MESSAGES.months }),
  })
  .superRefine(
    (entry, ctx) => {
      if (WITHOUT_EMPLOYER.includes(entry.incomeType)) return;
      for (const key of ["employer", "jobTitle", "phone"] as const) {
        if (entry[key] === undefined) ctx.addIssue({ code: "custom", path: [key], message: MESSAGES.required });
      }
    },
    // Report missing employer details together with the entry's other errors, once the income type is known.
    { when: (payload) => hasKnownIncomeType(payload.value) },
  );

function hasKnownIncomeType(value: unknown): boolean {
  const incomeType = (value as { incomeType?: unknown } | null)?.incomeType;
  return INCOME_VALUES.some((known) => known === incomeType);
}

/** Months a residence history covers; the page shows it so the shopper knows when two years are reached. */
export function residenceMonths(entries: readonly { yearsAtAddress: number; monthsAtAddress: number }[]): number {
  return entries.reduce((total, entry) => total + entry.yearsAtAddress * 12 + entry.monthsAtAddress, 0);
}

/** Months an employment history covers. */
export function employmentMonths(entries: readonly { years: number; months: number }[]): number {
  return entries.reduce((total, entry) => total + entry.years * 12 + entry.months, 0);
}

/** Trailing entries left entirely blank are rows the page rendered, not history the shopper gave. */
function dropTrailingBlankEntries(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  let end = value.length;
  while (end > 0 && isBlankGroup(value[end - 1], DEFAULTED_KEYS)) end--;
  return value.slice(0, end);
}

/**
 * A residence or employment history: at least one entry, entries added until they cover two years. The message,
 * set on the list itself, says so.
 */
function historySchema<E extends z.ZodType>(entry: E, monthsOf: (entries: z.output<E>[]) => number, message: string) {
  return z.preprocess<unknown, z.ZodArray<E>, z.input<E>[]>(
    dropTrailingBlankEntries,
    z
      .array(entry, { error: message })
      .min(1, { error: message, abort: true })
      .max(NUMBER_LIMITS.maxHistoryEntries, { error: MESSAGES.tooManyEntries, abort: true })
      .refine((entries) => monthsOf(entries) >= NUMBER_LIMITS.requiredHistoryMonths, { error: message }),
  );
}

/** The residence history of one applicant. */
export const residenceHistorySchema = historySchema(residenceSchema, residenceMonths, MESSAGES.residenceHistory);
/** The employment history of one applicant. */
export const employmentHistorySchema = historySchema(employmentSchema, employmentMonths, MESSAGES.employmentHistory);

/** One applicant of a credit application: their details, SSN, and two years of residence and employment. */
export function applicantShape(context: FormContext = defaultFormContext) {
  return {
    user: applicantUserSchema(context),
    ssn: ssnSchema,
    residences: residenceHistorySchema,
    employments: employmentHistorySchema,
  };
}

/** The keys whose posted defaults do not count as a co-borrower having been started. */
export const APPLICANT_DEFAULTED_KEYS: readonly string[] = DEFAULTED_KEYS;
