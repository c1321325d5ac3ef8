// What the Sonolus app and the official web client get (they send no site header): a 401 only when the
// caller is not signed in, a page for every person the server links to, plain text, the quick search on
// every list that offers it, and the server info's Notifications button. Every answer is checked against
// its schema (CHECK_RESPONSES).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEADERBOARDS } from '../../common/api/levels'
import { type RecordRow } from '../../server/db/repositories'
import { hex, newChart } from './helpers/charts'
import { DIALECTS, openTestApp } from './helpers/context'
import { TEST_PUBLIC_URL, appSession } from './helpers/sessions'
import { testPublicKeyEnv } from '../fixtures/keys/sign'

const PEOPLE = {
  alice: { id: 'alice', handle: '9101', name: 'Alice' },
  bob: { id: 'bob', handle: '9102', name: 'Bob' },
  carol: { id: 'carol', handle: '9103', name: 'Carol' },
  dave: { id: 'dave', handle: '9104', name: 'Dave' },
  mod: { id: 'mod', handle: '9199', name: 'Mod' },
}
type Person = keyof typeof PEOPLE

const owned = { authorId: PEOPLE.alice.id, author: 'Alice#9101' }
const shown = newChart(0xa1, { ...owned, title: 'Sunrise Run', description: 'A **bright** one' })
const secret = newChart(0xa2, { ...owned, title: 'Hidden Away', isPublic: 0 })
const SCHEDULED_AT = 1_900_000_000_000
const scheduled = newChart(0xa3, { ...owned, title: 'Soon Song', isPublic: 0, scheduledTime: SCHEDULED_AT })
const PLAYLIST = hex(0xa4, 32)

const record = (n: number, person: Person, chartId: string, title: string): RecordRow => ({
  id: hex(0xa00 + n, 32),
  chartId,
  userId: PEOPLE[person].id,
  player: `${PEOPLE[person].name}#${PEOPLE[person].handle}`,
  grade: 'pass',
  arcadeScore: 900_000 + n,
  accuracyScore: 985_250,
  combo: 10,
  perfect: 10,
  great: 0,
  good: 0,
  miss: 0,
  totalCount: 10,
  dataHash: 'd'.repeat(40),
  configurationHash: 'c'.repeat(40),
  replayTitle: title,
  version: 1,
  createdTime: 1_700_000_000_000 + n,
})
const onShown = record(1, 'bob', shown.id, shown.title)
const onSecret = record(2, 'alice', secret.id, secret.title)

