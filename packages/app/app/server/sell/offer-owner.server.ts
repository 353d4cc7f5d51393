import { eq } from "drizzle-orm";
import type { Site } from "../../content/site.server";
import { leads, offers } from "../db/schema.server";
import { currentStaff, sessionToken } from "../staff/sessions.server";

/**
 * Whether this request may book a visit on the offer: only the browser that made it (the visitor named on the offer's
 * lead, by the signed visitor cookie) or signed-in staff. The link alone is not enough: a booking is a lead carrying
 * the owner's name, email and phone, and offer links get shared (docs/decisions/304).
 */
export async function mayBookVisit(site: Site, request: Request, offerId: string): Promise<boolean> {
  const { db } = site.services;
  const [row] = await db
    .select({ visitorId: leads.visitorId })
    .from(offers)
    .innerJoin(leads, eq(leads.id, offers.leadId))
    .where(eq(offers.id, offerId))
    .limit(1);
  // Only a browser that already carries a signed id can be the owner; an id made for this request names no one.
  if (row?.visitorId && site.visitor.known && site.visitor.visitorId === row.visitorId) return true;
  return (await currentStaff(db, sessionToken(request))) !== null;
}
