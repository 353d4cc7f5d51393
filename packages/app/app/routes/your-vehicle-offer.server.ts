// The end of a sell/trade journey, whichever way it came (the contact step's post or the single POST of the whole
// journey): price it, save the offer with its lead in one transaction, and answer 303 to the offer's page.
import { MESSAGES, todayIn } from "@showroom/forms";
import { ADF_LEAD_COOKIE } from "@showroom/rules/leads";
import { OfferInputError } from "@showroom/rules/offer";
import type { SellJourneyOutput } from "@showroom/rules/questionnaire";
import { data, redirect } from "react-router";
import type { StepRefusal } from "../components/sell/types";
import { formatDate } from "../components/ui";
import { flashCookie } from "../content/flash.server";
import type { Site } from "../content/site.server";
import { t } from "../content/translations.server";
import { readCookie } from "../cookies";
import { visitorSell } from "../server/experiments/offer-rules-experiment.server";
import { ADF_LEAD_SET_COOKIE } from "../server/leads/record-lead.server";
import { logError } from "../server/log.server";
import { mailDomain } from "../server/mail/message-id";
import { priceOffer } from "../server/sell/price-offer.server";
import { OfferKeyReusedError, offerPath, recordOffer } from "../server/sell/record-offer.server";
import { saveVisitor } from "../server/visitor-state.server";
import { SELL_JOURNEY_KEY } from "./your-vehicle-journey.server";

/** A refusal the page renders again: 400 for what the shopper can fix, 503 when saving failed. */
export function refusal(
  status: number,
  intent: string | null,
  error: Record<string, string[]>,
  headers: Headers,
  values: Record<string, string | string[]> = {},
) {
  // The honeypot and the form's key are not shown again: a new render mints a new key.
  const { website: _honeypot, idempotencyKey: _key, ...shown } = values;
  return data<StepRefusal>({ ok: false, intent, error, values: shown }, { status, headers });
}

/**
 * Prices the journey's output on the store's calendar day and saves the offer, its SELL_OR_TRADE lead and outbox
 * row, the visitor's profile and the journey's end in one transaction; then 303 to the offer with the success toast.
 * Answers that no longer fit the rules (reloaded meanwhile) are a 400; a failed save a 503 that writes nothing.
 */
export async function finishJourney(
  site: Site,
  request: Request,
  output: SellJourneyOutput,
  { idempotencyKey, visitorId, intent }: { idempotencyKey: string; visitorId: string; intent: string },
  headers: Headers,
) {
  const { db, config } = site.services;
  try {
    const { sell, experiment } = await visitorSell(site);
    const saved = await priceOffer(sell, output, todayIn(site.store.dealer.timezone));
    const recorded = await recordOffer(db, {
      saved,
      profile: output.profile,
      idempotencyKey,
      storeId: site.store.id,
      visitorId,
      experiment,
      adfLeadCookie: readCookie(request, ADF_LEAD_COOKIE),
      origin: site.origin,
      messageDomain: mailDomain(config.MAIL_FROM),
      alsoWrite: async (tx) => {
        await saveVisitor(tx, { visitorId, profile: output.profile, journeys: { [SELL_JOURNEY_KEY]: null } });
      },
    });
    if (recorded.created) site.services.nudgeRelay();
    if (recorded.setAdfLeadCookie) headers.append("Set-Cookie", ADF_LEAD_SET_COOKIE);
    headers.append(
      "Set-Cookie",
      // The toast reads the day as the page does ("December 5, 2026"), never the stored ISO date.
      flashCookie({ key: "sellTrade.success", severity: "success", values: { date: formatDate(saved.validUntil) } }),
    );
    return redirect(offerPath(recorded.offerId), { status: 303, headers });
  } catch (error) {
    if (error instanceof OfferInputError) {
      return refusal(400, intent, { "": [error.problems.map((p) => p.message).join(" ")] }, headers);
    }
    if (error instanceof OfferKeyReusedError) return refusal(400, intent, { "": [MESSAGES.idempotencyKey] }, headers);
    // The database refused (down, full, a constraint): nothing half-written, the shopper can post again. logError
    // keeps a database error's values out of the log (ADR 191).
    logError("sell-trade: the offer could not be saved", error);
    return refusal(503, intent, { "": [t("toasts.sellTrade.error.detail")] }, headers);
  }
}
