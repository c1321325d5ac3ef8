// Substring search on charts, per dialect. Terms are bound parameters; on SQLite they are quoted FTS5
// trigram phrases (terms under 3 characters, which trigrams cannot match, fall back to LIKE).
import { type ExpressionBuilder, type Expression, type SqlBool, sql } from 'kysely'
import { type Dialect } from '../database.js'
import { type Database } from '../schema.js'

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

export const terms = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/\s+/)
    .map((term) => term.trim())
    .filter(Boolean)
    .slice(0, 8)

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** A condition that every term occurs (case-insensitive substring) in the field. */
export const searchCondition = (
  dialect: Dialect,
  field: SearchField,
  text: string,
): ((eb: ExpressionBuilder<Database, 'charts'>) => Expression<SqlBool>) | undefined => {
  const list = terms(text)
  if (list.length === 0) return undefined
  return (eb) => {
    const conditions: Expression<SqlBool>[] = []
    if (dialect === 'postgres') {
      const haystack =
        field === 'all'
          ? sql`lower(title || ' ' || artists || ' ' || composer || ' ' || author || ' ' || tags_text)`
          : field === 'title'
            ? sql`lower(title)`
            : sql`lower(${sql.join(
                SQL_COLUMNS[field].map((column) => sql.ref(column)),
                sql` || ' ' || `,
              )})`
      for (const term of list)
        conditions.push(sql<SqlBool>`${haystack} like ${likePattern(term)} escape '\\'`)
      return eb.and(conditions)
    }
    const phrases = list.filter((term) => term.length >= 3)
    if (phrases.length > 0) {
      const query = phrases.map((term) => `${FTS_COLUMNS[field]}"${term.replace(/"/g, '""')}"`).join(' AND ')
      conditions.push(
        sql<SqlBool>`charts.rowid in (select rowid from charts_fts where charts_fts match ${query})`,
      )
    }
    for (const term of list.filter((term) => term.length < 3)) {
      const columns = SQL_COLUMNS[field].map(
        (column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(term)} escape '\\'`,
      )
      conditions.push(eb.or(columns))
    }
    return eb.and(conditions)
  }
}
