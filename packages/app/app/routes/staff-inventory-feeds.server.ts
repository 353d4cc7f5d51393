import { data, redirect } from "react-router";
import { z } from "zod";
import { applyHeldFeed } from "../server/inventory/feed-pull.server";
import type { Desk } from "../server/staff/desk.server";

const applyForm = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** "Apply anyway" of a held feed: an admin's, audited (applyHeldFeed); answered with the page again. */
export async function inventoryFeedsAction(desk: Desk, form: FormData) {
  const parsed = applyForm.safeParse(Object.fromEntries(form.entries()));
  if (!parsed.success) return data({ error: "Choose a held feed to apply." }, { status: 400 });
  const { id } = parsed.data;
  const result = await applyHeldFeed(desk.services.db, desk.actor, id);
  if (result.outcome === "not-found") return data({ error: `There is no feed pull #${id}.` }, { status: 404 });
  if (result.outcome === "not-held") {
    return data(
      {
        error: `Pull #${id} is not a held feed that can still be applied: a later pull replaced it, or it was never held.`,
      },
      { status: 409 },
    );
  }
  return redirect(`/staff/inventory-feeds?applied=${id}`, 303);
}
