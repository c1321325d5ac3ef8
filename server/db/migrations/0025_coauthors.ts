// Co-authors: a chart's owner invites users, who accept (a row with its accepted time) or decline (the row
// goes). The chart keeps its accepted co-authors' 'name#handle' texts too, so that lists and cards show them
// without a read per chart; the rows are what permissions ask. Since a co-author may upload a version, each
// version names who set its level data.
import { type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('chart_coauthors')
    .addColumn('chart_id', 'text', (col) => col.notNull().references('charts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invited_time', 'bigint', (col) => col.notNull())
    /** Null while the invitation waits. */
    .addColumn('accepted_time', 'bigint')
    .addPrimaryKeyConstraint('chart_coauthors_pk', ['chart_id', 'user_id'])
    .execute()
  // A user's co-authored charts (their creator page).
  await db.schema.createIndex('chart_coauthors_user').on('chart_coauthors').columns(['user_id']).execute()
  /** The accepted co-authors' 'name#handle', one per line, in the order they accepted. */
  await db.schema
    .alterTable('charts')
    .addColumn('coauthors', 'text', (col) => col.notNull().defaultTo(''))
    .execute()
  /** Who set a version's level data ('name#handle'; '' for its owner when it was made): kept for the
   *  current version on the chart, and for earlier ones with them. */
  await db.schema
    .alterTable('charts')
    .addColumn('version_editor', 'text', (col) => col.notNull().defaultTo(''))
    .execute()
  await db.schema
    .alterTable('chart_versions')
    .addColumn('editor', 'text', (col) => col.notNull().defaultTo(''))
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable('chart_versions').dropColumn('editor').execute()
  await db.schema.alterTable('charts').dropColumn('version_editor').execute()
  await db.schema.alterTable('charts').dropColumn('coauthors').execute()
  await db.schema.dropTable('chart_coauthors').execute()
}
