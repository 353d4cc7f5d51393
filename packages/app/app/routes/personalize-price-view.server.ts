// What the personalize-price page and its dialog are given to show; the loader and the action are in
// personalize-price.server.ts.
import { defaultFinancingRules, type PaymentEstimate } from "@showroom/rules/financing";
import { robotsContent } from "@showroom/rules/inventory";
import {
  type UnlockPriceInput,
  unlockPriceEstimate,
  unlockPriceProgress,
  unlockPriceStep,
} from "@showroom/rules/unlock-price";
import type { Seo } from "../components/seo";
import type { EstimateView, SliderViews, StepperView } from "../components/unlock-price/types";
import type { VehicleRow } from "../content/inventory.server";
import { pagePath } from "../content/seo.server";
import { formatMoney } from "../content/shell.server";
import type { Site } from "../content/site.server";
import { t, tree } from "../content/translations.server";
import type { VisitorState } from "../server/visitor-state.server";
import { openingCashDown, type UnlockPriceActor } from "./personalize-price-journey.server";

type Snapshot = ReturnType<UnlockPriceActor["getSnapshot"]>;

export function estimateView(estimate: PaymentEstimate): EstimateView {
  return {
    monthly: formatMoney(estimate.monthly),
    apr: estimate.apr.toFixed(2),
    termMonths: estimate.termMonths,
    amountFinanced: formatMoney(estimate.amountFinanced),
  };
}

export function vehicleTitle(row: VehicleRow): string {
  return [row.year, row.make, row.model, row.trim].filter(Boolean).join(" ");
}

/**
 * What a step screen shows. Before done, the live estimate only for a visitor who has already unlocked prices: its
 * monthly and amount financed give the price away (docs/decisions/270).
 */
export function stepperView(snapshot: Snapshot, row: VehicleRow, priceUnlocked: boolean): StepperView {
  const { context } = snapshot;
  const done = snapshot.matches("done");
  return {
    step: unlockPriceStep(snapshot),
    progress: unlockPriceProgress(snapshot),
    selections: {
      cashDown: context.cashDown,
      trading: context.trading,
      tradeEquity: context.tradeEquity,
      creditScore: context.creditScore,
      termMonths: context.termMonths,
    },
    contact: context.contact,
    contactError: context.contactError,
    preview: priceUnlocked ? estimateView(unlockPriceEstimate(context)) : null,
    estimate: done && context.estimate ? estimateView(context.estimate) : null,
    price: done ? formatMoney(context.price) : null,
    oldPrice: done && row.oldPrice !== null && row.oldPrice > context.price ? formatMoney(row.oldPrice) : null,
  };
}

export function seoOf(site: Site, request: Request, row: VehicleRow): Seo {
  const url = new URL(request.url);
  const title = `${t("unlock-price.pageTitle", { vehicle: vehicleTitle(row) })} | ${site.store.dealer.name}`;
  return {
    title,
    canonical: `${site.origin}${pagePath(url)}`,
    robots: robotsContent(false),
    siteName: site.store.dealer.name,
  };
}

export function sliderViews(): SliderViews {
  const { cashDown, tradeEquity, creditScore, financeTerm } = defaultFinancingRules.sliders;
  const view = ({ min, max, step }: { min: number; max: number; step: number }) => ({ min, max, step });
  return {
    cashDown: view(cashDown),
    tradeEquity: view(tradeEquity),
    creditScore: view(creditScore),
    termMonths: view(financeTerm),
  };
}

export function texts() {
  return {
    texts: tree("unlock-price"),
    steps: tree("inventory.unlockPrice"),
    fields: tree("forms.fields"),
    toastTexts: tree("toasts.unlockPrice"),
  };
}

/**
 * The dialog's machine input. Before the unlock the browser gets no price: its machine runs on a stand-in of 0,
 * whose figures it never shows; the journey's post is replayed here on the real price, and done shows the server's
 * answer (docs/decisions/270).
 */
export function dialogInput(row: VehicleRow & { price: number }, visitor: VisitorState): UnlockPriceInput {
  const cashDown = openingCashDown(visitor.priceUnlocked);
  return {
    price: visitor.priceUnlocked ? row.price : 0,
    vehicleYear: row.year,
    profile: visitor.profile,
    ...(cashDown === undefined ? {} : { cashDown }),
  };
}

/** A stored snapshot for the browser of a visitor who has not unlocked prices: the price replaced by the stand-in. */
export function withoutPrice(persisted: unknown): unknown {
  if (persisted === null || typeof persisted !== "object") return persisted;
  const { context } = persisted as { context?: unknown };
  if (context === null || typeof context !== "object") return persisted;
  return { ...persisted, context: { ...context, price: 0 } };
}
