import { randomUUID } from "node:crypto";
import { todayIn } from "@showroom/forms";
import { robotsContent } from "@showroom/rules/inventory";
import { slotDayLabel, testDriveSlots } from "@showroom/rules/test-drive";
import { data } from "react-router";
import { countText } from "../components/i18n";
import type { OfferView, PriceView } from "../components/sell/offer-types";
import { vehicleTitle } from "../components/sell/question-view";
import type { Seo } from "../components/seo";
import { formatDate } from "../components/ui";
import { notFound, requirePage } from "../content/seo.server";
import { formatMoney } from "../content/shell.server";
import type { Site } from "../content/site.server";
import type { Store } from "../content/stores.server";
import { t, tree } from "../content/translations.server";
import { mayBookVisit } from "../server/sell/offer-owner.server";
import { costLabel, costReason, reasonText, valuationKeyLabel, withheldText } from "../server/sell/offer-words.server";
import type { SavedOfferPrice } from "../server/sell/price-offer.server";
import { readOffer, type StoredOffer } from "../server/sell/record-offer.server";
import { currentStaff, sessionToken } from "../server/staff/sessions.server";

/** What every answer of the offer page carries: private to the shopper, never indexed, never cached. */
export const OFFER_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

const cents = (amount: number) => Math.round(amount * 100);

export function priceView(kind: "cashNow" | "moreCashLater", offer: SavedOfferPrice): PriceView {
  const deductions = offer.deductions.map((d) => ({
    label: t("sell-trade.offer.explain.deduction", { question: d.question, answer: d.answer }),
    note: d.percent === false ? null : t("sell-trade.offer.explain.deductionPercent", { percent: d.percent }),
    // Shown from the same whole cents the sum below counts, so the lines on the page add up exactly.
    amount: `−${formatMoney(cents(d.amount) / 100)}`,
  }));
  const costs = offer.costs.map((c) => ({
    label: t("sell-trade.offer.explain.cost", { name: costLabel(c.name) }),
    // Why we take it, in words: two reconditioning lines side by side read as a double charge without one.
    note: costReason(c.name),
    amount: `−${formatMoney(cents(c.amount) / 100)}`,
  }));
  const exact =
    cents(offer.base) -
    offer.deductions.reduce((sum, d) => sum + cents(d.amount), 0) -
    offer.costs.reduce((sum, c) => sum + cents(c.amount), 0);
  const rounding = offer.price === null ? 0 : exact - offer.price * 100;
  return {
    price: offer.price === null ? null : formatMoney(offer.price),
    withheld: withheldText(kind, offer.withheld),
    base: {
      label: t("sell-trade.offer.explain.base", { key: valuationKeyLabel(offer.baseKey) }),
      amount: formatMoney(cents(offer.base) / 100),
    },
    lines: [...deductions, ...costs],
    // Deductions of a percent can leave fractions of a cent; the offer is rounded down to whole dollars, and this line
    // carries the difference so the lines shown add up to the price exactly.
    rounding: rounding === 0 ? null : `${rounding > 0 ? "−" : "+"}${formatMoney(Math.abs(rounding) / 100)}`,
  };
}

/**
 * The offer as its page shows it: every amount formatted, every reason, label and date in words. The offer's id, the
 * valuation book's name and the rules version are the desk's and the lead's (`leadOffer`), not the shopper's (ADR
 * 331); signed-in staff opening the page read the version that priced it (issue 30, ADR 391).
 */
