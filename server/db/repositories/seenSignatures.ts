// Signed requests already accepted (docs/protocol.md §10): a signature is good for one request, on any
// instance. The primary key decides: of two instances inserting the same hash, one wins.
import { type Kysely } from 'kysely'
import { type Database } from '../schema.js'

export class SeenSignaturesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records a signed request; false when it was recorded already (a replay). Rows whose window ended
   *  before `now` are removed on the way: they can no longer be replayed, the time check refuses them. */
  async claim(hash: string, expiresTime: number, now: number): Promise<boolean> {
    await this.db.deleteFrom('seenSignatures').where('expiresTime', '<', now).execute()
    const result = await this.db
      .insertInto('seenSignatures')
      .values({ hash, expiresTime })
      .onConflict((oc) => oc.column('hash').doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1
  }
}
