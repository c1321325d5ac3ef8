// Level results and leaderboards (docs/protocol.md §5, §9): single-use upload keys, records, and each user's
// best record per chart per board.
import { type Kysely, type Selectable, sql } from 'kysely'
import { type Database, type RecordsTable, type UploadKeysTable } from '../schema.js'
import { wordsCondition } from './chartSearch.js'

export type RecordRow = Selectable<RecordsTable>

/** A player's plays of a chart count once in this long. */
export const PLAY_COUNT_MS = 24 * 60 * 60_000
export type UploadKey = Selectable<UploadKeysTable>
export type BoardEntry = { board: string; sortKey: number }

/** A board's order: best first, then the arcade score, the earlier record, the record id (one expression:
 *  Kysely's array form is deprecated, and the raw columns skip the camel-case mapping). */
const BOARD_ORDER = sql`e.sort_key, e.arcade_key, e.created_time, e.record_id`

export class LeaderboardsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async createUploadKey(key: UploadKey): Promise<void> {
    await this.db.insertInto('uploadKeys').values(key).execute()
  }

  /** Takes the key (single use): the row if it was there and unexpired; it is gone afterwards either way. */
  async claimUploadKey(key: string, now: number): Promise<UploadKey | undefined> {
    const row = await this.db
      .deleteFrom('uploadKeys')
      .where('key', '=', key)
      .returningAll()
      .executeTakeFirst()
    await this.db.deleteFrom('uploadKeys').where('expiresTime', '<=', now).execute()
    return row && Number(row.expiresTime) > now ? row : undefined
  }

  /** Stores a record and makes it the user's entry on each board it beats (or first enters). Run inside a
   *  transaction. */
  /** The replay files of a chart's records (collected with the chart). */
  async replayFilesOf(chartId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('records')
      .select(['dataHash', 'configurationHash'])
      .where('chartId', '=', chartId)
      .execute()
    return rows.flatMap((row) => [row.dataHash, row.configurationHash])
  }

  /** A user's records of a chart made at or after `since`. */
  async countSince(userId: string, chartId: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('records')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('userId', '=', userId)
      .where('createdTime', '>=', since)
      .where('chartId', '=', chartId)
      .executeTakeFirst()
    return Number(row?.count ?? 0)
  }

  async addRecord(record: RecordRow, boards: BoardEntry[]): Promise<void> {
    // Most played counts accepted results, once per player and chart a day: playing a chart
    // again and again does not move it up.
    const playedToday = await this.countSince(
      record.userId,
      record.chartId,
      record.createdTime - PLAY_COUNT_MS,
    )
    await this.db.insertInto('records').values(record).execute()
    if (playedToday === 0)
      await this.db
        .updateTable('charts')
        .set((eb) => ({ playCount: eb('playCount', '+', 1) }))
        .where('id', '=', record.chartId)
        .execute()
    for (const { board, sortKey } of boards) {
      await this.db
        .insertInto('leaderboardEntries')
        .values({
          chartId: record.chartId,
          version: record.version,
          board,
          userId: record.userId,
          recordId: record.id,
          sortKey,
          arcadeKey: -record.arcadeScore,
          createdTime: record.createdTime,
        })
        .onConflict((oc) =>
          oc
            .columns(['chartId', 'version', 'board', 'userId'])
            .doUpdateSet((eb) => ({
              recordId: eb.ref('excluded.recordId'),
              sortKey: eb.ref('excluded.sortKey'),
              arcadeKey: eb.ref('excluded.arcadeKey'),
              createdTime: eb.ref('excluded.createdTime'),
            }))
            .where(
              sql<boolean>`(excluded.sort_key < leaderboard_entries.sort_key or (excluded.sort_key = leaderboard_entries.sort_key and excluded.arcade_key < leaderboard_entries.arcade_key))`,
            ),
        )
        .execute()
    }
  }

  /** One page of a version's board, best first. */
  listBoard(chartId: string, version: number, board: string, offset: number, limit: number) {
    return this.db
      .selectFrom('leaderboardEntries as e')
      .innerJoin('records as r', 'r.id', 'e.recordId')
      .selectAll('r')
      .where('e.chartId', '=', chartId)
      .where('e.version', '=', version)
      .where('e.board', '=', board)
      .orderBy(BOARD_ORDER)
      .limit(limit)
      .offset(offset)
      .execute()
  }

  async countBoard(chartId: string, version: number, board: string): Promise<number> {
    const row = await this.db
      .selectFrom('leaderboardEntries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('chartId', '=', chartId)
      .where('version', '=', version)
      .where('board', '=', board)
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  /** Replays everyone may watch: records on public charts no moderator hid. For one level, its
   *  current version's arcade board (each player's best, best first); for one player, their best on each
   *  chart's current version (best score first); else every record, newest first. */
  async listReplays(
    filter: { chartId?: string; userId?: string; keywords?: string },
    offset: number,
    limit: number,
  ): Promise<{ rows: RecordRow[]; total: number }> {
    // The app's quick search: the words in the replay's title, its chart's or its player's name.
    const words = wordsCondition(filter.keywords ?? '', ['r.replayTitle', 'c.title', 'r.player'])
    if (filter.chartId !== undefined || filter.userId !== undefined) {
      let query = this.db
        .selectFrom('leaderboardEntries as e')
        .innerJoin('records as r', 'r.id', 'e.recordId')
        .innerJoin('charts as c', (join) =>
          join.onRef('c.id', '=', 'e.chartId').onRef('c.version', '=', 'e.version'),
        )
        .where('e.board', '=', 'arcScore')
        .where('c.isPublic', '=', 1)
        .where('c.hidden', '=', 0)
      if (filter.chartId !== undefined) query = query.where('e.chartId', '=', filter.chartId)
      if (filter.userId !== undefined) query = query.where('e.userId', '=', filter.userId)
      if (words) query = query.where(words)
      const [rows, count] = await Promise.all([
        query.selectAll('r').orderBy(BOARD_ORDER).limit(limit).offset(offset).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ])
      return { rows, total: Number(count.n) }
    }
    let query = this.db
      .selectFrom('records as r')
      .innerJoin('charts as c', 'c.id', 'r.chartId')
      .where('c.isPublic', '=', 1)
      .where('c.hidden', '=', 0)
    if (words) query = query.where(words)
    const [rows, count] = await Promise.all([
      query
        .selectAll('r')
        .orderBy('r.createdTime', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }

  /** The replay files of these users' records. */
  async filesOfUsers(userIds: string[]): Promise<string[]> {
    if (userIds.length === 0) return []
    const rows = await this.db
      .selectFrom('records')
      .select(['dataHash', 'configurationHash'])
      .where('userId', 'in', userIds)
      .execute()
    return rows.flatMap((row) => [row.dataHash, row.configurationHash])
  }

  /** These users' records: each one's id, chart and replay data file. */
  recordsOfUsers(userIds: string[]): Promise<{ id: string; chartId: string; dataHash: string }[]> {
    if (userIds.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('records')
      .select(['id', 'chartId', 'dataHash'])
      .where('userId', 'in', userIds)
      .orderBy('id')
      .execute()
  }

  /** Points a record at another replay data file (the same play, written again). */
  async setReplayData(id: string, dataHash: string): Promise<void> {
    await this.db.updateTable('records').set({ dataHash }).where('id', '=', id).execute()
  }

  findRecord(id: string): Promise<RecordRow | undefined> {
    return this.db.selectFrom('records').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** How many players have a record on each version of a chart (every board has one entry per player). */
  async playersByVersion(chartId: string): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('leaderboardEntries')
      .select(['version', (eb) => eb.fn.countAll<number>().as('n')])
      .where('chartId', '=', chartId)
      .where('board', '=', 'arcScore')
      .groupBy('version')
      .execute()
    return new Map(rows.map((row) => [Number(row.version), Number(row.n)]))
  }

  async countRecords(): Promise<number> {
    const row = await this.db
      .selectFrom('records')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }
}
