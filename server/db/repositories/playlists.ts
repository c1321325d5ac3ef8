// Playlists: ordered lists of charts, public or private; `staff-picks` is the moderators'. Who
// may see a playlist and which of its charts is decided here in SQL, so that every route agrees:
// a playlist is seen by its owner, or by anyone while public; its charts by whoever may see each chart
// (public and not hidden, or their own).
import { type Kysely, type Selectable, sql } from 'kysely'
import { type Database, type PlaylistsTable } from '../schema.js'
import { type ChartRow } from './charts.js'

export type PlaylistRow = Selectable<PlaylistsTable>

/** The charts a viewer may see (as chart access rules: public and not hidden, or their own). */
const visibleTo = (viewerId: string | undefined) =>
  sql<boolean>`((c.is_public = 1 and c.hidden = 0) or c.author_id = ${viewerId ?? ''})`

export type PlaylistFilter = {
  viewerId?: string
  /** One owner's playlists (their page, "mine"). */
  ownerId?: string
  /** Words in the title or description. */
  keywords?: string
}

export class PlaylistsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(row: Omit<PlaylistRow, 'chartCount'>): Promise<void> {
    await this.db.insertInto('playlists').values(row).execute()
  }

  find(id: string): Promise<PlaylistRow | undefined> {
    return this.db.selectFrom('playlists').selectAll().where('id', '=', id).executeTakeFirst()
  }

  async countByOwner(ownerId: string): Promise<number> {
    const row = await this.db
      .selectFrom('playlists')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ownerId', '=', ownerId)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  async update(
    id: string,
    changes: Partial<Pick<PlaylistRow, 'title' | 'description' | 'isPublic'>>,
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable('playlists')
      .set({ ...changes, updatedTime: now })
      .where('id', '=', id)
      .execute()
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('playlists').where('id', '=', id).execute()
  }

  private where(filter: PlaylistFilter) {
    let query = this.db.selectFrom('playlists as p')
    query = query.where((eb) =>
      eb.or([eb('p.isPublic', '=', 1), eb('p.ownerId', '=', filter.viewerId ?? '')]),
    )
    if (filter.ownerId !== undefined) query = query.where('p.ownerId', '=', filter.ownerId)
    for (const word of (filter.keywords ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8)) {
      const like = `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(p.title)`, 'like', sql`${like} escape '\\'`),
          eb(sql`lower(p.description)`, 'like', sql`${like} escape '\\'`),
        ]),
      )
    }
    return query
  }

  /** Whether playlists look different to this user than to a visitor: they own one, or a chart of theirs
   *  that only they see (private or hidden) is in one. Else they are served what visitors are. */
  async personalTo(userId: string): Promise<boolean> {
    const { rows } = await sql<{ personal: number | boolean }>`select (
      exists (select 1 from playlists where owner_id = ${userId})
      or exists (select 1 from charts c where c.author_id = ${userId}
        and not (c.is_public = 1 and c.hidden = 0)
        and exists (select 1 from playlist_charts pc where pc.chart_id = c.id))
    ) as personal`.execute(this.db)
    return Boolean(Number(rows[0].personal))
  }

  /** Playlists the viewer may see, the latest changed first; empty ones only their owner's. */
  async list(filter: PlaylistFilter, offset: number, limit: number) {
    const query = this.where(filter).where((eb) =>
      eb.or([eb('p.chartCount', '>', 0), eb('p.ownerId', '=', filter.viewerId ?? '')]),
    )
    const [rows, count] = await Promise.all([
      query
        .selectAll('p')
        .orderBy('p.updatedTime', 'desc')
        .orderBy('p.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }

  /** The playlist's first `limit` chart ids, in order (its order index). */
  private async idsOf(playlistId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('playlistCharts')
      .select('chartId')
      .where('playlistId', '=', playlistId)
      .orderBy('position')
      .limit(limit)
      .execute()
    return rows.map((row) => row.chartId)
  }

  /** The playlist's charts the viewer may see, in order, among its first `limit`. Two indexed reads: its
   *  ids in order, then those charts by id (a join let the planner start from the charts table, 100k
   *  rows, for the visibility test). */
  async charts(playlistId: string, viewerId: string | undefined, limit: number): Promise<ChartRow[]> {
    return this.visibleInOrder(await this.idsOf(playlistId, limit), viewerId)
  }

  /** The first `limit` charts of each playlist, those the viewer may see (a list page's covers and
   *  levels): one indexed read per playlist, then the charts by id. */
  async firstCharts(
    playlistIds: string[],
    viewerId: string | undefined,
    limit: number,
  ): Promise<Map<string, ChartRow[]>> {
    const idLists = await Promise.all(playlistIds.map((playlistId) => this.idsOf(playlistId, limit)))
    const visible = new Map(
      (await this.visibleInOrder([...new Set(idLists.flat())], viewerId)).map((chart) => [chart.id, chart]),
    )
    return new Map(
      playlistIds.map((playlistId, i) => [
        playlistId,
        idLists[i].flatMap((id) => (visible.has(id) ? [visible.get(id)!] : [])),
      ]),
    )
  }

  /** These charts, those the viewer may see, in the order given. */
  private async visibleInOrder(ids: string[], viewerId: string | undefined): Promise<ChartRow[]> {
    if (ids.length === 0) return []
    const rows = await this.db
      .selectFrom('charts as c')
      .selectAll('c')
      .where('c.id', 'in', ids)
      .where(visibleTo(viewerId))
      .execute()
    const byId = new Map(rows.map((row) => [row.id, row]))
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
  }

  /** The playlist's chart ids in order (all of them: its owner edits the whole list). */
  async chartIds(playlistId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('playlistCharts')
      .select('chartId')
      .where('playlistId', '=', playlistId)
      .orderBy('position')
      .execute()
    return rows.map((row) => row.chartId)
  }

  /** Which of these playlists hold the chart. */
  async holding(playlistIds: string[], chartId: string): Promise<Set<string>> {
    if (playlistIds.length === 0) return new Set()
    const rows = await this.db
      .selectFrom('playlistCharts')
      .select('playlistId')
      .where('playlistId', 'in', playlistIds)
      .where('chartId', '=', chartId)
      .execute()
    return new Set(rows.map((row) => row.playlistId))
  }

  /** Appends the chart unless the playlist holds it or `max` charts already (one statement: two adds at
   *  once cannot pass the bound). 'added', 'present' or 'full'. */
  async add(
    playlistId: string,
    chartId: string,
    max: number,
    now: number,
  ): Promise<'added' | 'present' | 'full'> {
    const result = await sql`insert into playlist_charts (playlist_id, chart_id, position, added_time)
      select ${playlistId}, ${chartId},
        (select coalesce(max(position), 0) + 1 from playlist_charts where playlist_id = ${playlistId}), ${now}
      where (select count(*) from playlist_charts where playlist_id = ${playlistId}) < ${max}
      on conflict do nothing`.execute(this.db)
    if (Number(result.numAffectedRows ?? 0) > 0) {
      await this.recount(playlistId, now)
      return 'added'
    }
    return (await this.holding([playlistId], chartId)).size > 0 ? 'present' : 'full'
  }

  /** Replaces the playlist's charts with these, in this order. Run in a transaction. */
  async setCharts(playlistId: string, chartIds: string[], now: number): Promise<void> {
    const before = new Map(
      (
        await this.db
          .selectFrom('playlistCharts')
          .select(['chartId', 'addedTime'])
          .where('playlistId', '=', playlistId)
          .execute()
      ).map((row) => [row.chartId, Number(row.addedTime)]),
    )
    await this.db.deleteFrom('playlistCharts').where('playlistId', '=', playlistId).execute()
    if (chartIds.length > 0)
      await this.db
        .insertInto('playlistCharts')
        .values(
          chartIds.map((chartId, i) => ({
            playlistId,
            chartId,
            position: i + 1,
            addedTime: before.get(chartId) ?? now,
          })),
        )
        .execute()
    await this.recount(playlistId, now)
  }

  async remove(playlistId: string, chartId: string, now: number): Promise<void> {
    await this.db
      .deleteFrom('playlistCharts')
      .where('playlistId', '=', playlistId)
      .where('chartId', '=', chartId)
      .execute()
    await this.recount(playlistId, now)
  }

  private async recount(playlistId: string, now: number): Promise<void> {
    await sql`update playlists set chart_count = (select count(*) from playlist_charts where playlist_id = ${playlistId}),
      updated_time = ${now} where id = ${playlistId}`.execute(this.db)
  }
}
