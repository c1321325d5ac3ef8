// Trending scores: recomputed from the last window's likes, ratings and plays (work/trending.ts runs it).
import { type Kysely, sql } from 'kysely'
import { TRENDING_WINDOW_MS } from '../../../common/rules.js'
import { type Dialect } from '../database.js'
import { type Database } from '../schema.js'

const DAY_MS = 24 * 60 * 60_000

export class TrendingRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect = 'sqlite',
  ) {}

  /** Trending: every chart's score from the likes, ratings and plays of the last `window`, each
   *  weighing a step less for each whole day of its age (a seventh a day over a week, to nothing past the
   *  window): a like 1, a rating rating/5, and a player's plays of a chart 0.5 together (their latest
   *  counts, so replaying does not push a chart). Daily steps keep most scores as they were between two
   *  recomputations, and only the scores that changed are written: a chart's row is wide, and rewriting
   *  every trending row every interval was most of the cost.
   *
   *  The scores are worked out first (reads only: no lock on a chart), then the changes are written
   *  `batchSize` charts a transaction, so that no chart's row (PostgreSQL) and not the one writer (SQLite)
   *  is held long; work/trending.ts runs it in a thread of its own on SQLite. Readers may see some charts'
   *  new scores before others' for that moment. Not to be called inside a transaction. Returns how many
   *  charts trend. */
  async recompute(
    now: number,
    { window = TRENDING_WINDOW_MS, batchSize = 10_000 }: { window?: number; batchSize?: number } = {},
  ): Promise<number> {
    const since = now - window
    const steps = Math.max(1, Math.round(window / DAY_MS))
    const age = (column: string) =>
      // Whole days (truncated alike on both: SQLite binds a JS number as a real, so the cast does it).
      sql`(1.0 - cast(cast((${now} - ${sql.ref(column)}) / ${DAY_MS} as integer) as double precision) / ${steps})`
    const events = sql`
      select chart_id, cast(1 as double precision) * ${age('created_time')} as w
        from likes where created_time > ${since}
      union all
      select chart_id, (cast(rating as double precision) / 5) * ${age('updated_time')}
        from ratings where updated_time > ${since}
      union all
      select chart_id, 0.5 * ${age('time')} from (
        select chart_id, max(created_time) as time from records where created_time > ${since}
        group by chart_id, user_id) plays`
    // Rounded, so that both databases order equal scores the same way (sums in another order may differ
    // in their last bits).
    const score =
      this.dialect === 'postgres'
        ? sql`cast(round(cast(sum(w) as numeric), 6) as double precision)`
        : sql`round(sum(w), 6)`
    const postgres = this.dialect === 'postgres'
    // On one connection: its temporary tables are its own, and filling them writes nothing shared. The
    // changes are numbered, then written a range of them a transaction (each statement commits on its own).
    return this.db.connection().execute(async (db) => {
      const drop = async () => {
        await sql`drop table if exists trending_scores`.execute(db)
        await sql`drop table if exists trending_changes`.execute(db)
      }
      await drop()
      try {
        await sql`create temp table trending_scores (chart_id text primary key, score double precision not null)`.execute(
          db,
        )
        await sql`create temp table trending_changes (
          n ${postgres ? sql`serial` : sql`integer`} primary key, chart_id text not null, score double precision not null)`.execute(
          db,
        )
        await sql`insert into trending_scores (chart_id, score)
          select chart_id, ${score} from (${events}) events group by chart_id`.execute(db)
        // In the order the rows are stored, so that each batch writes neighbouring rows.
        const place = sql.raw(postgres ? 'ctid' : 'rowid')
        await sql`insert into trending_changes (chart_id, score)
          select id, score from (
            select charts.${place} as place, scores.chart_id as id, scores.score as score
              from trending_scores scores
              join charts on charts.id = scores.chart_id where charts.trending <> scores.score
            union all
            select ${place}, id, 0 from charts where trending <> 0
              and not exists (select 1 from trending_scores scores where scores.chart_id = charts.id)
          ) changes order by place`.execute(db)
        const last = await sql<{
          n: number | string | null
        }>`select max(n) as n from trending_changes`.execute(db)
        for (let from = 1; from <= Number(last.rows[0]?.n ?? 0); from += batchSize) {
          await sql`update charts set trending = changes.score from trending_changes changes
            where charts.id = changes.chart_id and changes.n between ${from} and ${from + batchSize - 1}`.execute(
            db,
          )
        }
        const trending = await sql<{ n: number | string }>`select count(*) as n from trending_scores`.execute(
          db,
        )
        return Number(trending.rows[0].n)
      } finally {
        await drop()
      }
    })
  }
}
