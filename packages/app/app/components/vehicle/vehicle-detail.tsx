import type { ReactNode } from "react";
import { Link } from "react-router";
import { preApprovalPath } from "../financing/pre-approval-link";
import { countText, type TextTree, translator, useUi } from "../i18n";
import { Icon } from "../icon";
import { PageLink } from "../navigation/page-link";
import { telHref } from "../site-header";
import { ScheduleTestDriveLink } from "../test-drive/schedule-test-drive-link";
import { ButtonLink, Container } from "../ui";
import { PersonalizePriceLink } from "../unlock-price/personalize-price-link";
import { JsonLdScript } from "./json-ld-script";
import { MonthlyPayment } from "./monthly-payment";
import { SaveVehicleButton } from "./save-button";
import type { VehicleCardView, VehicleDetailView } from "./types";
import { VehicleGrid, VehiclePrice } from "./vehicle-card";
import { VehicleGallery } from "./vehicle-gallery";
import { VehiclePicture } from "./vehicle-picture";

const BUTTON_PRIMARY =
  "inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800";
const BUTTON_SECONDARY =
  "inline-flex w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-900 hover:border-brand-600 hover:text-brand-700";

// The phone bar's buttons: narrower and a size smaller, so each label keeps to one line on a 390 px screen.
const BAR_PRIMARY = BUTTON_PRIMARY.replace("px-4 py-2.5 text-sm", "px-1 py-2.5 text-[13px] tracking-tight");
const BAR_SECONDARY = BUTTON_SECONDARY.replace("px-4 py-2.5 text-sm", "px-1 py-2.5 text-[13px] tracking-tight");

