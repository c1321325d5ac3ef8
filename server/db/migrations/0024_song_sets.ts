// Charts of one song: each chart of a set names the set, whose id is the id of the chart it began with (it
// stays the set's name if that chart goes). A chart belongs to one set at most; the index lists a set.
import { type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('charts').addColumn('song_set', 'text').execute()
  await db.schema.createIndex('charts_song_set').on('charts').column('song_set').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('charts_song_set').execute()
  await db.schema.alterTable('charts').dropColumn('song_set').execute()
}
