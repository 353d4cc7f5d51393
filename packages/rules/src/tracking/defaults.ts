import data from "../../rules/tracking.json" with { type: "json" };
import type { TrackingRules } from "./tracking.schema";

/**
 * The tracking rules that ship in `rules/tracking.json`, validated when the package is built and by the tests rather
 * than when this module loads (ADR 211).
 */
export const defaultTrackingRules: TrackingRules = data as unknown as TrackingRules;
