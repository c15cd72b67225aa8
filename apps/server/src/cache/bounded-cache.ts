/**
 * An in-memory cache that holds at most `capacity` entries (or, with `weigh`, that much weight), in two
 * generations of at most half the capacity each: entries go into the young one; a hit in the old one moves the entry
 * into the young one; when the young one is full it becomes the old one and the old one is dropped whole. Every
 * operation is O(1), and what is dropped is the least recently used half, roughly (decision 061: measured against
 * evicting the oldest key with keys().next(), LRU by delete and set, and clearing when full).
 *
 * It keeps values only: what makes an entry stale (a time to live, a generation, a notification) is the caller's,
 * stored in the value and checked on get. An undefined value cannot be stored (get answers undefined for a miss).
 */
export class BoundedCache<K, V extends NonNullable<unknown> | null> {
  #young = new Map<K, V>();
  #old = new Map<K, V>();
  #youngWeight = 0;
  readonly #half: number;
  readonly #weigh: ((value: V) => number) | undefined;
  readonly #onEvict: ((key: K, value: V) => void) | undefined;

  constructor(options: {
    /** Entries (or weight) held at most; at least half of it is kept at any time. */
    capacity: number;
    /** An entry's weight (bytes, say); 1 when absent. Must not change while the entry is held. */
    weigh?: (value: V) => number;
    /** Told of each entry dropped to make room (not of those deleted or cleared). */
    onEvict?: (key: K, value: V) => void;
  }) {
    this.#half = Math.max(1, Math.floor(options.capacity / 2));
    this.#weigh = options.weigh;
    this.#onEvict = options.onEvict;
  }

  get size(): number {
    return this.#young.size + this.#old.size;
  }

  get(key: K): V | undefined {
    const young = this.#young.get(key);
    if (young !== undefined) return young;
    const old = this.#old.get(key);
    if (old === undefined) return undefined;
    this.#old.delete(key);
    this.#add(key, old);
    return old;
  }

  has(key: K): boolean {
    return this.#young.has(key) || this.#old.has(key);
  }

  set(key: K, value: V): void {
    const young = this.#young.get(key);
    if (young !== undefined) {
      this.#youngWeight += this.#weightOf(value) - this.#weightOf(young);
      this.#young.set(key, value);
      return;
    }
    this.#old.delete(key);
    this.#add(key, value);
  }

  delete(key: K): boolean {
    const young = this.#young.get(key);
    if (young !== undefined) {
      this.#young.delete(key);
      this.#youngWeight -= this.#weightOf(young);
      return true;
    }
    return this.#old.delete(key);
  }

  /** Deletes every entry `drop` answers true for (a walk over all of them: for rare invalidations). */
  deleteWhere(drop: (value: V, key: K) => boolean): void {
    for (const [key, value] of this.#young) if (drop(value, key)) this.delete(key);
    for (const [key, value] of this.#old) if (drop(value, key)) this.delete(key);
  }

  clear(): void {
    this.#young = new Map();
    this.#old = new Map();
    this.#youngWeight = 0;
  }

  #weightOf(value: V): number {
    return this.#weigh ? this.#weigh(value) : 1;
  }

  #add(key: K, value: V): void {
    const weight = this.#weightOf(value);
    if (this.#youngWeight + weight > this.#half && this.#young.size > 0) {
      if (this.#onEvict) for (const [oldKey, oldValue] of this.#old) this.#onEvict(oldKey, oldValue);
      this.#old = this.#young;
      this.#young = new Map();
      this.#youngWeight = 0;
    }
    this.#young.set(key, value);
    this.#youngWeight += weight;
  }
}
