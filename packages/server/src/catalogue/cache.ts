/**
 * A small read-through cache with a time-to-live, for data that every customer reads and only an
 * operator changes (cities, stations, site settings). On PGlite every query runs on one
 * single-threaded engine, so serving the catalogue from memory is what lets the server answer
 * thousands of requests a second (docs/performance.md). An operator's change (CLI import, another
 * server) shows within the TTL.
 *
 * Concurrent misses of one key share one load (no stampede); a failed load is not cached.
 */
export class TtlCache<V> {
  readonly #entries = new Map<string, { readonly value: Promise<V>; readonly until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    private readonly maxEntries = 1_000,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const at = this.now();
    const hit = this.#entries.get(key);
    if (hit !== undefined && hit.until > at) return hit.value;
    if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    const value = load();
    this.#entries.set(key, { value, until: at + this.ttlMs });
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
