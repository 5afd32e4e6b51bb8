/**
 * The answers of recent searches, per process: search-as-you-type asks the same short prefixes
 * over and over ("SM", "SMI", "123 M"), each a query of ~0.7 ms of Postgres CPU. An answer is
 * kept under its county, kind and normalised term for `ttlMs`, and only while its county's
 * stamp is unchanged: the stamp counts the county's parcel imports (counties.parcel_imports,
 * bumped in the importing transaction) and carries its name, and the county itself comes
 * from the per-process county cache, which every process re-reads within COUNTY_CACHE_TTL_MS.
 * So an import in any process is seen by every process's search within about a second, at no
 * cost per request; what else changes the answers (a recorded document adding a name or a
 * document to a name's count) is seen within `ttlMs`.
 *
 * At most `maxEntries` answers, the least recently used dropped first; concurrent requests for
 * an answer not kept yet share one lookup, and a failed lookup is not kept.
 */
export type SearchCacheOptions = { ttlMs: number; maxEntries: number };

type Entry = { stamp: string; until: number; value: Promise<unknown> };

export type SearchCacheStats = { hits: number; misses: number; size: number };

export class SearchCache {
  /** Every cache's hits and misses in this process, for the benchmark. */
  static readonly totals = { hits: 0, misses: 0 };
  readonly #entries = new Map<string, Entry>();
  readonly #options: SearchCacheOptions;
  #hits = 0;
  #misses = 0;

  constructor(options: SearchCacheOptions) {
    this.#options = options;
  }

  /** The kept answer of `key` under `stamp`, or `lookup()`'s, kept. */
  get<T>(key: string, stamp: string, lookup: () => Promise<T>): Promise<T> {
    if (this.#options.ttlMs <= 0) return lookup();
    const now = Date.now();
    const entry = this.#entries.get(key);
    if (entry) {
      this.#entries.delete(key);
      if (entry.stamp === stamp && entry.until > now) {
        // Most recently used last, so the oldest is first to go.
        this.#entries.set(key, entry);
        this.#hits++;
        SearchCache.totals.hits++;
        return entry.value as Promise<T>;
      }
    }
    this.#misses++;
    SearchCache.totals.misses++;
    const value = lookup();
    const fresh: Entry = { stamp, until: now + this.#options.ttlMs, value };
    this.#entries.set(key, fresh);
    if (this.#entries.size > this.#options.maxEntries) {
      this.#entries.delete(this.#entries.keys().next().value!);
    }
    value.catch(() => {
      if (this.#entries.get(key) === fresh) this.#entries.delete(key);
    });
    return value;
  }

  stats(): SearchCacheStats {
    return { hits: this.#hits, misses: this.#misses, size: this.#entries.size };
  }

  clear(): void {
    this.#entries.clear();
  }
}
