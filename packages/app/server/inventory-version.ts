/**
 * The inventory version (docs/decisions/130) as last read, for the HTML cache's key. It is kept only while the
 * database tells this process about every write to vehicles (PGlite, docs/decisions/156): a change forgets it, and a
 * read that began before the change can never store what it read.
 */
export class InventoryVersionCache {
  #value: string | null | undefined;
  #generation = 0;

  /** The version, or undefined when it must be read. */
  get(): string | null | undefined {
    return this.#value;
  }

  /** Vehicles were written: forget the version; reads already under way will not store theirs. */
  changed(): void {
    this.#generation += 1;
    this.#value = undefined;
  }

  /** Call before reading the version; pass the result to `settle` with what was read. */
  begin(): number {
    return this.#generation;
  }

  settle(generation: number, value: string | null): void {
    if (generation === this.#generation) this.#value = value;
  }
}
