// The permission matrix: every route, new and old, as a visitor, another user, a co-author of the charts it
// names (accepted on P, Q, H, C and D), the owner of what it names, a suspended user and a moderator, on SQLite and PostgreSQL. A route missing from the table
// fails the test, so a new route must say who may call it.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testPublicKeyEnv } from '../fixtures/keys/sign'
import { hex, newChart } from './helpers/charts'
import { DIALECTS, openTestApp } from './helpers/context'
import { TEST_PUBLIC_URL, appSession } from './helpers/sessions'

const ROLES = ['anonymous', 'user', 'coauthor', 'owner', 'suspended', 'moderator'] as const
type Role = (typeof ROLES)[number]
type Expect = [number, number, number, number, number, number]

const PEOPLE = {
  owner: { id: 'perm-owner', handle: '5001', name: 'Owner' },
  user: { id: 'perm-user', handle: '5002', name: 'Other' },
  coauthor: { id: 'perm-co', handle: '5004', name: 'Coauthor' },
  invitee: { id: 'perm-invitee', handle: '5005', name: 'Invitee' },
  suspended: { id: 'perm-sus', handle: '5003', name: 'Suspended' },
  moderator: { id: 'perm-mod', handle: '5900', name: 'Mod' },
}

const P = hex(501, 32) // public, the owner's
const Q = hex(502, 32) // private, the owner's
const H = hex(503, 32) // hidden by a moderator, the owner's
const PL = hex(601, 32) // the owner's public playlist
const PLQ = hex(602, 32) // the owner's private playlist
const PLD = hex(603, 32) // the owner's playlist, deleted by them
const M = hex(504, 32) // the moderator hides it through the site's action
const N = hex(505, 32) // the moderator hides it through the app's item action
const C = hex(506, 32) // public, the owner's, co-authored: who co-authors it changes here
const D = hex(507, 32) // public, the owner's, co-authored: deleted by its owner

/** Routes from Fastify's printed tree: "METHOD /path" for every method but HEAD. */
const routeTable = (printed: string): string[] => {
  const stack: string[] = []
  const routes: string[] = []
  for (const line of printed.split('\n')) {
    const at = line.indexOf('── ')
    if (at < 0) continue
    const depth = at / 4
    const match = /^(\S+) \(([^)]+)\)$/.exec(line.slice(at + 3).trim())
    const segment = match ? match[1] : line.slice(at + 3).trim()
    stack[depth] = `${depth > 0 ? (stack[depth - 1] ?? '') : ''}${segment}`.replace('//', '/')
    if (!match) continue
    for (const method of match[2].split(', ')) if (method !== 'HEAD') routes.push(`${method} ${stack[depth]}`)
  }
  return routes
}

