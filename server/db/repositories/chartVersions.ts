// A chart's earlier versions: what an edit with new level data keeps of the one it replaces.
import { type Kysely, sql } from 'kysely'
import { type Database } from '../schema.js'
import { type LevelChanges } from '../../../common/chart/diff.js'

export class ChartVersionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Keeps the chart's current level data as an earlier version and raises its version: run in
   *  the edit's transaction, before the new data is written. A concurrent edit that archived the same
   *  version first keeps its row; the version still rises once per edit. Answers the new version,
   *  whose level data `editor` (name#handle) set. */
  async archive(id: string, now: number, editor: string): Promise<number> {
    await sql`insert into chart_versions (chart_id, version, data_hash, note_count, created_time, replaced_time, editor)
      select id, version, data_hash, note_count, version_time, ${now}, version_editor from charts where id = ${id}
      on conflict do nothing`.execute(this.db)
    const row = await this.db
      .updateTable('charts')
      .set((eb) => ({ version: eb('version', '+', 1), versionTime: now, versionEditor: editor }))
      .where('id', '=', id)
      .returning('version')
      .executeTakeFirstOrThrow()
    return row.version
  }

  /** What a version changed in the notes: written in the edit's transaction. */
  async saveChanges(id: string, version: number, changes: LevelChanges): Promise<void> {
    const { added, removed, moved, spans, notes, notesCut } = changes
    await this.db
      .insertInto('chartVersionChanges')
      .values({
        chartId: id,
        version,
        added,
        removed,
        moved,
        spans: JSON.stringify(spans),
        notes: JSON.stringify({ notes, notesCut }),
      })
      .onConflict((oc) => oc.columns(['chartId', 'version']).doNothing())
      .execute()
  }

  /** Each version's change counts and spans, by version (versions made before changes were kept have none). */
  async changeSummaries(id: string) {
    // The notes stay unread: a versions list shows counts and times only.
    const rows = await this.db
      .selectFrom('chartVersionChanges')
      .select(['version', 'added', 'removed', 'moved', 'spans'])
      .where('chartId', '=', id)
      .execute()
    return new Map(
      rows.map(({ version, added, removed, moved, spans }) => [
        version,
        { added, removed, moved, spans: JSON.parse(spans) as LevelChanges['spans'] },
      ]),
    )
  }

  /** One version's changes in full: the counts, spans and the changed notes. */
  async changes(id: string, version: number): Promise<LevelChanges | undefined> {
    const row = await this.db
      .selectFrom('chartVersionChanges')
      .selectAll()
      .where('chartId', '=', id)
      .where('version', '=', version)
      .executeTakeFirst()
    if (!row) return undefined
    const { notes, notesCut } = JSON.parse(row.notes) as Pick<LevelChanges, 'notes' | 'notesCut'>
    const spans = JSON.parse(row.spans) as LevelChanges['spans']
    return { added: row.added, removed: row.removed, moved: row.moved, spans, notes, notesCut }
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
