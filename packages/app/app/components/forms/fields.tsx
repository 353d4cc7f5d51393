import type { ReactNode } from "react";

/** Field errors as `submission.reply()` gives them: field name → messages. */
export type FieldErrors = Readonly<Record<string, readonly string[] | null | undefined>>;

interface FieldProps {
  name: string;
  label: string;
  errors?: FieldErrors | undefined;
  /** The value to show again after a rejected submit. */
  defaultValue?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
}

const INPUT =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-700";

function describedBy(id: string, hint: ReactNode, error: string | undefined) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** Label, control, hint and the field's first error, wired together for screen readers. */
function FieldFrame({
  id,
  label,
  required,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  required: boolean | undefined;
  hint: ReactNode;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  name,
  label,
  errors,
  defaultValue,
  required,
  hint,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
}: FieldProps & {
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric";
  placeholder?: string;
}) {
  const id = `field-${name}`;
  const error = errors?.[name]?.[0];
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        type={type}
        className={INPUT}
        defaultValue={defaultValue}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldFrame>
  );
}

export function TextAreaField({
  name,
  label,
  errors,
  defaultValue,
  required,
  hint,
  rows = 5,
}: FieldProps & { rows?: number }) {
  const id = `field-${name}`;
  const error = errors?.[name]?.[0];
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        className={INPUT}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldFrame>
  );
}

/** Options of a select, or groups of them (`<optgroup>`: the times of each day). */
export type SelectOptions =
  | readonly { value: string; label: string }[]
  | readonly { group: string; options: readonly { value: string; label: string }[] }[];

function optionElements(options: SelectOptions) {
  return options.map((option) =>
    "group" in option ? (
      <optgroup key={option.group} label={option.group}>
        {option.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </optgroup>
    ) : (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ),
  );
}

export function SelectField({
  name,
  label,
  errors,
  defaultValue,
  required,
  hint,
  placeholder,
  options,
}: FieldProps & { placeholder: string; options: SelectOptions }) {
  const id = `field-${name}`;
  const error = errors?.[name]?.[0];
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <select
        id={id}
        name={name}
        className={INPUT}
        defaultValue={defaultValue ?? ""}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {optionElements(options)}
      </select>
    </FieldFrame>
  );
}

/**
 * The hidden fields every lead form carries: the idempotency key minted when the form was rendered, and the honeypot
 * a person never sees (off-screen, out of the tab order, hidden from assistive technology).
 */
export function FormMetaFields({ idempotencyKey }: { idempotencyKey: string }) {
  return (
    <>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}

/** One choice of a radio or checkbox group: its value, its label, and optionally a line that explains it. */
export interface ChoiceOption {
  readonly value: string;
  readonly label: string;
  readonly description?: string | undefined;
}

const CHOICE =
  "flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600";

/**
 * A group of radio buttons or checkboxes in a fieldset: the legend names it, each choice is a 44 px labelled target
 * with its description tied to it, and the group's first error is tied to the fieldset and marks every choice
 * invalid. A checkbox group posts its name once per ticked box.
 */
function ChoiceGroup({
  type,
  name,
  legend,
  options,
  errors,
  checked,
  required,
  hint,
  columns = 1,
}: {
  type: "radio" | "checkbox";
  name: string;
  legend: ReactNode;
  options: readonly ChoiceOption[];
  errors?: FieldErrors | undefined;
  checked: readonly string[];
  required?: boolean;
  hint?: ReactNode;
  columns?: 1 | 2;
}) {
  const id = `field-${name}`;
  const error = errors?.[name]?.[0];
  return (
    <fieldset aria-describedby={describedBy(id, hint, error)} className="min-w-0">
      <legend className="text-base font-semibold text-slate-900">
        {legend}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className={`mt-3 grid gap-2 ${columns === 2 ? "sm:grid-cols-2" : ""}`}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label key={option.value} className={CHOICE}>
              <input
                id={optionId}
                type={type}
                name={name}
                value={option.value}
                defaultChecked={checked.includes(option.value)}
                aria-invalid={error ? true : undefined}
                // Named by the label alone; the description is read after it, as a description.
                aria-labelledby={option.description ? `${optionId}-label` : undefined}
                aria-describedby={option.description ? `${optionId}-description` : undefined}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <span>
                <span id={`${optionId}-label`} className="font-medium">
                  {option.label}
                </span>
                {option.description ? (
                  <span id={`${optionId}-description`} className="mt-0.5 block text-sm text-slate-700">
                    {option.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A radio group: one choice of several. */
export function RadioGroupField(
  props: Omit<Parameters<typeof ChoiceGroup>[0], "type" | "checked"> & { defaultValue?: string | undefined },
) {
  const { defaultValue, ...rest } = props;
  return <ChoiceGroup type="radio" checked={defaultValue === undefined ? [] : [defaultValue]} {...rest} />;
}

/** A checkbox group: any number of choices, posted once per ticked box. */
export function CheckboxGroupField(
  props: Omit<Parameters<typeof ChoiceGroup>[0], "type" | "checked"> & { defaultValue?: readonly string[] | undefined },
) {
  const { defaultValue, ...rest } = props;
  return <ChoiceGroup type="checkbox" checked={defaultValue ?? []} {...rest} />;
}

/** The four contact fields of a server-rendered form, prefilled from what was posted or the visitor's profile. */
export function ContactFields({
  labels,
  errors,
  values,
}: {
  /** Each field's label and the phone placeholder: `forms.fields`. */
  labels: { firstName: string; lastName: string; email: string; phone: string; phonePlaceholder: string };
  errors?: FieldErrors | undefined;
  values: Partial<Record<"firstName" | "lastName" | "email" | "phone", string | undefined>>;
}) {
  return (
    <>
      <TextField
        name="firstName"
        label={labels.firstName}
        autoComplete="given-name"
        required
        errors={errors}
        defaultValue={values.firstName}
      />
      <TextField
        name="lastName"
        label={labels.lastName}
        autoComplete="family-name"
        required
        errors={errors}
        defaultValue={values.lastName}
      />
      <TextField
        name="email"
        type="email"
        label={labels.email}
        autoComplete="email"
        inputMode="email"
        required
        errors={errors}
        defaultValue={values.email}
      />
      <TextField
        name="phone"
        type="tel"
        label={labels.phone}
        autoComplete="tel"
        inputMode="tel"
        placeholder={labels.phonePlaceholder}
        required
        errors={errors}
        defaultValue={values.phone}
      />
    </>
  );
}
