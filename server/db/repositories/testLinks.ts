// Test links and the feedback sent through them.
import { type Kysely, type Selectable } from 'kysely'
import { type Database, type TestFeedbackTable, type TestLinksTable } from '../schema.js'

export type TestLinkRow = Selectable<TestLinksTable>
export type TestFeedbackRow = Selectable<TestFeedbackTable>

export class TestLinksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(row: TestLinkRow): Promise<void> {
    await this.db.insertInto('testLinks').values(row).execute()
  }

  byToken(token: string): Promise<TestLinkRow | undefined> {
    return this.db.selectFrom('testLinks').selectAll().where('token', '=', token).executeTakeFirst()
  }

  /** A chart's links, newest first, at most `limit`. */
  ofChart(chartId: string, limit: number): Promise<TestLinkRow[]> {
    return this.db
      .selectFrom('testLinks')
      .selectAll()
      .where('chartId', '=', chartId)
      .orderBy('createdTime', 'desc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute()
  }

  /** How many of a chart's links still open it at `now`. */
  async countOpen(chartId: string, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('testLinks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('chartId', '=', chartId)
      .where('revokedTime', 'is', null)
      .where((eb) => eb.or([eb('expiresTime', 'is', null), eb('expiresTime', '>', now)]))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** Ends a chart's link; false when it was not the chart's or had ended already. */
  async revoke(chartId: string, id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('testLinks')
      .set({ revokedTime: now })
      .where('id', '=', id)
      .where('chartId', '=', chartId)
      .where('revokedTime', 'is', null)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  /** Ends the open links one user made to a chart (they no longer work on it). */
  async revokeMadeBy(chartId: string, userId: string, now: number): Promise<void> {
    await this.db
      .updateTable('testLinks')
      .set({ revokedTime: now })
      .where('chartId', '=', chartId)
      .where('createdBy', '=', userId)
      .where('revokedTime', 'is', null)
      .execute()
  }

  async addFeedback(row: TestFeedbackRow): Promise<void> {
    await this.db.insertInto('testFeedback').values(row).execute()
  }

  /** How much feedback one user sent through one link (its bound). */
  async feedbackCount(linkId: string, userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('testFeedback')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('linkId', '=', linkId)
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** A chart's test feedback, newest first, at most `limit`. */
  feedbackOf(chartId: string, limit: number): Promise<TestFeedbackRow[]> {
    return this.db
      .selectFrom('testFeedback')
      .selectAll()
      .where('chartId', '=', chartId)
      .orderBy('createdTime', 'desc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute()
  }
}
