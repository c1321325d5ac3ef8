// Sample responses in our wire types, shared by the msw handlers and the client tests' assertions.
import { type EngineItem, type LevelItem, type ServerInfo } from '@sonolus/core'
import { type LevelDetailsResponse, type LevelListResponse, type RawChart } from '../common/api/levels'
import { type ServerInfoResponse } from '../common/api/serverInfo'
import { type UserLoginResponse, type UserMineResponse } from '../common/api/user'
import {
  type AuditEntry,
  type AuditLogResponse,
  type ModeratorsResponse,
  type NoticesResponse,
  type QueueGroup,
  type QueueResponse,
  type Suspension,
  type UserModerationResponse,
} from '../common/api/moderation'
import { type NewsItem, type NewsListResponse, type UserDetailsResponse } from '../common/api/people'

export const sampleSiteInfo: ServerInfo = {
  title: 'Sirius Charts',
  description: 'Community charts for the Sirius engine.',
  buttons: [],
  configuration: { options: [] },
}

export const sampleServerInfo: ServerInfoResponse = {
  code: 200,
  git: {
    owner: 'sirius-charts',
    repo: 'site',
    branch: 'main',
    commit: '0123456789abcdef0123456789abcdef01234567',
    commit_message: 'Add the walking skeleton',
  },
  drive: { used: 1024, total: 1024 * 1024 },
  engine: { name: 'sirius', installed: true, message: 'Engine "sirius" is installed.' },
}

export const sampleLogin: UserLoginResponse = {
  code: 200,
  sessionId: 'mock-session-secret-0123456789abcdefghijklmnop',
  url: 'https://open.sonolus.com/external-login/localhost:8080/sonolus/web/authenticate/0123456789abcdef0123456789abcdef01234567',
}

export const sampleUser: UserMineResponse & { code: 200 } = {
  code: 200,
  id: 'user-1',
  handle: '123456',
  name: 'Player One',
  role: 'user',
  suspension: null,
  unreadNotices: 0,
}

/** A moderator who owns none of the sample charts. */
export const sampleModerator: UserMineResponse & { code: 200 } = {
  code: 200,
  id: 'user-2',
  handle: '654321',
  name: 'Mod Two',
  role: 'moderator',
  suspension: null,
  unreadNotices: 0,
}

// Charts as our server sends them: `rawItems` (what the SPA reads) beside protocol LevelItems.
const srl = (hash: string) => ({ hash, url: `/sonolus/repository/${hash}` })
const sha1 = (n: number) => n.toString(16).padStart(40, '0')

export const sampleChart = (n: number, overrides: Partial<RawChart> = {}): RawChart => ({
  id: n.toString(16).padStart(32, '0'),
  title: `Sample chart ${n}`,
  artists: 'Sample Artists',
  composer: 'Sample Composer',
  author: 'Player One#123456',
  description: '',
  level: 10 + (n % 20),
  isOliver: 0,
  isPublic: 1,
  tags: ['pop'],
  coverHash: sha1(n),
  backgroundHash: null,
  musicHash: null,
  previewHash: null,
  susHash: null,
  allowSusDownload: 0,
  dataHash: null,
  likeNumber: n,
  commentNumber: 0,
  rating: 0,
  ratingNumber: 0,
  publishTime: Date.UTC(2026, 0, 1) + n * 60_000,
  updatedTime: Date.UTC(2026, 0, 1) + n * 60_000,
  playCount: n % 7,
  trending: n % 3 === 0 ? n / 2 : 0,
  scheduledTime: null,
  stats: {
    noteCount: 300 + n * 10,
    counts: { tap: 200 + n * 10, flick: 40, hold: 30, holdEnd: 30 },
    duration: 90 + n,
    npsAverage: 3 + (n % 5) * 0.5,
    npsPeak: 8 + (n % 5),
    bpmMin: 150,
    bpmMax: 150,
    hasScratches: n % 2 === 0,
    hasSplitLines: false,
    hasSpeedChanges: n % 3 === 0,
  },
  ...overrides,
})

const engine: EngineItem = {
  name: 'sirius',
  source: 'http://localhost:8080',
  version: 13,
  title: 'Sirius',
  subtitle: '',
  author: '',
  tags: [],
  skin: {
    name: 'pixel',
    version: 4,
    title: 'Pixel',
    subtitle: '',
    author: '',
    tags: [],
    thumbnail: srl(sha1(1)),
    data: srl(sha1(2)),
    texture: srl(sha1(3)),
  },
  background: {
    name: 'black',
    version: 2,
    title: 'Black',
    subtitle: '',
    author: '',
    tags: [],
    thumbnail: srl(sha1(4)),
    data: srl(sha1(5)),
    image: srl(sha1(6)),
    configuration: srl(sha1(7)),
  },
  effect: {
    name: '8bit',
    version: 5,
    title: '8bit',
    subtitle: '',
    author: '',
    tags: [],
    thumbnail: srl(sha1(8)),
    data: srl(sha1(9)),
    audio: srl(sha1(10)),
  },
  particle: {
    name: 'pixel',
    version: 3,
    title: 'Pixel',
    subtitle: '',
    author: '',
    tags: [],
    thumbnail: srl(sha1(11)),
    data: srl(sha1(12)),
    texture: srl(sha1(13)),
  },
  thumbnail: srl(sha1(14)),
  playData: srl(sha1(15)),
  watchData: srl(sha1(16)),
  previewData: srl(sha1(17)),
  tutorialData: srl(sha1(18)),
  configuration: srl(sha1(19)),
}

