import { Form, Link } from "react-router";
import { translator } from "../components/i18n";
import { privatePageHeaders } from "../components/private-page";
import { metaFromData } from "../components/seo";
import { Container, PageHero } from "../components/ui";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/alert";
import { type AlertPageMode, alertAction, alertPage } from "./alerts.server";

/** `/alerts/confirm/:token`, `/alerts/manage/:token`, `/alerts/unsubscribe/:token`: one page, three first views. */
function modeOf(request: Request): AlertPageMode {
  const [, , mode] = new URL(request.url).pathname.split("/");
  return mode === "confirm" || mode === "unsubscribe" ? mode : "manage";
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return alertPage(await getSite(context), request, params.token, modeOf(request));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return alertAction(await getSite(context), request, params.token);
}

export const meta = metaFromData;

/** One shopper's alerts, reached by the link in their email: never cached, never shared. */
export { privatePageHeaders as headers };

const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-md px-5 py-2.5 font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

/**
 * An alert's page, opened from its emails (issue 28): the alert the link names first, with the button its link
 * promised (confirm, or turn off), then the other alerts of the same address, each with its own button. Opening the
 * page changes nothing (mail scanners open links); only the buttons do, as plain form posts.
 */
export default function AlertPage({ loaderData }: Route.ComponentProps) {
  const t = translator(loaderData.texts);
  const { alerts, mode } = loaderData;
  const current = alerts.find((a) => a.current);
  const others = alerts.filter((a) => !a.current);
  const text =
    mode === "confirm"
      ? t("confirmText", { dealer: loaderData.dealerName })
      : mode === "unsubscribe"
        ? t("unsubscribeText")
        : t("manageText");
  return (
    <>
      <PageHero title={t(`${mode}Title`)} text={text} />
      <Container className="max-w-3xl py-10">
        {current ? (
          <section aria-labelledby="alert-current" className="rounded-lg border border-slate-300 p-6">
            <h2 id="alert-current" className="text-xl font-semibold text-slate-900">
              {current.label}
            </h2>
            <p className="mt-1 text-slate-700">
              {t(`kind.${current.kind}`)} · {t(`status.${current.status}`)}
            </p>
            {current.status === "unsubscribed" ? (
              <p className="mt-4 text-slate-800">{t("empty")}</p>
            ) : (
              <div className="mt-4 flex flex-wrap gap-3">
                {current.status === "pending" ? (
                  <Form method="post">
                    <button
                      type="submit"
                      name="intent"
                      value="confirm"
                      className={`${BUTTON} bg-brand-700 text-white hover:bg-brand-800`}
                    >
                      {t("confirm")}
                    </button>
                  </Form>
                ) : null}
                <Form method="post">
                  <button
                    type="submit"
                    name="intent"
                    value="unsubscribe"
                    className={`${BUTTON} border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`}
                  >
                    {t("unsubscribe")}
                  </button>
                </Form>
                <Link to={current.path} className={`${BUTTON} text-brand-700 underline`}>
                  {t("see", { label: current.label })}
                </Link>
              </div>
            )}
          </section>
        ) : null}
        {others.length > 0 ? (
          <section aria-labelledby="alert-others" className="mt-8">
            <h2 id="alert-others" className="text-xl font-semibold text-slate-900">
              {t("manageTitle")}
            </h2>
            <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-300">
              {others.map((alert) => (
                <li key={alert.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div>
                    <Link to={alert.path} className="font-semibold text-brand-700 underline">
                      {alert.label}
                    </Link>
                    <p className="text-sm text-slate-700">
                      {t(`kind.${alert.kind}`)} · {t(`status.${alert.status}`)}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="alert" value={alert.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="unsubscribe"
                      aria-label={t("unsubscribeNamed", { label: alert.label })}
                      className={`${BUTTON} border border-slate-400 bg-white text-slate-900 hover:bg-slate-50`}
                    >
                      {t("unsubscribe")}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </Container>
    </>
  );
}
