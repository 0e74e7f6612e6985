/**
 * A few seconds of memory for what crawlers ask again and again (the same page, the sitemap),
 * so a burst costs one query; short enough that an edit shows almost at once. Concurrent misses
 * for one key share one load.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { expires: number; value: Promise<V> }>();

  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlMs: number, maxEntries: number) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.evictExpired(now);
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /** Forgets every entry: the next get of each key loads again. */
  clear(): void {
    this.entries.clear();
  }

  private evictExpired(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    // Still full: drop the oldest (Map keeps insertion order).
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