function Aside({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 p-5">
      <h2 id={`${id}-title`} className="font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{text}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The price box: the sale and old price once unlocked, "Unlock Price" or "Call for Price" before (spec section 6). */
function PriceBox({ vehicle, texts }: { vehicle: VehicleDetailView; texts: TextTree }) {
  const t = translator(texts);
  const ui = useUi();
  const { price } = vehicle;
  return (
    <section aria-labelledby="price-title" className="rounded-xl border border-slate-200 p-5 shadow-sm">
      <h2 id="price-title" className="text-sm font-normal text-slate-700">
        {t("detail.salePrice")}
      </h2>
      {price.kind === "amount" ? (
        <>
          <p className="text-3xl font-bold text-slate-900">{price.amount}</p>
          {price.oldAmount ? (
            <p className="text-sm text-slate-600 line-through">{t("detail.oldPrice", { price: price.oldAmount })}</p>
          ) : null}
          {"savings" in price && price.savings ? (
            <p className="mt-1 text-sm font-semibold text-ok-800">{t("detail.youSave", { amount: price.savings })}</p>
          ) : null}
          {price.monthly ? <MonthlyPayment monthly={price.monthly} /> : null}
          <p className="mt-3 text-xs text-slate-600">{t("detail.priceNote", { documentFee: vehicle.documentFee })}</p>
        </>
      ) : price.kind === "unlock" ? (
        <>
          <p className="text-3xl font-bold">
            <PersonalizePriceLink vin={vehicle.vin} className="text-brand-800 underline-offset-2 hover:underline">
              {ui("common.labels.unlockPrice")}
            </PersonalizePriceLink>
          </p>
          <p className="mt-2 text-sm text-slate-700">{t("detail.unlockPriceText")}</p>
        </>
      ) : (
        <>
          <p className="text-3xl font-bold text-slate-900">{ui("common.labels.callForPrice")}</p>
          <a
            href={telHref(vehicle.store.phone)}
            className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
          >
            {ui("common.actions.callNumber", { phone: vehicle.store.phone })}
          </a>
        </>
      )}
      <PersonalizePriceLink vin={vehicle.vin} className={`mt-4 ${BUTTON_PRIMARY}`}>
        {ui("common.labels.personalizeMyPrice")}
      </PersonalizePriceLink>
      <p className="mt-4 text-sm text-slate-700">{t("detail.locatedAt", { store: vehicle.store.name })}</p>
    </section>
  );
}

/** The dealership that has the vehicle: address, a map link and the sales hours of each day. */
function Dealership({ vehicle, texts }: { vehicle: VehicleDetailView; texts: TextTree }) {
  const t = translator(texts);
  const ui = useUi();
  const { store } = vehicle;
  return (
    <section aria-labelledby="dealership-title" className="rounded-xl border border-slate-200 p-5">
      <h2 id="dealership-title" className="font-semibold text-slate-900">
        {t("detail.visitUs")}
      </h2>
      <address className="mt-2 text-sm text-slate-700 not-italic">
        <span className="block font-medium text-slate-900">{store.name}</span>
        <span className="block">{store.addressLine1}</span>
        <span className="block">{store.cityLine}</span>
      </address>
      <a
        href={store.mapsUrl}
        rel="noopener noreferrer external"
        className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <Icon name="map-pin" className="size-4" />
        {t("detail.directions")}
      </a>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">{t("detail.salesHours")}</h3>
      <dl className="mt-2 space-y-1 text-sm">
        {store.hours.map((day) => (
          <div key={day.day} className="flex justify-between gap-4">
            <dt className="text-slate-700">{day.day}</dt>
            <dd className="text-right text-slate-900">{day.hours}</dd>
          </div>
        ))}
      </dl>
      <a href={telHref(store.phone)} className="mt-3 inline-block text-sm font-semibold text-brand-700 hover:underline">
        {ui("common.actions.callNumber", { phone: store.phone })}
      </a>
    </section>
  );
}

/**
 * The phone's bar at the bottom of the screen: the price (or Unlock Price, or Call for Price) and the two actions,
 * always a thumb away. It is `sticky`, the page's last block, so it takes its own height at the end and covers
 * nothing once the page is scrolled through; it is there from the first paint (no layout shift) and hidden from
 * `lg` up, where the price box stays beside the photos.
 */
function ActionsBar({ vehicle, texts }: { vehicle: VehicleDetailView; texts: TextTree }) {
  const t = translator(texts);
  const ui = useUi();
  return (
    <section
      aria-label={t("detail.actionsBar")}
      className="sticky bottom-0 z-10 -mx-4 mt-10 border-t border-slate-200 bg-white px-4 py-2.5 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] sm:-mx-6 sm:px-6 lg:hidden"
    >
      <p className="text-lg leading-tight font-bold text-slate-900">
        <VehiclePrice vin={vehicle.vin} price={vehicle.price} texts={texts} />
      </p>
      <div className="mt-2 grid grid-cols-2 gap-2">
        <PersonalizePriceLink vin={vehicle.vin} className={BAR_PRIMARY}>
          {ui("common.labels.personalizeMyPrice")}
        </PersonalizePriceLink>
        <ScheduleTestDriveLink vin={vehicle.vin} className={BAR_SECONDARY}>
          {ui("common.labels.scheduleTestDrive")}
        </ScheduleTestDriveLink>
      </div>
    </section>
  );
}

/**
 * A vehicle's detail page (spec section 2, cars-direct-page): Vehicle Details, Key Features, the gated price, the
 * picture, the free history report, the pre-approval and test-drive asides, the dealership, similar vehicles, and
 * the JSON-LD `Car` for search engines.
 */
export function VehicleDetail({
  vehicle,
  similar,
  jsonLd,
  texts,
}: {
  vehicle: VehicleDetailView;
  similar: readonly VehicleCardView[];
  jsonLd: unknown;
  texts: TextTree;
}) {
  const t = translator(texts);
  const ui = useUi();
  return (
    <Container className="py-10">
      <JsonLdScript data={jsonLd} />
      <PageLink to="/cars-for-sale" className="text-sm font-semibold text-brand-700 hover:underline">
        {ui("common.actions.viewAllVehicles")}
      </PageLink>
      {/* One column on a phone, in reading order: the title and photos, the price column (the price box first) right
          under them, then the details. From lg the price column sits beside both, spanning the two rows, the second
          of which takes the rest, so neither column leaves a gap (ADR 266). */}
      <div className="mt-4 grid gap-x-10 gap-y-6 lg:grid-cols-[1fr_22rem] lg:grid-rows-[auto_1fr]">
        <div className="lg:col-start-1 lg:row-start-1">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            {vehicle.title}
            {vehicle.trim ? <span className="block text-xl font-semibold text-slate-700">{vehicle.trim}</span> : null}
          </h1>
          <p className="mt-1 text-slate-700">
            {countText(texts, "card.mileage", vehicle.mileage)} ·{" "}
            {t("card.stockNumber", { stock: vehicle.stockNumber })}
            {vehicle.private ? (
              <span className="ml-3 rounded-full bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">
                {t("card.privateBadge")}
              </span>
            ) : null}
          </p>
          {/* One row on a phone as on a desktop, so the price box stays on the first screen (detail-photos.e2e). */}
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
            <SaveVehicleButton vin={vehicle.vin} title={vehicle.title} saved={vehicle.saved} texts={texts} showLabel />
            {vehicle.private ? null : (
              // Email alerts for this vehicle's price (issue 28); a private vehicle is never mailed.
              <Link
                to={`/alerts?vin=${vehicle.vin}`}
                rel="nofollow"
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
              >
                {translator(texts)("alerts.createVehicle")}
              </Link>
            )}
          </div>
          {vehicle.photos.length > 0 ? (
            <VehicleGallery photos={vehicle.photos} name={vehicle.pictureAlt} texts={texts} className="mt-6" />
          ) : vehicle.pictureSvg ? (
            // The drawing paints with the document rather than as an image document of its own (ADR 153).
            <div
              role="img"
              aria-label={vehicle.pictureAlt}
              className="mt-6 aspect-[2/1] w-full overflow-hidden rounded-2xl bg-gradient-to-b from-slate-50 to-slate-100 [&>svg]:block [&>svg]:size-full"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the fixtures' own drawing, checked for scripts, handlers and outside references (content/vehicle-picture.server)
              dangerouslySetInnerHTML={{ __html: vehicle.pictureSvg }}
            />
          ) : (
            <VehiclePicture
              bodyStyle={vehicle.bodyStyle}
              color={vehicle.color}
              alt={vehicle.pictureAlt}
              eager
              className="mt-6 aspect-[2/1] w-full rounded-2xl"
            />
          )}
        </div>
        <div className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <PriceBox vehicle={vehicle} texts={texts} />
          <Aside id="pre-approval" title={t("detail.preApprovalTitle")} text={t("detail.preApprovalText")}>
            <ButtonLink to={preApprovalPath(vehicle.vin)} variant="secondary" className="w-full">
              {ui("common.labels.getPreApproved")}
            </ButtonLink>
          </Aside>
          <Aside id="test-drive" title={t("detail.testDriveTitle")} text={t("detail.testDriveText")}>
            <ScheduleTestDriveLink vin={vehicle.vin} className={BUTTON_SECONDARY}>
              {ui("common.labels.scheduleTestDrive")}
            </ScheduleTestDriveLink>
          </Aside>
          <Dealership vehicle={vehicle} texts={texts} />
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <section aria-labelledby="details-title" className="mt-4">
            <h2 id="details-title" className="text-2xl font-bold text-slate-900">
              {t("detail.vehicleDetails")}
            </h2>
            <dl className="mt-4 grid gap-x-8 gap-y-3 sm:grid-cols-2">
              {vehicle.specs.map(([key, value]) => (
                <div key={key} className="flex justify-between gap-4 border-b border-slate-200 pb-2">
                  <dt className="text-slate-700">{t(`detail.specs.${key}`)}</dt>
                  <dd className="text-right font-medium text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          {vehicle.features.length > 0 ? (
            <section aria-labelledby="features-title" className="mt-10">
              <h2 id="features-title" className="text-2xl font-bold text-slate-900">
                {t("detail.keyFeatures")}
              </h2>
              <ul className="mt-4 grid gap-2 sm:grid-cols-2">
                {vehicle.features.map((feature) => (
                  <li key={feature} className="flex gap-2 text-slate-800">
                    <Icon name="check" className="mt-0.5 size-5 shrink-0 text-ok-800" />
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="history-title" className="mt-10 rounded-xl bg-brand-50 p-6">
            <h2 id="history-title" className="text-lg font-semibold text-slate-900">
              {t("detail.historyReport")}
            </h2>
            <p className="mt-2 text-slate-700">{t("detail.historyReportText", { vin: vehicle.vin })}</p>
            <a
              href={vehicle.historyReportUrl}
              rel="noopener noreferrer external"
              className="mt-3 inline-block font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              {t("detail.historyReportLink", { vin: vehicle.vin })}
            </a>
            <p className="mt-3 text-sm text-slate-700">
              {t("detail.historyReportAsk")}{" "}
              <a href={telHref(vehicle.store.phone)} className="font-semibold text-brand-700 hover:underline">
                {ui("common.actions.callNumber", { phone: vehicle.store.phone })}
              </a>
            </p>
          </section>
        </div>
      </div>
      {similar.length > 0 ? (
        <section aria-labelledby="similar-title" className="mt-14">
          <h2 id="similar-title" className="text-2xl font-bold text-slate-900">
            {t("detail.similarVehicles")}
          </h2>
          <div className="mt-6">
            <VehicleGrid vehicles={similar} texts={texts} headingLevel={3} />
          </div>
        </section>
      ) : null}
      <ActionsBar vehicle={vehicle} texts={texts} />
    </Container>
  );
}
