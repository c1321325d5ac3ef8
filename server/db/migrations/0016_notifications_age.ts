// Notifications are kept for a time: the janitor removes read ones after NOTIFICATION_READ_KEEP_MS
// and any after NOTIFICATION_KEEP_MS, oldest first; this index finds them.
import { type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.createIndex('notifications_created').on('notifications').columns(['created_time']).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropIndex('notifications_created').execute()
}
