// What one viewer's request builds is served to others, and must never be wrong for them. Chart
// details, comment pages and list pages are shared by visitors and by signed-in users; each case here warms
// the shared answer as one viewer and then asks as others (the owner, another user, a visitor), and checks
// what each gets against what is theirs. List pages are checked against the database's own answer for the
// viewer (their private charts in their place), page by page, in several orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testPublicKeyEnv } from '../../fixtures/keys/sign'
import { hex, newChart } from '../helpers/charts'
import { DIALECTS, openSecondInstance, openTestApp } from '../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../helpers/sessions'
import { PARSED_QUERIES_MAX } from '../../../server/sonolus/levels/list'
import { catalogueChanged } from '../../../server/cache/tags'
import { SITE_CLIENT_HEADER, SITE_CLIENT_VALUE } from '../../../common/api/errorKeys'

type App = Awaited<ReturnType<typeof openTestApp>>['app']
type Injected = Awaited<ReturnType<App['inject']>>
const PEOPLE = {
  alice: { id: 'alice', handle: '7001', name: 'Alice' },
  bob: { id: 'bob', handle: '7002', name: 'Bob' },
  carol: { id: 'carol', handle: '7003', name: 'Carol' },
  admin: { id: 'admin', handle: '7004', name: 'Admin' },
  erin: { id: 'erin', handle: '7006', name: 'Erin' },
}
type Who = keyof typeof PEOPLE | undefined

const ids = (body: { rawItems: { id: string }[] }) => body.rawItems.map((row) => row.id)
const types = (forms: { type: string }[]) => forms.map((form) => form.type)

/** What a GET answered, over either transport. */
type Got = { statusCode: number; headers: Record<string, unknown>; json: Injected['json'] }

// Each case runs through inject() and over a socket: only a socket's requests reach the kept-answer lane
// (server/cache/lane.ts), which answers a request asked again before Fastify does.
const CASES = DIALECTS.flatMap((dialect) =>
  (['inject', 'http'] as const).map((via) => [dialect, via] as const),
)

