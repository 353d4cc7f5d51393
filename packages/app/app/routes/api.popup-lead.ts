import { getSite } from "../content/site.server";
import type { Route } from "./+types/api.popup-lead";
import { submitPopupLead } from "./api.popup-lead.server";

/** `POST /api/popups/lead`: a popup form's lead (ADR 290). */
export async function action({ request, context }: Route.ActionArgs) {
  return submitPopupLead(await getSite(context), request);
}

export function loader() {
  return new Response("Use POST to send a popup's form.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain" },
  });
}
