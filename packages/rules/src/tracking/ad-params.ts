import { defaultTrackingRules } from "./defaults";
import type { TrackingRules } from "./tracking.schema";

/**
 * Longest ad parameter value kept. Click ids run to about 100 characters; the values ride in a 30-day cookie next to
 * the others, so an oversized value is dropped rather than truncated (a cut click id would attribute nothing).
 */
export const MAX_AD_PARAM_LENGTH = 255;

/** The ad parameters kept from a landing URL, by name (utm_source, gclid, …). */
export type AdParams = Readonly<Record<string, string>>;

/** A query string, `URLSearchParams`, or a parsed query object. */
export type SearchInput = string | URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined>>;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function firstValue(search: Exclude<SearchInput, string>, name: string): string | undefined {
  if (search instanceof URLSearchParams) return search.get(name) ?? undefined;
  if (!Object.hasOwn(search, name)) return undefined;
  const value = search[name];
  return typeof value === "string"
    ? value
    : Array.isArray(value)
      ? value.find((v) => typeof v === "string")
      : undefined;
}

/**
 * The listed ad parameters present in `search`: first value of each, trimmed; empty, oversized or control-character
 * values are left out, and so is every parameter not in the list.
 */
export function pickAdParams(search: SearchInput, rules: TrackingRules = defaultTrackingRules): AdParams {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const picked: Record<string, string> = {};
  for (const name of rules.adParameters) {
    const value = firstValue(params, name)?.trim();
    if (!value || value.length > MAX_AD_PARAM_LENGTH || CONTROL_CHARACTERS.test(value)) continue;
    picked[name] = value;
  }
  return picked;
}

/** The ad parameter names kept, in the order of `rules/tracking.json`. */
export function adParameterNames(rules: TrackingRules = defaultTrackingRules): readonly string[] {
  return rules.adParameters;
}
