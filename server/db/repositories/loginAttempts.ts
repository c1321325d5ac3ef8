import { type Kysely, type Selectable } from 'kysely'
import { type Database, type LoginAttemptsTable } from '../schema.js'

export type LoginAttempt = Selectable<LoginAttemptsTable>

export class LoginAttemptsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(attempt: Omit<LoginAttempt, 'state' | 'userId' | 'codeHash' | 'codeTries'>): Promise<void> {
    await this.db
      .insertInto('loginAttempts')
      .values({ ...attempt, state: 'pending', userId: null, codeHash: null })
      .execute()
  }

  /** Attempts from one address since `since`, for the per-IP rate limit. */
  async countSince(ip: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('loginAttempts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('ip', '=', ip)
      .where('createdTime', '>=', since)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  /** Binds a pending, unexpired attempt to a user, with the hash of the code the app shows and a new
   *  expiry for the browser to give it by. False if it is unknown, expired or already bound. */
  async bind(
    hash: string,
    userId: string,
    now: number,
    codeHash: string,
    expiresTime: number,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('loginAttempts')
      .set({ state: 'bound', userId, codeHash, expiresTime })
      .where('hash', '=', hash)
      .where('state', '=', 'pending')
      .where('expiresTime', '>', now)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  /** Spends one of a bound attempt's code tries, before the code is compared, so that no more than
   *  `maxTries` codes are ever compared however many arrive at once. The code's hash and the user, or
   *  undefined when the attempt is unknown, not confirmed, expired, finished or out of tries. */
  async spendCodeTry(
    hash: string,
    now: number,
    maxTries: number,
  ): Promise<{ codeHash: string; userId: string } | undefined> {
    const row = await this.db
      .updateTable('loginAttempts')
      .set((eb) => ({ codeTries: eb('codeTries', '+', 1) }))
      .where('hash', '=', hash)
      .where('state', '=', 'bound')
      .where('expiresTime', '>', now)
      .where('codeTries', '<', maxTries)
      .returning(['codeHash', 'userId'])
      .executeTakeFirst()
    if (!row?.codeHash || !row.userId) return undefined
    return { codeHash: row.codeHash, userId: row.userId }
  }

  /** Ends a bound attempt whose code was given: it cannot be finished twice. */
  async finish(hash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('loginAttempts')
      .set({ state: 'done' })
      .where('hash', '=', hash)
      .where('state', '=', 'bound')
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  /** The official web client's login (docs/protocol.md §11.3): the app confirmed a hash we did not issue.
   *  Recorded bound to the user, to be taken once by the client's poll. False when the hash exists. */
  async createExternal(attempt: {
    hash: string
    userId: string
    ip: string
    createdTime: number
    expiresTime: number
  }): Promise<boolean> {
    const result = await this.db
      .insertInto('loginAttempts')
      .values({ ...attempt, state: 'external', codeHash: null })
      .onConflict((oc) => oc.column('hash').doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1
  }

  /** Takes an external attempt once: its user, or undefined when it is unknown, not yet confirmed,
   *  expired or taken already. */
  async takeExternal(hash: string, now: number): Promise<string | undefined> {
    const result = await this.db
      .updateTable('loginAttempts')
      .set({ state: 'taken' })
      .where('hash', '=', hash)
      .where('state', '=', 'external')
      .where('expiresTime', '>', now)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) !== 1) return undefined
    return (await this.find(hash))?.userId ?? undefined
  }

  find(hash: string): Promise<LoginAttempt | undefined> {
    return this.db.selectFrom('loginAttempts').selectAll().where('hash', '=', hash).executeTakeFirst()
  }

  /** Removes attempts that can no longer be used: expired pending ones, and old ones for the rate limit. */
  async deleteStale(now: number, keepSince: number): Promise<number> {
    const result = await this.db
      .deleteFrom('loginAttempts')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', 'in', ['pending', 'external']), eb('expiresTime', '<=', now)]),
          eb('createdTime', '<', keepSince),
        ]),
      )
      .executeTakeFirst()
    return Number(result.numDeletedRows)
  }
}
