import type { ReactNode } from "react";
import { type TextTree, translator } from "../i18n";
import { type FieldErrors, SelectField, TextField } from "./fields";

/**
 * The composite field groups every server-rendered form builds from (FORMS.md): the four contact fields, an address,
 * an applicant's own details, a residence entry, an employment entry. Each takes the field-name prefix of where it
 * sits in the form (`user.`, `coBorrower.residences[1].`), the reply's errors, and the values to show again, as a flat
 * map from field name to value. `texts` is the `forms` translation tree.
 */
export interface GroupProps {
  prefix?: string;
  errors?: FieldErrors | undefined;
  values?: Readonly<Record<string, string | undefined>> | undefined;
  texts: TextTree;
}

/** A select option list. */
export type Options = readonly { value: string; label: string }[];

function useGroup({ prefix = "", errors, values, texts }: GroupProps) {
  const f = translator(texts);
  return {
    name: (field: string) => `${prefix}${field}`,
    value: (field: string) => values?.[`${prefix}${field}`],
    label: (key: string) => f(`fields.${key}.label`),
    placeholder: (key: string) => f(`fields.${key}.placeholder`),
    hint: (key: string) => f(`hints.${key}`),
    errors,
  };
}

/** First name, last name, email and mobile phone; `phone` replaces the phone field (the verified one, say). */
export function ContactFields(props: GroupProps & { phone?: ReactNode }) {
  const g = useGroup(props);
  return (
    <>
      <TextField
        name={g.name("firstName")}
        label={g.label("firstName")}
        autoComplete="given-name"
        required
        errors={g.errors}
        defaultValue={g.value("firstName")}
      />
      <TextField
        name={g.name("lastName")}
        label={g.label("lastName")}
        autoComplete="family-name"
        required
        errors={g.errors}
        defaultValue={g.value("lastName")}
      />
      <TextField
        name={g.name("email")}
        type="email"
        label={g.label("email")}
        autoComplete="email"
        inputMode="email"
        required
        errors={g.errors}
        defaultValue={g.value("email")}
      />
      {props.phone ?? (
        <TextField
          name={g.name("phone")}
          type="tel"
          label={g.label("phone")}
          autoComplete="tel"
          inputMode="tel"
          placeholder={g.placeholder("phone")}
          required
          errors={g.errors}
          defaultValue={g.value("phone")}
        />
      )}
    </>
  );
}

/**
 * A US address. `names` maps the parts to the form's field names, which differ by form: a lead's address
 * (`street`, `regioncode`, `postalcode`) or a residence (`fullAddress`, `state`, `zipCode`).
 */
export function AddressFields(
  props: GroupProps & {
    states: Options;
    names: { street: string; apartment: string; city: string; state: string; zip: string };
    /** Whether the browser may fill it with the shopper's own address (false for a previous one). */
    autofill?: boolean;
  },
) {
  const g = useGroup(props);
  const { names } = props;
  const ac = (token: string) => (props.autofill === false ? "off" : token);
  return (
    <>
      <div className="sm:col-span-2">
        <TextField
          name={g.name(names.street)}
          label={g.label("address")}
          autoComplete={ac("address-line1")}
          required
          errors={g.errors}
          defaultValue={g.value(names.street)}
        />
      </div>
      <TextField
        name={g.name(names.apartment)}
        label={g.label("apartment")}
        autoComplete={ac("address-line2")}
        errors={g.errors}
        defaultValue={g.value(names.apartment)}
      />
      <TextField
        name={g.name(names.city)}
        label={g.label("city")}
        autoComplete={ac("address-level2")}
        required
        errors={g.errors}
        defaultValue={g.value(names.city)}
      />
      <SelectField
        name={g.name(names.state)}
        label={g.label("state")}
        placeholder={g.placeholder("state")}
        options={props.states}
        autoComplete={ac("address-level1")}
        required
        errors={g.errors}
        defaultValue={g.value(names.state)}
      />
      <TextField
        name={g.name(names.zip)}
        label={g.label("zipCode")}
        autoComplete={ac("postal-code")}
        inputMode="numeric"
        maxLength={5}
        required
        errors={g.errors}
        defaultValue={g.value(names.zip)}
      />
    </>
  );
}

