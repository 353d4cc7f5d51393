import * as z from "zod/mini";
import { popupIdSchema } from "./popup-id.schema";
import { childOf, type PopupStorage, type ViewedRule } from "./storage";

// Reading browser storage: outside input, parsed with zod/mini (ADR 213) apart from the reducers in storage.ts, so
// a page that only counts visits does not load the parser.
const MAX_ITEMS = 1000;
const MAX_ITEM_LENGTH = 200;
const indexKey = /^(?:0|[1-9]\d{0,3})$/;

function fromJson(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

const entriesSchema = z.catch(z.record(z.string(), z.unknown()), {});
const listSchema = z.catch(z.array(z.unknown()), []);

function validIds(raw: unknown): string[] {
  const ids = listSchema.parse(fromJson(raw)).filter((id): id is string => popupIdSchema.safeParse(id).success);
  return [...new Set(ids)];
}

const viewedRuleSchema = z.object({
  countVisits: z.int().check(z.nonnegative(), z.maximum(1_000_000)),
  itemsListViewed: z.pipe(
    z.catch(z.array(z.unknown()), []),
    z.transform((items) =>
      [...new Set(items.filter((i): i is string => typeof i === "string" && i.length <= MAX_ITEM_LENGTH))].slice(
        0,
        MAX_ITEMS,
      ),
    ),
  ),
});

function validViewed(raw: unknown): PopupStorage["viewedPagesItems"] {
  const byPopup: Record<string, Record<string, Record<string, ViewedRule>>> = {};
  for (const [popupId, conditions] of Object.entries(entriesSchema.parse(fromJson(raw)))) {
    if (!popupIdSchema.safeParse(popupId).success) continue;
    for (const [condition, rules] of Object.entries(entriesSchema.parse(conditions))) {
      if (!indexKey.test(condition)) continue;
      for (const [rule, viewed] of Object.entries(entriesSchema.parse(rules))) {
        const parsed = viewedRuleSchema.safeParse(viewed);
        if (!indexKey.test(rule) || !parsed.success) continue;
        childOf(childOf(byPopup, popupId), condition)[rule] = parsed.data;
      }
    }
  }
  return byPopup;
}

/**
 * Reads whatever localStorage holds (JSON strings or already-parsed values) into a valid state. Each part is read on
 * its own and every entry that does not fit is dropped, so corrupt storage gives an empty state, never a throw, and
 * a damaged visit count cannot cost the list of finished popups.
 */
export function parsePopupStorage(raw: {
  readonly finishedPopups?: unknown;
  readonly viewedPagesItems?: unknown;
}): PopupStorage {
  return { finishedPopups: validIds(raw.finishedPopups), viewedPagesItems: validViewed(raw.viewedPagesItems) };
}

/** Reads the session's disabled popup ids (a JSON list in sessionStorage); anything unreadable is an empty list. */
export function parseDisabledPopups(raw: unknown): string[] {
  return validIds(raw);
}
