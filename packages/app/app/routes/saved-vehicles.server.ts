import { parseWithZod } from "@conform-to/zod/v4";
import { savedVehicleSchema } from "@showroom/forms";
import { robotsContent } from "@showroom/rules/inventory";
import { data, redirect } from "react-router";
import type { Seo } from "../components/seo";
import type { VehicleCardView } from "../components/vehicle/types";
import { readFormData } from "../content/form-data.server";
import { redirectToSchema } from "../content/redirect-to.server";
import { pagePath } from "../content/seo.server";
import { readShopperNumbers } from "../content/shopper-numbers.server";
import type { Site } from "../content/site.server";
import { pickTexts, t } from "../content/translations.server";
import { cardsFor } from "../content/vehicle-card.server";
import { COMPARE_PICK_TEXTS } from "../server/compare/compare-query";
import { logError } from "../server/log.server";
import { listedCards } from "../server/saved/listed-cards.server";
import { removeVehicle, SAVED_VEHICLES_LIMIT, savedVins, saveVehicle } from "../server/saved/saved-vehicles.server";
import { getVehicleByVin } from "../server/search/vehicle.server";
import { sendVisitorCookie } from "../server/visitor.server";
import { readVisitor } from "../server/visitor-state.server";

/** The saved-vehicles page: the visitor's saved vehicles still for sale, as cards (price gate applied), newest last. */
export async function savedVehiclesPage(site: Site, request: Request) {
  const { db } = site.services;
  const visitor = await readVisitor(db, site.visitor);
  const vins = await savedVins(db, visitor);
  const cards = await listedCards(db, vins, {
    conditions: site.settings.vehicleConditions,
    priceUnlocked: visitor.priceUnlocked,
    privateUnlocked: visitor.inventoryUnlocked,
  });
  const { dealer } = site.store;
  const seo: Seo = {
    title: `${t("inventory.saved.title")} | ${dealer.name}`,
    description: t("inventory.saved.text"),
    canonical: `${site.origin}${pagePath(new URL(request.url))}`,
    // One visitor's list: nothing for search engines.
    robots: robotsContent(false),
    siteName: dealer.name,
  };
  const vehicles: VehicleCardView[] = cards.map(cardsFor(vins, readShopperNumbers(request, site.settings)));
  return {
    seo,
    texts: pickTexts("inventory", [
      "saved",
      "card",
      "alerts.createVehicle",
      "alerts.createVehicleNamed",
      ...COMPARE_PICK_TEXTS,
    ]),
    vehicles,
  };
}

export type SavedVehiclesRefusal = { ok: false; status: number; message: string; field: "vin" | "intent" | null };

function refuse(status: number, message: string, field: SavedVehiclesRefusal["field"], headers?: Headers) {
  return data({ ok: false, status, message, field } satisfies SavedVehiclesRefusal, { status, headers });
}

/**
 * The hearts' action: save or remove one vehicle on the visitor's list. A post with `returnTo` (a form without
 * JavaScript) answers 303 back to that page; a fetcher's post (no `returnTo`) answers 200 with the new state. A
 * malformed VIN or intent is a 400 in the form's words; saving a vehicle that is not for sale (unknown, sold, private
 * before the inventory unlock) a 404; a full list a 409. Nothing is written on a refusal.
 */
export async function savedVehiclesAction(site: Site, request: Request) {
  const form = await readFormData(request);
  const submission = parseWithZod(form, { schema: savedVehicleSchema });
  if (submission.status !== "success") {
    const errors = submission.reply().error ?? {};
    const field = errors.vin ? "vin" : "intent";
    return refuse(400, errors[field]?.[0] ?? t("inventory.saved.unknownVehicle"), field);
  }
  const { vin, intent } = submission.value;
  const rawReturn = form.get("returnTo");
  const returnTo = typeof rawReturn === "string" && rawReturn !== "" ? redirectToSchema.parse(rawReturn) : null;
  const { db } = site.services;
  const headers = new Headers();
  const identity = site.visitor;
  await sendVisitorCookie(identity, headers);
  try {
    if (intent === "save") {
      const visitor = await readVisitor(db, site.visitor);
      const vehicle = await getVehicleByVin(db, vin, { conditions: site.settings.vehicleConditions });
      if (!vehicle || (vehicle.private && !visitor.inventoryUnlocked)) {
        return refuse(404, t("inventory.saved.unknownVehicle"), "vin", headers);
      }
      if ((await saveVehicle(db, identity.visitorId, vehicle.vin)) === "full") {
        return refuse(409, t("inventory.saved.full", { limit: SAVED_VEHICLES_LIMIT }), "vin", headers);
      }
    } else if (identity.known) {
      await removeVehicle(db, identity.visitorId, vin);
    }
  } catch (error) {
    logError("saved vehicles: the change could not be saved", error);
    return refuse(503, t("inventory.saved.failed"), null, headers);
  }
  if (returnTo !== null) return redirect(returnTo, { status: 303, headers });
  return data({ ok: true as const, vin, saved: intent === "save" }, { headers });
}
