import { data, redirect } from "react-router";
import { z } from "zod";
import { applyHeldFeed } from "../server/inventory/feed-pull.server";
import { type UploadOutcome, uploadFeed } from "../server/inventory/feed-upload.server";
import { mailDomain } from "../server/mail/message-id";
import type { Desk } from "../server/staff/desk.server";

const applyForm = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const uploadForm = z.object({
  store: z.string({ error: "Choose the store the feed is for." }).min(1, "Choose the store the feed is for.").max(64),
  scope: z.enum(["full", "partial"], { error: "Say whether the feed is the store's whole inventory." }),
  feed: z
    .instanceof(File, { error: "Choose a feed file (CSV or JSON)." })
    .refine((file) => file.size > 0, "Choose a feed file (CSV or JSON): this one is empty."),
});

/** What the page shows after an upload: the summary of the pull row it made. */
export type UploadAnswer = Exclude<UploadOutcome, { outcome: "no-such-store" }> & { fileName: string };

/** The file's name as shown on the desk: one line, bounded. */
const shownName = (name: string) => name.replace(/[\p{Cc}\p{Cf}]/gu, "").slice(0, 200) || "feed";

/**
 * An admin's upload of a store's feed, as a pull applies one (the mass-sold hold included), recorded and audited
 * (ADR 386). The body was bounded by FEED_MAX_BYTES, and read at all only for an admin (server/feed-upload-gate.ts).
 */
async function uploadAction(desk: Desk, form: FormData) {
  const parsed = uploadForm.safeParse({ store: form.get("store"), scope: form.get("scope"), feed: form.get("feed") });
  if (!parsed.success)
    return data({ error: parsed.error.issues[0]?.message ?? "Choose a feed file." }, { status: 400 });
  const { store, scope, feed } = parsed.data;
  const fileName = shownName(feed.name);
  const text = await feed.text();
  const json = /\.json$/i.test(feed.name) || /json/i.test(feed.type) || /^\s*\[/.test(text.slice(0, 1024));
  const { config, db } = desk.services;
  const outcome = await uploadFeed(
    db,
    desk.actor,
    { storeId: store, fileName, text, bytes: feed.size, json, full: scope === "full" },
    config.FEED_HOLD_PERCENT,
    new Date(),
    { messageDomain: mailDomain(config.MAIL_FROM) },
  );
  if (outcome.outcome === "no-such-store") return data({ error: `There is no store ${store}.` }, { status: 404 });
  return data({ upload: { ...outcome, fileName } satisfies UploadAnswer });
}

/** "Apply anyway" of a held feed, or an uploaded feed: an admin's, audited; answered with the page again. */
export async function inventoryFeedsAction(desk: Desk, form: FormData) {
  if (form.has("feed")) return uploadAction(desk, form);
  const parsed = applyForm.safeParse(Object.fromEntries(form.entries()));
  if (!parsed.success) return data({ error: "Choose a held feed to apply." }, { status: 400 });
  const { id } = parsed.data;
  const result = await applyHeldFeed(desk.services.db, desk.actor, id, new Date(), {
    messageDomain: mailDomain(desk.services.config.MAIL_FROM),
  });
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
