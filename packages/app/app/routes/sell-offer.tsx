import { translator } from "../components/i18n";
import { FormError } from "../components/sell/form-frame";
import { OfferOutcome, PrintButton, StoreVisit } from "../components/sell/offer-page";
import { metaFromData } from "../components/seo";
import { ButtonLink, Container } from "../components/ui";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/sell-offer";
import { OFFER_HEADERS, sellOfferPage } from "./sell-offer.server";
import { bookVisit } from "./sell-offer-visit.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return sellOfferPage(await getSite(context), request, params.id);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return bookVisit(await getSite(context), request, params.id);
}

export const meta = metaFromData;

/** Private to the shopper: never cached by anyone else, never indexed (the loader sets the same on its answers). */
export function headers() {
  return OFFER_HEADERS;
}

/**
 * A saved sell/trade offer (issue 13): Cash Now and More Cash Later with the two checks, the date it stands until,
 * and "How we got this number" line by line; or why the vehicle must be brought in. Either way the store, its hours
 * and a visit to book. Printable; an expired offer says so and offers a new one.
 */
export default function SellOffer({ loaderData, actionData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  if (loaderData.kind === "expired") {
    return (
      <Container className="max-w-3xl py-12">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t("expired.title")}</h1>
        <p className="mt-3 text-lg text-slate-700">{t("expired.text", { date: loaderData.validUntil })}</p>
        <ButtonLink to="/sell-trade-my-car/your-vehicle" className="mt-8">
          {t("expired.cta")}
        </ButtonLink>
      </Container>
    );
  }
  const { offer, visit } = loaderData;
  const refusal = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <Container className="max-w-5xl py-10">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t("title")}</p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">{offer.vehicle.title}</h1>
      <p className="mt-2 text-slate-700">
        {t("intro", {
          vehicle: offer.vehicle.title,
          mileage: offer.vehicle.mileage,
          zip: offer.vehicle.zip,
        })}
      </p>
      {offer.outcome === "offer" ? (
        <p className="mt-2 font-semibold text-slate-900">{t("validUntil", { date: offer.validUntil })}</p>
      ) : null}
      <div className="mt-8">
        <OfferOutcome view={offer} texts={loaderData.texts} />
        {offer.rules ? <p className="mt-3 text-sm text-slate-700">{offer.rules}</p> : null}
      </div>
      <div className="mt-8">
        <FormError error={refusal} shown={["slot"]} />
        <StoreVisit
          view={offer}
          texts={loaderData.texts}
          fields={loaderData.fields}
          slots={visit.slots}
          idempotencyKey={visit.idempotencyKey}
          canBook={visit.canBook}
          errors={refusal}
        />
      </div>
      <div className="mt-8 flex flex-wrap items-center gap-3 print:hidden">
        <PrintButton label={t("print")} />
        <ButtonLink to="/sell-trade-my-car/your-vehicle" variant="secondary">
          {t("startAgain")}
        </ButtonLink>
      </div>
      <p className="mt-8 text-sm text-slate-700">{t("questions", { phone: offer.store.phone })}</p>
    </Container>
  );
}
