import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { readFormData } from "../../content/form-data.server";
import { servicesContext } from "../../context";
import { type StaffRole, staffRoles } from "../db/schema.server";
import { clientIp, type Desk } from "./desk.server";
import {
  clearedSessionCookie,
  currentStaff,
  type DeskLevel,
  roleAllows,
  type StaffMember,
  sessionToken,
} from "./sessions.server";

/**
 * Who may use a desk route (docs/decisions/306). `open`: the sign-in steps and sign-out, which anyone reaches (they
 * check their own session state). Otherwise `get` is the least role that may load the route (`any-role`: every
 * signed-in account), and `post` the least role for its action: one role when the action takes no `intent`, or one per
 * `intent` value the action accepts. A route without `post` has no action the desk allows.
 */
export type DeskAccess =
  | { open: true }
  | { get: DeskLevel; post?: DeskLevel | { intent: Readonly<Record<string, DeskLevel>> } };

/**
 * Every desk route, by its path as app/routes.ts writes it, to the least role that may use it. Sales < finance < admin
 * nest; analyst stands beside them and admin includes it (ADR 342). A desk route missing here is refused to everyone, and the walk test
 * (tests/server/staff-access.test.ts) fails.
 */
export const DESK_ACCESS = {
  "staff/login": { open: true },
  "staff/verify": { open: true },
  "staff/sign-out": { open: true },
  staff: { get: "any-role" },
  "staff/leads": { get: "sales" },
  // Sales sees only the lead kinds its role may (leads-inbox.server filters by role): never application data.
  "staff/leads/:id": { get: "sales" },
  "staff/leads/export": { get: "sales" },
  "staff/credit-applications": { get: "finance" },
  "staff/credit-applications/:id": { get: "finance", post: "finance" },
  "staff/credit-applications/:id/ssn": { get: "finance", post: "finance" },
  "staff/accounts": { get: "admin", post: { intent: { disable: "admin", enable: "admin", role: "admin" } } },
  "staff/outbox": { get: "admin", post: "admin" },
  "staff/retention": { get: "admin", post: "admin" },
  "staff/audit": { get: "admin" },
  // What the ad feeds leave out names cars, never a shopper: every role may see it.
  "staff/listing-feeds": { get: "any-role" },
  // Feed pulls name cars and rejected rows, never a shopper, so every role may follow them; applying a held feed
  // (which may mark many cars sold) is an admin's.
  "staff/inventory-feeds": { get: "any-role", post: "admin" },
  // Finding a car names cars, never a shopper, so every role may look one up; hiding a car or changing its price
  // changes what every shopper and ad platform sees, so each change is an admin's (ADR 396).
  "staff/inventory": {
    get: "any-role",
    post: { intent: { hide: "admin", show: "admin", price: "admin", restore: "admin" } },
  },
  // Offer rules hold no personal data; publishing prices every offer, so only analysts and admins (ADR 343).
  "staff/offer-rules": {
    get: "analyst",
    post: { intent: { preview: "analyst", publish: "analyst", rollback: "analyst" } },
  },
  // Counts and prices per rules version, nothing of a shopper; the analyst's to read, as the offer rules (ADR 392).
  "staff/offer-experiments": { get: "analyst" },
  "staff/*": { get: "any-role" },
} as const satisfies Record<string, DeskAccess>;

type DeskRoute = keyof typeof DESK_ACCESS;

/** React Router's matched pattern (`/staff/leads/:id`) as app/routes.ts writes the path (`staff/leads/:id`). */
const routePath = (pattern: string) => pattern.replace(/^\/+/, "");

export type Verdict =
  | { kind: "open" }
  | { kind: "role"; least: DeskLevel }
  /**
   * Not in the table, or a method or intent the table does not name: nobody. `least`, the route's own role: below it
   * the answer is 403 as for the page, so a role learns nothing of what a page it may not open accepts.
   */
  | { kind: "refused"; status: 404 | 405 | 400; least?: DeskLevel };

const rolesAt = (level: DeskLevel) => staffRoles.filter((role) => roleAllows(role, level));
const within = (a: DeskLevel, b: DeskLevel) => rolesAt(a).every((role) => roleAllows(role, b));
/**
 * The level that asks for both `a` and `b`: the stricter one when one includes the other. Levels that do not (finance
 * and analyst) meet at admin, the one role that includes every role.
 */
const higher = (a: DeskLevel, b: DeskLevel): DeskLevel => (within(a, b) ? a : within(b, a) ? b : "admin");

/**
 * What the table says of one request. A POST also runs the route's loaders afterwards (a document post), so it needs
 * the route's `get` role as well as its action's.
 */
export function deskVerdict(
  table: Readonly<Record<string, DeskAccess>>,
  path: string,
  method: string,
  intent: string | null,
): Verdict {
  const access = Object.hasOwn(table, path) ? table[path] : undefined;
  if (!access) return { kind: "refused", status: 404 };
  if ("open" in access) return { kind: "open" };
  if (method === "GET" || method === "HEAD") return { kind: "role", least: access.get };
  if (method !== "POST" || !access.post) return { kind: "refused", status: 405, least: access.get };
  if (typeof access.post === "string") return { kind: "role", least: higher(access.get, access.post) };
  const forIntent = intent !== null && Object.hasOwn(access.post.intent, intent) ? access.post.intent[intent] : null;
  if (!forIntent) return { kind: "refused", status: 400, least: access.get };
  return { kind: "role", least: higher(access.get, forIntent) };
}

