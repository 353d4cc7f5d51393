import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { alertManageIntent, alertManageSchema, alertSubscribeSchema, isHoneypotFilled } from "@showroom/forms";
import {
  ALL_STORES,
  formatSearchPath,
  parseSearchPath,
  parseSearchQuery,
  robotsContent,
  searchCriteria,
} from "@showroom/rules/inventory";
import { data, redirect } from "react-router";
import type { Seo } from "../components/seo";
import { flashCookie } from "../content/flash.server";
import { readFormData } from "../content/form-data.server";
import { scopeWords, searchStoreId } from "../content/search-stores.server";
import { notFound } from "../content/seo.server";
import type { Site } from "../content/site.server";
import { t, tree } from "../content/translations.server";
import type { AlertRequest } from "../server/alerts/subscriptions.server";
import {
  alertsOfToken,
  confirmAlert,
  subscribeToAlert,
  unsubscribeAlert,
  unsubscribeListedAlert,
} from "../server/alerts/subscriptions.server";
import { logError } from "../server/log.server";
import { mailDomain } from "../server/mail/message-id";
import { searchCatalogue, searchVehicles } from "../server/search/search.server";
import { getVehicleByVin } from "../server/search/vehicle.server";

/** What an alert would watch, worked out on the server from the search address or the VIN (never from the form). */
type Watched = Omit<AlertRequest, "email" | "storeId" | "origin">;

