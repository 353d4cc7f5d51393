import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { readFormData } from "../content/form-data.server";
import { servicesContext } from "../context";
import { logError } from "../server/log.server";
import { clientIp } from "../server/staff/desk.server";
import {
  clearedSessionCookie,
  currentStaff,
  sessionCookie,
  sessionToken,
  signInWithPassword,
  signOut,
  verifyCode,
} from "../server/staff/sessions.server";

/** One message for every refusal, so nobody learns which of email, password, code or lock was wrong. */
const SIGN_IN_REFUSED =
  "That did not work. Check your email, password and code and try again; after five failures the account is locked for 15 minutes.";
const TOO_MANY = "Too many sign-in attempts from this network. Wait a minute and try again.";
const UNAVAILABLE = "Signing in is not possible right now. Try again in a moment.";

const passwordForm = z.object({
  // No NUL: the email of a failed sign-in is written to the audit trail, and PostgreSQL text cannot hold one.
  email: z
    .string()
    .max(254)
    .refine((v) => !v.includes("\0"))
    .default(""),
  password: z.string().max(1024).default(""),
});
const codeForm = z.object({ code: z.string().max(32).default("") });

type Context = Readonly<RouterContextProvider>;

/** The per-IP limit of sign-in posts, on top of the site's POST limit: password guessing across many accounts. */
async function withinLimit(context: Context): Promise<boolean> {
  const { rateLimiter, config } = context.get(servicesContext);
  const { allowed } = await rateLimiter.hit(`staff-sign-in:${clientIp(context)}`, config.STAFF_SIGN_INS_PER_MINUTE);
  return allowed;
}

const fields = (form: FormData) => Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));

/** GET /staff/login: a signed-in visitor goes to the desk. */
export async function signInPage(request: Request, context: Context) {
  const staff = await currentStaff(context.get(servicesContext).db, sessionToken(request));
  if (staff) throw redirect("/staff", 303);
  return null;
}

/** POST /staff/login: email and password; the right pair gets a pending session and 303 to /staff/verify. */
export async function submitPassword(request: Request, context: Context) {
  const form = await readFormData(request);
  const parsed = passwordForm.safeParse(fields(form));
  const email = parsed.success ? parsed.data.email : "";
  if (!(await withinLimit(context))) return data({ error: TOO_MANY, email }, { status: 429 });
  if (!parsed.success) return data({ error: SIGN_IN_REFUSED, email }, { status: 400 });
  try {
    const result = await signInWithPassword(context.get(servicesContext).db, {
      email: parsed.data.email,
      password: parsed.data.password,
      ip: clientIp(context),
    });
    if (!result.ok) return data({ error: SIGN_IN_REFUSED, email }, { status: 401 });
    return redirect("/staff/verify", { status: 303, headers: { "Set-Cookie": sessionCookie(result.token) } });
  } catch (error) {
    logError("staff sign-in", error);
    return data({ error: UNAVAILABLE, email }, { status: 503 });
  }
}

/** GET /staff/verify: only with a pending session's cookie; otherwise back to the password. */
export async function verifyPage(request: Request, context: Context) {
  if (!sessionToken(request)) throw redirect("/staff/login", 303);
  const staff = await currentStaff(context.get(servicesContext).db, sessionToken(request));
  if (staff) throw redirect("/staff", 303);
  return null;
}

/** POST /staff/verify: the authenticator's code; the right one swaps the pending session for a signed-in one. */
export async function submitCode(request: Request, context: Context) {
  const form = await readFormData(request);
  if (!(await withinLimit(context))) return data({ error: TOO_MANY, restart: false }, { status: 429 });
  const parsed = codeForm.safeParse(fields(form));
  try {
    const { db, keyring } = context.get(servicesContext);
    const result = await verifyCode(db, keyring, {
      token: sessionToken(request),
      code: parsed.success ? parsed.data.code : "",
      ip: clientIp(context),
    });
    if (result.ok) {
      return redirect("/staff", { status: 303, headers: { "Set-Cookie": sessionCookie(result.token) } });
    }
    const headers = result.restart ? { "Set-Cookie": clearedSessionCookie() } : undefined;
    return data({ error: SIGN_IN_REFUSED, restart: result.restart }, { status: 401, headers });
  } catch (error) {
    logError("staff code check", error);
    return data({ error: UNAVAILABLE, restart: false }, { status: 503 });
  }
}

/** POST /staff/sign-out: the session ends (its row says so), the cookie goes. */
export async function submitSignOut(request: Request, context: Context) {
  await readFormData(request);
  const { db } = context.get(servicesContext);
  const token = sessionToken(request);
  const staff = await currentStaff(db, token);
  if (staff) await signOut(db, token, { accountId: staff.accountId, email: staff.email, ip: clientIp(context) });
  return redirect("/staff/login", { status: 303, headers: { "Set-Cookie": clearedSessionCookie() } });
}
