import { createHash } from "node:crypto";

/**
 * The experiment identity of spec section 3: the unique user id (the signed `uniqueUserId` cookie), the user agent,
 * an optional company id, and the page's query parameters (lists joined by commas). Assignment hashes only `userID`,
 * so a visitor stays in one variant on every page, in every browser tab and across user-agent updates; the other
 * fields are what a remote provider may target on.
 */
export interface ExperimentIdentity {
  readonly userID: string;
  readonly userAgent: string;
  readonly customIDs?: { readonly companyID?: string };
  readonly custom: Readonly<Record<string, string>>;
}

/** The identity of a request's visitor, as section 3 defines it. */
export function experimentIdentity(userID: string, request: Request, companyID?: string): ExperimentIdentity {
  const custom: Record<string, string> = {};
  const query = new URL(request.url).searchParams;
  for (const name of new Set(query.keys())) custom[name] = query.getAll(name).join(",");
  return {
    userID,
    userAgent: request.headers.get("user-agent") ?? "",
    ...(companyID === undefined ? {} : { customIDs: { companyID } }),
    custom,
  };
}

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
