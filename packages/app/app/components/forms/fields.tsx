import { type ReactNode, startTransition, useEffect, useState } from "react";

/** Field errors as `submission.reply()` gives them: field name → messages. */
export type FieldErrors = Readonly<Record<string, readonly string[] | null | undefined>>;

export interface FieldProps {
  name: string;
  label: string;
  /** The element id; `field-{name}` by default. Give one when a page renders the same name twice. */
  id?: string;
  errors?: FieldErrors | undefined;
  /** The value to show again after a rejected submit. */
  defaultValue?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
}

export const INPUT =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-700";

/** An element id from a field name (`residences[1].city` → `field-residences-1-city`). */
export function fieldId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/-+$/, "")}`;
}

/** The ids a control is described by: its hint and its error, when shown. */
export function describedBy(id: string, hint: ReactNode, error: string | undefined) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** Label, control, hint and the field's first error, wired together for screen readers. */
export function FieldFrame({
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
  id: givenId,
  errors,
  defaultValue,
  required,
  hint,
  type = "text",
  autoComplete,
  inputMode,
  placeholder,
  maxLength,
}: FieldProps & {
  type?: "text" | "email" | "tel" | "date" | "password";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "numeric" | "decimal";
  placeholder?: string;
  maxLength?: number;
}) {
  const id = givenId ?? fieldId(name);
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
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldFrame>
  );
}

/** A shopper's email address, which the site writes to: type, keyboard and autofill as every such field has them. */
export function EmailField(props: FieldProps & { placeholder?: string }) {
  return <TextField {...props} type="email" autoComplete="email" inputMode="email" />;
}

export function TextAreaField({
  name,
  label,
  errors,
  defaultValue,
  required,
  hint,
  id: givenId,
  rows = 5,
}: FieldProps & { rows?: number }) {
  const id = givenId ?? fieldId(name);
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
  id: givenId,
  autoComplete,
}: FieldProps & { placeholder: string; options: SelectOptions; autoComplete?: string }) {
  const id = givenId ?? fieldId(name);
  const error = errors?.[name]?.[0];
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <select
        id={id}
        name={name}
        className={INPUT}
        defaultValue={defaultValue ?? ""}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        <option value="" disabled={required}>
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

/** A checkbox posting `value` ("yes") when ticked; its label sits beside it and the whole row is the 44 px target. */
export function CheckboxField({
  name,
  label,
  id: givenId,
  errors,
  defaultChecked,
  required,
  hint,
  value = "yes",
}: Omit<FieldProps, "label" | "defaultValue"> & { label: ReactNode; defaultChecked?: boolean; value?: string }) {
  const id = givenId ?? fieldId(name);
  const error = errors?.[name]?.[0];
  return (
    <div>
      <div className="flex min-h-11 items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          value={value}
          defaultChecked={defaultChecked}
          required={required}
          className="mt-1 size-5 shrink-0 rounded border-slate-500 text-brand-700 focus:ring-2 focus:ring-brand-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
        />
        <label htmlFor={id} className="text-base text-slate-900">
          {label}
          {required ? (
            <span aria-hidden="true" className="text-red-700">
              {" "}
              *
            </span>
          ) : null}
        </label>
      </div>
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

/**
 * A Social Security number: masked like a password, never given a value by the server (so no page the server renders
 * holds one), numeric keypad, and with JavaScript a Show/Hide button.
 */
export function SsnField({
  name,
  label,
  id: givenId,
  errors,
  required,
  hint,
  showLabel,
  hideLabel,
}: Omit<FieldProps, "defaultValue"> & { showLabel: string; hideLabel: string }) {
  const id = givenId ?? fieldId(name);
  const error = errors?.[name]?.[0];
  const [shown, setShown] = useState(false);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => startTransition(() => setEnhanced(true)), []);
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <div className="flex gap-2">
        <input
          id={id}
          name={name}
          type={shown ? "text" : "password"}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={11}
          placeholder="123-45-6789"
          required={required}
          className={INPUT}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
        />
        {enhanced ? (
          <button
            type="button"
            aria-controls={id}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
            className="mt-1 min-h-11 shrink-0 rounded-md border border-slate-400 px-3 text-sm font-medium text-slate-900 hover:bg-slate-50"
          >
            {shown ? hideLabel : showLabel}
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}