describe.each(DIALECTS)('the Sonolus app on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions = {} as Record<Person, string>
  let secretComment = ''

  /** As the app sends it: its session header and no site header. */
  const app = (method: 'GET' | 'POST', url: string, as?: Person, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: { 'x-sirius-client': undefined, ...(as ? { 'sonolus-session': sessions[as] } : {}) },
      ...(payload ? { payload } : {}),
    })
  const names = (items: { name: string }[]) => items.map((item) => item.name)

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: {
        SONOLUS_PUBLIC_KEY: testPublicKeyEnv,
        PUBLIC_URL: TEST_PUBLIC_URL,
        ADMIN_HANDLES: PEOPLE.mod.handle,
      },
    })
    for (const person of Object.keys(PEOPLE) as Person[])
      sessions[person] = await appSession(test.app, PEOPLE[person])
    for (const chart of [shown, secret, scheduled]) await test.ctx.repos.charts.insert(chart)
    for (const row of [onShown, onSecret])
      await test.ctx.repos.transaction((trx) =>
        trx.leaderboards.addRecord(
          row,
          LEADERBOARDS.map((board) => ({ board, sortKey: -row.arcadeScore })),
        ),
      )
    // Carol's only trace is a comment on Alice's chart (which tells Alice: a notification).
    expect(
      (
        await app('POST', `/sonolus/levels/wbs-${shown.id}/community/submit`, 'carol', {
          values: 'type=comment&comment=Lovely',
        })
      ).statusCode,
    ).toBe(200)
    // Alice's note on her private chart, for its comment routes.
    await app('POST', `/sonolus/levels/wbs-${secret.id}/community/submit`, 'alice', {
      values: 'type=comment&comment=Draft',
    })
    const comments = (
      await app('GET', `/sonolus/levels/wbs-${secret.id}/community/comments/list`, 'alice')
    ).json()
    secretComment = comments.comments[0].name
    // Dave has made nothing but a playlist.
    await test.ctx.repos.playlists.create({
      id: PLAYLIST,
      ownerId: PEOPLE.dave.id,
      owner: 'Dave#9104',
      title: 'Road Trip',
      description: 'Songs for **long** drives, see [the map](https://example.com/map)',
      isPublic: 1,
      createdTime: 1,
      updatedTime: 1,
    })
    await test.ctx.repos.playlists.setCharts(PLAYLIST, [shown.id], 2)
    await test.ctx.repos.people.addNews({
      id: hex(0xa5, 32),
      title: 'Server moved',
      body: 'We **moved** house',
      authorId: PEOPLE.mod.id,
      author: 'Mod#9199',
      createdTime: 3,
      updatedTime: 3,
    })
    await test.ctx.repos.people.addNews({
      id: hex(0xa6, 32),
      title: 'Contest',
      body: 'A charting contest',
      authorId: PEOPLE.mod.id,
      author: 'Mod#9199',
      createdTime: 4,
      updatedTime: 4,
    })
  })
  afterAll(async () => test.cleanup())

  describe('a private chart', () => {
    const level = `/sonolus/levels/wbs-${secret.id}`
    const reads = () => [
      level,
      `${level}/community/info`,
      `${level}/community/status`,
      `${level}/community/comments/list`,
      `${level}/leaderboards/arcScore`,
      `${level}/leaderboards/arcScore/records/list`,
      `${level}/leaderboards/arcScore/records/${onSecret.id}`,
      `${level}/versions`,
      `/sonolus/replays/replay-${onSecret.id}`,
    ]
    const actions = (): [string, object][] => [
      [`${level}/submit`, { values: 'type=report&reason=broken' }],
      [`${level}/community/submit`, { values: 'type=like' }],
      [`${level}/community/comments/${secretComment}/submit`, { values: 'type=reply&content=Hi' }],
      [
        '/sonolus/levels/result/submit',
        {
          replay: {
            level: { name: `wbs-${secret.id}`, engine: { name: 'any' } },
            data: { hash: 'd'.repeat(40) },
            configuration: { hash: 'c'.repeat(40) },
          },
        },
      ],
    ]

    it('is not found for anyone signed in but its owner, as a hidden one, so the app keeps the login', async () => {
      for (const as of ['bob', 'mod'] as const) {
        for (const url of reads())
          expect([url, as, (await app('GET', url, as)).statusCode]).toEqual([url, as, 404])
        for (const [url, body] of actions())
          expect([url, as, (await app('POST', url, as, body)).statusCode]).toEqual([url, as, 404])
      }
    })

    it('asks a visitor to sign in (401), and shows its owner everything', async () => {
      for (const url of reads()) {
        expect([url, (await app('GET', url)).statusCode]).toEqual([url, 401])
        expect([url, (await app('GET', url, 'alice')).statusCode]).toEqual([url, 200])
      }
    })
  })

  describe('people the server links to', () => {
    it('opens the page of someone who only commented, with empty sections', async () => {
      const comments = (await app('GET', `/sonolus/levels/wbs-${shown.id}/community/comments/list`)).json()
      const linked = comments.comments[0].authorUser
      expect(linked).toMatchObject({ name: PEOPLE.carol.handle, title: 'Carol' })
      const page = await app('GET', `/sonolus/users/${linked.name}`)
      expect(page.statusCode).toBe(200)
      expect(page.json()).toMatchObject({
        item: { name: PEOPLE.carol.handle, title: 'Carol', handle: PEOPLE.carol.handle },
        stats: { charts: 0, records: 0, comments: 1 },
        sections: [],
      })
    })

    it('opens the page of a playlist author who has no public chart', async () => {
      const playlist = (await app('GET', `/sonolus/playlists/wbp-${PLAYLIST}`)).json()
      expect(playlist.item.authorUser).toMatchObject({ name: PEOPLE.dave.handle, title: 'Dave' })
      const page = await app('GET', `/sonolus/users/${playlist.item.authorUser.name}`, 'bob')
      expect(page.statusCode).toBe(200)
      expect(page.json()).toMatchObject({
        item: { name: PEOPLE.dave.handle },
        sections: [],
        actions: [{ type: 'follow', title: '#FOLLOW' }],
      })
      // Nobody by that handle: still 404.
      expect((await app('GET', '/sonolus/users/0000')).statusCode).toBe(404)
    })
  })

  it('shows a playlist description as plain text, the site its markdown', async () => {
    const details = (await app('GET', `/sonolus/playlists/wbp-${PLAYLIST}`)).json()
    expect(details.description).toBe('Songs for long drives, see the map (https://example.com/map)')
    expect(details.rawItem.description).toBe(
      'Songs for **long** drives, see [the map](https://example.com/map)',
    )
  })

  describe('the quick search', () => {
    it('finds playlists with what the official client sends (type=quick), offered on their info', async () => {
      const found = await app('GET', '/sonolus/playlists/list?type=quick&keywords=road')
      expect(found.statusCode).toBe(200)
      expect(names(found.json().items)).toEqual([`wbp-${PLAYLIST}`])
      expect((await app('GET', '/sonolus/playlists/list?type=quick&keywords=nothing')).json().items).toEqual(
        [],
      )
      const info = (await app('GET', '/sonolus/playlists/info')).json()
      expect(info.searches).toEqual([])
    })

    it('narrows replays by title or player, in every list of them', async () => {
      expect((await app('GET', '/sonolus/replays/info')).json().searches).toEqual([])
      const search = (query: string) => app('GET', `/sonolus/replays/list?type=quick&${query}`)
      expect(names((await search('keywords=sunrise')).json().items)).toEqual([`replay-${onShown.id}`])
      expect(names((await search('keywords=BOB')).json().items)).toEqual([`replay-${onShown.id}`])
      expect((await search('keywords=nobody')).json().items).toEqual([])
      expect(names((await search(`keywords=run&level=wbs-${shown.id}`)).json().items)).toEqual([
        `replay-${onShown.id}`,
      ])
      expect((await search(`keywords=moon&user=${PEOPLE.bob.handle}`)).json().items).toEqual([])
      // A mark of LIKE is searched as itself.
      expect((await search('keywords=%25')).json().items).toEqual([])
    })

    it('narrows posts: the news and a player’s notifications', async () => {
      const news = (await app('GET', '/sonolus/posts/list?type=quick&keywords=moved')).json()
      expect(news.items.map((item: { title: string }) => item.title)).toEqual(['Server moved'])
      const all = (await app('GET', '/sonolus/posts/list?kind=news')).json()
      expect(all.items).toHaveLength(2)
      const mine = (await app('GET', '/sonolus/posts/list?type=quick&keywords=carol', 'alice')).json()
      expect(mine.items).toHaveLength(1)
      expect(mine.items[0].title).toContain('Carol')
      expect(
        (await app('GET', '/sonolus/posts/list?type=quick&keywords=zebra', 'alice')).json().items,
      ).toEqual([])
      expect((await app('GET', '/sonolus/posts/info')).json().searches).toEqual([])
      // A moderation notice, found by the chart it names or the reason.
      const rough = newChart(0xa7, { ...owned, title: 'Rough Cut' })
      await test.ctx.repos.charts.insert(rough)
      const hide = await test.app.inject({
        method: 'POST',
        url: '/sonolus/moderation/actions',
        headers: { authorization: sessions.mod },
        payload: { target: { type: 'chart', id: rough.id }, action: 'hide', reason: 'Wrong level' },
      })
      expect(hide.statusCode).toBe(200)
      const notices = (query: string) =>
        app('GET', `/sonolus/posts/list?kind=notices&type=quick&${query}`, 'alice')
      expect((await notices('keywords=rough')).json().items).toHaveLength(1)
      expect((await notices('keywords=wrong%20level')).json().items).toHaveLength(1)
      expect((await notices('keywords=zebra')).json().items).toEqual([])
    })
  })

  describe('the server info and core texts', () => {
    it('gives a signed-in player a Notifications button with the unread count, and a visitor none', async () => {
      // Bob's comment tells Alice (earlier tests read what they listed).
      await app('POST', `/sonolus/levels/wbs-${shown.id}/community/submit`, 'bob', {
        values: 'type=comment&comment=Great',
      })
      const count = await test.ctx.repos.follows.countUnread(PEOPLE.alice.id)
      expect(count).toBeGreaterThan(0)
      const info = (await app('GET', '/sonolus/info', 'alice')).json()
      expect(info.buttons.filter((button: { type: string }) => button.type === 'post')).toEqual([
        { type: 'post' },
        { type: 'post', title: '#NOTIFICATION', icon: 'bell', infoType: 'notifications', badgeCount: count },
      ])
      const visitor = (await app('GET', '/sonolus/info')).json()
      expect(visitor.buttons.filter((button: { type: string }) => button.type === 'post')).toEqual([
        { type: 'post' },
      ])
      // The button opens the posts' info on the player's notifications alone.
      const page = (await app('GET', '/sonolus/posts/info?type=notifications', 'alice')).json()
      expect(page.title).toBe('#NOTIFICATION')
      expect(page.sections.map((section: { title: string }) => section.title)).toEqual(['#NOTIFICATION'])
    })

    it('writes a scheduled chart’s publish time for the app to show relative to now', async () => {
      const details = (await app('GET', `/sonolus/levels/wbs-${scheduled.id}`, 'alice')).json()
      expect(details.description.split('\n\n')[0]).toBe(
        `#PUBLISHING:#SEPARATOR_COLON:##TIME_RELATIVE:${SCHEDULED_AT}`,
      )
      expect(details.item.tags).toContainEqual({ title: `##TIME_RELATIVE:${SCHEDULED_AT}`, icon: 'clock' })
      const mine = (await app('GET', '/sonolus/levels/list?type=advanced&in=my', 'alice')).json()
      const listed = mine.items.find((item: { name: string }) => item.name === `wbs-${scheduled.id}`)
      expect(listed.tags).toContainEqual({ title: `##TIME_RELATIVE:${SCHEDULED_AT}`, icon: 'clock' })
      // Nothing of the kind on a chart without a schedule.
      const plain = (await app('GET', `/sonolus/levels/wbs-${shown.id}`, 'alice')).json()
      expect(JSON.stringify(plain.item.tags)).not.toContain('TIME_RELATIVE')
    })

    it('titles the follow forms and the staff picks tag with core texts', async () => {
      const follow = (await app('GET', `/sonolus/users/${PEOPLE.alice.handle}`, 'bob')).json()
      expect(follow.actions).toMatchObject([{ type: 'follow', title: '#FOLLOW', icon: 'bell' }])
      await app('POST', `/sonolus/users/${PEOPLE.alice.handle}/submit`, 'bob', { values: 'type=follow' })
      const unfollow = (await app('GET', `/sonolus/users/${PEOPLE.alice.handle}`, 'bob')).json()
      expect(unfollow.actions).toMatchObject([{ type: 'unfollow', title: '#UNFOLLOW', icon: 'bellSlash' }])
      await test.ctx.repos.playlists.setCharts('staff-picks', [shown.id], 5)
      const staff = (await app('GET', '/sonolus/playlists/wbp-staff-picks')).json()
      expect(staff.item.tags).toEqual([{ title: '#FEATURED', icon: 'crown' }])
    })
  })
})
