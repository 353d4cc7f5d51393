import { randomBytes } from "node:crypto";
import type { LeadStore, SellOffer } from "@showroom/rules/leads";
import type { VisitorProfile } from "@showroom/rules/profile";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { offers } from "../db/schema.server";
import type { OfferExperiment } from "../experiments/offer-rules-experiment.server";
import { type LeadTransaction, recordLead } from "../leads/record-lead.server";
import { logError } from "../log.server";
import { reasonText, withheldText } from "./offer-words.server";
import { type SavedOffer, savedOfferSchema } from "./price-offer.server";

/** An offer's id: 128 random bits, base64url (22 characters), the only key to its page. */
const OFFER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

function newOfferId(): string {
  return randomBytes(16).toString("base64url");
}

/** The page of an offer. */
export function offerPath(id: string): string {
  return `/sell-trade-my-car/offer/${id}`;
}

/** The questionnaire's free-text answer: what the shopper wrote about the vehicle. */
const COMMENTS_QUESTION = "500";

export interface RecordOfferInput {
  saved: SavedOffer;
  profile: VisitorProfile;
  idempotencyKey: string;
  storeId: string;
  /** The store as the lead names it; read from the store's profile when absent. */
  store?: LeadStore;
  visitorId: string | null;
  /** The offer-rules experiment the visitor was priced in, and on which side (ADR 390). */
  experiment?: OfferExperiment | null;
  adfLeadCookie: string | null;
  /** The site's public origin, for the offer's address in the lead. */
  origin: string;
  messageDomain: string;
  /** More writes that land with the offer or not at all (the visitor's profile, the journey's end). */
  alsoWrite?: (tx: LeadTransaction) => Promise<void>;
}

export interface RecordedOffer {
  offerId: string;
  /** False when the idempotency key had already made this offer: nothing was written. */
  created: boolean;
  setAdfLeadCookie: boolean;
}

/** The offer as its SELL_OR_TRADE lead carries it: reasons and withheld offers in words, each deduction. */
function leadOffer(saved: SavedOffer, id: string, url: string, experiment: OfferExperiment | null): SellOffer {
  const deductions = (offer: SavedOffer["cashNow"]) =>
    (offer?.deductions ?? []).map((d) => ({ question: d.question, answer: d.answer, amount: d.amount }));
  const { cashNow, moreCashLater } = saved;
  return {
    id,
    validUntil: saved.validUntil,
    url,
    rulesVersion: saved.rulesVersion,
    ...(saved.rulesPublished ? { rulesPublished: saved.rulesPublished } : {}),
    ...(experiment ? { experiment } : {}),
    valuation: saved.valuation ? { source: saved.valuation.source, asOf: saved.asOf } : null,
    outcome: saved.outcome,
    reasons: saved.reasons.map(reasonText),
    cashNow: cashNow
      ? { price: cashNow.price, withheld: withheldText("cashNow", cashNow.withheld), deductions: deductions(cashNow) }
      : null,
    moreCashLater: moreCashLater
      ? {
          price: moreCashLater.price,
          withheld: withheldText("moreCashLater", moreCashLater.withheld),
          reserve: moreCashLater.reserve,
          profitShare: moreCashLater.profitShare,
          reservePercent: moreCashLater.reservePercent,
          profitSharePercent: moreCashLater.profitSharePercent,
          deductions: deductions(moreCashLater),
        }
      : null,
  };
}

/**
 * Saves an offer with its SELL_OR_TRADE lead and the lead's outbox row in ONE transaction, before the shopper sees
 * it: the offer row, the lead (the vehicle to sell with the Cash Now price and the offer), the outbox row, the
 * visitor's lead mark and `alsoWrite`, or none of them. A repeated idempotency key finds the first offer and writes
 * nothing.
 */
export async function recordOffer(db: Db, input: RecordOfferInput): Promise<RecordedOffer> {
  const { saved, profile } = input;
  const offerId = newOfferId();
  const url = `${input.origin}${offerPath(offerId)}`;
  const { vehicle } = saved;
  const comments = saved.answers[COMMENTS_QUESTION];
  const interest = vehicle.interest === "trade-in" ? "Trade-in" : "Sell";
  const result = await recordLead(
    db,
    {
      idempotencyKey: input.idempotencyKey,
      storeId: input.storeId,
      visitorId: input.visitorId,
      adfLeadCookie: input.adfLeadCookie,
      lead: {
        kind: "SELL_OR_TRADE",
        user: { ...profile },
        text: [`${interest}; the vehicle is at ZIP ${vehicle.zip}.`, typeof comments === "string" ? comments : ""]
          .filter(Boolean)
          .join("\n\n"),
        sellVehicle: {
          year: vehicle.year,
          make: vehicle.make,
          model: vehicle.model,
          trim: vehicle.trim,
          vin: vehicle.vin,
          miles: vehicle.mileage,
          interest: vehicle.interest,
          price: saved.cashNow?.price ?? null,
          offer: leadOffer(saved, offerId, url, input.experiment ?? null),
        },
        ...(input.store ? { store: input.store } : {}),
      },
      alsoWrite: async (tx, lead) => {
        await tx.insert(offers).values({
          id: offerId,
          leadId: lead.id,
          storeId: input.storeId,
          visitorId: input.visitorId,
          outcome: saved.outcome,
          rulesVersion: saved.rulesVersion,
          rulesPublished: saved.rulesPublished ?? null,
          experiment: input.experiment?.name ?? null,
          experimentArm: input.experiment?.arm ?? null,
          cashNowPrice: saved.outcome === "offer" ? (saved.cashNow?.price ?? null) : null,
          moreCashLaterPrice: saved.outcome === "offer" ? (saved.moreCashLater?.price ?? null) : null,
          validUntil: saved.validUntil,
          offer: saved,
        });
        await input.alsoWrite?.(tx);
      },
    },
    { messageDomain: input.messageDomain },
  );
  if (result.created) return { offerId, created: true, setAdfLeadCookie: result.setAdfLeadCookie };
  const [first] = await db.select({ id: offers.id }).from(offers).where(eq(offers.leadId, result.lead.id)).limit(1);
  // The key made a lead of another form: this post made nothing, and says so as an expired form would.
  if (!first) throw new OfferKeyReusedError();
  return { offerId: first.id, created: false, setAdfLeadCookie: result.setAdfLeadCookie };
}

/** The idempotency key belongs to a lead that is not an offer. */
export class OfferKeyReusedError extends Error {
  override name = "OfferKeyReusedError";
}

export interface StoredOffer {
  id: string;
  storeId: string;
  createdAt: Date;
  /** The last day the offer stands: the column, which staff may move; the saved offer keeps the day it was made with. */
  validUntil: string;
  saved: SavedOffer;
}

/** The offer with this id, or null for an id that is not one (checked before the database is asked). */
export async function readOffer(db: Db, id: string): Promise<StoredOffer | null> {
  if (!OFFER_ID_PATTERN.test(id)) return null;
  const [row] = await db
    .select({
      id: offers.id,
      storeId: offers.storeId,
      createdAt: offers.createdAt,
      validUntil: offers.validUntil,
      offer: offers.offer,
    })
    .from(offers)
    .where(eq(offers.id, id))
    .limit(1);
  if (!row) return null;
  const saved = savedOfferSchema.safeParse(row.offer);
  if (!saved.success) {
    logError(
      `sell-trade: offer ${id} does not read back`,
      new Error(saved.error.issues.map((i) => i.path.join(".")).join(", ")),
    );
    return null;
  }
  return { id: row.id, storeId: row.storeId, createdAt: row.createdAt, validUntil: row.validUntil, saved: saved.data };
}