/** The applicant's own details: the contact fields plus middle name, suffix and date of birth. */
export function ApplicantFields(props: GroupProps & { suffixes: Options; autofill?: boolean }) {
  const g = useGroup(props);
  const own = props.autofill !== false;
  return (
    <>
      <ContactFields {...props} />
      <TextField
        name={g.name("middleName")}
        label={g.label("middleName")}
        autoComplete={own ? "additional-name" : "off"}
        errors={g.errors}
        defaultValue={g.value("middleName")}
      />
      <SelectField
        name={g.name("suffix")}
        label={g.label("suffix")}
        placeholder={g.placeholder("suffix")}
        options={props.suffixes}
        errors={g.errors}
        defaultValue={g.value("suffix")}
      />
      <TextField
        name={g.name("dateOfBirth")}
        type="date"
        label={g.label("dateOfBirth")}
        autoComplete={own ? "bday" : "off"}
        hint={g.hint("dateOfBirth")}
        required
        errors={g.errors}
        defaultValue={g.value("dateOfBirth")}
      />
    </>
  );
}

/** One residence entry: how the applicant lives there, the payment, how long, and the address. */
export function ResidenceFields(props: GroupProps & { housing: Options; states: Options; autofill?: boolean }) {
  const g = useGroup(props);
  return (
    <>
      <SelectField
        name={g.name("housingStatus")}
        label={g.label("housingStatus")}
        placeholder={g.placeholder("housingStatus")}
        options={props.housing}
        required
        errors={g.errors}
        defaultValue={g.value("housingStatus")}
      />
      <TextField
        name={g.name("monthlyRent")}
        label={g.label("monthlyRent")}
        inputMode="decimal"
        placeholder={g.placeholder("monthlyRent")}
        required
        errors={g.errors}
        defaultValue={g.value("monthlyRent")}
      />
      <TextField
        name={g.name("yearsAtAddress")}
        label={g.label("yearsAtAddress")}
        inputMode="numeric"
        required
        errors={g.errors}
        defaultValue={g.value("yearsAtAddress")}
      />
      <TextField
        name={g.name("monthsAtAddress")}
        label={g.label("monthsAtAddress")}
        inputMode="numeric"
        required
        errors={g.errors}
        defaultValue={g.value("monthsAtAddress")}
      />
      <AddressFields
        {...props}
        names={{ street: "fullAddress", apartment: "apartment", city: "city", state: "state", zip: "zipCode" }}
      />
    </>
  );
}

/** One job or income source: its type, employer, title and phone (unless retired or other), income, how long. */
export function EmploymentFields(props: GroupProps & { incomeTypes: Options }) {
  const g = useGroup(props);
  return (
    <>
      <SelectField
        name={g.name("incomeType")}
        label={g.label("incomeType")}
        placeholder={g.placeholder("incomeType")}
        options={props.incomeTypes}
        required
        errors={g.errors}
        defaultValue={g.value("incomeType")}
      />
      <TextField
        name={g.name("employer")}
        label={g.label("employer")}
        autoComplete="off"
        errors={g.errors}
        defaultValue={g.value("employer")}
      />
      <TextField
        name={g.name("jobTitle")}
        label={g.label("jobTitle")}
        autoComplete="off"
        errors={g.errors}
        defaultValue={g.value("jobTitle")}
      />
      <TextField
        name={g.name("phone")}
        type="tel"
        label={g.label("employerPhone")}
        autoComplete="off"
        inputMode="tel"
        errors={g.errors}
        defaultValue={g.value("phone")}
      />
      <TextField
        name={g.name("monthlyIncome")}
        label={g.label("monthlyIncome")}
        inputMode="decimal"
        hint={g.hint("monthlyIncome")}
        required
        errors={g.errors}
        defaultValue={g.value("monthlyIncome")}
      />
      <TextField
        name={g.name("years")}
        label={g.label("yearsAtJob")}
        inputMode="numeric"
        required
        errors={g.errors}
        defaultValue={g.value("years")}
      />
      <TextField
        name={g.name("months")}
        label={g.label("monthsAtJob")}
        inputMode="numeric"
        required
        errors={g.errors}
        defaultValue={g.value("months")}
      />
    </>
  );
}
