import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { type TextTree, translator } from "../i18n";
import { ContactFields } from "./contact-fields";
import { type FieldErrors, FormMetaFields, TextAreaField } from "./fields";
import { shownValues } from "./shown-values";

/** What an action answered a refused or failed submit with: Conform's reply (values and messages). */
export interface MessageFormReply {
  readonly error?: FieldErrors | null | undefined;
  readonly initialValue?: unknown;
}

/**
 * A single-step lead form (contact, staff message, careers): the failure summary, the form meta, the four contact
 * fields, the form's own fields, the message, the TCPA line and the submit button. Values come back from the reply
 * after a refused submit, or from the visitor's profile on a fresh form. Works without JavaScript; with it, React
 * Router submits without a reload. `encType` is multipart only for a form with a file.
 */
export function MessageForm(props: {
  idempotencyKey: string;
  /** The `forms` translation tree (labels, placeholders). */
  forms: TextTree;
  reply: MessageFormReply | undefined;
  /** A known visitor's details, shown in a fresh form. */
  profile: Readonly<Record<string, string | undefined>>;
  /** The summary above a form-level error ("Something went wrong"). */
  failureSummary: string;
  /** Fields between the contact fields and the message (a topic, a position, a file). */
  children?: ReactNode;
  messageLabel?: string;
  messageRequired?: boolean;
  disclaimer?: string;
  submitLabel: string;
  action?: string;
  encType?: "multipart/form-data";
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const errors = props.reply?.error ?? undefined;
  // A field posted twice comes back as a list; each field shows one value (shown-values.ts).
  const replied = props.reply ? shownValues(props.reply.initialValue) : null;
  const values = replied ?? props.profile;
  const formError = errors?.[""]?.[0];
  const f = translator(props.forms);
  return (
    <>
      {formError ? (
        <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{props.failureSummary}</p>
          <p>{formError}</p>
        </div>
      ) : null}
      <Form
        method="post"
        noValidate
        action={props.action}
        encType={props.encType}
        className="relative mt-6 grid gap-5 sm:grid-cols-2"
      >
        <FormMetaFields idempotencyKey={replied?.idempotencyKey ?? props.idempotencyKey} />
        <ContactFields texts={props.forms} errors={errors} values={values} />
        {props.children}
        <div className="sm:col-span-2">
          <TextAreaField
            name="message"
            label={props.messageLabel ?? f("fields.message.label")}
            required={props.messageRequired !== false}
            errors={errors}
            defaultValue={replied?.message}
          />
        </div>
        {props.disclaimer ? <p className="text-sm text-slate-700 sm:col-span-2">{props.disclaimer}</p> : null}
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={sending}
            className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800 disabled:opacity-70"
          >
            {props.submitLabel}
          </button>
        </div>
      </Form>
    </>
  );
}
