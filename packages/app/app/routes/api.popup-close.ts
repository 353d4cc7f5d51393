import { isButtonTriggered } from "@showroom/rules/popups";
import { data, redirect } from "react-router";
import { z } from "zod";
import { consentOf } from "../content/consent.server";
import { readFormData } from "../content/form-data.server";
import { redirectToSchema } from "../content/redirect-to.server";
import { withPopupId } from "../content/side-buttons.server";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/api.popup-close";

const formSchema = z.object({
  popupId: z.string().max(64),
  outcome: z.enum(["closed", "finished"]).default("closed"),
});

/**
 * `POST /api/popups/close`: a side button closed by its visitor, or its popup finished (ADR 335). Adds the popup to
 * the session's `closedSideButtons`, and a finished one also to `finishedSideButtons` when functional consent allows
 * keeping it; the pages the server draws then leave the button out. A form without JavaScript is sent back where it
 * came from with 303; the button's script (`via=fetch`) gets `{ ok }`. Only a side button of the visitor's popups
 * may be named, so nothing else ever reaches the cookies.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const site = await getSite(context);
  const form = await readFormData(request);
  const parsed = formSchema.safeParse({
    popupId: form.get("popupId") ?? undefined,
    outcome: form.get("outcome") ?? undefined,
  });
  const popup = parsed.success ? site.experiments.popups.find((p) => p.id === parsed.data.popupId) : undefined;
  if (!parsed.success || !popup || !isButtonTriggered(popup)) {
    return data({ ok: false as const, error: "There is no such button to close." }, { status: 400 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", withPopupId(request, "closedSideButtons", popup.id));
  if (parsed.data.outcome === "finished" && consentOf(request, site.settings).granted.functional) {
    headers.append("Set-Cookie", withPopupId(request, "finishedSideButtons", popup.id));
  }
  if (form.get("via") === "fetch") return data({ ok: true as const }, { headers });
  return redirect(redirectToSchema.parse(form.get("redirectTo") ?? "/"), { status: 303, headers });
}

export function loader() {
  return new Response("Use POST to close a side button.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain" },
  });
}
