// A short-lived cache of anonymous responses (protocol doc §14: "cache anonymous list pages briefly").
// Per instance and bounded: another instance never needs it, and an entry is at most `ttlMs` stale.
export class ResponseCache {
  private readonly entries = new Map<string, { body: string; expires: number }>()

  constructor(
    private readonly ttlMs = 5000,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, now = Date.now()): string | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires <= now) {
      this.entries.delete(key)
      return undefined
    }
    // Recently used entries move to the end, so the oldest are dropped first.
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry.body
  }

  set(key: string, body: string, now = Date.now()): void {
    this.entries.delete(key)
    this.entries.set(key, { body, expires: now + this.ttlMs })
    while (this.entries.size > this.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string)
  }

  /** After a change this instance made (a new chart, a like…); other instances wait out the TTL. */
  clear(): void {
    this.entries.clear()
  }
}
