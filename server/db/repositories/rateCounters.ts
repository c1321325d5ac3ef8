// Shared rate-limit counters: each instance adds what it counted since its last flush and reads
// back the total every instance has added, per key and fixed window.
import { type Kysely, sql } from 'kysely'
import { type Database } from '../schema.js'

export type RateDelta = { key: string; windowStart: number; delta: number }

export class RateCountersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds each delta to its counter and answers every counter's new total ("key@window" → count). */
  async add(deltas: RateDelta[]): Promise<Map<string, number>> {
    const totals = new Map<string, number>()
    if (deltas.length === 0) return totals
    await this.db.transaction().execute(async (trx) => {
      for (const { key, windowStart, delta } of deltas) {
        const row = await trx
          .insertInto('rateCounters')
          .values({ key, windowStart, count: delta })
          .onConflict((oc) =>
            oc.columns(['key', 'windowStart']).doUpdateSet({ count: sql`rate_counters.count + ${delta}` }),
          )
          .returning('count')
          .executeTakeFirstOrThrow()
        totals.set(`${key}@${windowStart}`, Number(row.count))
      }
    })
    return totals
  }

  /** Forgets windows that started before `before`. */
  async prune(before: number): Promise<void> {
    await this.db.deleteFrom('rateCounters').where('windowStart', '<', before).execute()
  }
}
