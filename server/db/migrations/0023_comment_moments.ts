// Feedback tied to a moment of the chart: a comment may carry a time (seconds of chart time, which is also
// the level data's beat) and the chart's owner may mark it resolved. Listing a chart's open or resolved
// comments reads its comments (the existing index on chart and time) and skips the others.
import { type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('comments').addColumn('moment', 'double precision').execute()
  await db.schema.alterTable('comments').addColumn('resolved_time', 'bigint').execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('comments').dropColumn('resolved_time').execute()
  await db.schema.alterTable('comments').dropColumn('moment').execute()
}
