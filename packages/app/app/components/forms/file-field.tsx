// The file input lives apart from fields.tsx: only the careers form takes a file, so other forms never load it.
import { describedBy, FieldFrame, type FieldProps, fieldId, INPUT } from "./fields";

/**
 * A file input (the careers résumé). The browser's `accept` only narrows the picker; the server decides by content.
 * A refused file is never sent back, so the field starts empty after an error, as browsers require.
 */
export function FileField({
  name,
  label,
  id: givenId,
  errors,
  required,
  hint,
  accept,
  multiple,
}: Omit<FieldProps, "defaultValue"> & { accept?: string; multiple?: boolean }) {
  const id = givenId ?? fieldId(name);
  const error = errors?.[name]?.[0];
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        multiple={multiple}
        required={required}
        className={`${INPUT} min-h-11 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldFrame>
  );
}