/** Whether a POST's least role depends on its `intent` field, so the guard must read the form first. */
const readsIntent = (path: string) => {
  const access: DeskAccess | undefined = Object.hasOwn(DESK_ACCESS, path) ? DESK_ACCESS[path as DeskRoute] : undefined;
  return access !== undefined && "post" in access && typeof access.post === "object";
};

const NAVIGATION: { path: DeskRoute; label: string }[] = [
  { path: "staff/leads", label: "Leads" },
  { path: "staff/credit-applications", label: "Credit applications" },
  { path: "staff/accounts", label: "Accounts" },
  { path: "staff/outbox", label: "Outbox" },
  { path: "staff/retention", label: "Retention" },
  { path: "staff/audit", label: "Audit trail" },
  { path: "staff/listing-feeds", label: "Ad feeds" },
  { path: "staff/inventory", label: "Inventory" },
  { path: "staff/inventory-feeds", label: "Inventory feeds" },
  { path: "staff/offer-rules", label: "Offer rules" },
  { path: "staff/offer-experiments", label: "Offer experiments" },
];

/** The links of the desk's navigation a role may follow: the table decides, so a link never leads to a 403. */
export function deskLinks(role: StaffRole): { href: string; label: string }[] {
  return NAVIGATION.filter(({ path }) => {
    const verdict = deskVerdict(DESK_ACCESS, path, "GET", null);
    return verdict.kind === "open" || (verdict.kind === "role" && roleAllows(role, verdict.least));
  }).map(({ path, label }) => ({ href: `/${path}`, label }));
}

/** The signed-in account of this desk request, or null; set by {@link deskGuard} for every desk route. */
export const deskSessionContext = createContext<StaffMember | null>(null);
/** What the guard decided: the desk to work with, or the refusal every loader and action of the request throws. */
const deskContext = createContext<{ desk: Desk } | { refusal: { status: number; message: string } } | null>(null);

const FORBIDDEN = "Your role does not open this page. Ask an administrator if you need it.";
const REFUSED: Record<400 | 404 | 405, string> = {
  400: "That change is not one the desk knows.",
  404: "There is nothing at this address.",
  405: "This page takes no form posts.",
};

/** React Router's data requests (`/staff/leads.data`): the raw URL keeps the suffix the route pattern drops. */
const isDataRequest = (request: Request) => new URL(request.url).pathname.endsWith(".data");

/**
 * The one check of the desk, middleware of its layout, so it runs before any desk loader or action (document, `.data`
 * and resource requests alike). A post's body is read first, so an unreadable one is a 4xx signed in or not. Then:
 * open routes pass; without a live (fully verified) session, 303 to /staff/login with the cookie cleared; below the
 * route's role, 403; a route, method or intent the table does not name, 404/405/400.
 *
 * A refusal is thrown here, so nothing of the route runs, except on a document GET: React Router shows an error thrown
 * by middleware with the root's error page (the public site's), so there the refusal is left for {@link deskOf} and
 * the layout's loader to throw, which the desk's own error page shows. Posts and `.data` requests show no page of
 * the desk's (a refused post is never one the desk's own pages offer), so they are refused here.
 */
export const deskGuard: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const path = routePath(pattern);
  const method = request.method.toUpperCase();
  let intent: string | null = null;
  if (method === "POST") {
    // A clone: the action reads the body itself.
    const form = await readFormData(request.clone());
    if (readsIntent(path)) {
      const value = form.get("intent");
      intent = typeof value === "string" ? value.slice(0, 64) : null;
    }
  }
  const services = context.get(servicesContext);
  const staff = await currentStaff(services.db, sessionToken(request));
  context.set(deskSessionContext, staff);
  const verdict = deskVerdict(DESK_ACCESS, path, method, intent);
  if (verdict.kind === "open") return next();
  if (!staff) {
    throw redirect("/staff/login", { status: 303, headers: { "Set-Cookie": clearedSessionCookie() } });
  }
  const refusal =
    verdict.least && !roleAllows(staff.role, verdict.least)
      ? { status: 403, message: FORBIDDEN }
      : verdict.kind === "refused"
        ? { status: verdict.status, message: REFUSED[verdict.status] }
        : null;
  if (refusal) {
    // Refused here whenever it can be: a post never reaches an action (which might not ask deskOf) at all.
    if (isDataRequest(request) || (method !== "GET" && method !== "HEAD")) {
      throw data({ message: refusal.message }, { status: refusal.status });
    }
    context.set(deskContext, { refusal });
    return next();
  }
  context.set(deskContext, {
    desk: { services, staff, actor: { accountId: staff.accountId, email: staff.email, ip: clientIp(context) } },
  });
  return next();
};

/** The refusal the guard decided for this request, if any: the layout's loader throws it for the desk's error page. */
export function throwDeskRefusal(context: Readonly<RouterContextProvider>): void {
  const decided = context.get(deskContext);
  if (decided && "refusal" in decided) {
    throw data({ message: decided.refusal.message }, { status: decided.refusal.status });
  }
}

/**
 * The desk of a request the guard let through; the guard's refusal otherwise. Every desk loader and action gets its
 * database and signed-in account here, so none runs past a refusal. Throws when the guard did not run at all (a
 * route outside the desk layout): a programming error, never an open door.
 */
export function deskOf(context: Readonly<RouterContextProvider>): Desk {
  throwDeskRefusal(context);
  const decided = context.get(deskContext);
  if (!decided || !("desk" in decided)) {
    throw new Error("A desk loader or action ran without the desk guard (docs/decisions/306).");
  }
  return decided.desk;
}
