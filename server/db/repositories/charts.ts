// A chart's row: insert, find, counters, edits and delete, other charts by its author, scheduled publishing and
// the stats back-fill. Lists and searches are chartList.ts; versions chartVersions.ts; trending trending.ts.
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely'
import { type ChartStats, STATS_VERSION } from '../../../common/chart/index.js'
import { type Dialect } from '../database.js'
import { type ChartsTable, type Database } from '../schema.js'

export type ChartRow = Selectable<ChartsTable>
export type NewChart = Insertable<ChartsTable>

/** The stats columns of a chart: its level data's figures, or none when it has no level data. */
export const statsColumns = (stats: ChartStats | null) => ({
  noteCount: stats?.noteCount ?? null,
  noteCounts: stats ? JSON.stringify(stats.counts) : null,
  duration: stats?.duration ?? null,
  npsAverage: stats?.npsAverage ?? null,
  npsPeak: stats?.npsPeak ?? null,
  bpmMin: stats?.bpmMin ?? null,
  bpmMax: stats?.bpmMax ?? null,
  hasScratches: stats?.hasScratches ? 1 : 0,
  hasSplitLines: stats?.hasSplitLines ? 1 : 0,
  hasSpeedChanges: stats?.hasSpeedChanges ? 1 : 0,
  statsVersion: STATS_VERSION,
})
export type StatsColumns = ReturnType<typeof statsColumns>

/** The tags of a chart's JSON array as words for search. */
export const tagsText = (tags: string): string => {
  try {
    const list = JSON.parse(tags) as unknown
    return Array.isArray(list) ? list.filter((tag) => typeof tag === 'string').join(' ') : ''
  } catch {
    return ''
  }
}

/** A scheduled chart whose time has come, with what its announcement needs. */
export type DueChart = {
  id: string
  authorId: string
  scheduledTime: number
  hidden: number
  announced: number
}

export type ChartCounters = Pick<
  ChartRow,
  'likeNumber' | 'commentNumber' | 'rating' | 'ratingNumber' | 'playCount' | 'trending'
>

export class ChartsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect = 'sqlite',
  ) {}

  /** Other public charts by the same author, newest first (the details page's section). */
  otherByAuthor(authorId: string, exceptId: string, limit: number): Promise<ChartRow[]> {
    // On SQLite the visibility columns are kept off their index (unary plus): walking the catalogue's
    // order for one author's charts reads far more rows a page where the author's index reads theirs alone.
    const column = (name: 'isPublic' | 'hidden') =>
      this.dialect === 'sqlite'
        ? sql<number>`+${sql.ref(`charts.${name}`)}`
        : sql.ref<number>(`charts.${name}`)
    return this.db
      .selectFrom('charts')
      .selectAll()
      .where('authorId', '=', authorId)
      .where('id', '!=', exceptId)
      .where(column('isPublic'), '=', 1)
      .where(column('hidden'), '=', 0)
      .orderBy('publishTime', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
  }

  /** Scheduled charts whose time has come, the earliest first. */
  dueScheduled(now: number, limit: number): Promise<DueChart[]> {
    return this.db
      .selectFrom('charts')
      .select(['id', 'authorId', 'scheduledTime', 'hidden', 'announced'])
      .where('scheduledTime', 'is not', null)
      .where('scheduledTime', '<=', now)
      .orderBy('scheduledTime')
      .orderBy('id')
      .limit(limit)
      .execute() as Promise<DueChart[]>
  }

  /** Publishes a scheduled chart if it is still scheduled for `time` (an edit may have moved it, another
   *  instance may have done it): public, unscheduled, and published at its time. True when it was. */
  async publishScheduled(id: string, time: number): Promise<boolean> {
    const result = await this.db
      .updateTable('charts')
      .set({ isPublic: 1, scheduledTime: null, publishTime: time })
      .where('id', '=', id)
      .where('scheduledTime', '=', time)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  /** Charts whose level data has no stats yet, or stats from older code (the back-fill's work). */
  needingStats(limit: number): Promise<Pick<ChartRow, 'id' | 'susHash' | 'dataHash'>[]> {
    return this.db
      .selectFrom('charts')
      .select(['id', 'susHash', 'dataHash'])
      .where('statsVersion', '<', STATS_VERSION)
      .where('dataHash', 'is not', null)
      .orderBy('statsVersion')
      .orderBy('id')
      .limit(limit)
      .execute()
  }

  /** Stores a chart's stats if it still has the level data they were computed from (an edit may have
   *  changed it meanwhile; the edit then stored its own). */
  async setStats(id: string, dataHash: string, columns: StatsColumns): Promise<boolean> {
    const result = await this.db
      .updateTable('charts')
      .set(columns)
      .where('id', '=', id)
      .where('dataHash', '=', dataHash)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  async insert(chart: NewChart): Promise<ChartRow> {
    await this.db
      .insertInto('charts')
      .values({
        ...chart,
        tagsText: tagsText(chart.tags),
        versionTime: chart.versionTime ?? chart.publishTime,
      })
      .execute()
    const stored = await this.findById(chart.id)
    if (!stored) throw new Error(`chart ${chart.id} vanished after insert`)
    return stored
  }

  findById(id: string): Promise<ChartRow | undefined> {
    return this.db.selectFrom('charts').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** The chart's counters alone (a details page fills them into its kept template). */
  countersOf(id: string): Promise<ChartCounters | undefined> {
    return this.db
      .selectFrom('charts')
      .select(['likeNumber', 'commentNumber', 'rating', 'ratingNumber', 'playCount', 'trending'])
      .where('id', '=', id)
      .executeTakeFirst()
  }

  /** Charts by id, for a page of things that name them (replays); at most a page's worth. */
  async findByIds(ids: string[]): Promise<Map<string, ChartRow>> {
    if (ids.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('charts')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute()
    return new Map(rows.map((row) => [row.id, row]))
  }

  /** Every chart, private ones included. */
  async countAll(): Promise<number> {
    const row = await this.db
      .selectFrom('charts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  listByAuthor(authorId: string): Promise<ChartRow[]> {
    return this.db
      .selectFrom('charts')
      .selectAll()
      .where('authorId', '=', authorId)
      .orderBy('publishTime', 'desc')
      .orderBy('id')
      .execute()
  }

  /** Changes a chart's fields (tags_text follows tags). */
  async update(
    id: string,
    changes: Partial<Omit<NewChart, 'id' | 'authorId' | 'author' | 'tagsText'>>,
  ): Promise<void> {
    await this.db
      .updateTable('charts')
      .set({ ...changes, ...(changes.tags === undefined ? {} : { tagsText: tagsText(changes.tags) }) })
      .where('id', '=', id)
      .execute()
  }

  /** Sets the re-encoded music if the chart still has this original; true when it did. */
  async setEncodedMusic(
    id: string,
    musicHash: string,
    bgmHash: string,
    previewHash: string,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('charts')
      .set({ bgmHash, previewHash })
      .where('id', '=', id)
      .where('musicHash', '=', musicHash)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  async delete(id: string): Promise<boolean> {
    // Its playlists hold one chart fewer (the rows go by cascade).
    await sql`update playlists set chart_count = chart_count - 1
      where id in (select playlist_id from playlist_charts where chart_id = ${id})`.execute(this.db)
    const result = await this.db.deleteFrom('charts').where('id', '=', id).executeTakeFirst()
    return result.numDeletedRows > 0n
  }
}
