// The chart catalogue: likes (for "liked charts"), an index per list order, and substring search —
// FTS5 with the trigram tokenizer on SQLite, pg_trgm GIN indexes on PostgreSQL.
import { type Kysely, sql } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable('likes')
    .addColumn('chart_id', 'text', (col) => col.notNull().references('charts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['chart_id', 'user_id'])
    .execute()
  await db.schema.createIndex('likes_user_created').on('likes').columns(['user_id', 'created_time']).execute()

  // Tags as plain words for search: the JSON text would let '"' or ',' match every tagged chart.
  await db.schema
    .alterTable('charts')
    .addColumn('tags_text', 'text', (col) => col.notNull().defaultTo(''))
    .execute()

  for (const column of ['like_number', 'rating', 'title', 'level']) {
    await db.schema
      .createIndex(`charts_public_${column}`)
      .on('charts')
      .columns(['is_public', column])
      .execute()
  }

  const isPostgres = await sql`select version()`.execute(db).then(
    (result) =>
      String((result.rows[0] as { version?: string } | undefined)?.version ?? '').startsWith('PostgreSQL'),
    () => false,
  )
  if (isPostgres) {
    // In public, so that every schema (and every test schema) shares one extension.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db)
    await sql`create index charts_search_trgm on charts using gin ((lower(title || ' ' || artists || ' ' || composer || ' ' || author || ' ' || tags_text)) public.gin_trgm_ops)`.execute(
      db,
    )
    await sql`create index charts_title_trgm on charts using gin ((lower(title)) public.gin_trgm_ops)`.execute(
      db,
    )
  } else {
    await sql`create virtual table charts_fts using fts5(title, artists, composer, author, tags_text, content='charts', content_rowid='rowid', tokenize='trigram')`.execute(
      db,
    )
    await sql`insert into charts_fts(rowid, title, artists, composer, author, tags_text) select rowid, title, artists, composer, author, tags_text from charts`.execute(
      db,
    )
    await sql`create trigger charts_fts_insert after insert on charts begin
      insert into charts_fts(rowid, title, artists, composer, author, tags_text) values (new.rowid, new.title, new.artists, new.composer, new.author, new.tags_text);
    end`.execute(db)
    await sql`create trigger charts_fts_delete after delete on charts begin
      insert into charts_fts(charts_fts, rowid, title, artists, composer, author, tags_text) values ('delete', old.rowid, old.title, old.artists, old.composer, old.author, old.tags_text);
    end`.execute(db)
    await sql`create trigger charts_fts_update after update of title, artists, composer, author, tags_text on charts begin
      insert into charts_fts(charts_fts, rowid, title, artists, composer, author, tags_text) values ('delete', old.rowid, old.title, old.artists, old.composer, old.author, old.tags_text);
      insert into charts_fts(rowid, title, artists, composer, author, tags_text) values (new.rowid, new.title, new.artists, new.composer, new.author, new.tags_text);
    end`.execute(db)
  }

  await db.schema
    .createTable('pack_items')
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('item', 'text', (col) => col.notNull())
    .addColumn('created_time', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('pack_items_pk', ['type', 'name'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const down = async (db: Kysely<any>): Promise<void> => {
  await db.schema.dropTable('pack_items').execute()
  await db.schema.dropTable('likes').execute()
}
