// Finding charts: what a chart is like, from its level data (common/chart/stats.ts), kept with
// the chart so lists filter and sort on it; how often it was played; and its trending score. Charts that
// have level data get their stats from the background work's back-fill (stats_version below
// STATS_VERSION), not here: a migration cannot read the blob store.
import { type Kysely, sql } from 'kysely'

const ORDERS = ['trending', 'play_count', 'duration', 'nps_average'] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  const add = (name: string, type: 'integer' | 'double precision' | 'text', notNullDefault?: number) =>
    db.schema
      .alterTable('charts')
      .addColumn(name, type, (col) =>
        notNullDefault === undefined ? col : col.notNull().defaultTo(notNullDefault),
      )
      .execute()
  await add('note_count', 'integer')
  /** JSON: notes by kind (common/chart/stats.ts NOTE_KINDS). */
  await add('note_counts', 'text')
  await add('duration', 'double precision')
  await add('nps_average', 'double precision')
  await add('nps_peak', 'double precision')
  await add('bpm_min', 'double precision')
  await add('bpm_max', 'double precision')
  await add('has_scratches', 'integer', 0)
  await add('has_split_lines', 'integer', 0)
  await add('has_speed_changes', 'integer', 0)
  /** Which version of the stats code computed the columns above; 0: not yet. */
  await add('stats_version', 'integer', 0)
  /** Accepted results on the chart. */
  await add('play_count', 'integer', 0)
  await add('trending', 'double precision', 0)
  await sql`update charts set play_count = (select count(*) from records where records.chart_id = charts.id)`.execute(
    db,
  )
  // The list orders' indexes, as migration 0010's: the visible charts in order, id the tie-breaker.
  for (const column of ORDERS)
    await db.schema
      .createIndex(`charts_visible_${column}_id`)
      .on('charts')
      .columns(['is_public', 'hidden', column, 'id'])
      .execute()
  // Filtered lists count their matches (at most a search's cap) on this index alone, never reading the
  // wide chart rows: every filter's column is in it.
  await db.schema
    .createIndex('charts_filter')
    .on('charts')
    .columns([
      'is_public',
      'hidden',
      'is_oliver',
      'level',
      'duration',
      'nps_average',
      'has_scratches',
      'has_split_lines',
      'has_speed_changes',
      'tags',
    ])
    .execute()
  // The back-fill finds the charts whose stats are missing or older than the code.
  await db.schema.createIndex('charts_stats_version').on('charts').columns(['stats_version']).execute()
  // Trending reads the last week of likes, ratings and plays.
  await db.schema.createIndex('likes_created').on('likes').columns(['created_time']).execute()
  await db.schema.createIndex('ratings_updated').on('ratings').columns(['updated_time']).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('ratings_updated').execute()
  await db.schema.dropIndex('likes_created').execute()
  await db.schema.dropIndex('charts_stats_version').execute()
  await db.schema.dropIndex('charts_filter').execute()
  for (const column of ORDERS) await db.schema.dropIndex(`charts_visible_${column}_id`).execute()
  for (const column of [
    'trending',
    'play_count',
    'stats_version',
    'has_speed_changes',
    'has_split_lines',
    'has_scratches',
    'bpm_max',
    'bpm_min',
    'nps_peak',
    'nps_average',
    'duration',
    'note_counts',
    'note_count',
  ])
    await db.schema.alterTable('charts').dropColumn(column).execute()
}
