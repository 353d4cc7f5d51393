import { parseWithZod } from "@conform-to/zod/v4";
import { formMeta, isHoneypotFilled, MESSAGES, testDriveClosedMessage } from "@showroom/forms";
import { ADF_LEAD_COOKIE, leadSchema } from "@showroom/rules/leads";
import { slotDayLabel, slotTimeLabel } from "@showroom/rules/test-drive";
import { and, eq, isNull } from "drizzle-orm";
import { data, redirect } from "react-router";
import { z } from "zod";
import { flashCookie } from "../content/flash.server";
import { readFormData } from "../content/form-data.server";
import { notFound } from "../content/seo.server";
import type { Site } from "../content/site.server";
import { t } from "../content/translations.server";
import { readCookie } from "../cookies";
import { leads, offers } from "../server/db/schema.server";
import { ADF_LEAD_SET_COOKIE, recordLead } from "../server/leads/record-lead.server";
import { logError } from "../server/log.server";
import { mailDomain } from "../server/mail/message-id";
import { mayBookVisit } from "../server/sell/offer-owner.server";
import { offerPath, readOffer } from "../server/sell/record-offer.server";
import { isExpired, OFFER_HEADERS, storeOf, visitSlots } from "./sell-offer.server";

/**
 * Books a visit to bring the vehicle in (the offer page's form): the chosen slot must be one the store offers now.
 * The booking is a SELL_OR_TRADE lead with the appointment, the same shopper and vehicle (with its offer) as the
 * offer's own lead, written with its outbox row in one transaction; then 303 back to the offer with a toast. Only the
 * browser that made the offer, or staff, may book it: anyone else holding the link gets 403 and the store's number.
 */
export async function bookVisit(site: Site, request: Request, id: string) {
  const form = await readFormData(request);
  const stored = await readOffer(site.services.db, id);
  if (!stored) notFound(request);
  const store = storeOf(site, stored);
  const headers = new Headers(OFFER_HEADERS);
  const back = () => redirect(offerPath(stored.id), { status: 303, headers });
  if (isHoneypotFilled(form)) return back();
  const refuse = (status: number, error: Record<string, string[]>) =>
    data({ ok: false as const, error }, { status, headers });
  if (form.get("intent") !== "visit") return refuse(400, { "": [MESSAGES.choice] });
  if (isExpired(stored, store)) return refuse(410, { "": [t("sell-trade.offer.expired.title")] });
  if (!(await mayBookVisit(site, request, stored.id))) {
    return refuse(403, { "": [t("sell-trade.offer.visit.notYours", { phone: store.dealer.sales.phone })] });
  }

  const now = new Date();
  const open = new Set(visitSlots(store, now).flatMap((day) => day.options.map((o) => o.value)));
  const schema = formMeta.extend({
    slot: z
      .string({ error: MESSAGES.required })
      .trim()
      .min(1, { error: MESSAGES.required, abort: true })
      .superRefine((slot, ctx) => {
        if (open.has(slot)) return;
        // A slot on one of the store's holidays (an old page, a hand-made post) is refused by the holiday's name.
        const holiday = store.dealer.closedDates.find((day) => slot.startsWith(day.date))?.name;
        ctx.addIssue({ code: "custom", message: holiday ? testDriveClosedMessage(holiday) : MESSAGES.testDriveSlot });
      }),
  });
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return refuse(400, (submission.reply().error ?? {}) as Record<string, string[]>);
  const { slot, idempotencyKey } = submission.value;

  const { db, config } = site.services;
  const [row] = await db
    .select({ payload: leads.payload, visitorId: leads.visitorId })
    .from(offers)
    .innerJoin(leads, eq(leads.id, offers.leadId))
    .where(eq(offers.id, stored.id))
    .limit(1);
  const first = leadSchema.safeParse(row?.payload);
  if (!row || !first.success || !first.data.sellVehicle)
    return refuse(503, { "": [t("toasts.sellTrade.error.detail")] });
  const timeZone = store.dealer.timezone;
  const when = `${slotDayLabel(slot.slice(0, 10))} at ${slotTimeLabel(slot, timeZone)}`;
  try {
    const result = await recordLead(
      db,
      {
        idempotencyKey,
        storeId: store.id,
        visitorId: row.visitorId,
        adfLeadCookie: readCookie(request, ADF_LEAD_COOKIE),
        lead: {
          kind: "SELL_OR_TRADE",
          user: first.data.user,
          text: `Visit to bring the vehicle in for offer ${stored.id}: ${when}, dealership time (${slot}, ${timeZone}).`,
          sellVehicle: first.data.sellVehicle,
          appointment: { start_datetime: slot, notes_general: `Sell/trade visit for offer ${stored.id}` },
        },
        // The offer remembers its first booking: the desk counts visits per rules version from it (ADR 392).
        alsoWrite: async (tx) => {
          await tx
            .update(offers)
            .set({ visitBookedAt: now })
            .where(and(eq(offers.id, stored.id), isNull(offers.visitBookedAt)));
        },
      },
      { messageDomain: mailDomain(config.MAIL_FROM), now },
    );
    if (result.created) site.services.nudgeRelay();
    if (result.setAdfLeadCookie) headers.append("Set-Cookie", ADF_LEAD_SET_COOKIE);
  } catch (error) {
    logError("sell-trade: the visit could not be saved", error);
    return refuse(503, { "": [t("toasts.sellTrade.error.detail")] });
  }
  headers.append(
    "Set-Cookie",
    flashCookie({ key: "sellTrade.visitBooked", severity: "success", values: { when, store: store.dealer.name } }),
  );
  return back();
}