export const levelItemOf = (chart: RawChart): LevelItem => ({
  name: `wbs-${chart.id}`,
  source: 'http://localhost:8080',
  version: 1,
  rating: chart.isOliver ? 30 + chart.level : chart.level,
  title: chart.title,
  artists: `${chart.composer} / ${chart.artists}`,
  author: chart.author,
  tags: chart.tags.map((title) => ({ title })),
  engine,
  useSkin: { useDefault: true },
  useBackground: { useDefault: true },
  useEffect: { useDefault: true },
  useParticle: { useDefault: true },
  cover: srl(chart.coverHash),
  bgm: srl(sha1(20)),
  data: srl(chart.dataHash ?? sha1(21)),
})

export const listResponse = (charts: RawChart[], pageCount: number): LevelListResponse => ({
  pageCount,
  items: charts.map(levelItemOf),
  rawItems: charts,
})

export const detailsResponse = (chart: RawChart, others: RawChart[] = []): LevelDetailsResponse => ({
  item: levelItemOf(chart),
  description: chart.description,
  actions: [],
  hasCommunity: true,
  leaderboards: [],
  sections: [
    {
      title: '#SAME_AUTHOR',
      icon: 'level',
      itemType: 'level',
      items: others.map(levelItemOf),
      rawItems: others,
    },
  ],
  publishTime: chart.publishTime,
  rawItem: chart,
})

export const sampleSplitLineHtml =
  '<!doctype html><title>Sirius Split Line List</title><table><tr><th>#1</th></tr><tr><td><svg viewBox="0 0 100 100"><line x1="0" y1="0" x2="0" y2="100" stroke="#6200ee"/></svg></td></tr></table>'

export const sampleDoc = (locale: string, type: string) =>
  `# ${type} (${locale})\n\nSample document **${type}**.`

// Moderation: one queue page with a chart group (a user's report and a takedown request), a
// comment group and a user group; audit entries for the log, notices and a chart's history.
const REPORTED_AT = Date.UTC(2026, 0, 2)
/** Spammer#222222's suspension: the user group's own, and the comment group's author's. */
export const SPAMMER_SUSPENSION: Suspension = { kind: 'suspend', until: Date.UTC(2026, 1, 1), reason: 'spam' }

export const sampleQueueGroups = (): QueueGroup[] => [
  {
    target: { type: 'chart', id: sampleChart(7).id },
    preview: {
      type: 'chart',
      id: sampleChart(7).id,
      gone: false,
      title: 'Sample chart 7',
      author: 'Player One#123456',
      coverHash: sampleChart(7).coverHash,
      isPublic: true,
      hidden: false,
      hiddenReason: null,
      authorSuspension: null,
      authorModerator: false,
    },
    reports: [
      {
        id: 'r1',
        reason: 'copyright',
        note: 'Ripped from the official game',
        reporter: 'Someone#111111',
        time: REPORTED_AT,
        takedown: null,
      },
      {
        id: 'r2',
        reason: 'copyright',
        note: '',
        reporter: null,
        time: REPORTED_AT - 60_000,
        takedown: {
          claimant: 'Label Records',
          contact: 'legal@label.example',
          work: 'Original Song',
          urls: `https://charts.example/chart/${sampleChart(7).id}/info`,
          statement: 'We hold the rights to this song.',
        },
      },
    ],
    latestTime: REPORTED_AT,
  },
  {
    target: { type: 'comment', id: 'c9' },
    preview: {
      type: 'comment',
      id: 'c9',
      gone: false,
      chartId: sampleChart(3).id,
      chartTitle: 'Sample chart 3',
      author: 'Spammer#222222',
      content: 'Buy cheap stuff',
      hidden: true,
      authorSuspension: SPAMMER_SUSPENSION,
      authorModerator: false,
    },
    reports: [
      {
        id: 'r3',
        reason: 'spam',
        note: '',
        reporter: 'Someone#111111',
        time: REPORTED_AT - 120_000,
        takedown: null,
      },
    ],
    latestTime: REPORTED_AT - 120_000,
  },
  {
    target: { type: 'user', id: '222222' },
    preview: {
      type: 'user',
      id: '222222',
      gone: false,
      name: 'Spammer',
      handle: '222222',
      moderator: false,
      suspension: SPAMMER_SUSPENSION,
    },
    reports: [
      {
        id: 'r4',
        reason: 'other',
        note: 'Spams everywhere',
        reporter: 'Someone#111111',
        time: REPORTED_AT - 180_000,
        takedown: null,
      },
    ],
    latestTime: REPORTED_AT - 180_000,
  },
]

