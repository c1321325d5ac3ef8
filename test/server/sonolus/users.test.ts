// People, replays and news in the app: creators and players are users with a page, levels,
// comments and records name them, replays are listed per level and per player, and the news moderators
// write reaches the app's posts. Every answer is checked against its schema (CHECK_RESPONSES), and the
// schemas against @sonolus/core's types at compile time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, openTestApp } from '../helpers/context'
import { hex, newChart } from '../helpers/charts'
import { TEST_PUBLIC_URL, appSession } from '../helpers/sessions'
import { testPublicKeyEnv, userProfile } from '../../fixtures/keys/sign'
import { type RecordRow } from '../../../server/db/repositories'
import { LEADERBOARDS } from '../../../common/api/levels'

const ALICE = { id: 'alice', handle: '6001', name: 'Alice' }
const BOB = { id: 'bob', handle: '6002', name: 'Bob' }
const CAROL = { id: 'carol', handle: '6003', name: 'Carol' }
const DAVE = { id: 'dave', handle: '6004', name: 'Dave' }
const MOD = { id: 'mod', handle: '6999', name: 'Mod' }

const song = newChart(0x91, {
  authorId: ALICE.id,
  author: 'Alice#6001',
  title: 'Public Song',
  description: 'Hi',
})
const hidden = newChart(0x92, {
  authorId: ALICE.id,
  author: 'Alice#6001',
  title: 'Private Song',
  isPublic: 0,
})

const record = (n: number, user: typeof BOB, chartId: string, arcadeScore: number): RecordRow => ({
  id: hex(0x900 + n, 32),
  chartId,
  userId: user.id,
  player: `${user.name}#${user.handle}`,
  grade: 'pass',
  arcadeScore,
  accuracyScore: 985_250,
  combo: 10,
  perfect: 10,
  great: 0,
  good: 0,
  miss: 0,
  totalCount: 10,
  dataHash: 'd'.repeat(40),
  configurationHash: 'c'.repeat(40),
  replayTitle: 'Public Song',
  version: 1,
  createdTime: 1_700_000_000_000 + n,
})

