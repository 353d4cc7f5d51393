import { Link } from "react-router";
import { translator } from "../components/i18n";
import { privatePageHeaders } from "../components/private-page";
import { metaFromData } from "../components/seo";
import { Container } from "../components/ui";
import { StepperForm } from "../components/unlock-price/stepper-form";
import type { StepperRefusal } from "../components/unlock-price/types";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/personalize-price";
import { personalizePricePage, submitPersonalizePrice } from "./personalize-price.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return personalizePricePage(await getSite(context), request, params.vin);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return submitPersonalizePrice(await getSite(context), request, params.vin);
}

export const meta = metaFromData;

/** The contact step is prefilled from the visitor's profile. */
export { privatePageHeaders as headers };

/**
 * Personalize My Price / Unlock Price for one vehicle, without JavaScript: each step a form post, the server keeping
 * the journey. With JavaScript the same steps open in a dialog from the vehicle pages (components/unlock-price).
 */
export default function PersonalizePrice({ loaderData, actionData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const { vehicle } = loaderData;
  const refusal = actionData && !actionData.ok ? (actionData as StepperRefusal) : null;
  return (
    <Container className="max-w-3xl py-10">
      <h1 className="text-3xl font-bold text-slate-900">
        {loaderData.kind === "callForPrice" ? t("callForPrice.title") : t("personalizeMyPrice")}
      </h1>
      <p className="mt-2 text-slate-800">
        {t("forVehicle")}:{" "}
        <Link to={vehicle.href} className="font-medium text-brand-700 underline">
          {vehicle.title}
        </Link>
      </p>
      <div className="mt-8">
        {loaderData.kind === "callForPrice" ? (
          <>
            <p className="text-slate-800">{t("callForPrice.text", { phone: loaderData.phone })}</p>
            <p className="mt-4">
              <Link to={vehicle.href} className="text-brand-700 underline">
                {t("callForPrice.backToVehicle")}
              </Link>
            </p>
          </>
        ) : (
          <StepperForm
            vehicle={vehicle}
            view={loaderData.view}
            sliders={loaderData.sliders}
            texts={loaderData}
            idempotencyKey={loaderData.idempotencyKey}
            errors={refusal && refusal.step === loaderData.view.step ? refusal.error : undefined}
            values={refusal && refusal.step === loaderData.view.step ? refusal.values : undefined}
          />
        )}
      </div>
    </Container>
  );
}
