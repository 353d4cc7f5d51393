/**
 * fast-check arbitraries of VALID raw form input, typed the many ways shoppers type it (padding, masks, commas,
 * lower-case state codes, numbers given as strings or numbers). Properties use them to state what every valid
 * submission satisfies.
 */
import { questions, visibleQuestions } from "@showroom/rules/questionnaire";
import fc from "fast-check";
import { INQUIRY_TOPICS } from "../contact/inquiry-topics";
import { US_STATES } from "../fields/address";
import { HOUSING_STATUSES, INCOME_TYPES, NAME_SUFFIXES } from "../financing/applicant";
import { formatPhone, PHONE_MASKS } from "../phone/format-phone";

/** The day every date-dependent property runs on. */
export const TODAY = "2026-05-01";

const padding = fc.constantFrom("", " ", "  ", "\t", " \n");

/** Surrounds text with whitespace a shopper might leave around it. */
export function padded(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(padding, text, padding).map(([before, value, after]) => `${before}${value}${after}`);
}

export const nameText = padded(fc.stringMatching(/^[A-Z][a-z]{0,20}(?:[ '-][A-Z][a-z]{1,20})?$/));

const emailText = padded(
  fc.stringMatching(/^[a-z0-9][a-z0-9._%+-]{0,20}@[a-z0-9-]{1,15}(?:\.[a-z0-9-]{1,10})?\.[a-z]{2,6}$/),
);

/** Ten national digits with a real area code (2–9 first). */
const nationalNumber = fc.stringMatching(/^[2-9]\d{9}$/);

/** A valid phone in any mask the site shows, or as bare digits. */
export const phoneText = fc
  .tuple(nationalNumber, fc.constantFrom(...PHONE_MASKS, "raw" as const, "country" as const))
  .map(([digits, mask]) => {
    if (mask === "raw") return digits;
    if (mask === "country") return `1${digits}`;
    return formatPhone(digits, mask);
  });

export const freeText = (maxLength: number) =>
  fc.string({ minLength: 1, maxLength: Math.min(maxLength, 120) }).filter((text) => text.trim() !== "");

export const optionalFreeText = (maxLength: number) =>
  fc.option(freeText(maxLength), { nil: undefined }).map((text) => text ?? "");

const idempotencyKey = fc.uuid();

export const formMetaInput = fc.record({ idempotencyKey, website: fc.constantFrom("", undefined) });

export const topicInput = fc
  .constantFrom(...INQUIRY_TOPICS.map((topic) => topic.id))
  .chain((id) => fc.constantFrom<string | number>(id, String(id), ` ${id} `));

/** Area, group and serial drawn from the issuable ranges only. */
export const issuableSsnParts = fc.record({
  area: fc
    .integer({ min: 1, max: 899 })
    .filter((area) => area !== 666)
    .map((area) => String(area).padStart(3, "0")),
  group: fc.integer({ min: 1, max: 99 }).map((group) => String(group).padStart(2, "0")),
  serial: fc.integer({ min: 1, max: 9999 }).map((serial) => String(serial).padStart(4, "0")),
});

/** Any nine digits split 3-2-4, issuable or not. */
export const anySsnParts = fc.record({
  area: fc.stringMatching(/^\d{3}$/),
  group: fc.stringMatching(/^\d{2}$/),
  serial: fc.stringMatching(/^\d{4}$/),
});

const ssnText = issuableSsnParts.chain(({ area, group, serial }) =>
  fc.constantFrom(`${area}-${group}-${serial}`, `${area}${group}${serial}`, `${area} ${group} ${serial}`),
);

/** A calendar date as yyyy-mm-dd between two years. */
export function calendarDate(fromYear: number, toYear: number): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date(Date.UTC(fromYear, 0, 1)), max: new Date(Date.UTC(toYear, 11, 31)), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));
}

/** Birth dates of adults on TODAY: 18 to 100 years old. */
const adultBirthDate = calendarDate(1927, 2007);

const stateInput = fc
  .constantFrom(...US_STATES.map((state) => state.code))
  .chain((code) => fc.constantFrom(code, code.toLowerCase(), ` ${code} `));

const zipText = fc.stringMatching(/^\d{5}$/);

/** A dollar amount typed as "$1,250.50", "1250.5", "1250", or given as a number. */
export function moneyInput(max: number): fc.Arbitrary<string | number> {
  return fc.integer({ min: 0, max: max * 100 }).chain((cents) => {
    const dollars = cents / 100;
    const grouped = Math.floor(dollars).toLocaleString("en-US");
    const fraction = (cents % 100).toString().padStart(2, "0");
    return fc.constantFrom<string | number>(
      dollars,
      `${grouped}.${fraction}`,
      `$${grouped}.${fraction}`,
      String(dollars),
    );
  });
}

/** A whole number typed with or without thousands commas, or given as a number. */
export function wholeInput(min: number, max: number): fc.Arbitrary<string | number> {
  return fc
    .integer({ min, max })
    .chain((value) => fc.constantFrom<string | number>(value, String(value), value.toLocaleString("en-US")));
}

export const profileInput = fc.record({
  firstName: nameText,
  lastName: nameText,
  email: emailText,
  phone: phoneText,
});

export const leadAddressInput = fc.record({
  type: fc.constantFrom("home", "delivery"),
  street: padded(fc.stringMatching(/^\d{1,5} [A-Z][a-z]{2,12} (?:St|Ave|Rd|Blvd)$/)),
  apartment: fc.constantFrom("", "Apt 4B", "  Unit 12 "),
  city: nameText,
  regioncode: stateInput,
  postalcode: zipText,
});

export const vinText = fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/);

