// The list-order indexes end in id, the tie-breaker of every list order (charts.ts ORDER): without it,
// ties (every new chart has 0 likes and rating 0) made each page sort all public charts in a temp B-tree.
import { type Kysely } from 'kysely'

const ORDERS = ['publish_time', 'like_number', 'rating', 'title', 'level'] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  for (const column of ORDERS) {
    await db.schema.dropIndex(`charts_public_${column}`).ifExists().execute()
    await db.schema
      .createIndex(`charts_public_${column}_id`)
      .on('charts')
      .columns(['is_public', column, 'id'])
      .execute()
  }
}
