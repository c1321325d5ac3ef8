// Substring search on charts, per dialect. Terms are bound parameters; on SQLite they are quoted FTS5
// trigram phrases (terms under 3 characters, which trigrams cannot match, fall back to LIKE).
import { type ExpressionBuilder, type Expression, type SqlBool, sql } from 'kysely'
import { type Dialect } from '../database.js'
import { type Database } from '../schema.js'
import { stripControl } from '../../../common/text.js'

export type SearchField = 'all' | 'title' | 'artists' | 'author' | 'tags'

const FTS_COLUMNS: Record<SearchField, string> = {
  all: '',
  title: '{title} : ',
  artists: '{artists composer} : ',
  author: '{author} : ',
  tags: '{tags_text} : ',
}

const SQL_COLUMNS: Record<SearchField, string[]> = {
  all: ['title', 'artists', 'composer', 'author', 'tags_text'],
  title: ['title'],
  artists: ['artists', 'composer'],
  author: ['author'],
  tags: ['tags_text'],
}

/** The words of a search, lower-cased, at most 8. Whatever FTS5 or PostgreSQL cannot take as text (a NUL,
 *  lone surrogates…) is dropped here too, whoever the caller is. */
export const terms = (text: string): string[] =>
  stripControl(text)
    .toLowerCase()
    .split(/\s+/)
    .map((term) => term.trim())
    .filter(Boolean)
    .slice(0, 8)

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** A condition that every word of `text` occurs (case-insensitive substring) in one of `columns`, for the
 *  lists searched without an index of their own (replays, posts); undefined when `text` has no word. */
export const wordsCondition = (text: string, columns: readonly string[]): Expression<SqlBool> | undefined => {
  const list = terms(text)
  if (list.length === 0) return undefined
  const anyColumn = (term: string) =>
    sql<SqlBool>`(${sql.join(
      columns.map((column) => sql`lower(${sql.ref(column)}) like ${likePattern(term)} escape '\\'`),
      sql` or `,
    )})`
  return sql<SqlBool>`(${sql.join(list.map(anyColumn), sql` and `)})`
}

/** The FTS5 query for every SQLite search entry's trigram-searchable terms (3+ characters), or undefined
 *  when there are none. All entries are ANDed into one MATCH, so the index is consulted once. */
export const ftsMatch = (search: { field: SearchField; text: string }[]): string | undefined => {
  const phrases = search.flatMap(({ field, text }) =>
    terms(text)
      .filter((term) => term.length >= 3)
      .map((term) => `${FTS_COLUMNS[field]}"${term.replace(/"/g, '""')}"`),
  )
  return phrases.length > 0 ? phrases.join(' AND ') : undefined
}

/** A condition that every term occurs (case-insensitive substring) in the field. On SQLite, terms of 3+
 *  characters are left to `ftsMatch` (the caller joins or filters on it) unless `likeAll`; shorter ones
 *  always use LIKE here. */
export const searchCondition = (
  dialect: Dialect,
  field: SearchField,
  text: string,
  likeAll = false,
): ((eb: ExpressionBuilder<Database, 'charts'>) => Expression<SqlBool>) | undefined => {
  const list = terms(text).filter((term) => dialect === 'postgres' || likeAll || term.length < 3)
  if (list.length === 0) return undefined
  return (eb) => {
    if (dialect === 'postgres') {
      const haystack =
        field === 'all'
          ? sql`lower(charts.title || ' ' || charts.artists || ' ' || charts.composer || ' ' || charts.author || ' ' || charts.tags_text)`
          : field === 'title'
            ? sql`lower(charts.title)`
            : sql`lower(${sql.join(
                SQL_COLUMNS[field].map((column) => sql.ref(`charts.${column}`)),
                sql` || ' ' || `,
              )})`
      return eb.and(list.map((term) => sql<SqlBool>`${haystack} like ${likePattern(term)} escape '\\'`))
    }
    return eb.and(
      list.map((term) =>
        eb.or(
          SQL_COLUMNS[field].map(
            (column) =>
              sql<SqlBool>`lower(${sql.ref(`charts.${column}`)}) like ${likePattern(term)} escape '\\'`,
          ),
        ),
      ),
    )
  }
}