const applicantUserInput = fc.record({
  firstName: nameText,
  middleName: fc.constantFrom("", "Lee", " Ann "),
  lastName: nameText,
  suffix: fc.constantFrom("", ...NAME_SUFFIXES),
  email: emailText,
  phone: phoneText,
  dateOfBirth: adultBirthDate,
});

const residenceInput = fc.record({
  housingStatus: fc.constantFrom(...HOUSING_STATUSES.map((item) => item.value)),
  monthlyRent: moneyInput(5000),
  yearsAtAddress: wholeInput(0, 40),
  monthsAtAddress: wholeInput(0, 11),
  fullAddress: padded(fc.stringMatching(/^\d{1,5} [A-Z][a-z]{2,12} (?:St|Ave|Rd)$/)),
  apartment: fc.constantFrom("", "Apt 2"),
  city: nameText,
  state: stateInput,
  zipCode: zipText,
});

const employmentInput = fc.record({
  incomeType: fc.constantFrom(...INCOME_TYPES.map((item) => item.value)),
  employer: padded(fc.stringMatching(/^[A-Z][a-z]{2,15}(?: Inc| LLC)?$/)),
  jobTitle: nameText,
  phone: phoneText,
  monthlyIncome: moneyInput(20000),
  years: wholeInput(0, 40),
  months: wholeInput(0, 11),
});

/** The first entry alone covers two years, so any later entries are extra history. */
function historyInput<T extends Record<string, unknown>>(
  entry: fc.Arbitrary<T>,
  yearsKey: keyof T & string,
): fc.Arbitrary<T[]> {
  return fc
    .tuple(entry, fc.array(entry, { maxLength: 3 }))
    .map(([first, rest]) => [{ ...first, [yearsKey]: 2 }, ...rest]);
}

export const applicantInput = fc.record({
  user: applicantUserInput,
  ssn: ssnText,
  residences: historyInput(residenceInput, "yearsAtAddress"),
  employments: historyInput(employmentInput, "years"),
});

/**
 * Complete questionnaire answers: an overall condition, then an answer to every question it shows (checkbox answers
 * as one exclusive choice or a set of the others), comments sometimes left out, all as a form posts them.
 */
export const questionnaireAnswersInput = fc
  .constantFrom(...(questions.find((question) => question.questionId === "100")?.answers.map((a) => a.value) ?? []))
  .chain((condition) => {
    const shown = visibleQuestions({ "100": condition }).filter((question) => question.questionId !== "100");
    const entries = shown.map((question) => {
      const values = question.answers.map((answer) => answer.value);
      let answer: fc.Arbitrary<string | string[]>;
      if (question.inputType === "textarea") answer = optionalFreeText(question.maxLength ?? 1000);
      else if (question.inputType === "radio") answer = fc.constantFrom(...values).map((value) => ` ${value}`);
      else {
        const exclusive = question.answers.filter((a) => a.exclusive).map((a) => a.value);
        const others = question.answers.filter((a) => !a.exclusive).map((a) => a.value);
        answer = fc.oneof(
          ...exclusive.map((value) => fc.constant<string[]>([value])),
          fc.subarray(others, { minLength: 1 }),
        );
      }
      return fc.tuple(fc.constant(question.questionId), answer);
    });
    return fc.tuple(...entries).map((pairs) => ({ answers: { "100": condition, ...Object.fromEntries(pairs) } }));
  });
