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
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-700";

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

export function SelectField({
  name,
  label,
  errors,
  defaultValue,
  required,
  hint,
  placeholder,
  options,
}: FieldProps & { placeholder: string; options: readonly { value: string; label: string }[] }) {
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
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
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
