import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { ToastMessage, ToastSeverity } from "../components/toast";
import { clearCookie, readCookie, setCookie } from "../cookies";
import { hasText, t } from "./translations.server";

/**
 * Toasts that survive a redirect: an action sets a short-lived `flash` cookie naming a toast of
 * `translations/en/toasts.json` (`contact.success`), and the next page renders it, with or without JavaScript. A
 * `?toast=contact.success` query does the same for links. Only known keys are shown, so neither can inject text.
 */

const FLASH_COOKIE = "flash";

const flashSchema = z.object({
  key: z.string().regex(/^[a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)+$/),
  severity: z.enum(["info", "success", "warn", "error", "secondary", "contrast"]).optional(),
  values: z.record(z.string(), z.union([z.string().max(200), z.number()])).optional(),
});

/** A toast to show on the next page: a key of the toasts namespace (`contact.success`) and its placeholders. */
export type FlashToast = z.infer<typeof flashSchema>;

function severityOf(key: string): ToastSeverity {
  if (/(^|\.)(error|missingDetails|denied)$/.test(key)) return "error";
  if (/(^|\.)(success|changed|verified|codeSent)$/.test(key)) return "success";
  return "info";
}

/** The toast a flash names, or null when the key is not a toast of the translations. */
export function toastFromFlash(flash: FlashToast, id = `flash-${randomUUID()}`): ToastMessage | null {
  const base = `toasts.${flash.key}`;
  if (!hasText(`${base}.summary`)) return null;
  try {
    return {
      id,
      severity: flash.severity ?? severityOf(flash.key),
      summary: t(`${base}.summary`, flash.values),
      ...(hasText(`${base}.detail`) ? { detail: t(`${base}.detail`, flash.values) } : {}),
    };
  } catch {
    return null;
  }
}

/** The `Set-Cookie` header that shows `flash` on the next page the browser loads. */
export function flashCookie(flash: FlashToast): string {
  const value = Buffer.from(JSON.stringify(flash)).toString("base64url");
  return setCookie(FLASH_COOKIE, value);
}

/** The toasts a request carries (flash cookie, `?toast=`) and the header that clears the cookie once shown. */
export function readFlash(request: Request): { toasts: ToastMessage[]; clear: string | null } {
  const toasts: ToastMessage[] = [];
  const raw = readCookie(request, FLASH_COOKIE);
  if (raw) {
    try {
      const parsed = flashSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
      const toast = parsed.success ? toastFromFlash(parsed.data) : null;
      if (toast) toasts.push(toast);
    } catch {
      // A mangled cookie is dropped like an unknown key.
    }
  }
  const key = new URL(request.url).searchParams.get("toast");
  if (key) {
    const parsed = flashSchema.safeParse({ key });
    // A query toast keeps one id across revalidations, so once closed it stays closed on this URL.
    const toast = parsed.success ? toastFromFlash(parsed.data, `query-${parsed.data.key}`) : null;
    if (toast) toasts.push(toast);
  }
  return {
    toasts,
    clear: raw === null ? null : clearCookie(FLASH_COOKIE),
  };
}
