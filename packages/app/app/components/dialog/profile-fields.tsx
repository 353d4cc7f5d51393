import { MESSAGES } from "@showroom/forms";
import type { VisitorProfile } from "@showroom/rules/profile";
import { type TextTree, translator } from "../i18n";

const FIELDS = [
  ["firstName", "text", "given-name"],
  ["lastName", "text", "family-name"],
  ["email", "email", "email"],
  ["phone", "tel", "tel"],
] as const;

type ProfileField = (typeof FIELDS)[number][0];

const INPUT =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-700";

/** The spec's words for a contact field the profile rules refused (section 5). */
function fieldMessage(field: ProfileField, value: string): string {
  if (field === "firstName" || field === "lastName") return MESSAGES[field];
  if (value.trim() === "") return MESSAGES.required;
  return MESSAGES[field];
}

/**
 * The four contact fields of a JavaScript dialog's contact step (Personalize My Price, Schedule Test Drive), bound to
 * the dialog's draft profile. A field the machine's profile rules refused (`invalid`) shows the spec's message and is
 * described by it. `texts` holds each field's label and the phone placeholder.
 */
export function ProfileFields({
  formId,
  profile,
  onChange,
  invalid,
  texts,
}: {
  formId: string;
  profile: VisitorProfile;
  onChange: (profile: VisitorProfile) => void;
  invalid: readonly string[];
  texts: TextTree;
}) {
  const f = translator(texts);
  return FIELDS.map(([name, type, autoComplete]) => {
    const id = `${formId}-${name}`;
    const message = invalid.includes(name) ? fieldMessage(name, profile[name]) : null;
    return (
      <div key={name}>
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {f(`${name}.label`)}
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        </label>
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required
          value={profile[name]}
          placeholder={name === "phone" ? f("phone.placeholder") : undefined}
          onChange={(event) => onChange({ ...profile, [name]: event.target.value })}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          className={INPUT}
        />
        {message ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {message}
          </p>
        ) : null}
      </div>
    );
  });
}
