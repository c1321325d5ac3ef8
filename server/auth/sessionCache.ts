// Whose a session is, kept for a moment (issue 20's first step): a signed-in request finds its session's
// user id without the sessions query while the entry is fresh (the user's row is still read: its notices
// marker, settings and suspension change under a session). Bounded in count (the oldest goes first) and in
// time (SESSION_CACHE_MS, and never past the session's own expiry); unknown tokens are kept too, so a flood
// of made-up sessions costs one lookup each per period. A session that begins (a web login the browser
// was already asking with) or ends (a logout) is dropped here and, through the database's notifications,
// on every other instance.

/** Entries at most. */
export const SESSION_CACHE_MAX = 10_000
type Entry = { userId: string | undefined; until: number }

export class SessionCache {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly ttlMs: number,
    private readonly max = SESSION_CACHE_MAX,
    private readonly now: () => number = Date.now,
  ) {}

  /** The kept answer for a session hash: `{userId}` (undefined for an unknown session), or undefined when
   *  nothing fresh is kept. */
  get(hash: string): { userId: string | undefined } | undefined {
    const entry = this.entries.get(hash)
    if (!entry) return undefined
    if (entry.until <= this.now()) {
      this.entries.delete(hash)
      return undefined
    }
    return { userId: entry.userId }
  }

  /** Keeps what a lookup found: whose it is until the session's expiry at the latest, or that it is
   *  unknown. */
  set(hash: string, userId: string | undefined, sessionExpires?: number): void {
    if (this.ttlMs <= 0) return
    const until = Math.min(this.now() + this.ttlMs, sessionExpires ?? Number.POSITIVE_INFINITY)
    this.entries.delete(hash)
    this.entries.set(hash, { userId, until })
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string)
  }

  drop(hash: string): void {
    this.entries.delete(hash)
  }

  clear(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}
