// First tables: users, sessions, charts (docs/spec.md §3), files, meta.
import { type Kysely, sql } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('handle', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('profile', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addColumn('updated_time', 'bigint', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addColumn('expires_time', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('sessions_expires_time').on('sessions').column('expires_time').execute()
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('files')
    .addColumn('hash', 'text', (col) => col.primaryKey())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('charts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('author_id', 'text', (col) => col.notNull().references('users.id'))
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('artists', 'text', (col) => col.notNull())
    .addColumn('composer', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('level', 'integer', (col) => col.notNull())
    .addColumn('is_oliver', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('cover_hash', 'text', (col) => col.notNull())
    .addColumn('background_hash', 'text')
    .addColumn('music_hash', 'text')
    .addColumn('preview_hash', 'text')
    .addColumn('sus_hash', 'text')
    .addColumn('data_hash', 'text')
    .addColumn('like_number', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('comment_number', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rating', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('rating_number', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('publish_time', 'bigint', (col) => col.notNull())
    .addColumn('updated_time', 'bigint', (col) => col.notNull())
    .addCheckConstraint('charts_level_range', sql`level between 1 and 30`)
    .addCheckConstraint('charts_is_oliver_flag', sql`is_oliver in (0, 1)`)
    .addCheckConstraint('charts_is_public_flag', sql`is_public in (0, 1)`)
    .execute()
  // Index per list order: newest (publish_time), and per author for "mine" and "other charts by the author".
  await db.schema
    .createIndex('charts_public_publish_time')
    .on('charts')
    .columns(['is_public', 'publish_time'])
    .execute()
  await db.schema
    .createIndex('charts_author_id_publish_time')
    .on('charts')
    .columns(['author_id', 'publish_time'])
    .execute()

  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  for (const table of ['meta', 'charts', 'files', 'sessions', 'users'])
    await db.schema.dropTable(table).execute()
}
