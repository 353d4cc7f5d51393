// The Personalize My Price stepper with JavaScript: the machine of @showroom/rules on screen, one step at a time,
// inside the lazily loaded dialog (personalize-price-dialog.tsx).
import { TCPA_DISCLAIMER } from "@showroom/forms";
import {
  persistedUnlockPriceSchema,
  type SaveProfileInput,
  unlockPriceEstimate,
  unlockPriceMachine,
  unlockPriceProgress,
  unlockPriceStep,
} from "@showroom/rules/unlock-price";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Heading, Label, Radio, RadioGroup } from "react-aria-components";
import { useRevalidator } from "react-router";
import { fromPromise, type Snapshot } from "xstate";
import { ProfileFields } from "../dialog/profile-fields";
import { useStepHeading } from "../dialog/use-step-heading";
import { AmountSlider } from "../forms/amount-slider";
import { translator } from "../i18n";
import { useToast } from "../toast";
import { DoneChoices, EstimateSummary, PRIMARY, SECONDARY } from "./stepper-form";
import type { EstimateView, StepperDialogData } from "./types";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const money = (amount: number) => usd.format(amount).replace(/\.00$/, "");

function estimateView(estimate: ReturnType<typeof unlockPriceEstimate>): EstimateView {
  return {
    monthly: usd.format(estimate.monthly),
    apr: estimate.apr.toFixed(2),
    termMonths: estimate.termMonths,
    amountFinanced: usd.format(estimate.amountFinanced),
  };
}

/** A stored journey the dialog may resume: a valid stepper snapshot that is not mid-save. */
function resumable(stored: unknown): Snapshot<unknown> | undefined {
  const parsed = persistedUnlockPriceSchema().safeParse(stored);
  if (!parsed.success || typeof parsed.data.value === "object") return undefined;
  return stored as Snapshot<unknown>;
}

/**
 * The steps of one opening of the dialog: the machine resumed from the visitor's stored journey (or fresh), each
 * step's controls, and the contact step's save, which posts the whole journey to the route's action.
 */
