import { parseWithZod } from "@conform-to/zod/v4";
import {
  createFullCreditStepSchemas,
  type FlatValues,
  type FormContext,
  HOUSING_STATUSES,
  INCOME_TYPES,
  ssnLast4,
  US_STATES,
} from "@showroom/forms";
import type { CreditApplicationStep } from "@showroom/rules/credit-application";
import type { z } from "zod";
import { type TextTree, translator } from "../../i18n";
import { formatMoney } from "../../money";
import { durationText } from "./duration-text";

/** One answer as review shows it. */
interface ReviewRow {
  readonly label: string;
  readonly value: string;
}

/** A titled group of answers (an address, a job) inside a step's section. */
interface ReviewGroup {
  readonly title: string;
  readonly rows: readonly ReviewRow[];
}

/** Every answer of one step, with the step to go back to for a change. */
export interface ReviewSection {
  readonly step: CreditApplicationStep;
  readonly groups: readonly ReviewGroup[];
}

const labelOf = (list: readonly { value: string; label: string }[], value: string | undefined) =>
  list.find((item) => item.value === value)?.label ?? value ?? "";
const stateName = (code: string) => US_STATES.find((s) => s.code === code)?.name ?? code;

function formData(values: FlatValues): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return data;
}

/**
 * Review's sections: every answer so far, parsed with the step schemas and written out for people (labels, money,
 * durations, state names), the SSN masked to its last four. The server builds them for the page without JavaScript
 * and the browser's stepper builds the same from its answers.
 */
export function reviewSections(values: FlatValues, texts: TextTree, context?: FormContext): ReviewSection[] {
  const f = translator(texts);
  const label = (key: string) => f(`fields.${key}.label`);
  const t = (key: string, vars?: Record<string, string | number>) => f(`review.${key}`, vars);
  const steps = createFullCreditStepSchemas(context);
  const data = formData(values);
  const parse = <S extends keyof typeof steps>(step: S) => {
    const submission = parseWithZod(data, { schema: steps[step] });
    return submission.status === "success"
      ? { success: true as const, data: submission.value as z.output<(typeof steps)[S]> }
      : { success: false as const };
  };
  const sections: ReviewSection[] = [];
  const person = (
    user: {
      firstName: string;
      middleName?: string | undefined;
      lastName: string;
      suffix?: string | undefined;
      email: string;
      phone: string;
      dateOfBirth: string;
    },
    ssn: string | undefined,
    title: string,
  ): ReviewGroup => ({
    title,
    rows: [
      {
        label: t("name"),
        value: [user.firstName, user.middleName, user.lastName, user.suffix].filter(Boolean).join(" "),
      },
      { label: label("email"), value: user.email },
      { label: label("phone"), value: user.phone },
      { label: label("dateOfBirth"), value: user.dateOfBirth },
      { label: label("ssn"), value: ssnLast4(ssn) ? `•••-••-${ssnLast4(ssn)}` : t("notGiven") },
    ],
  });
  const homes = (
    list: readonly {
      housingStatus: string;
      monthlyRent: number;
      yearsAtAddress: number;
      monthsAtAddress: number;
      fullAddress: string;
      apartment?: string | undefined;
      city: string;
      state: string;
      zipCode: string;
    }[],
    prefix: string,
  ): ReviewGroup[] =>
    list.map((home, i) => ({
      title: `${prefix}${t("address", { number: i + 1 })}`,
      rows: [
        {
          label: t("where"),
          value: `${home.fullAddress}${home.apartment ? `, ${home.apartment}` : ""}, ${home.city}, ${stateName(home.state)} ${home.zipCode}`,
        },
        { label: label("housingStatus"), value: labelOf(HOUSING_STATUSES, home.housingStatus) },
        { label: label("monthlyRent"), value: formatMoney(home.monthlyRent) },
        { label: t("howLong"), value: durationText(texts, home.yearsAtAddress * 12 + home.monthsAtAddress) },
      ],
    }));
  const jobs = (
    list: readonly {
      incomeType: string;
      employer?: string | undefined;
      jobTitle?: string | undefined;
      phone?: string | undefined;
      monthlyIncome: number;
      years: number;
      months: number;
    }[],
    prefix: string,
  ): ReviewGroup[] =>
    list.map((job, i) => ({
      title: `${prefix}${t("job", { number: i + 1 })}`,
      rows: [
        { label: label("incomeType"), value: labelOf(INCOME_TYPES, job.incomeType) },
        ...(job.employer ? [{ label: label("employer"), value: job.employer }] : []),
        ...(job.jobTitle ? [{ label: label("jobTitle"), value: job.jobTitle }] : []),
        ...(job.phone ? [{ label: label("employerPhone"), value: job.phone }] : []),
        { label: label("monthlyIncome"), value: formatMoney(job.monthlyIncome) },
        { label: t("howLong"), value: durationText(texts, job.years * 12 + job.months) },
      ],
    }));

  const applicant = parse("applicant");
  if (applicant.success)
    sections.push({ step: "applicant", groups: [person(applicant.data.user, values.ssn, t("applicant"))] });
  const residence = parse("residence");
  if (residence.success) sections.push({ step: "residence", groups: homes(residence.data.residences, "") });
  const employment = parse("employment");
  if (employment.success) sections.push({ step: "employment", groups: jobs(employment.data.employments, "") });
  const coBorrower = parse("coBorrower");
  if (coBorrower.success) {
    const co = coBorrower.data.coBorrower;
    sections.push({
      step: "coBorrower",
      groups: co
        ? [
            person(co.user, values["coBorrower.ssn"], t("coBorrower")),
            ...(co.sameAddress || !co.residences
              ? [{ title: t("coBorrowerAddress"), rows: [{ label: t("where"), value: t("sameAddress") }] }]
              : homes(co.residences, `${t("coBorrower")}: `)),
            ...jobs(co.employments, `${t("coBorrower")}: `),
          ]
        : [{ title: t("coBorrower"), rows: [{ label: t("coBorrowerApplying"), value: t("none") }] }],
    });
  }
  return sections;
}
