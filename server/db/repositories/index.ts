import { type Kysely, sql } from 'kysely'
import { type Dialect } from '../database.js'
import { type Database } from '../schema.js'
import { AccountsRepository } from './accounts.js'
import { ChartsRepository } from './charts.js'
import { ChartListRepository } from './chartList.js'
import { ChartVersionsRepository } from './chartVersions.js'
import { CoauthorsRepository } from './coauthors.js'
import { TestLinksRepository } from './testLinks.js'
import { TrendingRepository } from './trending.js'
import { CommunityRepository } from './community.js'
import { FilesRepository } from './files.js'
import { FollowsRepository } from './follows.js'
import { LeaderboardsRepository } from './leaderboards.js'
import { LoginAttemptsRepository } from './loginAttempts.js'
import { PackItemsRepository } from './packItems.js'
import { PeopleRepository } from './people.js'
import { PlaylistsRepository } from './playlists.js'
import { MetaRepository } from './meta.js'
import { ModerationRepository } from './moderation.js'
import { SeenSignaturesRepository } from './seenSignatures.js'
import { RateCountersRepository } from './rateCounters.js'
import { SessionsRepository } from './sessions.js'
import { SongSetsRepository } from './songSets.js'
import { UploadsRepository } from './uploads.js'
import { UsersRepository } from './users.js'

export type Repositories = {
  users: UsersRepository
  sessions: SessionsRepository
  charts: ChartsRepository
  /** The catalogue as lists: filters, sorts, searches, counts. */
  chartList: ChartListRepository
  chartVersions: ChartVersionsRepository
  /** Who co-authors a chart, and who is invited to. */
  coauthors: CoauthorsRepository
  /** Unlisted links to private charts for testers, and their feedback. */
  testLinks: TestLinksRepository
  trending: TrendingRepository
  community: CommunityRepository
  leaderboards: LeaderboardsRepository
  files: FilesRepository
  meta: MetaRepository
  loginAttempts: LoginAttemptsRepository
  packItems: PackItemsRepository
  uploads: UploadsRepository
  seenSignatures: SeenSignaturesRepository
  rateCounters: RateCountersRepository
  moderation: ModerationRepository
  people: PeopleRepository
  follows: FollowsRepository
  playlists: PlaylistsRepository
  /** Charts of one song. */
  songSets: SongSetsRepository
  /** A person's data as a whole: their archive, their account's deletion. */
  accounts: AccountsRepository
  /** Runs `select 1`: the health check's proof that the database answers. */
  ping: () => Promise<void>
  /** Runs `work` in one transaction with repositories bound to it. */
  transaction: <T>(work: (repos: Repositories) => Promise<T>) => Promise<T>
}

export const createRepositories = (db: Kysely<Database>, dialect: Dialect = 'sqlite'): Repositories => ({
  users: new UsersRepository(db),
  sessions: new SessionsRepository(db),
  charts: new ChartsRepository(db, dialect),
  chartList: new ChartListRepository(db, dialect),
  chartVersions: new ChartVersionsRepository(db),
  coauthors: new CoauthorsRepository(db),
  testLinks: new TestLinksRepository(db),
  trending: new TrendingRepository(db, dialect),
  community: new CommunityRepository(db, dialect),
  leaderboards: new LeaderboardsRepository(db),
  files: new FilesRepository(db, dialect),
  meta: new MetaRepository(db),
  loginAttempts: new LoginAttemptsRepository(db),
  packItems: new PackItemsRepository(db),
  uploads: new UploadsRepository(db),
  seenSignatures: new SeenSignaturesRepository(db),
  rateCounters: new RateCountersRepository(db),
  moderation: new ModerationRepository(db),
  people: new PeopleRepository(db),
  follows: new FollowsRepository(db, dialect),
  playlists: new PlaylistsRepository(db),
  songSets: new SongSetsRepository(db),
  accounts: new AccountsRepository(db),
  ping: async () => {
    await sql`select 1`.execute(db)
  },
  transaction: (work) => db.transaction().execute((trx) => work(createRepositories(trx, dialect))),
})

export type { User } from './users.js'
export { RELEASED_PREFIX, releasedHandle } from './users.js'
export type { Session } from './sessions.js'
export type { ChartRow, ChartCounters, NewChart, StatsColumns } from './charts.js'
export { statsColumns } from './charts.js'
export type { ChartListQuery, ChartSort } from './chartList.js'
export { FILTER_FIELDS, SEARCH_COUNT_CAP, isFiltered } from './chartList.js'
export type { FileRecord, FileOrigin } from './files.js'
export type { UploadSession, Chunk, MediaJob } from './uploads.js'
export type { CommentRow, CommunityStatus } from './community.js'
export type { RecordRow, UploadKey, BoardEntry } from './leaderboards.js'
export type { LoginAttempt } from './loginAttempts.js'
export type { ReportRow, LogRow, LogFilter, Target } from './moderation.js'
export type { NewsRow, PersonStats } from './people.js'
export type { PlaylistRow, PlaylistFilter } from './playlists.js'
export type { CoauthorRow, CoauthorRole } from './coauthors.js'
export type { TestLinkRow, TestFeedbackRow } from './testLinks.js'
export type { AccountData } from './accounts.js'
export { DELETED_USER_NAME } from './accounts.js'
export type { NotificationRow, NotificationKind, NewNotification } from './follows.js'
