import { type Kysely, type Selectable } from 'kysely'
import { type Database, type SessionsTable } from '../schema.js'

export type Session = Selectable<SessionsTable>

export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(session: Session): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute()
  }

  /** A session that has not expired at `now`, or undefined. */
  findValid(idHash: string, now = Date.now()): Promise<Session | undefined> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('idHash', '=', idHash)
      .where('expiresTime', '>', now)
      .executeTakeFirst()
  }

  async delete(idHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('idHash', '=', idHash).execute()
  }

  async deleteExpired(now = Date.now()): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('expiresTime', '<=', now).executeTakeFirst()
    return Number(result.numDeletedRows)
  }
}