describe.each(CASES)('shared answers on %s over %s', (dialect, via) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions: Record<string, string> = {}
  const origins = new Map<App, string>()
  const get = async (url: string, who?: Who, app: App = test.app): Promise<Got> => {
    const headers: Record<string, string> = who ? { authorization: sessions[who] } : {}
    if (via === 'inject') return app.inject({ method: 'GET', url, headers })
    let origin = origins.get(app)
    if (!origin) origins.set(app, (origin = await app.listen({ host: '127.0.0.1', port: 0 })))
    const response = await fetch(`${origin}${url}`, {
      headers: { ...headers, 'accept-encoding': 'gzip', [SITE_CLIENT_HEADER]: SITE_CLIENT_VALUE },
    })
    const text = await response.text()
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      json: () => JSON.parse(text),
    }
  }
  const post = (url: string, who: Who, values: string, app: App = test.app) =>
    app.inject({ method: 'POST', url, headers: { authorization: sessions[who!] }, payload: { values } })
  const level = (id: string, rest = '') => `/sonolus/levels/wbs-${id}${rest}`

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: {
        SONOLUS_PUBLIC_KEY: testPublicKeyEnv,
        PUBLIC_URL: TEST_PUBLIC_URL,
        ADMIN_HANDLES: '7004',
        RESPONSE_CACHE_MS: '60000',
      },
    })
    // The background work drops list pages on its own schedule: stopped, so that what changes here is what
    // the requests change.
    await test.ctx.media.stop()
    for (const [key, person] of Object.entries(PEOPLE)) sessions[key] = await appSession(test.app, person)
  })
  afterAll(() => test.cleanup())

  it('gives a chart’s owner and everyone else their own actions and rows, whoever asked first', async () => {
    const id = hex(0x5a01, 32)
    await test.ctx.repos.charts.insert(
      newChart(0x5a01, { id, authorId: 'alice', author: 'Alice#7001', susHash: hex(0x5a02, 40) }),
    )
    const expected: Record<string, string[]> = {
      // The owner invites co-authors and deletes.
      alice: ['invite', 'delete'],
      bob: ['report'],
      carol: ['report'],
      anonymous: [],
    }
    for (const who of ['bob', 'alice', 'bob', 'carol', 'alice', undefined] as Who[]) {
      const details = await get(level(id), who)
      expect(details.statusCode).toBe(200)
      expect(types(details.json().actions), who).toEqual(expected[who ?? 'anonymous'])
      // The SUS's hash is its owner's alone while others may not download it.
      expect(details.json().rawItem.susHash, who).toBe(who === 'alice' ? hex(0x5a02, 40) : null)
      expect(details.json().moderation === undefined, who).toBe(who !== 'alice')
    }
    // Shared indeed: bob's and carol's answer is one.
    expect((await get(level(id), 'carol')).headers['x-cache']).toBe('HIT')

    // A comment page: its author edits and deletes their comment; the others reply and report; the chart's
    // owner also resolves it, though carol's shared page was built first.
    const commented = await post(level(id, '/community/submit'), 'bob', 'type=comment&content=Nice')
    expect(commented.statusCode).toBe(200)
    const comments = level(id, '/community/comments/list')
    const expectedComments: Record<string, string[]> = {
      bob: ['reply', 'edit', 'delete'],
      alice: ['reply', 'report', 'resolve'],
      carol: ['reply', 'report'],
      anonymous: [],
    }
    for (const who of ['carol', 'bob', 'alice', undefined, 'bob', 'carol'] as Who[]) {
      const page = (await get(comments, who)).json()
      expect(page.comments).toHaveLength(1)
      expect(types(page.comments[0].actions), who).toEqual(expectedComments[who ?? 'anonymous'])
    }
    // A moderator's own view: the moderation actions, built for them.
    const asAdmin = (await get(comments, 'admin')).json()
    expect(types(asAdmin.comments[0].actions)).toEqual(['reply', 'report', 'hide', 'delete'])
    expect(types((await get(level(id), 'admin')).json().actions)).toEqual(['report', 'hide', 'delete'])
  })

  it('shows a user’s private charts in their place on every page, to them alone', async () => {
    // 69 public charts by dave, 5 private and 1 hidden by alice, 1 private by bob, spread through the
    // orders (publish time, title, likes, level).
    const base = 0x5b00
    const charts = Array.from({ length: 76 }, (_, n) => {
      const owner = n % 17 === 3 ? 'alice' : n === 40 ? 'bob' : 'dave'
      return newChart(base + n, {
        authorId: owner,
        author: owner === 'alice' ? 'Alice#7001' : owner === 'bob' ? 'Bob#7002' : 'Dave#7005',
        title: `Shared ${String((n * 37) % 76).padStart(2, '0')}`,
        level: 1 + (n % 30),
        likeNumber: n % 7,
        isPublic: owner === 'dave' ? 1 : 0,
        hidden: n === 60 ? 1 : 0,
        publishTime: 1_800_000_000_000 + n * 1000,
      })
    })
    charts[60] = { ...charts[60], authorId: 'alice', author: 'Alice#7001', isPublic: 1 }
    await test.ctx.repos.users.upsert({ id: 'dave', handle: '7005', name: 'Dave', profile: '{}' })
    for (const chart of charts) await test.ctx.repos.charts.insert(chart)
    const userIds: Record<string, string | undefined> = { alice: 'alice', bob: 'bob', carol: 'carol' }
    const lists = [
      'sort=newest',
      'sort=title',
      'sort=likes',
      'levelMin=5&levelMax=20&sort=newest',
      'title=Shared&sort=newest',
      'type=quick&keywords=Shared&sort=title',
    ]
    // Three rounds: the lane remembers the way to a page asked again, and answers from the third request.
    for (const round of [1, 2, 3]) {
      for (const list of lists) {
        for (const page of [0, 1, 2, 3, 4]) {
          for (const who of ['alice', 'carol', 'bob', undefined] as Who[]) {
            const url = `/sonolus/levels/list?${list}&page=${page}`
            const got = await get(url, who)
            expect(got.statusCode).toBe(200)
            const params = new URLSearchParams(list)
            const truth = await test.ctx.repos.chartList.list({
              viewerId: who ? userIds[who] : undefined,
              scope: 'all',
              sort: params.get('sort') as 'newest',
              ...(params.get('levelMin') ? { levelMin: 5, levelMax: 20 } : {}),
              ...(params.get('title') ? { search: [{ field: 'title' as const, text: 'Shared' }] } : {}),
              ...(params.get('keywords') ? { search: [{ field: 'all' as const, text: 'Shared' }] } : {}),
              offset: page * 20,
              limit: 20,
            })
            const context = `${url} as ${who ?? 'a visitor'}, round ${round}`
            expect(ids(got.json()), context).toEqual(truth.rows.map((row) => row.id))
            expect(got.json().pageCount, context).toBe(Math.max(1, Math.ceil(truth.total / 20)))
          }
        }
      }
    }
    // Nobody but alice sees her private charts, and nobody (her included) her hidden one in the list.
    const everything = async (who: Who) => {
      const seen: string[] = []
      for (let page = 0; page < 4; page++)
        seen.push(...ids((await get(`/sonolus/levels/list?page=${page}&title=Shared`, who)).json()))
      return seen
    }
    const alicePrivate = charts.filter((chart) => chart.authorId === 'alice' && !chart.isPublic)
    expect(alicePrivate).toHaveLength(5)
    for (const who of ['bob', 'carol', undefined] as Who[])
      for (const chart of alicePrivate) expect(await everything(who)).not.toContain(chart.id)
    const hers = await everything('alice')
    for (const chart of alicePrivate) expect(hers).toContain(chart.id)
    expect(hers).not.toContain(charts[60].id)
  })

  it('shows a user’s first private chart in their lists at once, though they had none when they last looked', async () => {
    const url = '/sonolus/levels/list?sort=newest'
    const before = ids((await get(url, 'erin')).json())
    expect(ids((await get(url, 'erin')).json())).toEqual(before)
    // Newest of all, private: first on erin's first page, on no one else's.
    const draft = newChart(0x6e00, {
      authorId: 'erin',
      author: 'Erin#7006',
      title: 'Erin draft',
      isPublic: 0,
      publishTime: 1_900_000_000_000,
    })
    await test.ctx.repos.charts.insert(draft)
    catalogueChanged(test.ctx, draft)
    expect(ids((await get(url, 'erin')).json())[0]).toBe(draft.id)
    expect(ids((await get(url, 'carol')).json())).not.toContain(draft.id)
    expect(ids((await get(url)).json())).not.toContain(draft.id)
  })

  it('answers an address the same after more addresses than it keeps parsed pushed its parse out', async () => {
    // The charts of the test above: alice's private ones are merged into her pages.
    const url = '/sonolus/levels/list?title=Shared&page=1'
    const first = {
      alice: ids((await get(url, 'alice')).json()),
      carol: ids((await get(url, 'carol')).json()),
    }
    expect(first.alice).not.toEqual(first.carol)
    for (let n = 0; n <= PARSED_QUERIES_MAX; n++) {
      const other = await get(`${url}&n=${n}`, n % 2 ? 'alice' : 'carol')
      expect(other.statusCode).toBe(200)
    }
    expect(ids((await get(url, 'carol')).json())).toEqual(first.carol)
    expect(ids((await get(url, 'alice')).json())).toEqual(first.alice)
    expect(ids((await get(url)).json())).toEqual(first.carol)
  })

  it('answers a query string of its own, or a made-up session, from the shared answer', async () => {
    const id = hex(0x5f01, 32)
    await test.ctx.repos.charts.insert(newChart(0x5f01, { id, authorId: 'bob', author: 'Bob#7002' }))
    const urls = [level(id), level(id, '/community/comments/list'), '/sonolus/levels/list?title=Chart']
    for (const url of urls) await get(url)
    const kept = test.ctx.cache.size
    for (const url of urls)
      for (let n = 0; n < 5; n++) {
        const busted = await test.app.inject({
          method: 'GET',
          url: `${url}${url.includes('?') ? '&' : '?'}nocache=${n}`,
          headers: n % 2 ? { authorization: `made-up-${n}` } : {},
        })
        expect(busted.statusCode, url).toBe(200)
        expect(busted.headers['x-cache'], url).toBe('HIT')
      }
    expect(test.ctx.cache.size).toBe(kept)
  })

  it('shows a like to the chart’s author at once, on the pages everyone had cached', async () => {
    const id = hex(0x5c01, 32)
    await test.ctx.repos.charts.insert(
      newChart(0x5c01, { id, authorId: 'alice', author: 'Alice#7001', title: 'Liked at once' }),
    )
    const list = '/sonolus/levels/list?title=Liked%20at%20once'
    const seen = async () => {
      const counts: Record<string, number[]> = {}
      for (const who of ['alice', 'carol', undefined] as Who[]) {
        counts[who ?? 'anonymous'] = [
          (await get(level(id), who)).json().rawItem.likeNumber,
          (await get(list, who)).json().rawItems[0].likeNumber,
        ]
      }
      return counts
    }
    // Twice: the second answers are the cached ones.
    await seen()
    expect(await seen()).toEqual({ alice: [0, 0], carol: [0, 0], anonymous: [0, 0] })
    expect((await post(level(id, '/community/submit'), 'bob', 'type=like')).statusCode).toBe(200)
    expect(await seen()).toEqual({ alice: [1, 1], carol: [1, 1], anonymous: [1, 1] })
  })

  it('fills a like, a first rating and a comment into the kept details, and keeps the pages they leave alone', async () => {
    const id = hex(0x6a01, 32)
    await test.ctx.repos.charts.insert(
      newChart(0x6a01, {
        id,
        authorId: 'alice',
        author: 'Alice#7001',
        title: 'Counted «again»',
        description: 'Über **bold** ✓ "quoted"',
      }),
    )
    const viewers: Who[] = ['alice', 'carol', undefined]
    const comments = level(id, '/community/comments/list')
    const records = level(id, '/leaderboards/arcScore/records/list')
    const details = async (who: Who) => {
      const response = await get(level(id), who)
      expect(response.statusCode, who).toBe(200)
      return response.json()
    }
    // What the page shows of its counters, against the chart's row.
    const expectCounters = async (body: Record<string, never>, who: Who) => {
      const row = (await test.ctx.repos.charts.findById(id))!
      const rawItem = body.rawItem as Record<string, number>
      expect(rawItem.likeNumber, who).toBe(row.likeNumber)
      expect(rawItem.commentNumber, who).toBe(row.commentNumber)
      expect(rawItem.rating, who).toBe(row.rating)
      expect(rawItem.ratingNumber, who).toBe(row.ratingNumber)
      expect(rawItem.playCount, who).toBe(row.playCount)
      expect(rawItem.trending, who).toBe(row.trending)
      const tags = (body.item as { tags: { title: string; icon?: string }[] }).tags
      expect(tags[0], who).toEqual({ title: String(row.likeNumber), icon: 'heart' })
      expect(
        tags.find((tag) => tag.icon === 'star'),
        who,
      ).toEqual(row.ratingNumber > 0 ? { title: row.rating.toFixed(1), icon: 'star' } : undefined)
      const stats = `♡ ${row.likeNumber}${row.ratingNumber > 0 ? ` · ★ ${row.rating.toFixed(1)} (${row.ratingNumber})` : ''}`
      expect(body.description, who).toBe(`Über bold ✓ "quoted"\n\n${stats}`)
    }
    /** Every viewer's details, served from what was kept; then each against a page built from nothing. */
    const checkAll = async () => {
      const kept = new Map<Who, Record<string, never>>()
      for (const who of viewers) kept.set(who, await details(who))
      for (const who of viewers) {
        await expectCounters(kept.get(who)!, who)
        test.ctx.cache.clear()
        expect(kept.get(who), who).toEqual(await details(who))
      }
      // Kept again, with the comment and record pages (the checks above cleared them).
      for (const who of viewers) await details(who)
      await get(comments, 'carol')
      await get(records, 'carol')
    }
    const cached = async (url: string) => (await get(url, 'carol')).headers['x-cache']
    await checkAll()
    expect(await cached(comments)).toBe('HIT')
    expect(await cached(records)).toBe('HIT')

    expect((await post(level(id, '/community/submit'), 'bob', 'type=like')).statusCode).toBe(200)
    // The details take the new count; the comment and record pages do not show it and stay kept.
    expect((await get(level(id), 'carol')).headers['x-cache']).toBe('MISS')
    expect(await cached(comments)).toBe('HIT')
    expect(await cached(records)).toBe('HIT')
    await checkAll()

    // The first rating adds the ★ tag: the template has no place for it and is built again.
    expect((await post(level(id, '/community/submit'), 'carol', 'type=rating&rating=4')).statusCode).toBe(200)
    expect(await cached(comments)).toBe('HIT')
    await checkAll()
    expect((await post(level(id, '/community/submit'), 'bob', 'type=rating&rating=1')).statusCode).toBe(200)
    await checkAll()

    // A comment changes the comment pages and the count on the details.
    expect(
      (await post(level(id, '/community/submit'), 'bob', 'type=comment&content=Counted')).statusCode,
    ).toBe(200)
    const page = await get(comments, 'carol')
    expect(page.headers['x-cache']).toBe('MISS')
    expect(page.json().comments.map((comment: { content: string }) => comment.content)).toEqual(['Counted'])
    expect(await cached(records)).toBe('HIT')
    await checkAll()
    expect((await post(level(id, '/community/submit'), 'bob', 'type=dislike')).statusCode).toBe(200)
    await checkAll()
  })

  it('counts a search once for its pages and orders, and again after a hide or a new chart', async () => {
    // 21 public charts match: two pages, whatever the order. The total is counted once and kept; a moderator's
    // hide and a new chart (through the routes' own invalidation) must each change it on every order at once.
    const made = Array.from({ length: 21 }, (_, n) => hex(0x7e00 + n, 32))
    for (const [n, id] of made.entries())
      await test.ctx.repos.charts.insert(
        newChart(0x7e00 + n, { id, authorId: 'bob', author: 'Bob#7002', title: `Totalled ${n}` }),
      )
    const search = (sort: string, page = 0) => `/sonolus/levels/list?title=Totalled&sort=${sort}&page=${page}`
    const pageCounts = async (sorts: string[]) => {
      const seen: number[] = []
      for (const sort of sorts)
        for (const who of ['carol', undefined] as Who[])
          seen.push((await get(search(sort), who)).json().pageCount)
      return seen
    }
    expect(await pageCounts(['newest', 'title'])).toEqual([2, 2, 2, 2])
    expect((await get(search('newest', 1))).json().rawItems).toHaveLength(1)
    expect((await post(level(made[0], '/submit'), 'admin', 'type=hide&reason=assets')).statusCode).toBe(200)
    // Orders asked before and orders not asked yet: 20 charts, one page.
    expect(await pageCounts(['newest', 'title', 'likes', 'rating'])).toEqual([1, 1, 1, 1, 1, 1, 1, 1])
    // A new matching chart, as the app's create announces it (catalogueChanged drops `lists`).
    const fresh = hex(0x7e99, 32)
    await test.ctx.repos.charts.insert(
      newChart(0x7e99, { id: fresh, authorId: 'bob', author: 'Bob#7002', title: 'Totalled again' }),
    )
    catalogueChanged(test.ctx, { id: fresh, authorId: 'bob' })
    expect(await pageCounts(['newest', 'plays'])).toEqual([2, 2, 2, 2])
  })

  it('makes a moderator’s hide visible everywhere at once', async () => {
    const id = hex(0x5d01, 32)
    await test.ctx.repos.charts.insert(
      newChart(0x5d01, { id, authorId: 'bob', author: 'Bob#7002', title: 'Hidden at once' }),
    )
    const list = '/sonolus/levels/list?title=Hidden%20at%20once'
    for (let i = 0; i < 2; i++)
      for (const who of ['alice', 'bob', undefined] as Who[]) {
        expect(ids((await get(list, who)).json()), who).toEqual([id])
        expect((await get(level(id), who)).statusCode).toBe(200)
      }
    expect((await post(level(id, '/submit'), 'admin', 'type=hide&reason=assets')).statusCode).toBe(200)
    for (const who of ['alice', 'bob', undefined] as Who[])
      expect(ids((await get(list, who)).json()), who).toEqual([])
    expect((await get(level(id), 'alice')).statusCode).toBe(404)
    expect((await get(level(id))).statusCode).toBe(404)
    // Its owner still reaches it, and sees why it is hidden.
    const owner = await get(level(id), 'bob')
    expect(owner.statusCode).toBe(200)
    expect(types(owner.json().actions)).toEqual(['delete', 'review'])
  })

  if (dialect === 'postgres')
    it('a like on one instance reaches the other’s cached pages once its notice arrives', async () => {
      const second = await openSecondInstance(test)
      try {
        const id = hex(0x5e01, 32)
        await test.ctx.repos.charts.insert(
          newChart(0x5e01, { id, authorId: 'alice', author: 'Alice#7001', title: 'Two places' }),
        )
        const list = '/sonolus/levels/list?title=Two%20places'
        const likes = async () =>
          [
            (await get(list, 'carol', second.app)).json().rawItems[0].likeNumber,
            (await get(list, undefined, second.app)).json().rawItems[0].likeNumber,
            (await get(level(id), 'alice', second.app)).json().rawItem.likeNumber,
          ] as number[]
        await likes()
        expect((await get(list, 'carol', second.app)).headers['x-cache']).toBe('HIT')
        expect((await post(level(id, '/community/submit'), 'bob', 'type=like')).statusCode).toBe(200)
        // Pages are kept a minute here (RESPONSE_CACHE_MS): only the notice can bring the like sooner.
        const deadline = Date.now() + 10_000
        let seen = await likes()
        while (seen.some((count) => count !== 1) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20))
          seen = await likes()
        }
        expect(seen).toEqual([1, 1, 1])
      } finally {
        await second.close()
      }
    })

  it('answers a list page asked again over a socket from the kept-answer lane, the same each time, and nothing through inject', async () => {
    // The cases above asked list pages again as the same viewers, and checked each answer against the
    // viewer's truth: over a socket, the lane answered some of them. How many depends on how long the
    // machine took between them (kept sessions and pages expire), so the count is checked exactly here,
    // on requests asked back to back.
    if (via === 'http') expect(test.app.lane.hits).toBeGreaterThan(0)
    else expect(test.app.lane.hits).toBe(0)
    const list = '/sonolus/levels/list?sort=title'
    for (const who of [undefined, 'carol'] as const) {
      // The first request may build the page, and the one that answers from the kept page remembers the
      // way to it: from the third on, every one is the lane's.
      const first = (await get(list, who)).json()
      expect((await get(list, who)).json(), who).toEqual(first)
      const from = test.app.lane.hits
      for (let i = 0; i < 10; i++) expect((await get(list, who)).json(), who).toEqual(first)
      expect(test.app.lane.hits - from, who).toBe(via === 'http' ? 10 : 0)
    }
  })
})
