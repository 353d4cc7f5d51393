// Work split into steps (docs/decisions/361): a generator that yields between pieces of a long pass, so the search
// index can be rebuilt beside the one in use while requests run between the pieces. Run whole, it is the same work.

/**
 * How many items (vehicles, texts, pairs) a step handles before it pauses: at 100,000 vehicles a step holds the event
 * loop for milliseconds, where a whole pass holds it for up to a second on a busy machine.
 */
export const STEP_ITEMS = 1_000;

/** A generator of steps, returning `T` at its end. */
export type Steps<T> = Generator<void, T>;

/** Runs `steps` to their end without pausing. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Whether a pass should pause after item `i` (0-based), every `every` items. */
export const pausesEvery =
  (every: number) =>
  (i: number): boolean =>
    (i + 1) % every === 0;
