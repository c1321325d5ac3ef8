// Whose a session is, kept for a moment: a signed-in request finds its session's user, row and
// all, without a database round trip while the entry is fresh. Bounded in count (the oldest goes first) and
// in time (SESSION_CACHE_MS, and never past the session's own expiry); unknown tokens are kept too, so a
// flood of made-up sessions costs one lookup each per period.
//
// What drops an entry, here and (through the database's notifications) on every other instance:
// - a session that begins (a web login the browser was already asking with) or ends (a logout);
// - a change to the user's row that a request reads (`dropUser`: their notices marker, a new sign-in's
//   name or handle, and a handle that Sonolus gave to someone else);
// - a moderator's action drops them all (a suspension or a role takes effect at once).
import { setBounded } from '../bounded.js'
import { type User } from '../db/repositories/index.js'

/** Entries at most. */
export const SESSION_CACHE_MAX = 10_000
type Entry = {
  userId: string | undefined
  user?: User
  until: number
  /** The user, as the promise a request's lookup answers: made once per entry, not per request. */
  resolved?: Promise<User>
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly ttlMs: number,
    private readonly max = SESSION_CACHE_MAX,
    private readonly now: () => number = Date.now,
    /** False while what drops entries cannot be heard (another instance's logout): nothing is kept then. */
    private readonly keeping: () => boolean = () => true,
  ) {}

  /** The kept answer for a session hash: `{userId}` (undefined for an unknown session) and the user's row
   *  once it was read, or undefined when nothing fresh is kept. */
  get(hash: string): { userId: string | undefined; user?: User } | undefined {
    const entry = this.fresh(hash)
    return entry && { userId: entry.userId, user: entry.user }
  }

  /** The entry while it is fresh; an expired one goes. */
  private fresh(hash: string): Entry | undefined {
    const entry = this.entries.get(hash)
    if (!entry) return undefined
    if (entry.until <= this.now()) {
      this.entries.delete(hash)
      return undefined
    }
    return entry
  }

  /** The user of a kept session whose row was read, as a settled promise; undefined when nothing fresh is
   *  kept, or not the row (so a signed-in request's lookup needs no promise of its own). */
  resolvedUser(hash: string): Promise<User> | undefined {
    const entry = this.fresh(hash)
    if (!entry?.user) return undefined
    return (entry.resolved ??= Promise.resolve(entry.user))
  }

  /** The fresh entry of a session whose user's row is kept, as an identity (the kept-answer lane,
   *  cache/lane.ts: an answer remembered for a session holds while the same entry holds the same row). */
  userEntry(hash: string): { readonly user?: User } | undefined {
    const entry = this.fresh(hash)
    return entry?.user ? entry : undefined
  }

  /** Keeps what a lookup found: whose it is until the session's expiry at the latest, or that it is
   *  unknown. */
  set(hash: string, userId: string | undefined, sessionExpires?: number): void {
    if (this.ttlMs <= 0 || !this.keeping()) return
    const until = Math.min(this.now() + this.ttlMs, sessionExpires ?? Number.POSITIVE_INFINITY)
    setBounded(this.entries, hash, { userId, until }, this.max)
  }

  /** Keeps the user's row beside a kept session (read after `set`; nothing when the entry went meanwhile,
   *  or belongs to someone else). */
  setUser(hash: string, user: User): void {
    const entry = this.entries.get(hash)
    if (entry?.userId === user.id) {
      entry.user = user
      entry.resolved = undefined
    }
  }

  drop(hash: string): void {
    this.entries.delete(hash)
  }

  /** Drops every session of this user, and of whoever holds this handle (a sign-in can take a handle from
   *  another user id). */
  dropUser(userId: string, handle?: string): void {
    for (const [hash, entry] of this.entries) {
      if (entry.userId === userId || (handle !== undefined && entry.user?.handle === handle))
        this.entries.delete(hash)
    }
  }

  clear(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }
}
