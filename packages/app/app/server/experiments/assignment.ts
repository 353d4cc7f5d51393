import { createHash } from "node:crypto";

// The experiment identity of spec section 3 is the unique user id, the user agent, an optional company id and the
// page's query. Assignment hashes only the user id (ADR 287): a visitor stays in one variant on every page, in every
// tab and across browser updates. Targeting by the other fields is not implemented.

/**
 * Where a user id falls for one experiment, in [0, 1): the first 32 bits of SHA-256 over `name.userID`. Salting with
 * the experiment's name makes the experiments independent of one another (being in one says nothing of another).
 */
export function experimentBucket(experimentName: string, userID: string): number {
  return createHash("sha256").update(`${experimentName}.${userID}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** The experiments a visitor is in: those whose bucket falls below their allocation, in the list's order. */
export function assignExperiments<E extends { readonly name: string; readonly allocation: number }>(
  experiments: readonly E[],
  userID: string,
): E[] {
  return experiments.filter((experiment) => experimentBucket(experiment.name, userID) < experiment.allocation);
}

/**
 * The side of an offer-rules experiment a user id falls on (ADR 390): `variant` (priced with the experiment's rules)
 * for the experiment's allocation, `control` (the live rules) for the rest. The same bucket as
 * {@link assignExperiments}, so a visitor in the experiment's wording is in its pricing too.
 */
export function offerRulesArm(
  experiment: { readonly name: string; readonly allocation: number },
  userID: string,
): "variant" | "control" {
  return experimentBucket(experiment.name, userID) < experiment.allocation ? "variant" : "control";
}
