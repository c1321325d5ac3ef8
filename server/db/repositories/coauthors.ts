// A chart's co-authors: invitations, their answers, and the chart's own list of accepted co-authors
// (charts.coauthors), written again whenever that list changes.
import { type Kysely } from 'kysely'
import { type Database } from '../schema.js'

/** One co-author or invitee of a chart, with what their user shows. */
export type CoauthorRow = {
  userId: string
  name: string
  handle: string
  invitedTime: number
  acceptedTime: number | null
}

/** Where a user stands on a chart they do not own. */
export type CoauthorRole = 'coauthor' | 'invited'

export class CoauthorsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A chart's co-authors and invitees, in the order they were invited. */
  of(chartId: string): Promise<CoauthorRow[]> {
    return this.db
      .selectFrom('chartCoauthors')
      .innerJoin('users', 'users.id', 'chartCoauthors.userId')
      .select([
        'chartCoauthors.userId',
        'users.name',
        'users.handle',
        'chartCoauthors.invitedTime',
        'chartCoauthors.acceptedTime',
      ])
      .where('chartCoauthors.chartId', '=', chartId)
      .orderBy('chartCoauthors.invitedTime', 'asc')
      .orderBy('chartCoauthors.userId', 'asc')
      .execute()
  }

  async roleOf(chartId: string, userId: string): Promise<CoauthorRole | undefined> {
    const row = await this.db
      .selectFrom('chartCoauthors')
      .select('acceptedTime')
      .where('chartId', '=', chartId)
      .where('userId', '=', userId)
      .executeTakeFirst()
    if (!row) return undefined
    return row.acceptedTime === null ? 'invited' : 'coauthor'
  }

  /** How many co-authors and invitees a chart has. */
  async count(chartId: string): Promise<number> {
    const row = await this.db
      .selectFrom('chartCoauthors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('chartId', '=', chartId)
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** Invites a user; false when they were already invited or are a co-author. */
  async invite(chartId: string, userId: string, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('chartCoauthors')
      .values({ chartId, userId, invitedTime: now, acceptedTime: null })
      .onConflict((oc) => oc.columns(['chartId', 'userId']).doNothing())
      .executeTakeFirst()
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
  }

  /** Accepts a waiting invitation; false when there was none. */
  async accept(chartId: string, userId: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('chartCoauthors')
      .set({ acceptedTime: now })
      .where('chartId', '=', chartId)
      .where('userId', '=', userId)
      .where('acceptedTime', 'is', null)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  /** Ends a co-authorship or an invitation; false when there was neither. */
  async remove(chartId: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('chartCoauthors')
      .where('chartId', '=', chartId)
      .where('userId', '=', userId)
      .executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  }

  /** Writes the chart's list of accepted co-authors again from the rows, and returns it. */
  async refresh(chartId: string): Promise<string> {
    const rows = await this.db
      .selectFrom('chartCoauthors')
      .innerJoin('users', 'users.id', 'chartCoauthors.userId')
      .select(['users.name', 'users.handle'])
      .where('chartCoauthors.chartId', '=', chartId)
      .where('chartCoauthors.acceptedTime', 'is not', null)
      .orderBy('chartCoauthors.acceptedTime', 'asc')
      .orderBy('chartCoauthors.userId', 'asc')
      .execute()
    const coauthors = rows.map((row) => `${row.name}#${row.handle}`).join('\n')
    await this.db.updateTable('charts').set({ coauthors }).where('id', '=', chartId).execute()
    return coauthors
  }

  /** The ids of the charts a user co-authors (accepted), newest acceptance first, at most `limit`. */
  async chartIdsOf(userId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('chartCoauthors')
      .select('chartId')
      .where('userId', '=', userId)
      .where('acceptedTime', 'is not', null)
      .orderBy('acceptedTime', 'desc')
      .limit(limit)
      .execute()
    return rows.map((row) => row.chartId)
  }
}
