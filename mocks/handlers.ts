// msw handlers that answer like our server, in our wire types. Client tests and offline front-end
// work use them; nothing in the product depends on them.
import { type MyPlaylists } from '../common/api/playlists'
import { type NotificationsResponse } from '../common/api/follows'
import { HttpResponse, http } from 'msw'
import { type ServerInfo, type ServerSubmitItemActionResponse } from '@sonolus/core'
import { type CommentListResponse, type CommunityStatus } from '../common/api/community'
import { type ErrorBody } from '../common/api/errors'
import {
  type LevelDetailsResponse,
  type LevelListResponse,
  type ChartVersions,
  type SongSet,
  type Coauthors,
  type TestLinks,
  type RecordListResponse,
} from '../common/api/levels'
import { type ServerInfoResponse } from '../common/api/serverInfo'
import {
  type UserDeleteResponse,
  type UserExportResponse,
  type UserLoginResponse,
  type UserLogoutResponse,
  type UserMineResponse,
} from '../common/api/user'
import {
  type CreateLevelBody,
  type CreateLevelResponse,
  type EditLevelResponse,
  type UploadStartResponse,
} from '../common/api/uploads'
import {
  type AuditLogResponse,
  type ModerationActionRequest,
  type ModerationActionResponse,
  type ModeratorsResponse,
  type NoticesResponse,
  type QueueResponse,
  type ReportResponse,
  type TakedownInfoResponse,
  type TakedownResponse,
  type UserModerationResponse,
} from '../common/api/moderation'
import { type NewsListResponse, type NewsSavedResponse, type UserDetailsResponse } from '../common/api/people'
import {
  auditLogResponse,
  detailsResponse,
  listResponse,
  newsResponse,
  noticesResponse,
  queueResponse,
  sampleAccounts,
  sampleAuditEntry,
  sampleModerators,
  sampleChart,
  sampleDoc,
  sampleLogin,
  sampleServerInfo,
  sampleSiteInfo,
  sampleSplitLineHtml,
  sampleUserDetails,
} from './data'

