// What each new version of a chart's level data changed in its notes, worked out at the edit while the old
// level data still exists (its file is collected once no chart uses it). `version` is the version the
// changes led to; `spans` (the times, read with every versions list) and `notes` (the changed notes, read
// only for the preview's marks) are JSON, bounded by the chart library.
import { type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('chart_version_changes')
    .addColumn('chart_id', 'text', (col) => col.notNull().references('charts.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('added', 'integer', (col) => col.notNull())
    .addColumn('removed', 'integer', (col) => col.notNull())
    .addColumn('moved', 'integer', (col) => col.notNull())
    .addColumn('spans', 'text', (col) => col.notNull())
    .addColumn('notes', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('chart_version_changes_pk', ['chart_id', 'version'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('chart_version_changes').execute()
}
