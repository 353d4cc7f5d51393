import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  CreditApplicationForm,
  type CreditFormView,
  loadLaterSteps,
} from "../components/financing/credit-application/credit-form";
import type { CreditStepper, Refusal } from "../components/financing/credit-application/stepper.client";
import { translator } from "../components/i18n";
import { Icon } from "../components/icon";
import { privatePageHeaders } from "../components/private-page";
import { metaFromData } from "../components/seo";
import { ButtonLink, Container, PageHero } from "../components/ui";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/full-credit-application";
import { type CreditRefusal, fullCreditPage, submitFullCredit } from "./full-credit-application.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  return fullCreditPage(await getSite(context), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return submitFullCredit(await getSite(context), request);
}

export { privatePageHeaders as headers };

export const meta = metaFromData;

// The stepper comes with the later steps' code, so the view it renders next is never the empty fallback (ADR 426).
const loadStepper = () =>
  Promise.all([import("../components/financing/credit-application/stepper.client"), loadLaterSteps()]).then(
    ([stepper]) => stepper,
  );

/**
 * The full credit application (spec section 2): five steps. Without JavaScript, or once a journey was started without
 * it, each step is a server round trip on a sealed draft. With JavaScript the stepper (loaded on first use) runs in the
 * browser and sends the whole application once, as the same single POST.
 */
export default function FullCreditApplication({ loaderData, actionData }: Route.ComponentProps) {
  const t = translator(loaderData.texts.fullCredit);
  if (loaderData.receipt) return <Receipt data={loaderData} />;
  const refusal = actionData as CreditRefusal | undefined;
  const initial: CreditFormView = refusal
    ? { ...loaderData.view, step: refusal.step, errors: refusal.errors, failure: refusal.failure }
    : loaderData.view;
  return (
    <>
      <PageHero title={t("title")} text={t("text")} />
      <Container className="max-w-4xl py-10">
        {loaderData.expired ? (
          <p role="status" className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
            {t("expired")}
          </p>
        ) : null}
        {loaderData.mode === "client" && !refusal ? (
          <ClientStepper data={loaderData} initial={initial} />
        ) : (
          <CreditApplicationForm
            view={initial}
            body={{ texts: loaderData.texts, options: loaderData.options }}
            stepTitles={loaderData.stepTitles}
            tcpaDisclaimer={loaderData.tcpaDisclaimer}
          />
        )}
      </Container>
    </>
  );
}

/**
 * The form with the browser's stepper behind it: the first submit loads it (its chunk is fetched on first focus),
 * and every later button is handled in the page. The final send goes through a fetcher, so the server's redirect to
 * the receipt is followed like a navigation.
 */
function ClientStepper({ data, initial }: { data: Route.ComponentProps["loaderData"]; initial: CreditFormView }) {
  const [view, setView] = useState(initial);
  const stepper = useRef<CreditStepper | null>(null);
  const fetcher = useFetcher<Refusal>();
  const waiting = useRef<((refusal: Refusal | null) => void) | null>(null);
  const headingStep = useRef(view.step);

  useEffect(() => {
    if (fetcher.state !== "idle" || !waiting.current || !fetcher.data) return;
    waiting.current(fetcher.data);
    waiting.current = null;
  }, [fetcher.state, fetcher.data]);

  useEffect(() => {
    // A new step takes focus to its heading; messages on the same step, to the first field at fault.
    if (view.step !== headingStep.current) {
      headingStep.current = view.step;
      document.getElementById("credit-step-title")?.focus();
      document.getElementById("credit-step-title")?.scrollIntoView({ block: "start" });
    } else if (view.errors) {
      document.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
    }
  }, [view]);

  async function ensureStepper(): Promise<CreditStepper> {
    if (stepper.current) return stepper.current;
    const { createCreditStepper } = await loadStepper();
    stepper.current ??= createCreditStepper({
      idempotencyKey: initial.idempotencyKey,
      reviewTexts: { fields: data.texts.forms.fields, review: data.texts.fullCredit.review ?? {} },
      onView: setView,
      send: (form) =>
        new Promise((resolve) => {
          waiting.current = resolve;
          fetcher.submit(form, { method: "post" });
        }),
    });
    return stepper.current;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const intent = submitter?.value || "continue";
    const fields = new FormData(form);
    void ensureStepper().then(
      (s) => s.handle(intent, fields),
      () => {
        // The stepper could not load (offline, a new version): the form goes to the server as without JavaScript.
        const hidden = document.createElement("input");
        hidden.type = "hidden";
        hidden.name = "intent";
        hidden.value = intent;
        form.append(hidden);
        HTMLFormElement.prototype.submit.call(form);
      },
    );
  }

  return (
    <div onFocusCapture={() => void loadStepper().catch(() => {})}>
      <CreditApplicationForm
        view={view}
        body={{ texts: data.texts, options: data.options }}
        stepTitles={data.stepTitles}
        tcpaDisclaimer={data.tcpaDisclaimer}
        onSubmit={onSubmit}
        busy={fetcher.state !== "idle"}
      />
    </div>
  );
}

/** After the submission: the reference number and what happens next. */
function Receipt({ data }: { data: Route.ComponentProps["loaderData"] }) {
  const t = translator(data.received);
  const receipt = data.receipt;
  if (!receipt) return null;
  return (
    <Container className="max-w-3xl py-12">
      <Icon name="check-badge" className="size-10 text-ok-800" />
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900">{t("title")}</h1>
      <p className="mt-3 text-lg text-slate-700">{t("text", { name: receipt.firstName })}</p>
      <p className="mt-6 rounded-xl bg-brand-50 p-5">
        <span className="block text-sm font-medium text-slate-800">{t("reference")}</span>
        <strong className="mt-1 block font-mono text-2xl tracking-wider text-slate-900">{receipt.reference}</strong>
      </p>
      <h2 className="mt-10 text-xl font-semibold text-slate-900">{t("nextTitle")}</h2>
      <ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-800">
        <li>{t("step1")}</li>
        <li>{t("step2")}</li>
        <li>{t("step3")}</li>
      </ol>
      <ButtonLink to="/cars-for-sale" className="mt-8">
        {t("browseButton")}
      </ButtonLink>
    </Container>
  );
}
