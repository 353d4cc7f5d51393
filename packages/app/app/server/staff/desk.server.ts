import type { RouterContextProvider } from "react-router";
import { type AppServices, requestContext } from "../../context";
import type { StaffRole } from "../db/schema.server";
import type { Actor } from "./audit.server";
import type { StaffMember } from "./sessions.server";

export interface Desk {
  services: AppServices;
  staff: StaffMember;
  /** Who the audit trail names for what this request does. */
  actor: Actor;
}

export const ROLE_LABELS: Record<StaffRole, string> = {
  sales: "Sales",
  finance: "Finance",
  analyst: "Analyst",
  admin: "Admin",
};

export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(requestContext).clientIp;
}
