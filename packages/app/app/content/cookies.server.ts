import { readCookie as readCookieOf } from "../cookies";

/** A cookie of the request, URL-decoded when it can be; null when absent (the reader of app/cookies.ts). */
export function readCookie(request: Request, name: string): string | null {
  return readCookieOf(request, name);
}
