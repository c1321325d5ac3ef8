// A short-lived cache of anonymous responses (docs/protocol.md §14: "cache anonymous list pages briefly").
// Per instance and bounded: another instance never needs it, and an entry is at most `ttlMs` stale.
// Each entry keeps its gzip form beside the JSON, made once on the first request that accepts gzip.
// Entries carry tags (the charts they show, say); a change drops the entries tagged with what it changed
// and leaves the rest. Other instances are not told: they wait out the TTL, as before.
export type CachedResponse<T = string> = { body: T; gzip?: Buffer; expires: number; tags: readonly string[] }

/** Holds JSON strings for responses; other values (parsed rows) with a type argument. */
export class ResponseCache<T = string> {
  private readonly entries = new Map<string, CachedResponse<T>>()
  /** tag → the keys of the entries that carry it. */
  private readonly tagged = new Map<string, Set<string>>()

  constructor(
    private readonly ttlMs = 5000,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, now = Date.now()): CachedResponse<T> | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires <= now) {
      this.delete(key)
      return undefined
    }
    // Recently used entries move to the end, so the oldest are dropped first.
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  set(key: string, body: T, now = Date.now(), tags: Iterable<string> = []): CachedResponse<T> {
    const entry: CachedResponse<T> = { body, expires: now + this.ttlMs, tags: [...new Set(tags)] }
    this.delete(key)
    this.entries.set(key, entry)
    for (const tag of entry.tags) {
      let keys = this.tagged.get(tag)
      if (!keys) this.tagged.set(tag, (keys = new Set()))
      keys.add(key)
    }
    while (this.entries.size > this.maxEntries) this.delete(this.entries.keys().next().value as string)
    return entry
  }

  /** After a change this instance made: drops every entry carrying any of `tags`. */
  invalidate(tags: Iterable<string>): void {
    for (const tag of tags) for (const key of [...(this.tagged.get(tag) ?? [])]) this.delete(key)
  }

  /** Drops everything. */
  clear(): void {
    this.entries.clear()
    this.tagged.clear()
  }

  get size(): number {
    return this.entries.size
  }

  private delete(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    for (const tag of entry.tags) {
      const keys = this.tagged.get(tag)
      keys?.delete(key)
      if (keys?.size === 0) this.tagged.delete(tag)
    }
  }
}
