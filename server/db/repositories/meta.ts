import { type Kysely, sql } from 'kysely'
import { type Database } from '../schema.js'

/** Small key-value facts about this installation (e.g. whether the demo content was seeded). */
export class MetaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst()
    return row?.value
  }

  /** Sets the key only if it is absent; true when this call set it. Safe across instances: the
   *  primary key decides, so of two concurrent claims exactly one wins. */
  async claim(key: string, value: string): Promise<boolean> {
    const result = await this.db
      .insertInto('meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0
  }

  /** Takes a periodic job's turn: sets the key to `now` if it is absent or at most `now - intervalMs`; true
   *  when this call did. Of several instances asking at once exactly one gets the turn (the row decides). */
  async claimDue(key: string, now: number, intervalMs: number): Promise<boolean> {
    const result = await this.db
      .insertInto('meta')
      .values({ key, value: String(now) })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value: String(now) })
          .where(sql<number>`cast(meta.value as bigint)`, '<=', now - intervalMs),
      )
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0
  }

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute()
  }
}
