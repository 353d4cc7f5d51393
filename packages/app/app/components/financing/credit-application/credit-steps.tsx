import type { FlatValues } from "@showroom/forms";
import { type FieldErrors, SsnField } from "../../forms/fields";
import { ApplicantFields, type Options } from "../../forms/groups";
import { type TextTree, translator } from "../../i18n";

/** What every step body needs: the answers to show, the messages, the option lists and the texts. */
export interface StepBodyProps {
  values: FlatValues;
  errors: FieldErrors | undefined;
  /** `financing.fullCredit` and `forms`. */
  texts: { fullCredit: TextTree; forms: TextTree };
  options: { suffixes: Options; housing: Options; incomeTypes: Options; states: Options };
  /** The last four digits of an SSN already given, per person: the field is left blank to keep it. */
  ssnKept: { applicant: string | null; coBorrower: string | null };
}

/** The SSN field's hint: the number kept ("ending in 6789"), else the usual hint. */
export function ssnHint(t: (key: string, v?: Record<string, string>) => string, kept: string | null, fallback: string) {
  return kept ? t("ssnKept", { last4: kept }) : fallback;
}

/** About you: the applicant's details and SSN. */
export function ApplicantStep({ values, errors, texts, options, ssnKept }: StepBodyProps) {
  const t = translator(texts.fullCredit);
  const f = translator(texts.forms);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <ApplicantFields prefix="user." texts={texts.forms} errors={errors} values={values} suffixes={options.suffixes} />
      <SsnField
        name="ssn"
        label={f("fields.ssn.label")}
        errors={errors}
        required={!ssnKept.applicant}
        hint={ssnHint(t, ssnKept.applicant, f("hints.ssn"))}
        showLabel={t("ssnShow")}
        hideLabel={t("ssnHide")}
      />
    </div>
  );
}