describe.each(DIALECTS)('the permission matrix on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions: Partial<Record<Role, string>> = {}
  let commentByOwner = ''
  let commentByUser = ''
  let noticeName = ''
  // Two test links to the private chart Q: one to revoke, one to send feedback through.
  const testLinks: { id: string; token: string }[] = []

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: {
        SONOLUS_PUBLIC_KEY: testPublicKeyEnv,
        PUBLIC_URL: TEST_PUBLIC_URL,
        ADMIN_HANDLES: PEOPLE.moderator.handle,
      },
    })
    for (const role of ['owner', 'user', 'coauthor', 'suspended', 'moderator'] as const)
      sessions[role] = await appSession(test.app, PEOPLE[role])
    await appSession(test.app, PEOPLE.invitee)
    const owned = { authorId: PEOPLE.owner.id, author: `Owner#${PEOPLE.owner.handle}` }
    for (const [n, id, extra] of [
      [501, P, {}],
      [502, Q, { isPublic: 0 }],
      [503, H, {}],
      [504, M, {}],
      [505, N, {}],
      [506, C, {}],
      [507, D, {}],
    ] as const)
      await test.ctx.repos.charts.insert(newChart(n, { id, ...owned, ...extra }))
    // P's cover is on record: a new difficulty made from P shares it.
    await test.ctx.repos.files.record({
      hash: hex(501, 40),
      size: 1,
      contentType: 'image/png',
      createdTime: 0,
    })
    // The co-author co-authors the owner's public, private and hidden charts, and two to change.
    for (const id of [P, Q, H, C, D]) {
      await test.ctx.repos.coauthors.invite(id, PEOPLE.coauthor.id, 1)
      await test.ctx.repos.coauthors.accept(id, PEOPLE.coauthor.id, 2)
      await test.ctx.repos.coauthors.refresh(id)
    }
    for (let n = 0; n < 2; n++) {
      const made = await test.app.inject({
        method: 'POST',
        url: `/sonolus/levels/wbs-${Q}/test-links`,
        headers: { authorization: sessions.owner! },
        payload: {},
      })
      testLinks.push(made.json() as { id: string; token: string })
    }
    // The owner's public and private playlists, and one to delete.
    for (const [id, isPublic] of [
      [PL, 1],
      [PLQ, 0],
      [PLD, 1],
    ] as const)
      await test.ctx.repos.playlists.create({
        id,
        ownerId: PEOPLE.owner.id,
        owner: `Owner#${PEOPLE.owner.handle}`,
        title: 'Playlist',
        description: '',
        isPublic,
        createdTime: 1,
        updatedTime: 1,
      })
    const as = (role: Role, url: string, values: string) =>
      test.app.inject({
        method: 'POST',
        url,
        headers: { authorization: sessions[role]! },
        payload: { values },
      })
    const comment = async (role: Role, text: string) => {
      await as(role, `/sonolus/levels/wbs-${P}/community/submit`, `type=comment&comment=${text}`)
      const list = await test.app.inject({ url: `/sonolus/levels/wbs-${P}/community/comments/list` })
      return (list.json() as { comments: { name: string; content: string }[] }).comments.find(
        (c) => c.content === text,
      )!.name
    }
    commentByOwner = await comment('owner', 'by-owner')
    commentByUser = await comment('user', 'by-user')
    const act = (body: object) =>
      test.app.inject({
        method: 'POST',
        url: '/sonolus/moderation/actions',
        headers: { authorization: sessions.moderator! },
        payload: body,
      })
    expect(
      (await act({ target: { type: 'chart', id: H }, action: 'hide', reason: 'assets' })).statusCode,
    ).toBe(200)
    const suspend = {
      target: { type: 'user', id: PEOPLE.suspended.handle },
      action: 'suspend',
      reason: 'spam',
      hours: 24,
    }
    expect((await act(suspend)).statusCode).toBe(200)
    const notices = await test.app.inject({
      url: '/sonolus/posts/list',
      headers: { authorization: sessions.owner! },
    })
    noticeName = (notices.json() as { items: { name: string }[] }).items[0].name
  })
  afterAll(async () => test.cleanup())

  type Case = { route: string; url: () => string; body?: () => object; fresh?: boolean; expect: Expect }
  const get = (route: string, url: string | (() => string), expected: Expect): Case => ({
    route: `GET ${route}`,
    url: typeof url === 'string' ? () => url : url,
    expect: expected,
  })
  const post = (route: string, url: string | (() => string), body: () => object, expected: Expect): Case => ({
    route: `POST ${route}`,
    url: typeof url === 'string' ? () => url : url,
    body,
    expect: expected,
  })
  const values = (text: string) => () => ({ values: text })
  const ALL_200: Expect = [200, 200, 200, 200, 200, 200]
  const LOGGED_IN: Expect = [401, 200, 200, 200, 200, 200]
  const MODERATOR: Expect = [401, 401, 401, 401, 401, 200]
  const CHANGES: Expect = [401, 200, 200, 200, 403, 200]
  const level = (id: string, rest = '') => `/sonolus/levels/wbs-${id}${rest}`

  const cases: Case[] = [
    get('/sonolus/info', '/sonolus/info', ALL_200),
    get('/sonolus/server/info', '/sonolus/server/info', ALL_200),
    post('/sonolus/authenticate', '/sonolus/authenticate', () => ({}), [401, 401, 401, 401, 401, 401]),
    get('/sonolus/user/login', '/sonolus/user/login', ALL_200),
    get('/sonolus/user/mine', '/sonolus/user/mine', LOGGED_IN),
    post('/sonolus/user/mine', '/sonolus/user/mine', () => ({}), LOGGED_IN),
    { ...post('/sonolus/user/logout', '/sonolus/user/logout', () => ({}), ALL_200), fresh: true },
    get('/sonolus/user/notices', '/sonolus/user/notices', LOGGED_IN),
    // Nobody has a confirmed login to finish here: the code is refused whoever asks (a suspended user's
    // session is refused as every change of theirs is).
    post(
      '/sonolus/user/login/code',
      '/sonolus/user/login/code',
      () => ({ code: '123456' }),
      [401, 401, 401, 401, 403, 401],
    ),
    post('/sonolus/user/notices/read', '/sonolus/user/notices/read', () => ({}), LOGGED_IN),
    // One's archive: a suspended person may still take theirs. The link is a key nobody holds here.
    post('/sonolus/user/export', '/sonolus/user/export', () => ({}), LOGGED_IN),
    get('/sonolus/user/export/:key', '/sonolus/user/export/no-such-key', [404, 404, 404, 404, 404, 404]),
    // A deletion with someone else's handle is refused to each who may ask (nobody's account goes); a
    // suspended person may not delete theirs.
    post(
      '/sonolus/user/delete',
      '/sonolus/user/delete',
      () => ({ handle: '0000', charts: 'delete' }),
      [401, 400, 400, 400, 403, 400],
    ),
    post(
      '/sonolus/web/authenticate/:hash',
      `/sonolus/web/authenticate/${'0'.repeat(40)}`,
      () => ({}),
      [401, 401, 401, 401, 401, 401],
    ),
    post(
      '/sonolus/web/authenticate',
      '/sonolus/web/authenticate',
      () => ({ key: 'k' }),
      [401, 401, 401, 401, 401, 401],
    ),
    post(
      '/sonolus/reports',
      '/sonolus/reports',
      () => ({ target: { type: 'chart', id: P }, reason: 'spam' }),
      // Nobody reports their own chart (they can edit or delete it): 400.
      [401, 200, 200, 400, 403, 200],
    ),
    get('/sonolus/takedown', '/sonolus/takedown', ALL_200),
    post(
      '/sonolus/takedown',
      '/sonolus/takedown',
      () => ({ claimant: 'C', contact: 'c@example.com', work: 'W', urls: level(P), statement: 'S' }),
      ALL_200,
    ),
    get('/sonolus/repository/:hash', `/sonolus/repository/${'0'.repeat(40)}`, [404, 404, 404, 404, 404, 404]),
    get('/sonolus/replays/:name', '/sonolus/replays/replay-nothing', [404, 404, 404, 404, 404, 404]),
    get('/sonolus/replays/info', '/sonolus/replays/info', ALL_200),
    get('/sonolus/replays/list', '/sonolus/replays/list', ALL_200),
    get('/sonolus/users/info', '/sonolus/users/info', ALL_200),
    get('/sonolus/users/list', '/sonolus/users/list', ALL_200),
    get('/sonolus/users/:name', `/sonolus/users/${PEOPLE.owner.handle}`, ALL_200),
    // Following someone (not oneself: 400), and one's own notifications.
    get('/sonolus/users/:name/follow', `/sonolus/users/${PEOPLE.owner.handle}/follow`, ALL_200),
    post(
      '/sonolus/users/:name/follow',
      `/sonolus/users/${PEOPLE.owner.handle}/follow`,
      () => ({ follow: true }),
      [401, 200, 200, 400, 403, 200],
    ),
    post(
      '/sonolus/users/:name/submit',
      `/sonolus/users/${PEOPLE.owner.handle}/submit`,
      values('type=follow'),
      [401, 200, 200, 400, 403, 200],
    ),
    get('/sonolus/user/notifications', '/sonolus/user/notifications', LOGGED_IN),
    get('/sonolus/user/notifications/unread', '/sonolus/user/notifications/unread', LOGGED_IN),
    post('/sonolus/user/notifications/read', '/sonolus/user/notifications/read', () => ({}), LOGGED_IN),
    get('/sonolus/user/notifications/settings', '/sonolus/user/notifications/settings', LOGGED_IN),
    post(
      '/sonolus/user/notifications/settings',
      '/sonolus/user/notifications/settings',
      () => ({ off: [] }),
      LOGGED_IN,
    ),
    get('/sonolus/news', '/sonolus/news', ALL_200),
    post('/sonolus/news', '/sonolus/news', () => ({ title: 'News', body: 'Body' }), MODERATOR),
    post(
      '/sonolus/news/:id',
      '/sonolus/news/nothing',
      () => ({ action: 'delete' }),
      [401, 401, 401, 401, 401, 404],
    ),
    get('/sonolus/moderation/queue', '/sonolus/moderation/queue', MODERATOR),
    post(
      '/sonolus/moderation/actions',
      '/sonolus/moderation/actions',
      () => ({ target: { type: 'chart', id: M }, action: 'hide', reason: 'test' }),
      MODERATOR,
    ),
    get('/sonolus/moderation/log', '/sonolus/moderation/log', MODERATOR),
    get('/sonolus/moderation/moderators', '/sonolus/moderation/moderators', MODERATOR),
    get(
      '/sonolus/moderation/users/:handle',
      `/sonolus/moderation/users/${PEOPLE.suspended.handle}`,
      MODERATOR,
    ),
    get('/sonolus/posts/info', '/sonolus/posts/info', ALL_200),
    get('/sonolus/posts/list', '/sonolus/posts/list', ALL_200),
    get('/sonolus/posts/:name', () => `/sonolus/posts/${noticeName}`, [404, 404, 404, 200, 404, 404]),
    ...['skins', 'particles', 'engines', 'effects', 'backgrounds'].flatMap((type) => [
      get(`/sonolus/${type}/info`, `/sonolus/${type}/info`, ALL_200),
      get(`/sonolus/${type}/list`, `/sonolus/${type}/list`, ALL_200),
      get(`/sonolus/${type}/:name`, `/sonolus/${type}/no-such-item`, [404, 404, 404, 404, 404, 404]),
    ]),
    get('/sonolus/levels/info', '/sonolus/levels/info', ALL_200),
    get('/sonolus/levels/list', '/sonolus/levels/list', ALL_200),
    get('/sonolus/levels/list', '/sonolus/levels/list?in=my', LOGGED_IN),
    post(
      '/sonolus/levels/create',
      '/sonolus/levels/create',
      () => ({ rulesAccepted: true }),
      [401, 400, 400, 400, 403, 400],
    ),
    get('/sonolus/levels/result/info', '/sonolus/levels/result/info', ALL_200),
    post(
      '/sonolus/levels/result/submit',
      '/sonolus/levels/result/submit',
      () => ({}),
      [401, 400, 400, 400, 403, 400],
    ),
    post(
      '/sonolus/levels/result/upload',
      '/sonolus/levels/result/upload',
      () => ({}),
      [401, 401, 401, 401, 401, 401],
    ),
    get('/sonolus/levels/:name', level(P), ALL_200),
    get('/sonolus/levels/:name', level(H), [404, 404, 200, 200, 404, 200]),
    // Someone else's private chart: a visitor is asked to sign in; anyone signed in but its co-authors finds
    // nothing. A hidden chart is its owner's and co-authors' (and the moderators') to see.
    get('/sonolus/levels/:name', level(Q), [401, 404, 200, 200, 404, 404]),
    get('/sonolus/levels/:name/leaderboards/:board', level(P, '/leaderboards/arcScore'), ALL_200),
    get(
      '/sonolus/levels/:name/leaderboards/:board',
      level(H, '/leaderboards/arcScore'),
      [404, 404, 200, 200, 404, 200],
    ),
    get(
      '/sonolus/levels/:name/leaderboards/:board/records/list',
      level(P, '/leaderboards/miss/records/list'),
      ALL_200,
    ),
    // Playlists. Someone else's private one does not exist; only its owner changes one (a
    // suspended user changes nothing: 403).
    get('/sonolus/playlists/info', '/sonolus/playlists/info', ALL_200),
    get('/sonolus/playlists/list', '/sonolus/playlists/list', ALL_200),
    get('/sonolus/playlists/:name', `/sonolus/playlists/wbp-${PL}`, ALL_200),
    get('/sonolus/playlists/:name', `/sonolus/playlists/wbp-${PLQ}`, [404, 404, 404, 200, 404, 404]),
    get('/sonolus/user/playlists', '/sonolus/user/playlists', LOGGED_IN),
    post(
      '/sonolus/playlists/create',
      '/sonolus/playlists/create',
      () => ({ title: 'Mine', description: '', isPublic: true }),
      [401, 200, 200, 200, 403, 200],
    ),
    post(
      '/sonolus/playlists/:name/edit',
      `/sonolus/playlists/wbp-${PL}/edit`,
      () => ({ title: 'Edited', description: '', isPublic: true, chartIds: [P] }),
      [401, 401, 401, 200, 403, 401],
    ),
    post(
      '/sonolus/playlists/:name/add',
      `/sonolus/playlists/wbp-${PL}/add`,
      () => ({ chartId: P }),
      [401, 401, 401, 200, 403, 401],
    ),
    post(
      '/sonolus/playlists/:name/add',
      `/sonolus/playlists/wbp-${PLQ}/add`,
      () => ({ chartId: Q }),
      [401, 404, 404, 200, 403, 404],
    ),
    post(
      '/sonolus/playlists/:name/delete',
      `/sonolus/playlists/wbp-${PLD}/delete`,
      () => ({}),
      [401, 401, 401, 200, 403, 404],
    ),
    // A chart's versions, seen by whoever sees the chart.
    get('/sonolus/levels/:name/versions', level(P, '/versions'), ALL_200),
    get('/sonolus/levels/:name/versions', level(Q, '/versions'), [401, 404, 200, 200, 404, 404]),
    // The charts of one song: seen as the chart is; linked and unlinked by the owner of both charts alone
    // (someone else does not find the owner's private chart).
    get('/sonolus/levels/:name/set', level(P, '/set'), ALL_200),
    get('/sonolus/levels/:name/set', level(Q, '/set'), [401, 404, 200, 200, 404, 404]),
    post(
      '/sonolus/levels/:name/submit',
      level(P, '/submit'),
      values(`type=linkSet&level=wbs-${Q}`),
      [401, 404, 401, 200, 403, 404],
    ),
    post(
      '/sonolus/levels/:name/submit',
      level(P, '/submit'),
      values('type=unlinkSet'),
      [401, 401, 401, 200, 403, 401],
    ),
    // A version's changes: the chart's access first (a visitor signs in for a private chart), then whether
    // any are kept (none for a first version).
    get('/sonolus/levels/:name/versions/:version', level(P, '/versions/1'), [404, 404, 404, 404, 404, 404]),
    get('/sonolus/levels/:name/versions/:version', level(Q, '/versions/1'), [401, 404, 404, 404, 404, 404]),
    get(
      '/sonolus/levels/:name/leaderboards/:board/records/:record',
      level(P, '/leaderboards/miss/records/none'),
      [404, 404, 404, 404, 404, 404],
    ),
    // Edit: the owner's and a co-author's (refused for its empty title, after the permission check); nobody
    // else's.
    post(
      '/sonolus/levels/:name/submit',
      level(P, '/submit'),
      values('type=edit&title='),
      [401, 401, 400, 400, 403, 401],
    ),
    post(
      '/sonolus/levels/:name/submit',
      level(P, '/submit'),
      values('type=report&reason=broken'),
      [401, 200, 200, 400, 403, 200],
    ),
    post(
      '/sonolus/levels/:name/submit',
      level(N, '/submit'),
      values('type=hide&reason=assets'),
      [401, 401, 401, 401, 403, 200],
    ),
    post(
      '/sonolus/levels/:name/submit',
      level(H, '/submit'),
      values('type=review'),
      [401, 404, 401, 200, 404, 401],
    ),
    // Co-authors: seen as the chart is; invited and removed by the owner alone; an invitation answered by
    // its invitee alone (none of these roles is invited); a co-author edits and leaves, and never deletes.
    get('/sonolus/levels/:name/coauthors', level(P, '/coauthors'), ALL_200),
    get('/sonolus/levels/:name/coauthors', level(Q, '/coauthors'), [401, 404, 200, 200, 404, 404]),
    post(
      '/sonolus/levels/:name/submit',
      level(C, '/submit'),
      values(`type=invite&handle=${PEOPLE.invitee.handle}`),
      [401, 401, 401, 200, 403, 401],
    ),
    post(
      '/sonolus/levels/:name/submit',
      level(C, '/submit'),
      values('type=accept'),
      [401, 401, 401, 401, 403, 401],
    ),
    post(
      '/sonolus/levels/:name/submit',
      level(C, '/submit'),
      values('type=decline'),
      [401, 401, 401, 401, 403, 401],
    ),
    post(
      '/sonolus/levels/:name/submit',
      level(C, '/submit'),
      values(`type=removeCoauthor&handle=${PEOPLE.invitee.handle}`),
      [401, 401, 401, 200, 403, 401],
    ),
    post(
      '/sonolus/levels/:name/submit',
      level(C, '/submit'),
      values('type=edit&title='),
      [401, 401, 400, 400, 403, 401],
    ),
    // Leaving: only someone on the chart (the owner is its author, not a co-author).
    post(
      '/sonolus/levels/:name/submit',
      level(C, '/submit'),
      values('type=removeCoauthor'),
      [401, 401, 200, 401, 403, 401],
    ),
    post(
      '/sonolus/levels/:name/submit',
      level(D, '/submit'),
      values('type=delete'),
      [401, 401, 401, 200, 404, 404],
    ),
    // Test links to the private chart: listed, made and revoked by its creators (owner and co-author);
    // the link's level opens for anyone; feedback through it from anyone signed in.
    get('/sonolus/levels/:name/test-links', level(Q, '/test-links'), [401, 404, 200, 200, 404, 404]),
    post(
      '/sonolus/levels/:name/test-links',
      level(Q, '/test-links'),
      () => ({ days: 7 }),
      [401, 404, 200, 200, 403, 404],
    ),
    // The co-author revokes it; for the owner after them it is no longer open (404).
    post(
      '/sonolus/levels/:name/test-links/:id/revoke',
      () => level(Q, `/test-links/${testLinks[0].id}/revoke`),
      () => ({}),
      [401, 404, 200, 404, 403, 404],
    ),
    get('/sonolus/levels/:name', () => `/sonolus/levels/wbt-${testLinks[1].token}`, ALL_200),
    post(
      '/sonolus/test-links/:token/feedback',
      () => `/sonolus/test-links/${testLinks[1].token}/feedback`,
      () => ({ content: 'Feedback', moment: '0:30' }),
      [401, 200, 200, 200, 403, 200],
    ),
    // A new difficulty made from the chart: its owner's alone.
    post(
      '/sonolus/levels/:name/difficulties',
      level(P, '/difficulties'),
      () => ({ level: 20 }),
      [401, 401, 401, 200, 403, 401],
    ),
    get('/sonolus/levels/:name/community/info', level(P, '/community/info'), ALL_200),
    get('/sonolus/levels/:name/community/info', level(H, '/community/info'), [404, 404, 200, 200, 404, 200]),
    get('/sonolus/levels/:name/community/status', level(P, '/community/status'), ALL_200),
    post(
      '/sonolus/levels/:name/community/submit',
      level(P, '/community/submit'),
      values('type=like'),
      CHANGES,
    ),
    // A suspended user is refused before anything is looked up.
    post(
      '/sonolus/levels/:name/community/submit',
      level(H, '/community/submit'),
      values('type=like'),
      [401, 404, 200, 200, 403, 200],
    ),
    get('/sonolus/levels/:name/community/comments/list', level(P, '/community/comments/list'), ALL_200),
    post(
      '/sonolus/levels/:name/community/comments/:comment/submit',
      () => level(P, `/community/comments/${commentByOwner}/submit`),
      values('type=edit&content=edited'),
      [401, 401, 401, 200, 403, 401],
    ),
    post(
      '/sonolus/levels/:name/community/comments/:comment/submit',
      () => level(P, `/community/comments/${commentByUser}/submit`),
      values('type=report&reason=spam'),
      // Its author cannot report it.
      [401, 400, 200, 200, 403, 200],
    ),
    post(
      '/sonolus/levels/:name/community/comments/:comment/submit',
      () => level(P, `/community/comments/${commentByOwner}/submit`),
      values('type=hide&reason=rude'),
      [401, 401, 401, 401, 403, 200],
    ),
    // Feedback is resolved and reopened by the chart's owner alone, not by the comment's author.
    post(
      '/sonolus/levels/:name/community/comments/:comment/submit',
      () => level(P, `/community/comments/${commentByUser}/submit`),
      values('type=resolve'),
      [401, 401, 401, 200, 403, 401],
    ),
    post(
      '/sonolus/levels/:name/community/comments/:comment/submit',
      () => level(P, `/community/comments/${commentByUser}/submit`),
      values('type=reopen'),
      [401, 401, 401, 200, 403, 401],
    ),
    get('/content/docs/:locale/:file', '/content/docs/en_us/error.md', ALL_200),
    get('/content/master/:file', '/content/master/splitLine.json', ALL_200),
    get(
      '/upload/:hash',
      `/upload/${createHash('sha1').update('perm').digest('hex')}?size=4&type=cover`,
      CHANGES,
    ),
    get('/upload/sessions/:id', `/upload/sessions/${'0'.repeat(32)}`, [404, 404, 404, 404, 404, 404]),
    {
      route: 'PUT /upload/sessions/:id',
      url: () => `/upload/sessions/${'0'.repeat(32)}`,
      body: () => ({}),
      expect: [404, 404, 404, 404, 403, 404],
    },
    get('/healthz', '/healthz', ALL_200),
    // @fastify/cors's preflight answer: no CORS origin is configured here, so it is a 404 for everyone.
    { route: 'OPTIONS *', url: () => '/sonolus/info', expect: [404, 404, 404, 404, 404, 404] },
  ]

  it('names every route', async () => {
    const covered = new Set(cases.map((entry) => entry.route))
    const routes = routeTable(test.app.printRoutes({ commonPrefix: false }))
    expect(routes.length).toBeGreaterThan(50)
    expect(routes.filter((route) => !covered.has(route))).toEqual([])
  })

  it.each(cases.map((entry, i) => [`${entry.route} ${i}`, entry] as const))('%s', async (_name, entry) => {
    const statuses: number[] = []
    for (const [i, role] of ROLES.entries()) {
      let session = sessions[role as Exclude<Role, 'anonymous'>]
      if (entry.fresh && role !== 'anonymous')
        session = await appSession(test.app, PEOPLE[role as keyof typeof PEOPLE])
      const method = entry.route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'OPTIONS'
      const response = await test.app.inject({
        method,
        url: entry.url(),
        // Each role calls from its own address: per-address limits (login, takedown) stay out of the way.
        remoteAddress: `127.0.0.${10 + i}`,
        headers: session ? { authorization: session } : {},
        ...(entry.body ? { payload: entry.body() } : {}),
      })
      statuses.push(response.statusCode)
      // A 401 is a catalogue key, or /user/mine's own {code: 401} (docs/spec.md §4: logged out is not an error).
      if (response.statusCode === 401 && !entry.route.endsWith('/user/mine'))
        expect(response.json().error).toMatch(/^(not_login|permission_denied2?)$/)
      if (response.statusCode === 403) expect(response.json().error).toBe('suspended')
    }
    expect(statuses).toEqual(entry.expect)
  })
})
