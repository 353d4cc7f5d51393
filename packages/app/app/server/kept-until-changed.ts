/**
 * A value read from the database, kept only while the database tells this process of every write that could change
 * it (PGlite, where this process is the only writer: docs/decisions/156, 299). A change forgets it, and a read that
 * began before the change never stores what it read.
 */
export class KeptUntilChanged<T> {
  #value: T | undefined;
  #generation = 0;

  /** The value, or undefined when it must be read. */
  get(): T | undefined {
    return this.#value;
  }

  /** A write happened: forget the value; reads already under way will not store theirs. */
  changed(): void {
    this.#generation += 1;
    this.#value = undefined;
  }

  /** Call before reading; pass the result to `settle` with what was read. */
  begin(): number {
    return this.#generation;
  }

  settle(generation: number, value: T): void {
    if (generation === this.#generation) this.#value = value;
  }

  /** The kept value, or what `load` reads, kept unless a write happened while it read. */
  async read(load: () => Promise<T>): Promise<T> {
    const known = this.#value;
    if (known !== undefined) return known;
    const generation = this.begin();
    const value = await load();
    this.settle(generation, value);
    return value;
  }
}
