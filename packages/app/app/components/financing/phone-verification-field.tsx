import { formatPhone } from "@showroom/forms";
import { useRef, useState } from "react";
import { type FieldErrors, TextField } from "../forms/fields";
import { type TextTree, translator } from "../i18n";

/** Where a phone stands: nothing sent, a code sent, verified; with the server's words. */
export interface VerificationState {
  state: "idle" | "sent" | "verified";
  phone: string;
  message: string | null;
  error: string | null;
  field: "phone" | "code" | null;
}

const BUTTON =
  "mt-2 inline-flex min-h-11 items-center rounded-md border border-brand-700 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60";

interface Answer {
  success: boolean;
  error?: string;
  message?: string;
  field?: "phone" | "code";
}

/**
 * The mobile phone of a form that needs it verified (spec sections 5 and 7): Send code, then the 6-digit code and
 * Verify. Without JavaScript both buttons post the whole form with their `intent` and the server answers with the
 * page; with JavaScript they call POST /api/customer/phoneValidation and the page stays as it is. Changing a verified
 * number asks for a new code.
 */
export function PhoneVerificationField({
  texts,
  initial,
  defaultValue,
  errors,
}: {
  /** The `forms` translation tree. */
  texts: TextTree;
  initial: VerificationState;
  defaultValue: string | undefined;
  errors: FieldErrors | undefined;
}) {
  const f = translator(texts);
  const [status, setStatus] = useState<VerificationState>(initial);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLDivElement>(null);
  const fieldErrors: FieldErrors = {
    ...errors,
    ...(status.error && status.field === "phone" ? { phone: [status.error] } : {}),
    ...(status.error && status.field === "code" ? { code: [status.error] } : {}),
  };

  async function ask(button: HTMLButtonElement, type: "phone-validation" | "code-verification") {
    const form = button.form;
    if (!form) return;
    const read = (name: string) => String(new FormData(form).get(name) ?? "");
    const phone = read("phone");
    setBusy(true);
    try {
      const response = await fetch("/api/customer/phoneValidation", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ type, phone, code: read("code"), website: read("website") }),
      });
      const answer = (await response.json()) as Answer;
      const next: VerificationState = {
        state: answer.success
          ? type === "code-verification"
            ? "verified"
            : "sent"
          : type === "code-verification"
            ? "sent"
            : status.state === "sent"
              ? "sent"
              : "idle",
        phone,
        message: answer.message ?? null,
        error: answer.error ?? null,
        field: answer.field ?? null,
      };
      setStatus(next);
      if (type === "phone-validation" && answer.success) {
        requestAnimationFrame(() => codeRef.current?.querySelector("input")?.focus());
      }
    } catch {
      setStatus({ ...status, message: null, error: f("phoneVerification.offline"), field: "phone" });
    } finally {
      setBusy(false);
    }
  }

  const intercept =
    (type: "phone-validation" | "code-verification") => (event: React.MouseEvent<HTMLButtonElement>) => {
      event.preventDefault();
      void ask(event.currentTarget, type);
    };

  return (
    <div
      className="sm:col-span-2"
      onInput={(event) => {
        const target = event.target as HTMLInputElement;
        if (target.name === "phone" && status.state !== "idle" && target.value !== status.phone) {
          setStatus({ state: "idle", phone: target.value, message: null, error: null, field: null });
        }
      }}
    >
      <TextField
        name="phone"
        type="tel"
        label={f("fields.phone.label")}
        autoComplete="tel"
        inputMode="tel"
        placeholder={f("fields.phone.placeholder")}
        required
        errors={fieldErrors}
        defaultValue={defaultValue}
        hint={status.state === "verified" ? f("phoneVerification.verifiedHint") : f("phoneVerification.text")}
      />
      {status.state === "verified" ? (
        <p className="mt-2 inline-flex items-center gap-2 rounded-md bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
          <span aria-hidden="true">✓</span> {f("phoneVerification.verified")}
        </p>
      ) : (
        <button
          type="submit"
          name="intent"
          value="send-code"
          formNoValidate
          disabled={busy}
          onClick={intercept("phone-validation")}
          className={BUTTON}
        >
          {status.state === "sent" ? f("phoneVerification.resendCode") : f("phoneVerification.sendCode")}
        </button>
      )}
      {status.state === "sent" ? (
        <div ref={codeRef} className="mt-4 grid gap-2 sm:max-w-xs">
          <TextField
            name="code"
            label={f("fields.code.label")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={12}
            required
            errors={fieldErrors}
            hint={f("phoneVerification.codeSentTo", { phone: formatPhone(status.phone, "general") })}
          />
          <button
            type="submit"
            name="intent"
            value="verify-code"
            formNoValidate
            disabled={busy}
            onClick={intercept("code-verification")}
            className={BUTTON}
          >
            {f("phoneVerification.verify")}
          </button>
        </div>
      ) : null}
      <p role="status" className="mt-2 text-sm text-slate-800">
        {status.error ? "" : (status.message ?? "")}
      </p>
    </div>
  );
}