export const handlers = [
  http.get('*/sonolus/info', () =>
    HttpResponse.json(sampleSiteInfo satisfies ServerInfo, { headers: { 'Sonolus-Version': '1.1.1' } }),
  ),
  http.get('*/sonolus/server/info', () => HttpResponse.json(sampleServerInfo satisfies ServerInfoResponse)),
  // Logged out unless a test says otherwise.
  http.get('*/sonolus/user/mine', () =>
    HttpResponse.json({ code: 401 } satisfies UserMineResponse, { status: 401 }),
  ),
  http.get('*/sonolus/user/login', () => HttpResponse.json(sampleLogin satisfies UserLoginResponse)),
  // The code the app showed (docs/protocol.md §11.2): this mock's logins take 123456.
  http.post('*/sonolus/user/login/code', async ({ request }) => {
    const { code } = (await request.json()) as { code: string }
    return code.replace(/\D/g, '') === '123456'
      ? HttpResponse.json({ code: 200 })
      : HttpResponse.json(
          { code: 400, error: 'login_code', message: 'That is not the code Sonolus showed for this login' },
          { status: 400 },
        )
  }),
  // Nothing unread, no notifications, every kind wanted.
  http.get('*/sonolus/user/notifications/unread', () => HttpResponse.json({ unread: 0 })),
  http.get('*/sonolus/user/notifications', () =>
    HttpResponse.json({ unread: 0, pageCount: 1, items: [] } satisfies NotificationsResponse),
  ),
  http.get('*/sonolus/user/notifications/settings', () => HttpResponse.json({ off: [] })),
  http.get('*/sonolus/users/:handle/follow', () =>
    HttpResponse.json({ followers: 0, following: 0, isFollowing: false, canFollow: true }),
  ),
  http.post('*/sonolus/user/logout', () => HttpResponse.json({ code: 200 } satisfies UserLogoutResponse)),
  // One's archive (a single-use link), and the deletion of one's account.
  http.post('*/sonolus/user/export', () =>
    HttpResponse.json({
      code: 200,
      url: 'http://localhost/sonolus/user/export/k3y',
      expiration: Date.now() + 600_000,
    } satisfies UserExportResponse),
  ),
  http.post('*/sonolus/user/delete', () =>
    HttpResponse.json({ code: 200, chartsDeleted: 1, chartsKept: 0 } satisfies UserDeleteResponse),
  ),
  // Two public charts, one page.
  http.get('*/sonolus/levels/list', () =>
    HttpResponse.json(listResponse([sampleChart(2), sampleChart(1)], 1) satisfies LevelListResponse),
  ),
  // Community: a visitor's status, and no comments.
  http.get('*/sonolus/levels/:name/community/status', () =>
    HttpResponse.json({ isLike: false, isRating: false, rating: 0 } satisfies CommunityStatus),
  ),
  http.get('*/sonolus/levels/:name/community/comments/list', () =>
    HttpResponse.json({ pageCount: 1, comments: [], total: 0 } satisfies CommentListResponse),
  ),
  http.get('*/sonolus/levels/:name/leaderboards/:board/records/list', () =>
    HttpResponse.json({ pageCount: 1, records: [] } satisfies RecordListResponse),
  ),
  // Playlists: none picked by the staff, none of one's own.
  http.get('*/sonolus/playlists/:name', () =>
    HttpResponse.json({ code: 404, error: 'not_found', message: 'No such playlist' } satisfies ErrorBody, {
      status: 404,
    }),
  ),
  http.get('*/sonolus/user/playlists', () => HttpResponse.json({ playlists: [] } satisfies MyPlaylists)),
  // One version: the level data was never replaced.
  http.get('*/sonolus/levels/:name/versions', () =>
    HttpResponse.json({
      current: { version: 1, time: 1_700_000_000_000, players: 0 },
      earlier: [],
    } satisfies ChartVersions),
  ),
  // Nobody co-authors a chart, and the viewer is not invited (the card shows to nobody).
  http.get('*/sonolus/levels/:name/coauthors', () =>
    HttpResponse.json({ role: 'none', coauthors: [] } satisfies Coauthors),
  ),
  // No test link made yet, and no feedback.
  http.get('*/sonolus/levels/:name/test-links', () =>
    HttpResponse.json({ links: [], feedback: [] } satisfies TestLinks),
  ),
  // No other difficulty: the song is the chart alone.
  http.get('*/sonolus/levels/:name/set', ({ params }) => {
    const n = Number.parseInt(String(params.name).replace(/^wbs-/, ''), 16)
    return HttpResponse.json({ charts: Number.isNaN(n) ? [] : [sampleChart(n)] } satisfies SongSet)
  }),
  http.get('*/sonolus/levels/:name', ({ params }) => {
    const n = Number.parseInt(String(params.name).replace(/^wbs-/, ''), 16)
    return Number.isNaN(n)
      ? HttpResponse.json({ code: 404, error: 'not_found', message: 'No such chart' } satisfies ErrorBody, {
          status: 404,
        })
      : HttpResponse.json(detailsResponse(sampleChart(n)) satisfies LevelDetailsResponse)
  }),
  // Uploads: every file is stored already (201), so nothing is sent. Tests that send bytes use the
  // stateful backend in mocks/uploads.ts.
  http.get('*/upload/:sha1', () => HttpResponse.json({ code: 201 } satisfies UploadStartResponse)),
  http.post('*/sonolus/levels/create', async ({ request }) =>
    // As the server: no chart without the upload rules accepted.
    ((await request.json()) as Partial<CreateLevelBody>).rulesAccepted === true
      ? HttpResponse.json({ code: 200, id: sampleChart(0xc0de).id } satisfies CreateLevelResponse)
      : HttpResponse.json(
          { code: 400, error: 'empty_field', message: 'rulesAccepted is required' } satisfies ErrorBody,
          { status: 400 },
        ),
  ),
  // The owner's item actions: an edit updates the item, a delete removes it.
  http.post('*/sonolus/levels/:name/submit', async ({ request }) => {
    const { values } = (await request.json()) as { values: string }
    const type = new URLSearchParams(values).get('type') ?? new URL(request.url).searchParams.get('type')
    return type === 'delete'
      ? HttpResponse.json({
          key: '',
          hashes: [],
          shouldRemoveItem: true,
        } satisfies ServerSubmitItemActionResponse)
      : HttpResponse.json({
          code: 200,
          key: '',
          hashes: [],
          shouldUpdateItem: true,
        } satisfies EditLevelResponse)
  }),
  http.get('*/content/master/splitLine.html', () =>
    HttpResponse.text(sampleSplitLineHtml, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
  ),
  // Moderation. The moderators' routes answer as they would a moderator; tests that need a
  // refusal or state override them.
  http.post('*/sonolus/reports', () =>
    HttpResponse.json({ code: 200, id: 'report-1', duplicate: false } satisfies ReportResponse),
  ),
  http.post('*/sonolus/takedown', () =>
    HttpResponse.json({ code: 200, ids: ['takedown-1'] } satisfies TakedownResponse),
  ),
  // No TAKEDOWN_CONTACT configured.
  http.get('*/sonolus/takedown', () =>
    HttpResponse.json({ code: 200, contact: null } satisfies TakedownInfoResponse),
  ),
  http.get('*/sonolus/moderation/queue', () => HttpResponse.json(queueResponse() satisfies QueueResponse)),
  http.get('*/sonolus/moderation/users/:handle', ({ params }) => {
    const account = sampleAccounts[String(params.handle)]
    return account
      ? HttpResponse.json(account satisfies UserModerationResponse)
      : HttpResponse.json({ code: 404, error: 'not_found', message: 'No such user' } satisfies ErrorBody, {
          status: 404,
        })
  }),
  http.post('*/sonolus/moderation/actions', async ({ request }) => {
    const body = (await request.json()) as ModerationActionRequest
    return HttpResponse.json({
      code: 200,
      entry: sampleAuditEntry(1, { action: body.action, target: body.target, reason: body.reason }),
    } satisfies ModerationActionResponse)
  }),
  http.get('*/sonolus/moderation/log', () =>
    HttpResponse.json(
      auditLogResponse([sampleAuditEntry(2), sampleAuditEntry(1)]) satisfies AuditLogResponse,
    ),
  ),
  http.get('*/sonolus/moderation/moderators', () =>
    HttpResponse.json(sampleModerators satisfies ModeratorsResponse),
  ),
  http.get('*/sonolus/user/notices', () =>
    HttpResponse.json(noticesResponse([], 0) satisfies NoticesResponse),
  ),
  http.post('*/sonolus/user/notices/read', () => HttpResponse.json({ code: 200 })),
  // People and news: Player One (the sample charts' author) has a page, nobody else does; there
  // is no news, and the moderators' news calls succeed.
  http.get('*/sonolus/users/:handle', ({ params }) =>
    params.handle === '123456'
      ? HttpResponse.json(sampleUserDetails() satisfies UserDetailsResponse)
      : HttpResponse.json({ code: 404, error: 'not_found', message: 'No such user' } satisfies ErrorBody, {
          status: 404,
        }),
  ),
  http.get('*/sonolus/news', () => HttpResponse.json(newsResponse([]) satisfies NewsListResponse)),
  http.post('*/sonolus/news', () =>
    HttpResponse.json({ code: 200, id: 'news-new' } satisfies NewsSavedResponse),
  ),
  http.post('*/sonolus/news/:id', ({ params }) =>
    HttpResponse.json({ code: 200, id: String(params.id) } satisfies NewsSavedResponse),
  ),
  http.get('*/content/docs/:locale/:file', ({ params }) =>
    HttpResponse.text(sampleDoc(String(params.locale), String(params.file).replace(/\.md$/, ''))),
  ),
]
