import type { ReactNode } from "react";
import { type TextTree, translator } from "../i18n";
import { EmailField, type FieldErrors, TextField } from "./fields";

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

export function useGroup({ prefix = "", errors, values, texts }: GroupProps) {
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

/** The four contact fields' names, without the group's prefix. */
type ContactFieldName = "firstName" | "lastName" | "email" | "phone";

interface ContactFieldsProps extends GroupProps {
  /** Replaces the phone field (the verified one, say). */
  phone?: ReactNode;
  /**
   * What a field shows when `values` has nothing for it, e.g. the visitor's saved profile; a value posted back, even a
   * blank one, wins, so a refused form shows what was typed.
   */
  prefill?: Readonly<Partial<Record<ContactFieldName, string | undefined>>> | undefined;
}

/** First name, last name, email and mobile phone. Every form asking for them uses this (FORMS.md: no copied markup). */
export function ContactFields(props: ContactFieldsProps) {
  const g = useGroup(props);
  const shown = (field: ContactFieldName) => g.value(field) ?? props.prefill?.[field];
  return (
    <>
      <TextField
        name={g.name("firstName")}
        label={g.label("firstName")}
        autoComplete="given-name"
        required
        errors={g.errors}
        defaultValue={shown("firstName")}
      />
      <TextField
        name={g.name("lastName")}
        label={g.label("lastName")}
        autoComplete="family-name"
        required
        errors={g.errors}
        defaultValue={shown("lastName")}
      />
      <EmailField
        name={g.name("email")}
        label={g.label("email")}
        required
        errors={g.errors}
        defaultValue={shown("email")}
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
          defaultValue={shown("phone")}
        />
      )}
    </>
  );
}