export const queueResponse = (groups: QueueGroup[] = sampleQueueGroups(), pageCount = 1): QueueResponse => ({
  code: 200,
  pageCount,
  groups,
})

export const sampleAuditEntry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `a${n}`,
  time: REPORTED_AT + n * 60_000,
  moderator: 'Mod Two#654321',
  action: 'hide',
  target: { type: 'chart', id: sampleChart(n).id },
  targetLabel: `Sample chart ${n}`,
  chartId: sampleChart(n).id,
  reason: `Reason ${n}`,
  before: { hidden: false },
  after: { hidden: true },
  ...overrides,
})

export const auditLogResponse = (entries: AuditEntry[], pageCount = 1): AuditLogResponse => ({
  code: 200,
  pageCount,
  entries,
})

export const noticesResponse = (entries: AuditEntry[], unread: number): NoticesResponse => ({
  code: 200,
  pageCount: 1,
  entries: entries.map((entry) => ({ ...entry, moderator: null })),
  unread,
})

/** The accounts the queue names, as GET /moderation/users/{handle} answers them. */
export const sampleAccounts: Record<string, UserModerationResponse> = {
  '123456': { code: 200, handle: '123456', name: 'Player One', moderator: false, suspension: null },
  '222222': {
    code: 200,
    handle: '222222',
    name: 'Spammer',
    moderator: false,
    suspension: SPAMMER_SUSPENSION,
  },
}

export const sampleModerators: ModeratorsResponse = {
  code: 200,
  moderators: [
    { handle: '000001', name: 'Admin', source: 'config', grantedBy: null, time: null },
    { handle: '654321', name: 'Mod Two', source: 'granted', grantedBy: 'Admin#000001', time: REPORTED_AT },
  ],
}

// People and news: Player One's page (the owner of the sample charts) and news posts.
const NEWS_AT = Date.UTC(2026, 0, 3)

export const sampleUserDetails = (
  charts: RawChart[] = [sampleChart(2), sampleChart(1)],
  overrides: Partial<Pick<UserDetailsResponse, 'profile' | 'stats' | 'records' | 'follow'>> = {},
): UserDetailsResponse => ({
  item: {
    name: '123456',
    source: 'http://localhost:8080',
    title: 'Player One',
    handle: '123456',
    tags: [
      { title: `${charts.length}`, icon: 'level' },
      { title: '3', icon: 'heart' },
    ],
  },
  description: 'Charts for fun.\n\n♪ 2 · ♡ 3 · ▶ 7 · ★ 1 · 💬 4',
  actions: [],
  hasCommunity: false,
  leaderboards: [],
  sections: charts.length
    ? [
        {
          title: '#LEVEL',
          icon: 'level',
          itemType: 'level',
          items: charts.map(levelItemOf),
          searchValues: 'type=advanced&user=123456',
          rawItems: charts,
        },
      ]
    : [],
  profile: {
    handle: '123456',
    name: 'Player One',
    aboutMe: 'Charts for fun.',
    avatar: {
      type: 'default',
      foregroundType: 'default',
      foregroundColor: '#ffffff',
      backgroundType: 'default',
      backgroundColor: '#ff8800',
    },
  },
  stats: {
    charts: charts.length,
    likes: 3,
    comments: 4,
    records: 1,
    plays: 7,
    ratings: 5,
    ratingAverage: 4.2,
  },
  follow: { followers: 2, following: 1, isFollowing: false, canFollow: true },
  records: [
    {
      replay: 'replay-1',
      chartId: sampleChart(5).id,
      title: 'Sample chart 5',
      grade: 'fullCombo',
      arcadeScore: '987,654',
      accuracyScore: '99.12%',
      time: NEWS_AT,
    },
  ],
  ...overrides,
})

export const sampleNews = (n: number, overrides: Partial<NewsItem> = {}): NewsItem => ({
  id: `news-${n}`,
  title: `News ${n}`,
  body: `Body of news **${n}**.`,
  author: 'Mod Two#654321',
  createdTime: NEWS_AT + n * 60_000,
  updatedTime: NEWS_AT + n * 60_000,
  ...overrides,
})

export const newsResponse = (items: NewsItem[], pageCount = 1): NewsListResponse => ({ pageCount, items })
