import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { isHoneypotFilled, MESSAGES, privateInventoryUnlockSchema, TCPA_DISCLAIMER } from "@showroom/forms";
import { robotsContent } from "@showroom/rules/inventory";
import { ADF_LEAD_COOKIE } from "@showroom/rules/leads";
import { inventoryUnlockMachine, SAVE_DETAILS_ERROR, type UnlockInventoryInput } from "@showroom/rules/test-drive";
import { data, redirect } from "react-router";
import { createActor, fromPromise, waitFor } from "xstate";
import type { Seo } from "../components/seo";
import { flashCookie } from "../content/flash.server";
import { readFormData } from "../content/form-data.server";
import { redirectToSchema } from "../content/redirect-to.server";
import { pagePath } from "../content/seo.server";
import type { Site } from "../content/site.server";
import { t, tree } from "../content/translations.server";
import { readCookie } from "../cookies";
import { ADF_LEAD_SET_COOKIE, recordLead } from "../server/leads/record-lead.server";
import { mailDomain } from "../server/mail/message-id";
import { sendVisitorCookie } from "../server/visitor.server";
import { readVisitor, saveVisitor } from "../server/visitor-state.server";

/** Where a shopper goes back to when the link named no page: the search, where private vehicles now show. */
export const DEFAULT_RETURN = "/cars-for-sale";

/**
 * The page to go back to after the unlock: a path of this site (never another origin, never a scheme-relative
 * `//host` or `/\host`), else the search. Anything that is not such a path is replaced, not refused: the link is ours.
 */
export function returnPath(value: unknown): string {
  if (typeof value !== "string" || value === "") return DEFAULT_RETURN;
  const path = redirectToSchema.parse(value);
  // The schema answers `/` for anything that would leave the site; only a real `/` goes home.
  return path === "/" && value !== "/" ? DEFAULT_RETURN : path;
}

/** The unlock page: the form (profile prefilled), or "Access granted" for a visitor who has unlocked already. */
export async function unlockInventoryPage(site: Site, request: Request) {
  const visitor = await readVisitor(site.services.db, site.visitor);
  const url = new URL(request.url);
  const { dealer } = site.store;
  const seo: Seo = {
    title: `${t("test-drive.unlock.title")} | ${dealer.name}`,
    canonical: `${site.origin}${pagePath(url)}`,
    robots: robotsContent(false),
    siteName: dealer.name,
  };
  return {
    seo,
    texts: tree("test-drive.unlock"),
    fields: tree("forms.fields"),
    toastTexts: tree("toasts.unlockInventory"),
    tcpa: TCPA_DISCLAIMER,
    returnTo: returnPath(url.searchParams.get("return")),
    granted: visitor.inventoryUnlocked,
    profile: visitor.profile,
    idempotencyKey: randomUUID(),
  };
}

/**
 * The private-inventory unlock (spec section 4: enter details, then access granted). The details are parsed with
 * the form's schema; the machine hands valid ones to the unlock, which writes the lead UNLOCK_INVENTORY, its outbox
 * row and the visitor's profile with `unlock_inventory_at` in one transaction; then 303 back to `return`. Bad input
 * answers 400 and writes nothing; a failed write answers the spec's "There was an error saving your information."
 */
export async function unlockInventoryAction(site: Site, request: Request) {
  const form = await readFormData(request);
  const returnTo = returnPath(form.get("return"));
  const headers = new Headers();
  const granted = () => {
    headers.append("Set-Cookie", flashCookie({ key: "unlockInventory.success" }));
    return redirect(returnTo, { status: 303, headers });
  };
  if (isHoneypotFilled(form)) return granted();

  const submission = parseWithZod(form, { schema: privateInventoryUnlockSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), failed: false }, { status: 400 });
  }
  const { db, config } = site.services;
  const visitor = await readVisitor(db, site.visitor);
  let visitorId = visitor.visitorId;
  if (!visitorId) {
    visitorId = site.visitor.visitorId;
    await sendVisitorCookie(site.visitor, headers);
  }
  const unlockingVisitor = visitorId;
  const { idempotencyKey, firstName, lastName, email, phone } = submission.value;
  const outcome: { created?: boolean } = {};
  const machine = inventoryUnlockMachine.provide({
    actors: {
      unlockInventory: fromPromise<void, UnlockInventoryInput>(async ({ input }) => {
        const result = await recordLead(
          db,
          {
            idempotencyKey,
            storeId: site.store.id,
            visitorId: unlockingVisitor,
            adfLeadCookie: readCookie(request, ADF_LEAD_COOKIE),
            lead: { kind: "UNLOCK_INVENTORY", user: { ...input.profile }, text: t("test-drive.unlock.leadText") },
            alsoWrite: async (tx) => {
              await saveVisitor(tx, { visitorId: unlockingVisitor, profile: input.profile, unlockInventory: true });
            },
          },
          { messageDomain: mailDomain(config.MAIL_FROM) },
        );
        if (result.setAdfLeadCookie) headers.append("Set-Cookie", ADF_LEAD_SET_COOKIE);
        outcome.created = result.created;
      }),
    },
  });
  const actor = createActor(machine, { input: { profile: visitor.profile } }).start();
  try {
    actor.send({ type: "SUBMIT_DETAILS", profile: { firstName, lastName, email, phone } });
    const settled = await waitFor(actor, (snapshot) => !snapshot.hasTag("busy"), { timeout: 30_000 });
    if (settled.matches("accessGranted")) {
      if (outcome.created) site.services.nudgeRelay();
      return granted();
    }
    if (settled.context.error) {
      return data(
        { result: submission.reply({ formErrors: [SAVE_DETAILS_ERROR] }), failed: true },
        { status: 503, headers },
      );
    }
    // The form's schema and the machine agree on a valid profile; should they not, the fields say what is wrong.
    const fieldErrors = Object.fromEntries(settled.context.invalidFields.map((field) => [field, [MESSAGES[field]]]));
    return data({ result: submission.reply({ fieldErrors }), failed: false }, { status: 400, headers });
  } finally {
    actor.stop();
  }
}