async function watchedSearch(site: Site, address: string): Promise<Watched | null> {
  let url: URL;
  try {
    url = new URL(address, "http://site.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://site.invalid") return null;
  const { db } = site.services;
  const conditions = site.settings.vehicleConditions;
  const filters = parseSearchPath(url.pathname, await searchCatalogue(db), { conditions });
  if (!filters) return null;
  const criteria = searchCriteria(filters, parseSearchQuery(url.searchParams));
  // An alert watches the search's scope: the visitor's store, or every store from a search at all of them (ADR 423).
  const everyStore = criteria.store === ALL_STORES;
  const { page: _page, shown: _shown, store: _store, ...watched } = criteria;
  const result = await searchVehicles(db, {
    criteria: { ...watched, page: 1 },
    storeId: searchStoreId(site, criteria),
    conditions,
    privateUnlocked: false,
    facets: false,
  });
  const labels = result.appliedFilters.map((f) => f.label);
  const search = labels.length > 0 ? labels.join(", ") : t("inventory.alerts.everything");
  const query = new URLSearchParams([
    // First, as the search page's own links put it.
    ...(everyStore ? [["store", ALL_STORES] as [string, string]] : []),
    ...[...url.searchParams].filter(([key]) => !["page", "shown", "store"].includes(key)),
  ]);
  const path = `${formatSearchPath(filters, { conditions })}${query.size > 0 ? `?${query}` : ""}`;
  return {
    kind: "search",
    criteria: result.criteria,
    everyStore,
    path,
    label: everyStore ? t("inventory.alerts.atStores", { search, stores: scopeWords(site, criteria) }) : search,
  };
}

async function watchedVehicle(site: Site, vin: string): Promise<Watched | null> {
  const vehicle = await getVehicleByVin(site.services.db, vin, { conditions: site.settings.vehicleConditions });
  // A private vehicle is for the unlocked only; an email is not.
  if (!vehicle || vehicle.private) return null;
  const label = [vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(" ");
  return { kind: "vehicle", vin: vehicle.vin, path: vehicle.href, label };
}

function watched(site: Site, input: { search?: string | null; vin?: string | null }): Promise<Watched | null> {
  if (input.vin) return watchedVehicle(site, input.vin);
  if (input.search) return watchedSearch(site, input.search);
  return Promise.resolve(null);
}

/** The page's title and its text as the description (a shared link's preview says what the page does). */
function seoOf(site: Site, page: "new" | AlertPageMode): Seo {
  const { dealer } = site.store;
  const title = t(`inventory.alerts.${page}Title`);
  const description = t(`inventory.alerts.${page}Text`, { dealer: dealer.name });
  // Links with a token, or a form for one shopper: nothing for search engines, nothing canonical to share.
  return { title: `${title} | ${dealer.name}`, description, robots: robotsContent(false), siteName: dealer.name };
}

/** The alert form: what it will watch (from `?search=` or `?vin=`), and the address field. */
export async function newAlertPage(site: Site, request: Request) {
  const url = new URL(request.url);
  const search = url.searchParams.get("search");
  const vin = url.searchParams.get("vin");
  const target = await watched(site, { search, vin });
  if (!target) notFound(request);
  return {
    seo: seoOf(site, "new"),
    texts: tree("inventory.alerts"),
    fields: tree("forms.fields"),
    label: target.label,
    search: vin ? null : search,
    vin: vin ? (target.vin ?? null) : null,
    back: target.path,
    dealerName: site.store.dealer.name,
    idempotencyKey: randomUUID(),
  };
}

/**
 * The alert form's post: the alert waits for its confirmation and the confirmation email is queued in one
 * transaction; then 303 back to the search or vehicle with "check your inbox", whatever the address already had (the
 * answer never says whether an address has alerts). Bad input is a 400 with the form; a database failure a 503.
 */
export async function newAlertAction(site: Site, request: Request) {
  const form = await readFormData(request);
  const headers = new Headers();
  const done = (to: string) => {
    headers.append("Set-Cookie", flashCookie({ key: "alerts.success" }));
    return redirect(to, { status: 303, headers });
  };
  if (isHoneypotFilled(form)) return done("/cars-for-sale");
  const submission = parseWithZod(form, { schema: alertSubscribeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { email, search, vin } = submission.value;
  const target = await watched(site, { search: search ?? null, vin: vin ?? null });
  if (!target) {
    return data(
      { result: submission.reply({ fieldErrors: { email: [t("inventory.alerts.gone")] } }) },
      { status: 404 },
    );
  }
  const { db, config, hmacKey } = site.services;
  try {
    const outcome = await subscribeToAlert(
      db,
      { ...target, email, storeId: site.store.id, origin: site.origin },
      { hmacKey, messageDomain: mailDomain(config.MAIL_FROM) },
    );
    if (outcome === "queued") site.services.nudgeRelay();
  } catch (error) {
    logError("recording an email alert", error);
    return data({ result: submission.reply({ formErrors: [t("inventory.alerts.failed")] }) }, { status: 503 });
  }
  return done(target.path);
}

export type AlertPageMode = "confirm" | "manage" | "unsubscribe";

/** An alert's page, opened from its email: the alert (to confirm or turn off) and the address's other alerts. */
export async function alertPage(site: Site, request: Request, token: string, mode: AlertPageMode) {
  const alerts = await alertsOfToken(site.services.db, token);
  if (!alerts || alerts.length === 0) notFound(request);
  return {
    seo: seoOf(site, mode),
    texts: tree("inventory.alerts"),
    mode,
    dealerName: site.store.dealer.name,
    alerts,
  };
}

/**
 * The buttons of an alert's page, and a mailbox's one-click unsubscribe (RFC 8058: `List-Unsubscribe=One-Click`
 * posted to the link, answered 200 without a page). Only the token's own address's alerts can be touched.
 */
export async function alertAction(site: Site, request: Request, token: string) {
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: alertManageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { db } = site.services;
  const intent = alertManageIntent(submission.value);
  const other = submission.value.alert;
  let done: boolean;
  try {
    if (intent === "confirm") done = await confirmAlert(db, token);
    else done = other ? await unsubscribeListedAlert(db, token, other) : await unsubscribeAlert(db, token);
  } catch (error) {
    logError("changing an email alert", error);
    return data({ result: submission.reply({ formErrors: [t("inventory.alerts.failed")] }) }, { status: 503 });
  }
  if (submission.value["List-Unsubscribe"] !== undefined) {
    return new Response(done ? "Unsubscribed." : "Not found.", {
      status: done ? 200 : 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  if (!done) notFound(request);
  const headers = new Headers({
    "Set-Cookie": flashCookie({ key: intent === "confirm" ? "alerts.confirmed" : "alerts.unsubscribed" }),
  });
  return redirect(`/alerts/manage/${token}`, { status: 303, headers });
}
