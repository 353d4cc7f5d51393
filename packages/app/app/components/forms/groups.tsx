import { ContactFields, type GroupProps, type Options, useGroup } from "./contact-fields";
import { SelectField, TextField } from "./fields";

export { ContactFields, type GroupProps, type Options };

// The shared props and the contact group live in contact-fields.tsx, so a form with only contact fields ships only
// them (see that module).

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
