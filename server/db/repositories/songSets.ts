// Charts of one song (difficulties): which charts share a set, and joining and leaving one.
import { type Kysely } from 'kysely'
import { type Database } from '../schema.js'
import { type ChartRow } from './charts.js'

export class SongSetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The charts of a set, at most `limit` of them, easiest first. */
  charts(set: string, limit: number): Promise<ChartRow[]> {
    return this.db
      .selectFrom('charts')
      .selectAll()
      .where('songSet', '=', set)
      .orderBy('level', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute()
  }

  /** Puts the charts (and every chart of the sets they were in) into `set`. Run in a transaction. */
  async join(ids: string[], set: string): Promise<void> {
    const sets = await this.db
      .selectFrom('charts')
      .select('songSet')
      .where('id', 'in', ids)
      .where('songSet', 'is not', null)
      .execute()
    const merged = [...new Set(sets.map((row) => row.songSet!))]
    if (merged.length)
      await this.db.updateTable('charts').set({ songSet: set }).where('songSet', 'in', merged).execute()
    await this.db.updateTable('charts').set({ songSet: set }).where('id', 'in', ids).execute()
  }

  /** Takes a chart out of its set. */
  async leave(id: string): Promise<void> {
    await this.db.updateTable('charts').set({ songSet: null }).where('id', '=', id).execute()
  }
}
