import data from "../../rules/consent.json" with { type: "json" };
import type { ConsentRules } from "./consent.schema";

/**
 * The consent rules that ship in `rules/consent.json`, validated when the package is built and by the tests rather
 * than when this module loads (ADR 211).
 */
export const defaultConsentRules: ConsentRules = data as unknown as ConsentRules;
