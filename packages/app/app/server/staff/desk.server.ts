import { data, type RouterContextProvider, redirect } from "react-router";
import { type AppServices, requestContext, servicesContext } from "../../context";
import type { StaffRole } from "../db/schema.server";
import type { Actor } from "./audit.server";
import { clearedSessionCookie, currentStaff, roleAllows, type StaffMember, sessionToken } from "./sessions.server";

export interface Desk {
  services: AppServices;
  staff: StaffMember;
  /** Who the audit trail names for what this request does. */
  actor: Actor;
}

export const ROLE_LABELS: Record<StaffRole, string> = { sales: "Sales", finance: "Finance", admin: "Admin" };

/** The links of the desk's navigation a role may follow. */
export function deskLinks(role: StaffRole): { href: string; label: string }[] {
  const links = [{ href: "/staff/leads", label: "Leads", role: "sales" as StaffRole }];
  links.push(
    { href: "/staff/credit-applications", label: "Credit applications", role: "finance" },
    { href: "/staff/accounts", label: "Accounts", role: "admin" },
    { href: "/staff/outbox", label: "Outbox", role: "admin" },
    { href: "/staff/retention", label: "Retention", role: "admin" },
    { href: "/staff/audit", label: "Audit trail", role: "admin" },
  );
  return links.filter((link) => roleAllows(role, link.role)).map(({ href, label }) => ({ href, label }));
}

export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(requestContext).clientIp;
}

/**
 * Every desk loader and action starts here: without a live session, 303 to /staff/login (the cookie cleared);
 * with one whose role is below `needed`, 403. Loaders run in parallel, so each checks for itself.
 */
export async function requireStaff(
  request: Request,
  context: Readonly<RouterContextProvider>,
  needed: StaffRole = "sales",
): Promise<Desk> {
  const services = context.get(servicesContext);
  const staff = await currentStaff(services.db, sessionToken(request));
  if (!staff) {
    throw redirect("/staff/login", { status: 303, headers: { "Set-Cookie": clearedSessionCookie() } });
  }
  if (!roleAllows(staff.role, needed)) {
    throw data({ message: "Your role does not open this page. Ask an administrator if you need it." }, { status: 403 });
  }
  return { services, staff, actor: { accountId: staff.accountId, email: staff.email, ip: clientIp(context) } };
}

/** The desk's title element text. */
export const deskTitle = (page: string) => `${page} · Staff desk`;
