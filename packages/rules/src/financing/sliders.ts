import { defaultFinancingRules } from "./defaults";
import type { FinancingRules, Slider } from "./financing.schema";

/** The calculator's sliders of spec section 9, each `{ min, max, step, default }`. */
export const sliders: FinancingRules["sliders"] = defaultFinancingRules.sliders;

/** Decimal places of a number as written, so snapped values print as the analyst wrote the grid. */
function decimalsOf(value: number): number {
  const [, fraction = ""] = String(value).split(".");
  return Math.min(fraction.length, 10);
}

/**
 * The value a slider would show for `value`: clamped into `[min, max]` and snapped to the nearest step counted from
 * `min` (halfway rounds up, as an HTML range input does), never past the last step at or below `max`. A value that
 * is not a number gives the slider's default.
 */
export function clampToSlider(value: number, slider: Slider): number {
  if (Number.isNaN(value)) return slider.default;
  const clamped = Math.min(Math.max(value, slider.min), slider.max);
  // The epsilon keeps a max that sits on the grid from losing its last step to float error.
  const lastStep = Math.floor((slider.max - slider.min) / slider.step + 1e-9);
  const steps = Math.min(Math.round((clamped - slider.min) / slider.step), lastStep);
  const decimals = Math.max(decimalsOf(slider.min), decimalsOf(slider.step));
  return Number((slider.min + steps * slider.step).toFixed(decimals));
}

/** True when `value` is one the slider can show: inside its bounds and on its step grid. */
export function isSliderValue(value: number, slider: Slider): boolean {
  return Number.isFinite(value) && clampToSlider(value, slider) === value;
}

/**
 * The cash down a calculator opens with: the rules' percent of the price (10 percent by default) snapped to the
 * slider, or the slider's default (1000) when the price is unknown. See ADR 020.
 */
export function defaultCashDown(price: number | null | undefined, rules: FinancingRules = defaultFinancingRules) {
  const slider = rules.sliders.cashDown;
  if (price == null || !Number.isFinite(price) || price <= 0) return slider.default;
  return clampToSlider((price * rules.cashDownDefaultPercent) / 100, slider);
}
