import type { CreditApplicationStep, StepValues } from "@showroom/rules/credit-application";
import { HONEYPOT_FIELD } from "../fields/form-meta-names";

/**
 * The full credit application's answers as the forms post them: a flat map of field names (`residences[1].city`) to
 * values. Pure helpers both the server (JavaScript off) and the browser's stepper use, without any schema.
 */
export type FlatValues = Record<string, string>;

/** The lists a step repeats: residences and jobs, the applicant's and the co-borrower's. */
export const ENTRY_LISTS = ["residences", "employments", "coBorrower.residences", "coBorrower.employments"] as const;
export type EntryList = (typeof ENTRY_LISTS)[number];

/** Flat string values of a step's answers (a repeated field keeps its last value). */
export function flat(values: StepValues | undefined): FlatValues {
  const out: FlatValues = {};
  for (const [key, value] of Object.entries(values ?? {}))
    out[key] = typeof value === "string" ? value : (value.at(-1) ?? "");
  return out;
}

/** The fields of a form post, the honeypot and the intent left out. */
export function postedValues(form: FormData): FlatValues {
  const out: FlatValues = {};
  for (const [key, value] of form) {
    if (typeof value !== "string" || key === "intent" || key === HONEYPOT_FIELD) continue;
    out[key] = value;
  }
  return out;
}

function indexesOf(values: FlatValues, list: EntryList): number[] {
  const pattern = new RegExp(`^${list.replace(".", "\\.")}\\[(\\d+)\\]\\.`);
  const found = new Set<number>();
  for (const key of Object.keys(values)) {
    const match = pattern.exec(key);
    if (match) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}

/** How many entries of `list` the form shows: every entry answered so far, and at least one. */
export function entryCount(values: FlatValues, list: EntryList): number {
  const indexes = indexesOf(values, list);
  return Math.max(1, (indexes.at(-1) ?? -1) + 1);
}

/** The answers with one more, blank, entry of `list` (capped at ten, as the schema takes). */
export function addEntry(values: FlatValues, list: EntryList): FlatValues {
  const count = entryCount(values, list);
  if (count >= 10) return values;
  const first = list.endsWith("residences") ? "fullAddress" : "employer";
  return { ...values, [`${list}[${count}].${first}`]: "" };
}

/** The answers without entry `index` of `list`, the later entries moved up one. */
export function removeEntry(values: FlatValues, list: EntryList, index: number): FlatValues {
  const pattern = new RegExp(`^(${list.replace(".", "\\.")})\\[(\\d+)\\]\\.(.+)$`);
  const out: FlatValues = {};
  for (const [key, value] of Object.entries(values)) {
    const match = pattern.exec(key);
    if (!match) {
      out[key] = value;
      continue;
    }
    const at = Number(match[2]);
    if (at === index) continue;
    out[`${match[1]}[${at > index ? at - 1 : at}].${match[3]}`] = value;
  }
  return out;
}

/** Months an entry list covers so far, from the years and months typed (unreadable ones count as none). */
export function coveredMonths(values: FlatValues, list: EntryList): number {
  const [years, months] = list.endsWith("residences") ? ["yearsAtAddress", "monthsAtAddress"] : ["years", "months"];
  const whole = (v: string | undefined) => {
    const n = Number((v ?? "").replace(/,/g, "").trim());
    return Number.isInteger(n) && n >= 0 ? n : 0;
  };
  return indexesOf(values, list).reduce(
    (total, i) =>
      total + whole(values[`${list}[${i}].${years}`]) * 12 + Math.min(11, whole(values[`${list}[${i}].${months}`])),
    0,
  );
}

/** The two Social Security number fields: never rendered into a page by the server. */
const SSN_FIELDS = ["ssn", "coBorrower.ssn"] as const;

/**
 * A step posted with an SSN field left blank keeps the number given before: the field is never filled in again, so
 * a shopper going back does not have to retype it. A number typed replaces it.
 */
export function keepSsns(posted: FlatValues, before: FlatValues): FlatValues {
  const out = { ...posted };
  for (const field of SSN_FIELDS) {
    if (field in out && (out[field] ?? "").trim() === "" && (before[field] ?? "").trim() !== "") {
      out[field] = before[field] ?? "";
    }
  }
  return out;
}

/** The answers without SSNs, for a page to show in fields. */
export function withoutSsns(values: FlatValues): FlatValues {
  const out = { ...values };
  for (const field of SSN_FIELDS) delete out[field];
  return out;
}

/** The last four digits of an SSN as given, for "ending in 6789"; null when none was given. */
export function ssnLast4(value: string | undefined): string | null {
  const digits = (value ?? "").replace(/\D/g, "");
  return digits.length === 9 ? digits.slice(5) : null;
}

/** The fields of a post that belong to `step` (a step's form posts only its own, plus the form meta on review). */
export function stepFields(
  values: FlatValues,
  step: CreditApplicationStep,
  stepOf: (field: string) => CreditApplicationStep,
): FlatValues {
  return Object.fromEntries(Object.entries(values).filter(([key]) => stepOf(key) === step));
}
