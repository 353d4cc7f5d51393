import { data, redirect } from "react-router";
import { z } from "zod";
import { flashCookie } from "../content/flash.server";
import { readFormData } from "../content/form-data.server";
import { redirectToSchema } from "../content/redirect-to.server";
import { getSite } from "../content/site.server";
import type { Route } from "./+types/api.store";

/**
 * The store switcher's target: remembers the picked store for 30 days (Secure, SameSite=Lax) and sends the visitor
 * back to the page they were on with 303 and a "Store changed" flash toast. The switcher posts it with a fetcher
 * when JavaScript runs, so the redirect reloads only the data, not the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const site = await getSite(context);
  const form = await readFormData(request);
  const parsed = z
    .object({
      storeId: z.enum(site.stores.map((s) => s.id) as [string, ...string[]], "Choose one of our stores."),
      redirectTo: redirectToSchema,
    })
    .safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data(
      { ok: false as const, error: parsed.error.issues[0]?.message ?? "Choose one of our stores." },
      { status: 400 },
    );
  }
  const store = site.stores.find((s) => s.id === parsed.data.storeId);
  const name = store?.dealer.name ?? parsed.data.storeId;
  const headers = new Headers();
  headers.append("Set-Cookie", await site.cookies.rememberStore(parsed.data.storeId));
  headers.append("Set-Cookie", flashCookie({ key: "store.changed", values: { store: name } }));
  return redirect(atOneStore(parsed.data.redirectTo), { status: 303, headers });
}

/**
 * The page to go back to, without `store=all`: picking a store (in the header, or a store of a search page's choice)
 * means searching there, so an all-stores search comes back as the same search at the picked store (ADR 400). The
 * rest of the query is kept as it was written.
 */
function atOneStore(path: string): string {
  const at = path.search(/[?#]/);
  if (at === -1 || path[at] === "#") return path;
  const hash = path.indexOf("#", at);
  const query = path.slice(at + 1, hash === -1 ? undefined : hash);
  const kept = query.split("&").filter((pair) => pair.split("=")[0] !== "store");
  return `${path.slice(0, at)}${kept.length > 0 ? `?${kept.join("&")}` : ""}${hash === -1 ? "" : path.slice(hash)}`;
}

export function loader() {
  return new Response("Use POST to pick a store.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain" },
  });
}
