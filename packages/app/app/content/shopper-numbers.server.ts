import type { SiteSettings } from "@showroom/fixtures";
import { MESSAGES, readPaymentEstimateChoices } from "@showroom/forms";
import { creditBandOf, defaultFinancingRules, isSliderValue, type ShopperNumbers } from "@showroom/rules/financing";
import type { UnlockPriceSelections } from "@showroom/rules/unlock-price";
import { data, redirect } from "react-router";
import { z } from "zod";
import { clearCookie, readCookie, setCookie } from "../cookies";
import { consentOf } from "./consent.server";
import { flashCookie } from "./flash.server";
import { readFormData } from "./form-data.server";
import { formatMoney } from "./shell.server";
import { t } from "./translations.server";

// The shopper's numbers (ADR 375): one functional cookie, `cashDown.tradeEquity.creditScore.termMonths`, the score
// being the lowest of the shopper's credit band. Nothing in it names the shopper; income, birth date and SSN never
// come near it. It is read and written only with functional consent (spec section 4, Cookie consent).

const { sliders } = defaultFinancingRules;
const onSlider = (slider: (typeof sliders)[keyof typeof sliders]) =>
  z.number().refine((value) => isSliderValue(value, slider));

const cookieSchema = z
  .string()
  .regex(/^\d{1,6}(?:\.\d{1,6}){3}$/)
  .transform((value) => value.split(".").map(Number))
  .pipe(
    z.tuple([
      onSlider(sliders.cashDown),
      onSlider(sliders.tradeEquity),
      onSlider(sliders.creditScore),
      onSlider(sliders.financeTerm),
    ]),
  )
  .transform(
    ([cashDown, tradeEquity, creditScore, termMonths]): ShopperNumbers => ({
      cashDown,
      tradeEquity,
      creditScore: creditBandOf(creditScore).min,
      termMonths,
    }),
  );

/** The shopper's numbers for this request: null without the cookie, with a damaged one, or without functional consent. */
export function readShopperNumbers(request: Request, settings: SiteSettings): ShopperNumbers | null {
  if (!consentOf(request, settings).granted.functional) return null;
  const parsed = cookieSchema.safeParse(readCookie(request, "shopperNumbers"));
  return parsed.success ? parsed.data : null;
}

/**
 * The `Set-Cookie` line keeping the numbers a shopper gave (the score stored as its band's lowest); null without
 * functional consent, when nothing may be kept.
 */
export function shopperNumbersCookie(request: Request, settings: SiteSettings, numbers: ShopperNumbers): string | null {
  if (!consentOf(request, settings).granted.functional) return null;
  const band = creditBandOf(numbers.creditScore);
  return setCookie("shopperNumbers", [numbers.cashDown, numbers.tradeEquity, band.min, numbers.termMonths].join("."));
}

/**
 * The personalize-price stepper is done: the numbers the shopper gave become every payment's on the site, as the
 * stepper promises ("We'll save your numbers"), where functional consent lets them be kept (ADR 375).
 */
export function keepStepperNumbers(
  request: Request,
  settings: SiteSettings,
  headers: Headers,
  selections: UnlockPriceSelections,
): void {
  const cookie = shopperNumbersCookie(request, settings, {
    cashDown: selections.cashDown,
    tradeEquity: selections.trading ? selections.tradeEquity : 0,
    creditScore: selections.creditScore,
    termMonths: selections.termMonths,
  });
  if (cookie) headers.append("Set-Cookie", cookie);
}

/** The `Set-Cookie` line that forgets the numbers. */
function forgetShopperNumbersCookie(): string {
  return clearCookie("shopperNumbers");
}

/** "$2,000 down, no trade-in, credit 400–499" (or "$1,500 trade-in"): the numbers as a payment's label says them. */
export function shopperNumbersWords(numbers: ShopperNumbers): string {
  const band = creditBandOf(numbers.creditScore);
  return t("inventory.card.yourNumbers", {
    down: formatMoney(numbers.cashDown),
    trade:
      numbers.tradeEquity > 0
        ? t("inventory.card.tradeEquity", { amount: formatMoney(numbers.tradeEquity) })
        : t("inventory.card.noTrade"),
    band: `${band.min}–${band.max}`,
  });
}

// Each number is one the estimator's slider offers; anything else it could not have sent ("Choose one of the options.").
const formNumber = (slider: (typeof sliders)[keyof typeof sliders]) =>
  z.coerce
    .number({ error: MESSAGES.choice })
    .refine((value) => isSliderValue(value, slider), { error: MESSAGES.choice });

/** The estimator's "Use these numbers" post: the four numbers, each one its slider can show. */
const savePostSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("save"),
      cashDown: formNumber(sliders.cashDown),
      tradeEquity: formNumber(sliders.tradeEquity),
      creditScore: formNumber(sliders.creditScore),
      termMonths: formNumber(sliders.financeTerm),
    }),
    z.object({ intent: z.literal("forget") }),
  ],
  { error: MESSAGES.choice },
);

export type ShopperNumbersRefusal = { ok: false; message: string };

/**
 * The estimator's post (ADR 375): `save` keeps the four numbers for every payment of the site, `forget` drops them;
 * either way back to the estimator (303) with a toast saying what happened. Without functional consent nothing is
 * kept, and the toast says so. A post the estimator could not have sent is a 400 that says why.
 */
export async function saveShopperNumbers(request: Request, settings: SiteSettings) {
  const form = await readFormData(request);
  const parsed = savePostSchema.safeParse(
    Object.fromEntries(SAVE_FIELDS.map((key) => [key, form.get(key) ?? undefined])),
  );
  if (!parsed.success) {
    const refusal: ShopperNumbersRefusal = { ok: false, message: parsed.error.issues[0]?.message ?? MESSAGES.choice };
    return data(refusal, { status: 400 });
  }
  const headers = new Headers();
  const back = new URLSearchParams(Object.entries(readPaymentEstimateChoices(form)).map(([k, v]) => [k, String(v)]));
  if (parsed.data.intent === "forget") {
    headers.append("Set-Cookie", forgetShopperNumbersCookie());
    headers.append("Set-Cookie", flashCookie({ key: "numbers.forgotten" }));
  } else {
    const { intent: _intent, ...numbers } = parsed.data;
    const cookie = shopperNumbersCookie(request, settings, numbers);
    headers.append("Set-Cookie", cookie ?? forgetShopperNumbersCookie());
    headers.append("Set-Cookie", flashCookie({ key: cookie ? "numbers.success" : "numbers.notKept" }));
  }
  return redirect(`/auto-financing?${back}#estimator`, { status: 303, headers });
}

const SAVE_FIELDS = ["intent", "cashDown", "tradeEquity", "creditScore", "termMonths"] as const;
