// A short-lived cache of anonymous responses (protocol doc §14: "cache anonymous list pages briefly").
// Per instance and bounded: another instance never needs it, and an entry is at most `ttlMs` stale.
// Each entry keeps its gzip form beside the JSON, made once on the first request that accepts gzip.
export type CachedResponse<T = string> = { body: T; gzip?: Buffer; expires: number }

/** Holds JSON strings for responses; other values (parsed rows) with a type argument. */
export class ResponseCache<T = string> {
  private readonly entries = new Map<string, CachedResponse<T>>()

  constructor(
    private readonly ttlMs = 5000,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, now = Date.now()): CachedResponse<T> | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires <= now) {
      this.entries.delete(key)
      return undefined
    }
    // Recently used entries move to the end, so the oldest are dropped first.
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  set(key: string, body: T, now = Date.now()): CachedResponse<T> {
    const entry: CachedResponse<T> = { body, expires: now + this.ttlMs }
    this.entries.delete(key)
    this.entries.set(key, entry)
    while (this.entries.size > this.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string)
    return entry
  }

  /** After a change this instance made (a new chart, a like…); other instances wait out the TTL. */
  clear(): void {
    this.entries.clear()
  }
}