export function PersonalizePriceStepper({
  data,
  path,
  onClose,
}: {
  data: Extract<StepperDialogData, { kind: "stepper" }>;
  path: string;
  onClose: () => void;
}) {
  const t = translator(data.texts);
  const s = translator(data.steps);
  const toast = useToast();
  const revalidator = useRevalidator();
  // The actor is made once per opening: a revalidation after done reloads the data, and must not restart it.
  const [opening] = useState(() => ({
    idempotencyKey: data.idempotencyKey,
    snapshot: resumable(data.snapshot),
    input: data.machineInput,
  }));
  const { idempotencyKey } = opening;

  // The app's effect: the whole journey to the route's action, which replays it on the server. A refusal or a lost
  // connection rejects, and the machine shows the spec's "There was an error saving your information."
  const machine = useMemo(
    () =>
      unlockPriceMachine.provide({
        actors: {
          saveProfile: fromPromise<void, SaveProfileInput>(async ({ input }) => {
            const { selections, profile } = input;
            const body = new URLSearchParams({
              intent: "journey",
              idempotencyKey,
              website: "",
              cashDown: String(selections.cashDown),
              trading: selections.trading ? "yes" : "no",
              tradeEquity: String(selections.tradeEquity),
              creditScore: String(selections.creditScore),
              termMonths: String(selections.termMonths),
              firstName: profile.firstName,
              lastName: profile.lastName,
              email: profile.email,
              phone: profile.phone,
            });
            const response = await fetch(path, { method: "POST", body, credentials: "same-origin" });
            if (response.status !== 200) throw new Error(`The journey was refused (${response.status})`);
          }),
        },
      }),
    [idempotencyKey, path],
  );
  const actor = useActorRef(
    machine,
    // A restored actor never reads its input (see resumeUnlockPrice); fresh ones need it.
    opening.snapshot ? { snapshot: opening.snapshot, input: opening.input } : { input: opening.input },
  );
  const step = useSelector(actor, unlockPriceStep);
  const progress = useSelector(actor, unlockPriceProgress, (a, b) => a.step === b.step && a.of === b.of);
  const context = useSelector(actor, (state) => state.context);
  const busy = useSelector(actor, (state) => state.hasTag("busy"));
  const preview = data.priceUnlocked ? estimateView(unlockPriceEstimate(context)) : null;

  // Each step's heading takes focus, so a screen reader announces where the shopper is; done also unlocks the page.
  const headingRef = useStepHeading(step);
  const announcedDone = useRef(step === "done");
  useEffect(() => {
    if (step !== "done" || announcedDone.current) return;
    announcedDone.current = true;
    const toasts = translator(data.toastTexts);
    toast.add({
      severity: "success",
      summary: toasts("success.summary"),
      detail: toasts("success.detail"),
      life: 5000,
    });
    void revalidator.revalidate();
  }, [step, data.toastTexts, toast, revalidator]);

  const [draft, setDraft] = useState(context.contact);
  const formId = useId();
  const error = context.contactError;
  const invalid = error?.reason === "invalid" ? error.fields : [];

  const next = () => {
    if (step === "contact") actor.send({ type: "SUBMIT_CONTACT", profile: draft });
    else actor.send({ type: "NEXT" });
  };

  const heading = (
    <Heading
      slot="title"
      ref={headingRef}
      tabIndex={-1}
      className="pr-10 text-2xl font-semibold text-slate-900 outline-none"
    >
      {s(`steps.${step}.title`)}
    </Heading>
  );

  if (step === "done") {
    // Before the unlock the machine ran on a stand-in price: done shows the server's figures, which the revalidation
    // after the save brings (the route's view of the journey, now at done).
    const server = data.view.step === "done" ? data.view : null;
    const estimate =
      server?.estimate ?? (data.priceUnlocked && context.estimate ? estimateView(context.estimate) : null);
    const price = server?.price ?? (data.priceUnlocked ? money(context.price) : null);
    return (
      <>
        <p className="text-sm font-medium text-slate-700">{t("personalizeMyPrice")}</p>
        {heading}
        <p className="mt-2 text-slate-800">{s("steps.done.text")}</p>
        {price ? (
          <p className="mt-4 text-lg text-slate-900">
            {t("yourPrice")}: <strong className="text-2xl">{price}</strong>
            {server?.oldPrice ? <s className="ml-2 text-slate-700">{server.oldPrice}</s> : null}
          </p>
        ) : null}
        {estimate ? (
          <div className="mt-4">
            <EstimateSummary estimate={estimate} steps={data.steps} />
          </div>
        ) : null}
        <DoneChoices vehicle={data.vehicle} texts={data.texts} onKeepBrowsing={onClose} />
      </>
    );
  }

  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        next();
      }}
    >
      <p className="text-sm font-medium text-slate-700">
        {t("personalizeMyPrice")} · {s("stepOf", { step: progress.step, total: progress.of })}
      </p>
      {heading}
      {step !== "tradeIn" ? <p className="mt-2 text-slate-800">{s(`steps.${step}.text`)}</p> : null}
      <div className="mt-6 grid gap-6">
        {step === "downPayment" ? (
          <AmountSlider
            label={s("cashDown")}
            slider={data.sliders.cashDown}
            value={context.cashDown}
            onChange={(amount) => actor.send({ type: "SET_CASH_DOWN", amount })}
            format={money}
          />
        ) : null}
        {step === "tradeIn" ? (
          <RadioGroup
            value={context.trading ? "yes" : "no"}
            onChange={(value) => actor.send({ type: "SET_TRADING", trading: value === "yes" })}
            className="grid gap-3"
          >
            <Label className="sr-only">{t("tradingLegend")}</Label>
            {(["yes", "no"] as const).map((answer) => (
              <Radio
                key={answer}
                value={answer}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 p-4 text-slate-900 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 data-[selected]:border-brand-700 data-[selected]:bg-brand-50"
              >
                {({ isSelected }) => (
                  <>
                    <span
                      aria-hidden="true"
                      className={`h-5 w-5 rounded-full border-2 ${isSelected ? "border-[6px] border-brand-700" : "border-slate-500"}`}
                    />
                    {s(`steps.tradeIn.${answer}`)}
                  </>
                )}
              </Radio>
            ))}
          </RadioGroup>
        ) : null}
        {step === "tradeEquity" ? (
          <AmountSlider
            label={s("tradeEquity")}
            slider={data.sliders.tradeEquity}
            value={context.tradeEquity}
            onChange={(amount) => actor.send({ type: "SET_TRADE_EQUITY", amount })}
            format={money}
          />
        ) : null}
        {step === "creditScore" ? (
          <>
            <AmountSlider
              label={s("creditScore")}
              slider={data.sliders.creditScore}
              value={context.creditScore}
              onChange={(score) => actor.send({ type: "SET_CREDIT_SCORE", score })}
              format={String}
            />
            <AmountSlider
              label={s("term")}
              slider={data.sliders.termMonths}
              value={context.termMonths}
              onChange={(months) => actor.send({ type: "SET_TERM", months })}
              format={(months) => s("termMonths", { months })}
            />
          </>
        ) : null}
        {step === "contact" ? (
          <>
            {error?.reason === "save-failed" ? (
              <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
                {error.message}
              </div>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <ProfileFields
                formId={formId}
                profile={draft}
                onChange={setDraft}
                invalid={invalid}
                texts={data.fields}
              />
            </div>
            <p className="text-sm text-slate-700">{TCPA_DISCLAIMER}</p>
          </>
        ) : preview ? (
          <EstimateSummary estimate={preview} steps={data.steps} live />
        ) : (
          <p className="text-slate-800">{s("estimate.locked")}</p>
        )}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className={PRIMARY} disabled={busy}>
          {busy ? t("saving") : step === "contact" ? t("unlockPrice") : t("continue")}
        </button>
        {step !== "downPayment" ? (
          <button type="button" className={SECONDARY} onClick={() => actor.send({ type: "BACK" })} disabled={busy}>
            {t("back")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
