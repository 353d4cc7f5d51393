import { getSite } from "../content/site.server";
import { requestContext } from "../context";
import type { Route } from "./+types/api.phone-validation";
import { phoneValidation, readFields } from "./phone-validation.server";

/**
 * POST /api/customer/phoneValidation (spec section 7): sends an SMS code or checks it, answering JSON
 * `{ success, error?, message? }`. Same-origin and rate limits apply as to every write.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const site = await getSite(context);
  const outcome = await phoneValidation(site, await readFields(request), context.get(requestContext).clientIp);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (outcome.setCookie) headers.append("Set-Cookie", outcome.setCookie);
  return Response.json(outcome.answer, { status: outcome.status, headers });
}

export function loader() {
  return new Response("Use POST with phone and type (phone-validation or code-verification).", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain" },
  });
}
