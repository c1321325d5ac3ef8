// Uploads (docs/spec.md §4 "Upload"): chunked upload sessions and the chunks they hold (the bytes are in
// the blob store's scratch area), the media jobs that re-encode music off the request path, the chart's
// re-encoded music, and where each stored file came from (only uploads and their derivatives are ever
// collected; pack files are not).
import { type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('upload_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hash', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    /** The key that signs this session's bearer tokens (never sent). */
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addColumn('expires_time', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('upload_sessions_resume')
    .on('upload_sessions')
    .columns(['user_id', 'hash', 'size', 'kind'])
    .execute()
  await db.schema.createIndex('upload_sessions_expiry').on('upload_sessions').column('expires_time').execute()

  await db.schema
    .createTable('upload_chunks')
    .addColumn('upload_id', 'text', (col) =>
      col.notNull().references('upload_sessions.id').onDelete('cascade'),
    )
    .addColumn('start', 'bigint', (col) => col.notNull())
    .addColumn('end', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('upload_chunks_pk', ['upload_id', 'start'])
    .execute()

  await db.schema
    .createTable('media_jobs')
    .addColumn('chart_id', 'text', (col) => col.primaryKey().references('charts.id').onDelete('cascade'))
    .addColumn('music_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    /** Another worker may take the job once this passes (a crashed worker's lease runs out). */
    .addColumn('lease_until', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .execute()

  await db.schema.alterTable('charts').addColumn('bgm_hash', 'text').execute()
  // 'system': demo content, packs (never collected); 'upload': a user's upload; 'derived': made by the
  // server from an upload (level data, background, re-encoded music, preview clip).
  await db.schema
    .alterTable('files')
    .addColumn('origin', 'text', (col) => col.notNull().defaultTo('system'))
    .execute()
}