function offerView(stored: StoredOffer, store: Store, forStaff: boolean): OfferView {
  const { saved } = stored;
  const { dealer } = store;
  return {
    outcome: saved.outcome,
    vehicle: {
      title: vehicleTitle(saved.vehicle),
      vin: saved.vehicle.vin,
      mileage: countText(tree("sell-trade.offer"), "miles", saved.vehicle.mileage),
      zip: saved.vehicle.zip,
    },
    validUntil: formatDate(stored.validUntil),
    asOf: formatDate(saved.asOf),
    rules: !forStaff
      ? null
      : saved.rulesPublished
        ? t("sell-trade.offer.rulesPublished", { version: saved.rulesPublished, hash: saved.rulesVersion })
        : t("sell-trade.offer.rules", { hash: saved.rulesVersion }),
    valued: saved.valuation !== null,
    reasons: saved.reasons.map(reasonText),
    cashNow: saved.cashNow ? priceView("cashNow", saved.cashNow) : null,
    moreCashLater: saved.moreCashLater
      ? {
          ...priceView("moreCashLater", saved.moreCashLater),
          reserve: saved.moreCashLater.reserve === null ? null : formatMoney(saved.moreCashLater.reserve),
          profitShare: saved.moreCashLater.profitShare === null ? null : formatMoney(saved.moreCashLater.profitShare),
          reservePercent: saved.moreCashLater.reservePercent,
          profitSharePercent: saved.moreCashLater.profitSharePercent,
        }
      : null,
    store: {
      name: dealer.name,
      address: [dealer.address_line_1, dealer.address_line_2, `${dealer.city}, ${dealer.state_short} ${dealer.zip}`]
        .filter(Boolean)
        .join(", "),
      hours: dealer.sales.hours,
      phone: dealer.sales.phone,
    },
  };
}

/** The days a visit can be booked ahead, hourly: a short list to choose from, on the store's working hours. */
const VISIT_DAYS = 4;
const VISIT_SLOT_MINUTES = 60;

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** "10:00 AM" on the store's wall clock; one formatter per zone (making one costs more than using it). */
function wallClock(iso: string, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
    timeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** The store's open times for a visit (never on its closed dates), grouped by day, as the visit form's choices. */
export function visitSlots(store: Store, now: Date) {
  const timeZone = store.dealer.timezone;
  const days = testDriveSlots({
    now,
    workingHours: store.dealer.sales.workingHours,
    timeZone,
    days: VISIT_DAYS,
    slotMinutes: VISIT_SLOT_MINUTES,
    // The store's holidays are no more open for a visit than for a test drive.
    closedDates: store.dealer.closedDates.map((day) => day.date),
  });
  return days.map((day) => {
    const dayLabel = slotDayLabel(day.date);
    return {
      group: dayLabel,
      options: day.times.map((time) => ({ value: time, label: `${dayLabel}, ${wallClock(time, timeZone)}` })),
    };
  });
}

/** The store an offer was made at (the site's default when it has since gone). */
export function storeOf(site: Site, stored: StoredOffer): Store {
  return site.stores.find((s) => s.id === stored.storeId) ?? site.store;
}

/** True when the offer's last day has passed on its store's calendar. */
export function isExpired(stored: StoredOffer, store: Store, now = new Date()): boolean {
  return todayIn(store.dealer.timezone, now) > stored.validUntil;
}

/**
 * The page of a saved offer, `/sell-trade-my-car/offer/{id}`: its explanation, the store, and a way to book a
 * visit. An id that is not an offer answers 404 (the database is not asked for one that cannot be); an offer past
 * its last day answers 410 with a way to get a new one. Never indexed, never cached.
 */
export async function sellOfferPage(site: Site, request: Request, id: string) {
  requirePage(site, request, "sell-trade-my-car");
  const stored = await readOffer(site.services.db, id);
  if (!stored) notFound(request);
  const store = storeOf(site, stored);
  const seo: Seo = {
    title: `${t("sell-trade.offer.pageTitle", { vehicle: vehicleTitle(stored.saved.vehicle) })} | ${store.dealer.name}`,
    description: t("sell-trade.offer.pageDescription", { vehicle: vehicleTitle(stored.saved.vehicle) }),
    canonical: `${site.origin}/sell-trade-my-car/offer/${stored.id}`,
    robots: robotsContent(false),
    siteName: store.dealer.name,
  };
  const texts = tree("sell-trade.offer");
  if (isExpired(stored, store)) {
    return data(
      { kind: "expired" as const, seo, texts, validUntil: formatDate(stored.validUntil) },
      { status: 410, headers: OFFER_HEADERS },
    );
  }
  return data(
    {
      kind: "offer" as const,
      seo,
      texts,
      fields: tree("forms.fields"),
      offer: offerView(stored, store, (await currentStaff(site.services.db, sessionToken(request))) !== null),
      visit: {
        slots: visitSlots(store, new Date()),
        idempotencyKey: randomUUID(),
        canBook: await mayBookVisit(site, request, stored.id),
      },
    },
    { headers: OFFER_HEADERS },
  );
}
