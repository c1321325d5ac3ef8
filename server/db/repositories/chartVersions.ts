// A chart's earlier versions: what an edit with new level data keeps of the one it replaces.
import { type Kysely, sql } from 'kysely'
import { type Database } from '../schema.js'

export class ChartVersionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Keeps the chart's current level data as an earlier version and raises its version: run in
   *  the edit's transaction, before the new data is written. A concurrent edit that archived the same
   *  version first keeps its row; the version still rises once per edit. */
  async archive(id: string, now: number): Promise<void> {
    await sql`insert into chart_versions (chart_id, version, data_hash, note_count, created_time, replaced_time)
      select id, version, data_hash, note_count, version_time, ${now} from charts where id = ${id}
      on conflict do nothing`.execute(this.db)
    await this.db
      .updateTable('charts')
      .set((eb) => ({ version: eb('version', '+', 1), versionTime: now }))
      .where('id', '=', id)
      .execute()
  }

  /** A chart's earlier versions, newest first. */
  list(id: string) {
    return this.db
      .selectFrom('chartVersions')
      .selectAll()
      .where('chartId', '=', id)
      .orderBy('version', 'desc')
      .execute()
  }

  /** The version of a chart whose level data had this hash (earlier versions only). */
  findByData(id: string, dataHash: string) {
    return this.db
      .selectFrom('chartVersions')
      .selectAll()
      .where('chartId', '=', id)
      .where('dataHash', '=', dataHash)
      .orderBy('version', 'desc')
      .executeTakeFirst()
  }

  find(id: string, version: number) {
    return this.db
      .selectFrom('chartVersions')
      .selectAll()
      .where('chartId', '=', id)
      .where('version', '=', version)
      .executeTakeFirst()
  }
}
