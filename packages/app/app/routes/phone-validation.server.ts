import { isHoneypotFilled, phoneVerificationSchema } from "@showroom/forms";
import { readFormData } from "../content/form-data.server";
import type { Site } from "../content/site.server";
import { logError } from "../server/log.server";
import {
  checkVerificationCode,
  PHONE_VERIFICATION_TEXT,
  sendVerificationCode,
} from "../server/phone-verification/phone-verification.server";

/** The answer of spec section 7: `success`, and the message for the phone or code field (`error`) or to show. */
interface PhoneValidationAnswer {
  success: boolean;
  error?: string;
  message?: string;
  /** Which field `error` belongs to, so a form shows it there. */
  field?: "phone" | "code";
}

export interface PhoneValidationOutcome {
  status: number;
  answer: PhoneValidationAnswer;
  /** The visitor cookie to set when this request named a new visitor. */
  setCookie: string | null;
  /** The code was right: the visitor's profile now holds the verified phone. */
  verified: boolean;
}

/**
 * One phone-verification request (spec sections 5 and 7): `type` phone-validation sends a code to `phone`,
 * code-verification checks `code`. The honeypot is read before anything is sent; a bot that fills it is told the
 * code went out and nothing happens. Field errors are the spec's messages; the rest is plain server text.
 */
export async function phoneValidation(
  site: Site,
  fields: Record<string, unknown>,
  clientIp: string,
): Promise<PhoneValidationOutcome> {
  if (isHoneypotFilled(fields)) {
    return {
      status: 200,
      answer: { success: true, message: PHONE_VERIFICATION_TEXT.sent },
      setCookie: null,
      verified: false,
    };
  }
  const parsed = phoneVerificationSchema.safeParse(fields);
  if (!parsed.success) {
    const issue =
      parsed.error.issues.find((i) => i.path[0] === "phone") ??
      parsed.error.issues.find((i) => i.path[0] === "code") ??
      parsed.error.issues[0];
    const field = issue?.path[0] === "code" ? "code" : "phone";
    return {
      status: 400,
      answer: { success: false, error: issue?.message ?? "The request could not be read.", field },
      setCookie: null,
      verified: false,
    };
  }
  const { visitorId } = site.visitor;
  // Every answer from here on is sent with it: the code is filed under this id.
  const setCookie = await site.visitor.cookie();
  const deps = { db: site.services.db, sms: site.services.sms, hmacKey: site.services.hmacKey };
  const asked = parsed.data;
  let result: Awaited<ReturnType<typeof sendVerificationCode>>;
  try {
    result =
      asked.type === "phone-validation"
        ? await sendVerificationCode(deps, {
            phone: asked.phone,
            visitorId,
            ip: clientIp,
            sender: site.store.dealer.name,
          })
        : await checkVerificationCode(deps, { phone: asked.phone, code: asked.code, visitorId });
  } catch (error) {
    logError("phone verification: the database refused", error);
    return {
      status: 503,
      answer: { success: false, error: PHONE_VERIFICATION_TEXT.unavailable, field: "phone" },
      setCookie,
      verified: false,
    };
  }
  if (!result.ok) {
    return {
      status: result.status,
      answer: { success: false, error: result.message, field: result.field },
      setCookie,
      verified: false,
    };
  }
  return {
    status: 200,
    answer: { success: true, message: result.message },
    setCookie,
    verified: asked.type === "code-verification",
  };
}

/** The fields of a JSON or form body; a 4xx Response is thrown for anything else. */
export async function readFields(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      throw Response.json({ success: false, error: "The request could not be read." }, { status: 400 });
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw Response.json({ success: false, error: "Send an object with phone and type." }, { status: 400 });
    }
    return body as Record<string, unknown>;
  }
  return Object.fromEntries(await readFormData(request));
}
