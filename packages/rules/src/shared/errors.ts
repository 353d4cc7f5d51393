/**
 * The failure kinds of `@showroom/rules`, each with its class and a typed `code` (ADR 215). Every error the package
 * throws on purpose is one of these, so a caller can tell them apart with `instanceof` or by `code`:
 *
 * - `RULE_FILE_INVALID` ({@link RuleFileError}, from `./rule-file`): a rule file does not validate.
 * - `OFFER_INPUT_INVALID` (`OfferInputError`, from `@showroom/rules/offer`): an offer input does not validate.
 * - `INPUT_INVALID` ({@link InputError}): a function was called with arguments it cannot work with.
 * - `ACTOR_NOT_PROVIDED` ({@link ActorNotProvidedError}): a machine ran an effect the app was to provide.
 * - `WEB_CRYPTO_UNAVAILABLE` ({@link WebCryptoUnavailableError}): hashing outside a secure context.
 */
export type ShowroomRulesErrorCode =
  | "RULE_FILE_INVALID"
  | "OFFER_INPUT_INVALID"
  | "INPUT_INVALID"
  | "ACTOR_NOT_PROVIDED"
  | "WEB_CRYPTO_UNAVAILABLE";

/** The base of every error the package throws on purpose; switch on `code`. */
export abstract class ShowroomRulesError extends Error {
  abstract readonly code: ShowroomRulesErrorCode;
}

/** One thing wrong with a function's argument: where (`$.workingHours[2].close`) and what. */
export interface InputProblem {
  readonly path: string;
  readonly message: string;
}

/** Thrown when a function is called with arguments it cannot work with; `problems` names each one. */
export class InputError extends ShowroomRulesError {
  override readonly code = "INPUT_INVALID" as const;
  override name = "InputError";
  readonly problems: readonly InputProblem[];
  /** `what` names the argument, e.g. "testDriveSlots options". */
  constructor(what: string, problems: readonly InputProblem[]) {
    super(`Invalid ${what}:\n${problems.map((p) => `${p.path}: ${p.message}`).join("\n")}`);
    this.problems = problems;
  }
}

/** Thrown by a machine's default actor: the app must provide it (`machine.provide({ actors: { … } })`). */
export class ActorNotProvidedError extends ShowroomRulesError {
  override readonly code = "ACTOR_NOT_PROVIDED" as const;
  override name = "ActorNotProvidedError";
  readonly actor: string;
  constructor(machine: string, actor: string) {
    super(`${actor} is provided by the app: ${machine}.provide({ actors: { ${actor} } })`);
    this.actor = actor;
  }
}

/** Thrown when Web Crypto is missing: hashing needs a secure context (https or localhost). */
export class WebCryptoUnavailableError extends ShowroomRulesError {
  override readonly code = "WEB_CRYPTO_UNAVAILABLE" as const;
  override name = "WebCryptoUnavailableError";
  constructor() {
    super("Web Crypto is unavailable: hashing needs a secure context (https or localhost).");
  }
}
