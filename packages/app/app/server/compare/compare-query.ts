// The compare page's address (ADR 346): `/compare?vins=A,B,C`, at most three VINs, read through a bounded parser and
// zod. Pure, so the refusals are tested without a server.
import { VIN_PATTERN } from "@showroom/forms";
import { z } from "zod";

/** The compare page. */
const COMPARE_PATH = "/compare";

/** How many vehicles a comparison holds: three columns still fit a laptop and scroll on a phone. */
export const COMPARE_LIMIT = 3;

/**
 * The longest query string read at all. Three VINs, their commas and the parameter name take 61 characters; the rest
 * is room for the form's own encoding (`vin=…&vin=…`) and tracking parameters a shared link picks up.
 */
const MAX_QUERY_LENGTH = 512;

/** Why an address names no comparison the page can show; each is a 400 in the shopper's words. */
export type CompareRefusal = "tooLong" | "tooMany" | "malformed";

export type CompareQuery =
  | {
      ok: true;
      vins: string[] /** The canonical address when the request's differs (redirect there). */;
      redirect: string | null;
    }
  | { ok: false; reason: CompareRefusal };

const vinSchema = z.string().regex(VIN_PATTERN);
// Duplicates count against the limit: a list is refused for its length before anything is read out of it.
const vinListSchema = z.array(vinSchema).max(COMPARE_LIMIT);

/** The canonical address of a comparison: VINs upper-cased, in the shopper's order, each once. */
export function compareHref(vins: readonly string[]): string {
  return vins.length === 0 ? COMPARE_PATH : `${COMPARE_PATH}?vins=${vins.join(",")}`;
}

/**
 * The VINs of a compare address. Two spellings are read: the canonical `vins=A,B,C` (what the page links and shares)
 * and `vin=A&vin=B`, which the listing's checkboxes submit without JavaScript; the second and any other variation
 * (lower case, spaces, repeats) answer with `redirect`, the canonical address. No VIN at all is an empty comparison,
 * not a refusal.
 */
export function parseCompareQuery(url: URL): CompareQuery {
  if (url.search.length > MAX_QUERY_LENGTH) return { ok: false, reason: "tooLong" };
  const raw = [...url.searchParams.getAll("vins"), ...url.searchParams.getAll("vin")]
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().toUpperCase())
    .filter((value) => value !== "");
  if (raw.length > COMPARE_LIMIT) return { ok: false, reason: "tooMany" };
  const parsed = vinListSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: "malformed" };
  const vins = [...new Set(parsed.data)];
  const canonical = compareHref(vins);
  return { ok: true, vins, redirect: `${url.pathname}${url.search}` === canonical ? null : canonical };
}

/** The texts a listing needs for its "Compare" checkboxes and button (`pickTexts("inventory", …)`). */
export const COMPARE_PICK_TEXTS = ["compare.pick", "compare.submit", "compare.submitHint"] as const;
