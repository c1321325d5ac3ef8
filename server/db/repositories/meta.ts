import { type Kysely } from 'kysely'
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

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insertInto('meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute()
  }
}
