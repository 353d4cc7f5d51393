import data from "../../rules/lead-destinations.json" with { type: "json" };
import type { LeadDestinations } from "./destination.schema";

/**
 * The lead destinations that ship with the package: example addresses, replaced by each store's configuration.
 * Validated when the package is built and by the tests rather than when this module loads (ADR 211).
 */
export const defaultLeadDestinations: LeadDestinations = data as unknown as LeadDestinations;
