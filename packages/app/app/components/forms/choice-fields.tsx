import { describedBy, type FieldProps, fieldId } from "./fields";

// Radio and checkbox groups, beside the single fields of fields.tsx: one set of field components for every form.

/** One choice of a radio or checkbox group: its value, its label, and optionally a line that explains it. */
interface ChoiceOption {
  readonly value: string;
  readonly label: string;
  readonly description?: string | undefined;
}

interface ChoiceGroupProps extends Omit<FieldProps, "defaultValue"> {
  options: readonly ChoiceOption[];
  /** `inline`: a row of plain choices (yes/no); `cards`: each choice a bordered 44 px card, its description under it. */
  layout?: "inline" | "cards";
  /** Cards side by side from the small breakpoint on. */
  columns?: 1 | 2;
}

const CARD =
  "flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600";

/**
 * Radio buttons or checkboxes in a fieldset: the legend is the question, each choice a 44 px labelled target named by
 * its label alone (its description, if any, is tied to it as a description), and the group's first error tied to the
 * fieldset. A checkbox group posts its name once per ticked box.
 */
function ChoiceGroup({
  type,
  name,
  label,
  id: givenId,
  errors,
  checked,
  required,
  hint,
  options,
  layout = "inline",
  columns = 1,
}: ChoiceGroupProps & { type: "radio" | "checkbox"; checked: readonly string[] }) {
  const id = givenId ?? fieldId(name);
  const error = errors?.[name]?.[0];
  const cards = layout === "cards";
  return (
    <fieldset
      aria-describedby={describedBy(id, hint, error)}
      aria-invalid={error ? true : undefined}
      className="min-w-0"
    >
      <legend className={cards ? "text-base font-semibold text-slate-900" : "text-sm font-medium text-slate-900"}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </legend>
      {hint && cards ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {error && cards ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div
        className={cards ? `mt-3 grid gap-2 ${columns === 2 ? "sm:grid-cols-2" : ""}` : "mt-1 flex flex-wrap gap-x-6"}
      >
        {options.map((option) => {
          const optionId = `${id}-${option.value.replace(/[^A-Za-z0-9_-]+/g, "-") || "none"}`;
          return (
            <label
              key={option.value}
              className={cards ? CARD : "flex min-h-11 items-center gap-2 text-base text-slate-900"}
            >
              <input
                id={optionId}
                type={type}
                name={name}
                value={option.value}
                defaultChecked={checked.includes(option.value)}
                required={type === "radio" ? required : undefined}
                aria-invalid={error && cards ? true : undefined}
                aria-labelledby={option.description ? `${optionId}-label` : undefined}
                aria-describedby={option.description ? `${optionId}-description` : undefined}
                className={
                  cards
                    ? "mt-0.5 size-5 shrink-0 accent-brand-700"
                    : "size-5 text-brand-700 focus:ring-2 focus:ring-brand-600"
                }
              />
              {option.description ? (
                <span>
                  <span id={`${optionId}-label`} className="font-medium">
                    {option.label}
                  </span>
                  <span id={`${optionId}-description`} className="mt-0.5 block text-sm text-slate-700">
                    {option.description}
                  </span>
                </span>
              ) : (
                <span className={cards ? "font-medium" : undefined}>{option.label}</span>
              )}
            </label>
          );
        })}
      </div>
      {hint && !cards ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {error && !cards ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A radio group: one choice of several. */
export function RadioGroupField({ defaultValue, ...props }: ChoiceGroupProps & { defaultValue?: string | undefined }) {
  return <ChoiceGroup type="radio" checked={defaultValue === undefined ? [] : [defaultValue]} {...props} />;
}

/** A checkbox group: any number of choices, posted once per ticked box. */
export function CheckboxGroupField({
  defaultValue,
  ...props
}: ChoiceGroupProps & { defaultValue?: readonly string[] | undefined }) {
  return <ChoiceGroup type="checkbox" checked={defaultValue ?? []} {...props} />;
}
