import { AsyncLocalStorage } from "node:async_hooks";
import type { Lead } from "@showroom/rules/leads";
import type { AdParams, TrackingEventName } from "@showroom/rules/tracking";

/** A lead recorded during one request, as the tracking middleware reports it. */
export interface CapturedLead {
  readonly lead: Lead;
  readonly visitorId: string | null;
  /** The visitor had no contact details saved before this lead (spec section 4: the Lead event fires then). */
  readonly profileWasEmpty: boolean;
  /** An event its form reports besides the kind's own (a popup's `submitted.track`). */
  readonly alsoTrack?: TrackingEventName;
}

/** What one request lends `recordLead` and learns back from it. */
export interface LeadCapture {
  /** The ad parameters the visitor allowed us to keep (targeting), attached to every lead of the request. */
  adParams(): Promise<AdParams>;
  readonly recorded: CapturedLead[];
}

const storage = new AsyncLocalStorage<LeadCapture>();

/**
 * Runs one request's work (React Router's `next()`) with a capture: `recordLead`, however deep in a route's action,
 * reads the ad parameters from it and reports every lead it creates, without each of the dozen lead routes passing
 * them along.
 */
export function withLeadCapture<T>(capture: LeadCapture, work: () => Promise<T>): Promise<T> {
  return storage.run(capture, work);
}

/** The capture of the request in progress; undefined outside one (scripts, tests of recordLead). */
export function currentLeadCapture(): LeadCapture | undefined {
  return storage.getStore();
}
