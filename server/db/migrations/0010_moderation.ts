// Moderation: granted moderators, reports (takedown requests among them), the append-only audit
// log, suspensions on users, and hidden charts and comments. The list indexes gain `hidden` after their
// equality columns, so a list of visible charts (or comments) still walks one index in its order.
import { type Kysely, sql } from 'kysely'
import { dialectOf } from './dialect.js'

const ORDERS = ['publish_time', 'like_number', 'rating', 'title', 'level'] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  const dialect = await dialectOf(db)
  await db.schema.alterTable('users').addColumn('suspension_kind', 'text').execute()
  await db.schema.alterTable('users').addColumn('suspended_until', 'bigint').execute()
  await db.schema.alterTable('users').addColumn('suspension_reason', 'text').execute()
  await db.schema
    .alterTable('users')
    .addColumn('notices_read_time', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute()

  await db.schema
    .alterTable('charts')
    .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('charts').addColumn('hidden_reason', 'text').execute()
  await db.schema
    .alterTable('charts')
    .addColumn('hidden_by_ban', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  for (const column of ORDERS) {
    await db.schema.dropIndex(`charts_public_${column}_id`).ifExists().execute()
    await db.schema
      .createIndex(`charts_visible_${column}_id`)
      .on('charts')
      .columns(['is_public', 'hidden', column, 'id'])
      .execute()
  }

  await db.schema
    .alterTable('comments')
    .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema.dropIndex('comments_chart_list').ifExists().execute()
  await db.schema
    .createIndex('comments_chart_list')
    .on('comments')
    .columns(['chart_id', 'deleted', 'hidden', 'created_time', 'id'])
    .execute()

  await db.schema
    .createTable('moderators')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('granted_by', 'text', (col) => col.notNull())
    .addColumn('granted_time', 'bigint', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    /** null for a takedown request (no account). */
    .addColumn('reporter_id', 'text')
    /** The sender's address, for the takedown form's limit. */
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('note', 'text', (col) => col.notNull())
    /** A takedown request's fields, as JSON. */
    .addColumn('details', 'text')
    /** 'open' until a moderator acts on the target or dismisses it, then 'closed'. */
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addColumn('closed_time', 'bigint')
    .addColumn('closed_entry', 'text')
    .execute()
  await db.schema
    .createIndex('reports_open_target')
    .on('reports')
    .columns(['state', 'target_type', 'target_id', 'created_time'])
    .execute()
  // One open report per reporter per target, on every instance.
  await db.schema
    .createIndex('reports_one_open')
    .on('reports')
    .columns(['reporter_id', 'target_type', 'target_id'])
    .unique()
    .where(sql<boolean>`state = 'open'`)
    .execute()
  await db.schema
    .createIndex('reports_reporter_created')
    .on('reports')
    .columns(['reporter_id', 'created_time'])
    .execute()
  await db.schema.createIndex('reports_ip_created').on('reports').columns(['ip', 'created_time']).execute()

  await db.schema
    .createTable('moderation_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addColumn('moderator_id', 'text', (col) => col.notNull())
    .addColumn('moderator', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('target_label', 'text', (col) => col.notNull())
    .addColumn('chart_id', 'text')
    /** Whose content or account the action was about: they see it among their notices. */
    .addColumn('subject_user_id', 'text')
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute()
  await db.schema
    .createIndex('moderation_log_time')
    .on('moderation_log')
    .columns(['created_time', 'id'])
    .execute()
  await db.schema
    .createIndex('moderation_log_subject')
    .on('moderation_log')
    .columns(['subject_user_id', 'created_time'])
    .execute()
  await db.schema
    .createIndex('moderation_log_target')
    .on('moderation_log')
    .columns(['target_type', 'target_id', 'created_time'])
    .execute()
  // Append-only: the database itself refuses to change or remove an entry.
  if (dialect === 'postgres') {
    await sql`create function moderation_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'moderation_log is append-only'; end $$`.execute(db)
    await sql`create trigger moderation_log_no_change before update or delete on moderation_log
      for each row execute function moderation_log_append_only()`.execute(db)
  } else {
    await sql`create trigger moderation_log_no_update before update on moderation_log
      begin select raise(abort, 'moderation_log is append-only'); end`.execute(db)
    await sql`create trigger moderation_log_no_delete before delete on moderation_log
      begin select raise(abort, 'moderation_log is append-only'); end`.execute(db)
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  const dialect = await dialectOf(db)
  await db.schema.dropTable('moderation_log').execute()
  if (dialect === 'postgres') await sql`drop function if exists moderation_log_append_only()`.execute(db)
  await db.schema.dropTable('reports').execute()
  await db.schema.dropTable('moderators').execute()
}
