/**
 * A map that holds at most `max` entries, the least recently used going first:
 * for what a long-running process keeps per distinct thing it has seen (a
 * file, a key), so its memory stops growing once the working set is in.
 */
export class LruMap<K, V> {
  readonly #max: number;
  /** In use order: the first key is the least recently used. */
  readonly #entries = new Map<K, V>();

  constructor(max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError("max must be a whole number ≥ 1");
    this.#max = max;
  }

  /** The value under `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): this {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#max) {
      this.#entries.delete(this.#entries.keys().next().value as K);
    }
    return this;
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
