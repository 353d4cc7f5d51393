import { data, redirect } from "react-router";
import { z } from "zod";
import { inventoryIndexCaughtUp } from "../server/search/snapshot.server";
import type { Desk } from "../server/staff/desk.server";
import { changeCar } from "../server/staff/inventory-desk.server";

const vin = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .transform((v) => v.toUpperCase());
const reason = z.string().trim().min(3).max(300);
/** Whole dollars as staff type them: `21995`, `21,995` or `$21,995`. */
const price = z
  .string()
  .max(20)
  .transform((v) => v.replace(/[$,\s]/g, ""))
  .pipe(z.string().regex(/^\d{1,7}$/))
  .transform(Number)
  .pipe(z.number().int().min(1).max(5_000_000));

const changeForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("hide"), vin, reason }),
  z.object({ intent: z.literal("show"), vin }),
  z.object({ intent: z.literal("price"), vin, price, reason }),
  z.object({ intent: z.literal("restore"), vin }),
]);

/** What the page says of a change done. */
export const DONE = {
  hide: "The car is hidden from the site and the ad feeds; the next feed import keeps it hidden.",
  show: "The car is shown again wherever the feed lists it.",
  price: "The price is corrected; it stays until the feed sends a different price or an admin restores the feed’s.",
  restore: "The feed’s price is back.",
} as const;
export type Done = keyof typeof DONE;

/** Hide, show again, correct a price, restore the feed's price: an admin's, each one audit row (changeCar). */
export async function inventoryAction(desk: Desk, form: FormData) {
  const parsed = changeForm.safeParse(Object.fromEntries(form.entries()));
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    const error = fields.has("price")
      ? "Enter the price in whole dollars, between $1 and $5,000,000."
      : fields.has("reason")
        ? "Say why, in 3 to 300 characters: the audit trail keeps it."
        : "That change is not one the desk knows.";
    return data({ error }, { status: 400 });
  }
  const change = parsed.data;
  const outcome = await changeCar(desk.services.db, desk.actor, change);
  if (outcome === "not-found") return data({ error: `There is no car with VIN ${change.vin}.` }, { status: 404 });
  // The page then says the car is hidden (or shown, or repriced): this process's search says so too before it does.
  // Other processes follow within a second, as after an import (ADR 361).
  await inventoryIndexCaughtUp(desk.services.db);
  return redirect(`/staff/inventory?${new URLSearchParams({ q: change.vin, done: change.intent })}`, 303);
}
