import { acceptAll, CONSENT_LANGUAGES, deny, resolveConsent, savePreferences } from "@showroom/rules/consent";
import { data, redirect } from "react-router";
import { z } from "zod";
import { consentLanguageCookie, consentOf, consentSetCookies } from "../content/consent.server";
import { readFormData } from "../content/form-data.server";
import { redirectToSchema } from "../content/redirect-to.server";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/api.consent";

const formSchema = z.union([
  z.object({ language: z.enum(CONSENT_LANGUAGES) }),
  z.object({ intent: z.literal("reopen") }),
  z.object({ choice: z.enum(["accept-all", "close", "deny", "save"]) }),
]);

/**
 * The cookie banner's target (spec section 4): accept all (and tier 1's close-and-continue), deny (tier 3), save
 * the chosen categories, reopen the banner from the footer, or switch the dialog's language. Stores the consent
 * cookies and sends the visitor back with 303; a fetcher (`via=fetch`) gets `{ ok }` and the shell revalidates.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const site = await getSite(context);
  const form = await readFormData(request);
  const parsed = formSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ ok: false as const, error: "Choose an option." }, { status: 400 });
  const current = consentOf(request, site.settings);
  const headers = new Headers();
  const body = parsed.data;
  if ("language" in body) headers.append("Set-Cookie", consentLanguageCookie(body.language));
  else if ("intent" in body) {
    for (const cookie of consentSetCookies({ display: "show", allowed: current.allowed }))
      headers.append("Set-Cookie", cookie);
  } else {
    const tier = site.settings.cookies.tier;
    const allowedButtons = resolveConsent({ tier }).buttons as readonly string[];
    const pressed = body.choice === "save" ? "customize" : body.choice;
    if (!allowedButtons.includes(pressed))
      return data({ ok: false as const, error: "Choose an option." }, { status: 400 });
    const next =
      body.choice === "deny"
        ? deny(current)
        : body.choice === "save"
          ? savePreferences(current, form.getAll("categories"))
          : acceptAll(current);
    for (const cookie of consentSetCookies(next)) headers.append("Set-Cookie", cookie);
  }
  if (form.get("via") === "fetch") return data({ ok: true as const }, { headers });
  return redirect(redirectToSchema.parse(form.get("redirectTo") ?? "/"), { status: 303, headers });
}

export function loader() {
  return new Response("Use POST to record your cookie choices.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain" },
  });
}
