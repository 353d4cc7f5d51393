import type { UnlockPriceInput, UnlockPriceSelections, UnlockPriceStep } from "@showroom/rules/unlock-price";
import type { SliderView } from "../forms/amount-slider";
import type { TextTree } from "../i18n";

/** An estimate as the page prints it. */
export interface EstimateView {
  readonly monthly: string;
  /** "8.99" */
  readonly apr: string;
  readonly termMonths: number;
  readonly amountFinanced: string;
}

/** The bounds of one slider (`rules/financing.json`). */
export type { SliderView };

export interface SliderViews {
  readonly cashDown: SliderView;
  readonly tradeEquity: SliderView;
  readonly creditScore: SliderView;
  readonly termMonths: SliderView;
}

/** Everything a step screen renders, JS on or off: the component only lays it out. */
export interface StepperView {
  readonly step: UnlockPriceStep;
  readonly progress: { readonly step: number; readonly of: number };
  readonly selections: UnlockPriceSelections;
  readonly contact: Readonly<Record<"firstName" | "lastName" | "email" | "phone", string>>;
  /** The fields the machine found invalid, or that saving failed. */
  readonly contactError:
    | { readonly reason: "invalid"; readonly fields: readonly string[] }
    | { readonly reason: "save-failed"; readonly message: string }
    | null;
  /**
   * The estimate of the answers so far, shown next to the sliders; null while the visitor has not unlocked prices,
   * since its figures give the price away (docs/decisions/270).
   */
  readonly preview: EstimateView | null;
  /** The personalized estimate, at done only. */
  readonly estimate: EstimateView | null;
  /** The vehicle's price, at done only: the price stays locked until the steps are finished (spec section 4). */
  readonly price: string | null;
  readonly oldPrice: string | null;
}

export interface StepperVehicleView {
  readonly vin: string;
  /** "2021 Toyota Camry LE" */
  readonly title: string;
  /** The vehicle's detail page. */
  readonly href: string;
}

/** A refused post: field errors by name ("" for the form), and what was posted so the form can show it again. */
export interface StepperRefusal {
  readonly ok: false;
  readonly step: UnlockPriceStep | null;
  readonly error: Readonly<Record<string, readonly string[] | null>>;
  readonly values: Readonly<Record<string, unknown>>;
}

/** What the stepper route's loader gives (routes/personalize-price.server.ts), as far as the dialog reads it. */
export type StepperDialogData =
  | {
      kind: "stepper";
      vehicle: StepperVehicleView;
      sliders: SliderViews;
      idempotencyKey: string;
      /** The server's view of the visitor's journey: at done, the price and estimate to show. */
      view: StepperView;
      /** False: the machine's price is a stand-in of 0, and no figure of it may be shown before done. */
      priceUnlocked: boolean;
      machineInput: UnlockPriceInput;
      snapshot: unknown;
      texts: TextTree;
      steps: TextTree;
      fields: TextTree;
      toastTexts: TextTree;
    }
  | { kind: "callForPrice"; vehicle: StepperVehicleView; phone: string; texts: TextTree };
