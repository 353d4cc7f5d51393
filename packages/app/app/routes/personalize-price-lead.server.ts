import { ADF_LEAD_COOKIE, type LeadVehicle } from "@showroom/rules/leads";
import type { SaveProfileInput, UnlockPriceSelections } from "@showroom/rules/unlock-price";
import type { VehicleRow } from "../content/inventory.server";
import { formatMoney } from "../content/shell.server";
import type { Site } from "../content/site.server";
import { readCookie } from "../cookies";
import { leadVehicleFromRow } from "../server/leads/lead-vehicle.server";
import { ADF_LEAD_SET_COOKIE, recordLead } from "../server/leads/record-lead.server";
import { logError } from "../server/log.server";
import { mailDomain } from "../server/mail/message-id";
import { saveVisitor } from "../server/visitor-state.server";

// The UNLOCK_PRICE lead that Personalize My Price records when the stepper saves the shopper's profile
// (docs/decisions/172): its vehicle, the text the salesperson reads, and the one transaction that writes both.

/** The lead's vehicle, from the inventory row; the finance block carries the shopper's cash down. */
function leadVehicle(site: Site, row: VehicleRow, selections: UnlockPriceSelections): LeadVehicle {
  return leadVehicleFromRow(site.origin, row, {
    method: "finance",
    amount: selections.cashDown,
    amountType: "downpayment",
  });
}

/** What the shopper chose and the estimate, as the lead's text: what the salesperson reads before calling back. */
function leadText(input: SaveProfileInput): string {
  const { selections, estimate } = input;
  return [
    "Personalize My Price: the shopper unlocked this vehicle's price with these answers.",
    `Cash down: ${formatMoney(selections.cashDown)}`,
    `Trading in: ${selections.trading ? `yes, equity about ${formatMoney(selections.tradeEquity)}` : "no"}`,
    `Credit score: ${selections.creditScore}`,
    `Loan term: ${selections.termMonths} months`,
    `Estimated payment: ${formatMoney(estimate.monthly)}/mo at ${estimate.apr.toFixed(2)}% APR for ${estimate.termMonths} months`,
    `Amount financed: ${formatMoney(estimate.amountFinanced)} (vehicle price ${formatMoney(input.vehicle.price)} plus fees)`,
  ].join("\n");
}

export interface SaveContext {
  site: Site;
  request: Request;
  row: VehicleRow;
  visitorId: string;
  idempotencyKey: string;
  headers: Headers;
}

/**
 * The server's `saveProfile`: the UNLOCK_PRICE lead with its outbox row, and the visitor's profile with its price
 * unlock, in ONE transaction. The same idempotency key finds the first lead and writes nothing more.
 */
export function saveProfileFor(ctx: SaveContext) {
  return async (input: SaveProfileInput) => {
    const { site, request, row, visitorId } = ctx;
    const { created, setAdfLeadCookie } = await recordLead(
      site.services.db,
      {
        idempotencyKey: ctx.idempotencyKey,
        storeId: row.storeId,
        visitorId,
        adfLeadCookie: readCookie(request, ADF_LEAD_COOKIE),
        lead: {
          kind: "UNLOCK_PRICE",
          user: input.profile,
          text: leadText(input),
          vehicle: leadVehicle(site, row, input.selections),
        },
        alsoWrite: async (tx) => {
          await saveVisitor(tx, { visitorId, profile: input.profile });
        },
      },
      { messageDomain: mailDomain(site.services.config.MAIL_FROM) },
    ).catch((error: unknown) => {
      // The machine turns the failure into the spec's message; the cause is for the logs.
      logError("personalize-price: the lead could not be recorded", error);
      throw error;
    });
    if (created) site.services.nudgeRelay();
    if (setAdfLeadCookie) ctx.headers.append("Set-Cookie", ADF_LEAD_SET_COOKIE);
  };
}
