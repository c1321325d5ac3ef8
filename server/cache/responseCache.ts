// A short-lived cache of anonymous responses (docs/protocol.md §14: "cache anonymous list pages briefly").
// Per instance and bounded: another instance never needs it, and an entry is at most `ttlMs` stale.
// Entries carry tags (the charts they show, say); a change drops the entries tagged with what it changed
// and leaves the rest (other instances hear of it through the caller: cache/send.ts). Bounded by
// count and by weight (`sizeOf`), the least recently used dropped first.
export type CachedResponse<T = string> = {
  body: T
  expires: number
  tags: readonly string[]
  /** What the entry weighs (sizeOf), counted against maxBytes. */
  bytes: number
  /** When it last moved to the newest end (the cache's count of moves). */
  stamp?: number
}

/** Holds JSON strings for responses; other values (parsed rows) with a type argument. */
export class ResponseCache<T = string> {
  private readonly entries = new Map<string, CachedResponse<T>>()
  /** tag → the keys of the entries that carry it. */
  private readonly tagged = new Map<string, Set<string>>()

  private totalBytes = 0
  /** Entries set or moved to the newest end so far. */
  private stamp = 0

  constructor(
    private readonly ttlMs = 5000,
    private readonly maxEntries = 1000,
    /** Bounds the entries' total weight too (the server's memory), the oldest dropped first. */
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    private readonly sizeOf: (body: T) => number = () => 0,
  ) {}

  get(key: string, now = Date.now()): CachedResponse<T> | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires <= now) {
      this.delete(key)
      return undefined
    }
    // Recently used entries move to the end, so the oldest are dropped first. One that is still in the newer
    // half (fewer than half the entries set or moved since it was) stays where it is: a kept page read by
    // every request would otherwise be taken out of the map and put back each time.
    if (this.stamp - (entry.stamp ?? 0) >= this.entries.size >> 1) {
      this.entries.delete(key)
      this.entries.set(key, entry)
      entry.stamp = ++this.stamp
    }
    return entry
  }

  /** Where the invalidations are: `begin()` before a build, handed to `set`, tells whether one of the
   *  entry's tags was dropped while it was being built (it would keep what the change replaced). */
  private clock = 0
  private readonly droppedAt = new Map<string, number>()
  /** Builds begun before this may have missed a drop that is no longer remembered. */
  private floor = 0

  /** Caches whose entries are made from this one's data: dropped with it (by tag, or wholly). */
  private readonly followers: ResponseCache<unknown>[] = []

  follow(other: ResponseCache<unknown>): void {
    this.followers.push(other)
  }

  begin(): number {
    return this.clock
  }

  /** Keeps `body` under `key` (unless a tag of it was dropped since `begun`); returns the entry either way. */
  set(
    key: string,
    body: T,
    now = Date.now(),
    tags: Iterable<string> = [],
    begun?: number,
    /** This entry's own time, when shorter than the cache's. */
    ttlMs = this.ttlMs,
  ): CachedResponse<T> {
    const list = [...new Set(tags)]
    if (
      begun !== undefined &&
      (begun < this.floor || list.some((tag) => (this.droppedAt.get(tag) ?? -1) > begun))
    )
      return { body, expires: 0, tags: [], bytes: 0 }
    const entry: CachedResponse<T> = {
      body,
      expires: now + Math.min(ttlMs, this.ttlMs),
      tags: list,
      bytes: this.sizeOf(body),
      stamp: ++this.stamp,
    }
    this.delete(key)
    this.entries.set(key, entry)
    this.totalBytes += entry.bytes
    for (const tag of entry.tags) {
      let keys = this.tagged.get(tag)
      if (!keys) this.tagged.set(tag, (keys = new Set()))
      keys.add(key)
    }
    while (this.entries.size > this.maxEntries || (this.totalBytes > this.maxBytes && this.entries.size > 1))
      this.delete(this.entries.keys().next().value as string)
    return entry
  }

  /** After a change this instance made: drops every entry carrying any of `tags`. */
  invalidate(tags: readonly string[]): void {
    for (const follower of this.followers) follower.invalidate(tags)
    this.clock++
    for (const tag of tags) {
      this.droppedAt.set(tag, this.clock)
      for (const key of [...(this.tagged.get(tag) ?? [])]) this.delete(key)
    }
    if (this.droppedAt.size > 10_000) {
      this.droppedAt.clear()
      this.floor = this.clock
    }
  }

  /** Drops everything. */
  clear(): void {
    for (const follower of this.followers) follower.clear()
    this.entries.clear()
    this.tagged.clear()
    this.totalBytes = 0
    this.clock++
    this.floor = this.clock
  }

  /** The entries' total weight (sizeOf). */
  get bytes(): number {
    return this.totalBytes
  }

  get size(): number {
    return this.entries.size
  }

  private delete(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.totalBytes -= entry.bytes
    for (const tag of entry.tags) {
      const keys = this.tagged.get(tag)
      keys?.delete(key)
      if (keys?.size === 0) this.tagged.delete(tag)
    }
  }
}
