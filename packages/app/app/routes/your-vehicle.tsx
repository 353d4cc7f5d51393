import { useEffect } from "react";
import { useStepHeading } from "../components/dialog/use-step-heading";
import { translator } from "../components/i18n";
import { FormError, SECONDARY } from "../components/sell/form-frame";
import { IdentifyStep } from "../components/sell/identify-step";
import { ConfirmStep, ContactStep, QuestionStep, StepForm, StepHeader } from "../components/sell/journey-steps";
import { useJourneyTakeover } from "../components/sell/takeover";
import type { StepRefusal } from "../components/sell/types";
import { metaFromData } from "../components/seo";
import { Container } from "../components/ui";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/your-vehicle";
import { sellJourneyPage } from "./your-vehicle.server";
import { sellJourneyAction } from "./your-vehicle-action.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return sellJourneyPage(await getSite(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return sellJourneyAction(await getSite(context), request);
}

export const meta = metaFromData;

/** The journey shows the visitor's answers and profile: never stored by a shared cache. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** After a refused post, focus goes to the first field in error (or the error above the form). */
function useFocusFirstError(refusal: StepRefusal | undefined) {
  useEffect(() => {
    if (!refusal) return;
    const first = document.querySelector<HTMLElement>(
      "main input[aria-invalid='true'], main select[aria-invalid='true'], main textarea[aria-invalid='true'], main [role='alert']",
    );
    first?.focus();
  }, [refusal]);
}

/**
 * Sell or trade your car (minimal layout), every step of the journey on one page: the vehicle (a VIN, or year, make,
 * model and trim) with its mileage, ZIP and sell or trade-in; the VIN's vehicle to confirm; the questionnaire, one
 * step at a time; the contact details. Without JavaScript each step is a post the server keeps; with it, the browser
 * takes the journey over after the vehicle and sends the whole of it in one post at the end.
 */
export default function YourVehicle({ loaderData, actionData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const { view } = loaderData;
  const refusal = actionData && !actionData.ok ? (actionData as StepRefusal) : undefined;
  const journey = { texts: loaderData.texts, fields: loaderData.fields, tcpa: loaderData.tcpa };
  const stepKey = view.step === "questionnaire" ? `q${view.questionnaire?.stepIndex}` : view.step;
  const headingRef = useStepHeading(stepKey);
  useFocusFirstError(refusal);
  const takeover = useJourneyTakeover(loaderData);
  if (takeover.element) return <Container className="max-w-3xl py-10">{takeover.element}</Container>;

  const title =
    view.step === "identify"
      ? t("vehicle.title")
      : view.step === "confirm"
        ? t("vehicle.confirmTitle")
        : view.step === "contact"
          ? t("contact.title")
          : (view.questionnaire?.title ?? "");
  const intro =
    view.step === "identify"
      ? t("vehicle.text")
      : view.step === "contact"
        ? t("contact.text")
        : view.questionnaire?.description;
  const shownFields = [
    ...(view.questionnaire?.questions.map((q) => `q${q.questionId}`) ?? []),
    ...(view.step === "contact" ? ["firstName", "lastName", "email", "phone"] : []),
    ...(view.step === "identify" ? ["vin", "mileage", "zip", "interest", "trim", "year", "make"] : []),
  ];

  return (
    <Container className="max-w-3xl py-10">
      {/* Where the next submit goes: what browser tests wait on before they count the posts. */}
      <div data-journey={takeover.ready ? "browser" : "server"}>
        <StepHeader
          progress={view.progress}
          title={title}
          text={intro}
          headingRef={headingRef}
          texts={loaderData.texts}
        />
        {view.vehicle && view.step !== "confirm" ? (
          <p className="mt-3 text-sm text-slate-700">{view.vehicle.title}</p>
        ) : null}
        <FormError error={refusal?.error} shown={shownFields} />
        {view.step === "identify" && view.identify ? (
          <IdentifyStep view={view.identify} journey={journey} refusal={refusal} />
        ) : null}
        {view.step === "confirm" && view.vehicle ? (
          <ConfirmStep vehicle={view.vehicle} texts={loaderData.texts} onSubmit={takeover.onSubmit} />
        ) : null}
        {view.step === "questionnaire" && view.questionnaire ? (
          <QuestionStep
            key={view.questionnaire.stepIndex}
            view={view.questionnaire}
            errors={refusal?.error}
            values={refusal?.intent === "answers" ? refusal.values : undefined}
            texts={loaderData.texts}
            onSubmit={takeover.onSubmit}
          />
        ) : null}
        {view.step === "contact" ? (
          <ContactStep
            journey={journey}
            idempotencyKey={loaderData.idempotencyKey}
            profile={loaderData.profile}
            errors={refusal?.error}
            values={refusal?.intent === "contact" ? refusal.values : undefined}
            onSubmit={takeover.onSubmit}
          />
        ) : null}
        {view.step !== "identify" ? (
          <StepForm intent="restart" className="mt-10 border-t border-slate-200 pt-6">
            <button type="submit" className={SECONDARY}>
              {t("journey.restart")}
            </button>
          </StepForm>
        ) : null}
      </div>
    </Container>
  );
}
