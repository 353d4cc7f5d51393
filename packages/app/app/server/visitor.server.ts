import { randomUUID } from "node:crypto";
import { channel } from "node:diagnostics_channel";
import { createCookie } from "react-router";
import { z } from "zod";
import { cookieAttributes, cookieHeaderOf, readCookie, type SiteCookieName, setCookiePair } from "../cookies";

/**
 * Who a request's browser is, worked out once per request and shared by every reader of it (docs/decisions/360). A
 * browser without a valid id cookie gets an id made for this request; the cookie carrying it is signed only when a
 * response sends it.
 */
export interface VisitorIdentity {
  /** The id the signed cookie names, or the one made for this request when none verified. */
  readonly visitorId: string;
  /** The browser sent a cookie that verified. False: the id is new, nothing is stored under it, the browser lacks it. */
  readonly known: boolean;
  /** Named by the page handler in this very request (docs/decisions/295): nothing of it is stored anywhere yet. */
  readonly namedNow: boolean;
  /**
   * The `Set-Cookie` line that gives the browser this id, or null when it already has it. Signed on the first call
   * and the same line after: call it only for a response that sends it.
   */
  cookie(): Promise<string | null>;
}

export interface VisitorCookies {
  /** The visitor a request's signed id cookie names, or a new one (no signing: see {@link VisitorIdentity.cookie}). */
  identify(request: Request): Promise<VisitorIdentity>;
  /** What `identify` gives a browser that sent no valid id cookie: a new id, its cookie not signed yet. */
  newVisitorIdentity(): VisitorIdentity;
  /** The store the visitor picked, when it is one of `storeIds`. */
  selectedStore(request: Request, storeIds: readonly string[]): Promise<string | null>;
  rememberStore(storeId: string): Promise<string>;
}

const uuid = z.uuid();

const VISITOR_COOKIE = "uniqueUserId" satisfies SiteCookieName;
const STORE_COOKIE = "userSelectedStore" satisfies SiteCookieName;

/**
 * Set by the page handler (and only by it: it removes any a client sent) on a request whose visitor id it has just
 * made: no row can exist for an id nobody has sent before, so readers skip the database (docs/decisions/295).
 */
export const NAMED_NOW_HEADER = "x-showroom-visitor-named-now";
/** Signed values already verified, so a page's several readers (and a visitor's next pages) skip the HMAC. */
const VERIFIED_LIMIT = 10_000;

/**
 * Tells a subscriber (a test counting them, a trace) of each visitor id made (`{ made: "id" }`) and each id cookie
 * signed (`{ made: "signature" }`). Published from whichever copy of this module a build holds: channels are named
 * per process.
 */
export const VISITOR_EVENTS = "showroom:visitor";
const events = channel(VISITOR_EVENTS);

/**
 * The visitor's cookies. Only an opaque, signed, HttpOnly id identifies a browser (its profile is server-side);
 * the selected store is remembered 30 days. React Router signs and encodes them; their attributes are the site's
 * cookie table (app/cookies.ts).
 */
export function visitorCookies(secret: string): VisitorCookies {
  const idCookie = createCookie(VISITOR_COOKIE, { secrets: [secret], ...cookieAttributes(VISITOR_COOKIE) });
  const storeCookie = createCookie(STORE_COOKIE, cookieAttributes(STORE_COOKIE));

  // Keyed by the signed value itself: a value verifies the same way every time under the same secret. Only values
  // a browser sent or was sent go in: an id no response carried could never come back.
  const verified = new Map<string, string>();
  const remember = (raw: string, visitorId: string) => {
    if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value as string);
    verified.set(raw, visitorId);
  };

  const knownVisitor = (visitorId: string, request: Request): VisitorIdentity => ({
    visitorId,
    known: true,
    namedNow: request.headers.get(NAMED_NOW_HEADER) === visitorId,
    cookie: async () => null,
  });

  const newVisitorIdentity = (): VisitorIdentity => {
    const visitorId = randomUUID();
    events.publish({ made: "id" });
    let line: Promise<string> | undefined;
    return {
      visitorId,
      known: false,
      namedNow: false,
      cookie() {
        line ??= idCookie.serialize(visitorId).then((signed) => {
          events.publish({ made: "signature" });
          remember(setCookiePair(signed).value, visitorId);
          return signed;
        });
        return line;
      },
    };
  };

  return {
    newVisitorIdentity,
    async identify(request) {
      const sent = readCookie(request, VISITOR_COOKIE);
      if (sent === null) return newVisitorIdentity();
      const known = verified.get(sent);
      if (known !== undefined) return knownVisitor(known, request);
      // Only the value remembered is verified: whatever else the header holds can never be filed under it.
      const parsed = uuid.safeParse(await idCookie.parse(cookieHeaderOf(VISITOR_COOKIE, sent)));
      if (!parsed.success) return newVisitorIdentity();
      remember(sent, parsed.data);
      return knownVisitor(parsed.data, request);
    },
    async selectedStore(request, storeIds) {
      // As for the id: the one reader finds the value, and React Router's cookie only decodes that value.
      const sent = readCookie(request, STORE_COOKIE);
      if (sent === null) return null;
      const raw = await storeCookie.parse(cookieHeaderOf(STORE_COOKIE, sent));
      return typeof raw === "string" && storeIds.includes(raw) ? raw : null;
    },
    rememberStore(storeId) {
      return storeCookie.serialize(storeId);
    },
  };
}

/** Adds the visitor's id cookie to `headers` when the browser has none yet: the one place a response signs it. */
export async function sendVisitorCookie(visitor: VisitorIdentity, headers: Headers): Promise<void> {
  const line = await visitor.cookie();
  if (line !== null) headers.append("Set-Cookie", line);
}
