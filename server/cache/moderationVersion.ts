// What every instance must see at once after a moderator acts: a moderation version in the
// database, changed by every action. An instance reads it before it answers from a per-instance cache
// (anonymous pages, shared comment pages); a version it has not seen drops those caches first. So a hide
// on instance A is never served stale by instance B, with no wait and no message between instances.
//
// On PostgreSQL reads are shared: requests that arrive while a read is under way wait for the next read,
// which starts after theirs arrived (a read that began before a moderator's commit could miss it), so one
// round trip serves a burst of requests. On SQLite the read is a prepared statement run at once (the query
// builder would cost every cached page more than the read itself), and once per turn of the event loop (a
// read per request would weigh on every kept page): the requests answered in one turn were received
// together, and a read at the turn's first one is as fresh for all of them. A bump in this process
// (any instance's) is seen at once, in the same turn.
import { randomUUID } from 'node:crypto'
import { type MetaRepository } from '../db/repositories/meta.js'

const KEY = 'moderation_version'
const DONE = Promise.resolve()
/** Whether a check's answer says the caches are fresh already (no turn of the microtask queue to wait). */
export const fresh = (checked: Promise<void>): boolean => checked === DONE
/** Moves with every bump in this process: a read made in this turn before it is not current. */
let bumps = 0

export class ModerationVersion {
  private known: string | undefined | null = null
  private running: Promise<void> | undefined
  private next: Promise<void> | undefined
  private readonly listeners: (() => void)[] = []
  /** Moves with the version. A page built across a move may show the old state: whoever caches it checks
   *  that the generation it started in is still current (`isCurrent`). */
  private generationCount = 0
  /** SQLite: `bumps` as it was at this turn's read, or undefined when this turn has not read yet. */
  private readThisTurn: number | undefined

  constructor(
    private readonly meta: MetaRepository,
    private readonly readNow?: (key: string) => string | undefined,
    /** Tells the other instances at once, where the database can (their kept sessions). */
    private readonly announce: () => Promise<void> = async () => undefined,
  ) {}

  /** `drop` runs whenever the version moves (another instance's action, or this one's). */
  onChange(drop: () => void): void {
    this.listeners.push(drop)
  }

  /** Resolves once this instance's caches are as fresh as the database was when the call was made; on
   *  SQLite they are when it returns, and it returns `DONE`, which a caller need not wait for (`fresh`). */
  check(): Promise<void> {
    if (this.readNow) {
      if (this.readThisTurn === bumps) return DONE
      if (this.readThisTurn === undefined) setImmediate(() => (this.readThisTurn = undefined))
      this.readThisTurn = bumps
      const version = this.readNow(KEY)
      if (version !== this.known) this.moved(version)
      return DONE
    }
    if (!this.running) {
      this.running = this.read().finally(() => (this.running = undefined))
      return this.running
    }
    this.next ??= this.running.then(
      () => {
        this.next = undefined
        return this.check()
      },
      () => {
        this.next = undefined
        return this.check()
      },
    )
    return this.next
  }

  get generation(): number {
    return this.generationCount
  }

  isCurrent(generation: number): boolean {
    return generation === this.generationCount
  }

  /** After an action: a new version for every instance, and this instance's caches dropped now. */
  async bump(): Promise<void> {
    const version = randomUUID()
    await this.meta.set(KEY, version)
    bumps++
    this.moved(version)
    await this.announce()
  }

  private async read(): Promise<void> {
    const version = await this.meta.get(KEY)
    if (version !== this.known) this.moved(version)
  }

  private moved(version: string | undefined) {
    // The first reading only learns the version: nothing was cached against an older one.
    const first = this.known === null
    this.known = version
    if (first) return
    this.generationCount++
    for (const drop of this.listeners) drop()
  }
}
