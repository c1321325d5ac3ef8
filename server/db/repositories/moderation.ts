// Moderation's tables: granted moderators, reports, the append-only audit log, and the
// moderation state kept on users, charts and comments.
import { type Insertable, type Kysely, type Selectable, type SqlBool, sql } from 'kysely'
import { type Database, type ModerationLogTable, type ReportsTable } from '../schema.js'
import { wordsCondition } from './chartSearch.js'

export type ReportRow = Selectable<ReportsTable>
export type LogRow = Selectable<ModerationLogTable>
export type Target = { type: string; id: string }

/** Which audit entries a listing shows: all, one target's, or the ones about one user (their notices). */
export type LogFilter = {
  target?: Target
  subjectUserId?: string
  chartId?: string
  entryId?: string
  /** The app's quick search over notices: words in the target's label or the reason. */
  keywords?: string
}

export class ModerationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async isGranted(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('moderators')
      .select('userId')
      .where('userId', '=', userId)
      .executeTakeFirst()
    return row !== undefined
  }

  async grant(userId: string, grantedBy: string, now: number): Promise<void> {
    await this.db
      .insertInto('moderators')
      .values({ userId, grantedBy, grantedTime: now })
      .onConflict((oc) => oc.column('userId').doNothing())
      .execute()
  }

  async revoke(userId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('moderators').where('userId', '=', userId).executeTakeFirst()
    return result.numDeletedRows > 0n
  }

  /** Granted moderators with their names and who granted them. */
  listGranted() {
    return this.db
      .selectFrom('moderators')
      .innerJoin('users', 'users.id', 'moderators.userId')
      .leftJoin('users as granter', 'granter.id', 'moderators.grantedBy')
      .select([
        'users.id',
        'users.handle',
        'users.name',
        'moderators.grantedTime',
        'granter.name as granterName',
        'granter.handle as granterHandle',
      ])
      .orderBy('moderators.grantedTime')
      .execute()
  }

  async setSuspension(
    userId: string,
    suspension: { kind: 'suspend' | 'ban'; until: number | null; reason: string } | null,
  ): Promise<void> {
    await this.db
      .updateTable('users')
      .set({
        suspensionKind: suspension?.kind ?? null,
        suspendedUntil: suspension?.until ?? null,
        suspensionReason: suspension?.reason ?? null,
      })
      .where('id', '=', userId)
      .execute()
  }

  async markNoticesRead(userId: string, now: number): Promise<void> {
    await this.db.updateTable('users').set({ noticesReadTime: now }).where('id', '=', userId).execute()
    // The same notices among the notifications are read too.
    await this.db
      .updateTable('notifications')
      .set({ readTime: now })
      .where('userId', '=', userId)
      .where('kind', '=', 'moderation')
      .where('readTime', 'is', null)
      .execute()
  }

  async setChartHidden(chartId: string, hidden: boolean, reason: string | null): Promise<void> {
    await this.db
      .updateTable('charts')
      .set({ hidden: hidden ? 1 : 0, hiddenReason: hidden ? reason : null, hiddenByBan: 0 })
      .where('id', '=', chartId)
      .execute()
  }

  /** A ban hides every chart of the user not hidden already; answers their ids. */
  async hideByBan(authorId: string, reason: string): Promise<string[]> {
    const rows = await this.db
      .updateTable('charts')
      .set({ hidden: 1, hiddenReason: reason, hiddenByBan: 1 })
      .where('authorId', '=', authorId)
      .where('hidden', '=', 0)
      .returning('id')
      .execute()
    return rows.map((row) => row.id)
  }

  /** Lifting a ban shows again the charts the ban hid (not those hidden one by one); answers their ids. */
  async unhideByBan(authorId: string): Promise<string[]> {
    const rows = await this.db
      .updateTable('charts')
      .set({ hidden: 0, hiddenReason: null, hiddenByBan: 0 })
      .where('authorId', '=', authorId)
      .where('hiddenByBan', '=', 1)
      .returning('id')
      .execute()
    return rows.map((row) => row.id)
  }

  /** Files a report unless this reporter has one open on the target; answers the open one either way. */
  async fileReport(report: Insertable<ReportsTable>): Promise<{ id: string; duplicate: boolean }> {
    if (report.reporterId) {
      const result = await this.db
        .insertInto('reports')
        .values(report)
        .onConflict((oc) =>
          oc
            .columns(['reporterId', 'targetType', 'targetId'])
            // The index's own predicate, as written there (SQLite matches it by its text).
            .where(() => sql<SqlBool>`state = 'open'`)
            .doNothing(),
        )
        .executeTakeFirst()
      if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) return { id: report.id, duplicate: false }
      const open = await this.db
        .selectFrom('reports')
        .select('id')
        .where('reporterId', '=', report.reporterId)
        .where('targetType', '=', report.targetType)
        .where('targetId', '=', report.targetId)
        .where('state', '=', 'open')
        .executeTakeFirst()
      if (open) return { id: open.id, duplicate: true }
    }
    await this.db.insertInto('reports').values(report).execute()
    return { id: report.id, duplicate: false }
  }

  async countReportsSince(by: { reporterId: string } | { ip: string }, since: number): Promise<number> {
    let query = this.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('createdTime', '>=', since)
    query =
      'reporterId' in by
        ? query.where('reporterId', '=', by.reporterId)
        : query.where('ip', '=', by.ip).where('reporterId', 'is', null)
    return Number((await query.executeTakeFirstOrThrow()).count)
  }

  /** Closes the target's open reports (all, or those of one kind); answers how many. */
  async closeReports(target: Target, entryId: string, now: number, reason?: string): Promise<number> {
    let query = this.db
      .updateTable('reports')
      .set({ state: 'closed', closedTime: now, closedEntry: entryId })
      .where('state', '=', 'open')
      .where('targetType', '=', target.type)
      .where('targetId', '=', target.id)
    if (reason) query = query.where('reason', '=', reason)
    const result = await query.executeTakeFirst()
    return Number(result.numUpdatedRows)
  }

  async countOpenReports(target: Target, reason?: string): Promise<number> {
    let query = this.db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('state', '=', 'open')
      .where('targetType', '=', target.type)
      .where('targetId', '=', target.id)
    if (reason) query = query.where('reason', '=', reason)
    return Number((await query.executeTakeFirstOrThrow()).count)
  }

  /** A page of targets with open reports, the newest report's target first. */
  queueTargets(offset: number, limit: number) {
    return this.db
      .selectFrom('reports')
      .select(['targetType', 'targetId', (eb) => eb.fn.max('createdTime').as('latestTime')])
      .where('state', '=', 'open')
      .groupBy(['targetType', 'targetId'])
      .orderBy('latestTime', 'desc')
      .orderBy('targetType')
      .orderBy('targetId')
      .limit(limit)
      .offset(offset)
      .execute()
  }

  async countQueueTargets(): Promise<number> {
    const row = await this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('reports')
          .select(['targetType', 'targetId'])
          .where('state', '=', 'open')
          .groupBy(['targetType', 'targetId'])
          .as('targets'),
      )
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    return Number(row.count)
  }

  /** The open reports on these targets, newest first, with their reporters' names. */
  openReportsOf(targets: Target[]) {
    if (targets.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('reports')
      .leftJoin('users', 'users.id', 'reports.reporterId')
      .selectAll('reports')
      .select(['users.name as reporterName', 'users.handle as reporterHandle'])
      .where('reports.state', '=', 'open')
      .where((eb) =>
        eb.or(
          targets.map((target) =>
            eb.and([eb('reports.targetType', '=', target.type), eb('reports.targetId', '=', target.id)]),
          ),
        ),
      )
      .orderBy('reports.createdTime', 'desc')
      .orderBy('reports.id', 'desc')
      .execute()
  }

  async appendLog(entry: LogRow): Promise<void> {
    await this.db.insertInto('moderationLog').values(entry).execute()
  }

  private logWhere(filter: LogFilter) {
    return this.db.selectFrom('moderationLog').where((eb) => {
      const conditions = []
      if (filter.target) {
        conditions.push(eb('targetType', '=', filter.target.type))
        conditions.push(eb('targetId', '=', filter.target.id))
      }
      if (filter.chartId) conditions.push(eb('chartId', '=', filter.chartId))
      if (filter.entryId) conditions.push(eb('id', '=', filter.entryId))
      if (filter.subjectUserId) {
        conditions.push(eb('subjectUserId', '=', filter.subjectUserId))
        // A dismissed report changes nothing of theirs: it is not their notice.
        conditions.push(eb('action', '!=', 'dismiss'))
      }
      const words = wordsCondition(filter.keywords ?? '', [
        'moderationLog.targetLabel',
        'moderationLog.reason',
      ])
      if (words) conditions.push(words)
      return eb.and(conditions)
    })
  }

  /** Audit entries by id (a page of notifications' notices). */
  async logEntries(ids: string[]): Promise<Map<string, LogRow>> {
    if (ids.length === 0) return new Map()
    const rows = await this.db.selectFrom('moderationLog').selectAll().where('id', 'in', ids).execute()
    return new Map(rows.map((row) => [row.id, row]))
  }

  listLog(filter: LogFilter, offset: number, limit: number): Promise<LogRow[]> {
    return this.logWhere(filter)
      .selectAll()
      .orderBy('createdTime', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
  }

  async countLog(filter: LogFilter, since?: number): Promise<number> {
    let query = this.logWhere(filter).select((eb) => eb.fn.countAll<number>().as('count'))
    if (since !== undefined) query = query.where('createdTime', '>', since)
    return Number((await query.executeTakeFirstOrThrow()).count)
  }
}
