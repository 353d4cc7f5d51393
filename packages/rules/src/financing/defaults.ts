import data from "../../rules/financing.json" with { type: "json" };
import type { FinancingRules } from "./financing.schema";

/**
 * The financing rules that ship in `rules/financing.json`. They are validated when the package is built and by the
 * tests, not when this module loads, so a browser importing one function does not load the validator (ADR 211).
 */
export const defaultFinancingRules: FinancingRules = data as unknown as FinancingRules;