describe.each(DIALECTS)('people, replays and news on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions: Record<string, string> = {}

  const get = (url: string, as?: string) =>
    test.app.inject({ method: 'GET', url, headers: as ? { 'sonolus-session': sessions[as] } : {} })
  const names = (items: { name: string }[]) => items.map((item) => item.name)

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL, ADMIN_HANDLES: MOD.handle },
    })
    for (const person of [ALICE, BOB, CAROL, DAVE, MOD])
      sessions[person.id] = await appSession(test.app, person)
    // Alice's signed profile, as the app sends it, with an about-me and avatar colours.
    await test.ctx.repos.users.upsert({
      ...ALICE,
      profile: JSON.stringify({
        ...userProfile(ALICE),
        aboutMe: 'I chart **things**',
        avatarBackgroundColor: '#112233',
      }),
    })
    await test.ctx.repos.charts.insert(song)
    await test.ctx.repos.charts.insert(hidden)
    const boards = (r: RecordRow) => LEADERBOARDS.map((board) => ({ board, sortKey: -r.arcadeScore }))
    for (const r of [
      record(1, BOB, song.id, 900_000),
      record(2, ALICE, song.id, 950_000),
      // Dave played only a private chart: nothing of his is public.
      record(3, DAVE, hidden.id, 990_000),
    ])
      await test.ctx.repos.transaction((trx) => trx.leaderboards.addRecord(r, boards(r)))
    const comment = await test.app.inject({
      method: 'POST',
      url: `/sonolus/levels/wbs-${song.id}/community/submit`,
      headers: { 'sonolus-session': sessions.carol },
      payload: { values: 'type=comment&comment=Lovely' },
    })
    expect(comment.statusCode).toBe(200)
  })
  afterAll(async () => test.cleanup())

  describe('users', () => {
    it('lists the people who have a public chart or a record on one, and finds them by name or handle', async () => {
      const list = (await get('/sonolus/users/list')).json()
      expect(names(list.items).sort()).toEqual([ALICE.handle, BOB.handle])
      expect(list.items.find((item: { name: string }) => item.name === ALICE.handle)).toEqual({
        name: ALICE.handle,
        source: TEST_PUBLIC_URL,
        title: 'Alice',
        handle: ALICE.handle,
        tags: [],
      })
      expect(names((await get('/sonolus/users/list?keywords=bo')).json().items)).toEqual([BOB.handle])
      expect(names((await get(`/sonolus/users/list?keywords=${ALICE.handle}`)).json().items)).toEqual([
        ALICE.handle,
      ])
      const info = (await get('/sonolus/users/info')).json()
      expect(info.sections[0]).toMatchObject({ title: '#USER', itemType: 'user', searchValues: '' })
    })

    it("shows a creator's page: profile, counts, public charts and best replays, each section's More", async () => {
      const page = (await get(`/sonolus/users/${ALICE.handle}`)).json()
      expect(page.item).toMatchObject({ name: ALICE.handle, title: 'Alice', handle: ALICE.handle })
      expect(page.profile).toMatchObject({
        handle: ALICE.handle,
        name: 'Alice',
        aboutMe: 'I chart **things**',
      })
      expect(page.profile.avatar.backgroundColor).toBe('#112233')
      // The app's description is plain text.
      expect(page.description).toContain('I chart things')
      expect(page.stats).toEqual({
        charts: 1,
        likes: 0,
        comments: 0,
        records: 1,
        plays: 2,
        ratings: 0,
        ratingAverage: null,
      })
      const [levels, replays] = page.sections
      expect(levels).toMatchObject({
        title: '#LEVEL',
        itemType: 'level',
        searchValues: `type=advanced&user=${ALICE.handle}`,
      })
      expect(names(levels.items)).toEqual([`wbs-${song.id}`])
      expect(replays).toMatchObject({
        title: '#REPLAY',
        itemType: 'replay',
        searchValues: `user=${ALICE.handle}`,
      })
      expect(page.records).toEqual([
        expect.objectContaining({
          chartId: song.id,
          title: 'Public Song',
          arcadeScore: '950000',
          accuracyScore: '98.52%',
        }),
      ])
      // More: the whole lists.
      expect(names((await get(`/sonolus/levels/list?${levels.searchValues}`)).json().items)).toEqual([
        `wbs-${song.id}`,
      ])
      expect(
        names((await get(`/sonolus/levels/list?${levels.searchValues}`, 'alice')).json().items).sort(),
      ).toEqual([`wbs-${song.id}`, `wbs-${hidden.id}`].sort())
      expect(names((await get(`/sonolus/replays/list?${replays.searchValues}`)).json().items)).toEqual([
        `replay-${hex(0x902, 32)}`,
      ])
    })

    it('shows a player, and anyone else with an account with what is public of them', async () => {
      const bob = (await get(`/sonolus/users/${BOB.handle}`)).json()
      expect(bob.stats).toMatchObject({ charts: 0, records: 1 })
      expect(bob.sections.map((section: { title: string }) => section.title)).toEqual(['#REPLAY'])
      // Carol only commented, and the app links her comment to her page: it opens, with no sections.
      const carol = await get(`/sonolus/users/${CAROL.handle}`)
      expect(carol.statusCode).toBe(200)
      expect(carol.json()).toMatchObject({
        item: { name: CAROL.handle, title: 'Carol' },
        stats: { charts: 0, records: 0, comments: 1 },
        sections: [],
      })
      // Dave played only a private chart: his page shows none of it.
      const dave = (await get(`/sonolus/users/${DAVE.handle}`)).json()
      expect(dave).toMatchObject({ stats: { charts: 0, records: 0 }, sections: [], records: [] })
      for (const handle of ['0000', 'no-one'])
        expect((await get(`/sonolus/users/${handle}`)).statusCode).toBe(404)
    })

    it('names the person on levels, comments and records (authorUser, playerUser)', async () => {
      const level = (await get(`/sonolus/levels/wbs-${song.id}`)).json().item
      expect(level.authorUser).toEqual({
        name: ALICE.handle,
        source: TEST_PUBLIC_URL,
        title: 'Alice',
        handle: ALICE.handle,
        tags: [],
      })
      const comments = (await get(`/sonolus/levels/wbs-${song.id}/community/comments/list`)).json().comments
      expect(comments[0].authorUser).toMatchObject({ name: CAROL.handle, title: 'Carol' })
      const records = (await get(`/sonolus/levels/wbs-${song.id}/leaderboards/arcScore/records/list`)).json()
        .records
      expect(records.map((r: { playerUser: { name: string } }) => r.playerUser.name)).toEqual([
        ALICE.handle,
        BOB.handle,
      ])
    })
  })

  describe('replays', () => {
    it('lists public records only: newest, per level (its board), per player', async () => {
      const all = (await get('/sonolus/replays/list')).json()
      expect(names(all.items)).toEqual([`replay-${hex(0x902, 32)}`, `replay-${hex(0x901, 32)}`])
      expect(all.items[0]).toMatchObject({
        author: 'Alice#6001',
        authorUser: { name: ALICE.handle },
        subtitle: '950000 · 98.52%',
        tags: [{ title: 'CLEAR', icon: 'check' }],
        level: { name: `wbs-${song.id}` },
      })
      const level = (await get(`/sonolus/replays/list?level=wbs-${song.id}`)).json()
      expect(names(level.items)).toEqual([`replay-${hex(0x902, 32)}`, `replay-${hex(0x901, 32)}`])
      expect((await get(`/sonolus/replays/list?level=wbs-${hidden.id}`)).json().items).toEqual([])
      expect((await get(`/sonolus/replays/list?user=${DAVE.handle}`)).json().items).toEqual([])
      expect((await get('/sonolus/replays/list?user=nobody')).json().items).toEqual([])
      expect((await get('/sonolus/replays/info')).json().sections[0]).toMatchObject({
        itemType: 'replay',
        searchValues: '',
      })
      // A private chart's replay is its owner's, like the chart.
      expect((await get(`/sonolus/replays/replay-${hex(0x903, 32)}`)).statusCode).toBe(401)
    })

    it("puts a level's best replays on its page, with More opening its whole board", async () => {
      const details = (await get(`/sonolus/levels/wbs-${song.id}`)).json()
      const section = details.sections.find((s: { itemType: string }) => s.itemType === 'replay')
      expect(section).toMatchObject({ title: '#REPLAY', searchValues: `level=wbs-${song.id}` })
      expect(names(section.items)).toEqual([`replay-${hex(0x902, 32)}`, `replay-${hex(0x901, 32)}`])
      // The private chart shows no replays section, even to its owner.
      const own = (await get(`/sonolus/levels/wbs-${hidden.id}`, 'alice')).json()
      expect(own.sections.map((s: { itemType: string }) => s.itemType)).toEqual(['level'])
    })
  })

  describe('news', () => {
    const write = (as: string | undefined, payload: object, url = '/sonolus/news') =>
      test.app.inject({ method: 'POST', url, payload, headers: as ? { authorization: sessions[as] } : {} })

    it('lets moderators write news, which the site and the app read', async () => {
      expect((await write(undefined, { title: 'T', body: 'B' })).statusCode).toBe(401)
      expect((await write('alice', { title: 'T', body: 'B' })).json()).toMatchObject({
        error: 'permission_denied2',
      })
      expect((await write('mod', { title: ' ', body: 'B' })).json()).toMatchObject({ error: 'empty_field' })
      expect((await write('mod', { title: 'x'.repeat(101), body: 'B' })).statusCode).toBe(400)
      const created = await write('mod', { title: 'Welcome', body: 'Read **the rules**.' })
      expect(created.statusCode).toBe(200)
      const { id } = created.json()

      const site = (await get('/sonolus/news')).json()
      expect(site.items).toEqual([
        expect.objectContaining({ id, title: 'Welcome', body: 'Read **the rules**.', author: 'Mod#6999' }),
      ])
      // In the app: a section of the posts' info, the list (a visitor's by default), and the post.
      const info = (await get('/sonolus/posts/info')).json()
      expect(info.sections[0]).toMatchObject({
        title: '#ANNOUNCEMENT',
        itemType: 'post',
        searchValues: 'kind=news',
      })
      expect(names((await get('/sonolus/posts/list')).json().items)).toEqual([`news-${id}`])
      expect(names((await get('/sonolus/posts/list?kind=news', 'bob')).json().items)).toEqual([`news-${id}`])
      const post = (await get(`/sonolus/posts/news-${id}`)).json()
      expect(post.item).toMatchObject({
        title: 'Welcome',
        author: 'Mod#6999',
        authorUser: { name: MOD.handle },
      })
      expect(post.description).toBe('Read the rules.')

      expect(
        (await write('mod', { action: 'edit', title: 'Welcome!', body: 'New' }, `/sonolus/news/${id}`))
          .statusCode,
      ).toBe(200)
      expect((await get('/sonolus/news')).json().items[0]).toMatchObject({ title: 'Welcome!', body: 'New' })
      expect((await write('bob', { action: 'delete' }, `/sonolus/news/${id}`)).statusCode).toBe(401)
      expect((await write('mod', { action: 'delete' }, `/sonolus/news/${id}`)).statusCode).toBe(200)
      expect((await write('mod', { action: 'delete' }, `/sonolus/news/${id}`)).statusCode).toBe(404)
      expect((await get(`/sonolus/posts/news-${id}`)).statusCode).toBe(404)
      expect((await get('/sonolus/posts/info')).json().sections).toEqual([])
    })
  })
})
