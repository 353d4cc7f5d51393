import { popupIdSchema } from "@showroom/rules/popups";
import { readCookie, type SiteCookieName, setCookie } from "../cookies";

/** The two cookies that keep side buttons out of the page the server draws (ADR 335). */
export type SideButtonCookie = Extract<SiteCookieName, "closedSideButtons" | "finishedSideButtons">;

/** More ids than a popup list ever holds: a cookie cannot grow past this, whatever is posted or sent. */
const MAX_IDS = 20;
const MAX_LENGTH = MAX_IDS * 65;

/** The popup ids a side-button cookie holds: valid ids only, each once, at most {@link MAX_IDS}. */
export function readPopupIds(request: Request, name: SideButtonCookie): string[] {
  const raw = readCookie(request, name);
  if (raw === null || raw.length > MAX_LENGTH) return [];
  const ids = raw.split(",").filter((id) => popupIdSchema.safeParse(id).success);
  return [...new Set(ids)].slice(0, MAX_IDS);
}

/** The `Set-Cookie` line that adds `id` to what the request's cookie holds. */
export function withPopupId(request: Request, name: SideButtonCookie, id: string): string {
  const ids = readPopupIds(request, name).filter((kept) => kept !== id);
  return setCookie(name, [...ids, id].slice(-MAX_IDS).join(","));
}
