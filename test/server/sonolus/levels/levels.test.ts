// The chart catalogue over the Sonolus protocol (docs/protocol.md §6, §12, §15), on SQLite and PostgreSQL:
// response conformance, the LevelItem mapping, search, paging, and the visibility matrix.
import { createHash } from 'node:crypto'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type NewChart } from '../../../../server/db/repositories'
import { LevelDetailsSchema, LevelInfoSchema, LevelListSchema } from '../../../../common/api/schemas/protocol'
import { testPublicKeyEnv } from '../../../fixtures/keys/sign'
import { hex, newChart } from '../../helpers/charts'
import { DIALECTS, openTestApp } from '../../helpers/context'
import { appSession } from '../../helpers/sessions'

const PUBLIC_URL = 'https://charts.example.com'
const listSchema = TypeCompiler.Compile(LevelListSchema)
const detailsSchema = TypeCompiler.Compile(LevelDetailsSchema)
const infoSchema = TypeCompiler.Compile(LevelInfoSchema)
const chart = (n: number, overrides: Partial<NewChart>) => newChart(n, { title: `Filler ${n}`, ...overrides })

describe.each(DIALECTS)('levels on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions: Record<string, string> = {}
  const ids = { starlight: hex(1, 32), secret: hex(2, 32), trial: hex(3, 32), melody: hex(4, 32) }

  const get = (url: string, as?: 'alice' | 'bob') =>
    test.app.inject({ method: 'GET', url, headers: as ? { 'sonolus-session': sessions[as] } : {} })
  const titles = async (url: string, as?: 'alice' | 'bob') => {
    const response = await get(url, as)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(listSchema.Errors(body).First()?.message).toBeUndefined()
    return (body.items as { title: string }[]).map((item) => item.title)
  }

  beforeAll(async () => {
    test = await openTestApp(dialect, { env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL } })
    for (const [id, handle, name] of [
      ['alice', '1001', 'Alice'],
      ['bob', '1002', 'Bob'],
    ])
      sessions[id] = await appSession(test.app, { id, handle, name }, PUBLIC_URL)
    const cover = test.ctx.repos
    await cover.charts.insert(
      chart(1, {
        title: 'Starlight Overture',
        artists: 'Sirius Band',
        composer: 'Nova',
        tags: '["pop","demo"]',
        level: 12,
        description: 'A *bright* start',
        backgroundHash: hex(91, 40),
        musicHash: hex(92, 40),
        dataHash: hex(93, 40),
      }),
    )
    await cover.charts.insert(chart(2, { title: 'Secret Sketch', isPublic: 0, tags: '["wip"]' }))
    await cover.charts.insert(
      chart(3, {
        title: 'Olivier Trial',
        authorId: 'bob',
        author: 'Bob#1002',
        isOliver: 1,
        level: 3,
        tags: '["olivier"]',
      }),
    )
    await cover.charts.insert(
      chart(4, { title: '星空のメロディ', authorId: 'bob', author: 'Bob#1002', artists: 'ほし', level: 25 }),
    )
    for (let n = 10; n < 32; n++) await cover.charts.insert(chart(n, { level: 1 + (n % 20) }))
    await test.ctx.db.db
      .insertInto('likes')
      .values({ chartId: ids.starlight, userId: 'bob', createdTime: 1 })
      .execute()
  })
  afterAll(async () => test.cleanup())

  describe('GET /sonolus/levels/list', () => {
    it('answers a ServerItemList of LevelItems, 20 a page, zero-based, with an integer pageCount', async () => {
      const first = (await get('/sonolus/levels/list')).json()
      expect(first.items).toHaveLength(20)
      expect(first.pageCount).toBe(2)
      const second = (await get('/sonolus/levels/list?page=1')).json()
      expect(second.items).toHaveLength(25 - 20)
      expect(new Set([...first.items, ...second.items].map((item: { name: string }) => item.name)).size).toBe(
        25,
      )
      expect((await get('/sonolus/levels/list?page=9')).json()).toMatchObject({ items: [], pageCount: 2 })
      expect((await get('/sonolus/levels/list?page=-1')).statusCode).toBe(400)
    })

    it('lists newest first and carries a rawItem per item for the site', async () => {
      const body = (await get('/sonolus/levels/list')).json()
      expect(body.items[0].title).toBe('Filler 31')
      expect(body.rawItems).toHaveLength(body.items.length)
      expect(body.rawItems.map((raw: { id: string }) => `wbs-${raw.id}`)).toEqual(
        body.items.map((item: { name: string }) => item.name),
      )
    })

    it('maps a chart to a LevelItem (docs/protocol.md §12.1)', async () => {
      const body = (await get('/sonolus/levels/list?title=starlight')).json()
      const [item] = body.items
      expect(item).toMatchObject({
        name: `wbs-${ids.starlight}`,
        version: 1,
        source: PUBLIC_URL,
        rating: 12,
        title: 'Starlight Overture',
        artists: 'Nova / Sirius Band',
        author: 'Alice#1001',
        cover: { hash: hex(1, 40), url: `/sonolus/repository/${hex(1, 40)}` },
        bgm: { hash: hex(92, 40), url: `/sonolus/repository/${hex(92, 40)}` },
        data: { hash: hex(93, 40), url: `/sonolus/repository/${hex(93, 40)}` },
        useSkin: { useDefault: true },
        useBackground: { useDefault: false, item: { version: 2, image: { hash: hex(91, 40) } } },
      })
      // The like count is the chart's counter (kept by community actions).
      expect(item.tags).toEqual([{ title: '0', icon: 'heart' }, { title: 'pop' }, { title: 'demo' }])
      expect(item.engine).toMatchObject({
        name: 'sirius-charts',
        version: 13,
        title: 'Sirius',
        skin: { name: 'pixel', version: 4 },
      })
      expect(body.rawItems[0]).toMatchObject({
        id: ids.starlight,
        tags: ['pop', 'demo'],
        isPublic: 1,
        isOliver: 0,
        likeNumber: 0,
      })
      const olivier = (await get('/sonolus/levels/list?title=olivier')).json().items[0]
      // One difficulty scale for display and search: 30 + level, with the chip's label as a tag.
      expect(olivier.rating).toBe(33)
      expect(olivier.tags).toContainEqual({ title: 'Olivier III' })
    })

    it('serves every embedded engine file it names', async () => {
      const engine = (await get('/sonolus/levels/list')).json().items[0].engine
      for (const srl of [
        engine.thumbnail,
        engine.skin.texture,
        engine.background.image,
        engine.effect.audio,
        engine.particle.texture,
      ]) {
        const file = await test.app.inject({ method: 'GET', url: srl.url })
        expect(file.statusCode).toBe(200)
        expect(createHash('sha1').update(file.rawPayload).digest('hex')).toBe(srl.hash)
      }
    })

    it.each([
      ['keywords=starlight', ['Starlight Overture']],
      ['type=quick&keywords=SIRIUS band', ['Starlight Overture']],
      ['keywords=nova', ['Starlight Overture']],
      ['keywords=bob', ['星空のメロディ', 'Olivier Trial']],
      ['keywords=demo', ['Starlight Overture']],
      ['keywords=メロ', ['星空のメロディ']],
      ['keywords=空のメロ', ['星空のメロディ']],
      ['title=trial', ['Olivier Trial']],
      ['type=advanced&artists=ほし', ['星空のメロディ']],
      ['type=advanced&author=alice&title=star', ['Starlight Overture']],
      ['type=advanced&tag=olivier', ['Olivier Trial']],
      ['type=advanced&levelMin=24&levelMax=30', ['星空のメロディ']],
      ['type=advanced&olivier=only', ['Olivier Trial']],
      // The sliders filter on the number the app shows: 33 for Olivier III, not its level 3.
      ['type=advanced&levelMin=31&levelMax=40', ['Olivier Trial']],
      ['type=advanced&levelMin=33&levelMax=33', ['Olivier Trial']],
      ['type=advanced&title=olivier&levelMax=5', []],
      ['type=advanced&title=olivier&levelMin=1&levelMax=40', ['Olivier Trial']],
      ['keywords=%25', []],
      ['keywords=_', []],
      ['keywords="', []],
      ['keywords=nothing-like-this', []],
    ])('searches %s', async (query, expected) => {
      expect(await titles(`/sonolus/levels/list?${query}`)).toEqual(expected)
    })

    it.each(['newest', 'likes', 'rating', 'title'] as const)(
      'pages a search the same with each of the SQLite plans: LIKE walk, sorted matches, index walk (%s)',
      async (sort) => {
        // 22 'Filler n' charts. likeWalkRows 0 rules the LIKE walk out; then a cap of 1000 sorts the matches
        // themselves and a cap of 5 walks the order index against the match set.
        const query = { scope: 'all' as const, search: [{ field: 'all' as const, text: 'filler' }], sort }
        const pages = async (options: { searchCap: number; likeWalkRows?: number }) => {
          const seen: string[] = []
          let total = 0
          for (let offset = 0; offset < 12; offset += 4) {
            const page = await test.ctx.repos.chartList.list({ ...query, offset, limit: 4 }, options)
            seen.push(...page.rows.map((row) => row.title))
            total = page.total
          }
          return { seen, total }
        }
        const walked = await pages({ searchCap: 1000 })
        const under = await pages({ searchCap: 1000, likeWalkRows: 0 })
        const capped = await pages({ searchCap: 5, likeWalkRows: 0 })
        expect(walked).toEqual(under)
        expect(under.total).toBe(22)
        expect(capped.total).toBe(5)
        expect(under.seen).toHaveLength(12)
        expect(new Set(under.seen).size).toBe(12)
        expect(capped.seen).toEqual(under.seen)
      },
    )

    it('sorts by title', async () => {
      const list = await titles('/sonolus/levels/list?type=advanced&sort=title&levelMin=3&levelMax=3')
      expect(list).toEqual([...list].sort())
    })

    it('needs a login for in=my and in=2', async () => {
      for (const scope of ['my', '2']) {
        const response = await get(`/sonolus/levels/list?in=${scope}`)
        expect(response.statusCode).toBe(401)
        expect(response.json()).toMatchObject({ code: 401, error: 'not_login' })
      }
    })

    it('lists the charts a user liked with in=2', async () => {
      expect(await titles('/sonolus/levels/list?in=2', 'bob')).toEqual(['Starlight Overture'])
      expect(await titles('/sonolus/levels/list?in=2', 'alice')).toEqual([])
    })
  })

  describe('visibility of a private chart', () => {
    const secret = 'Secret Sketch'
    it.each([
      ['anonymous', undefined, false],
      ['another user', 'bob', false],
      ['the owner', 'alice', true],
    ] as const)('in the plain list and in search, as %s', async (_who, as, visible) => {
      const all = [
        ...(await titles('/sonolus/levels/list', as)),
        ...(await titles('/sonolus/levels/list?page=1', as)),
      ]
      expect(all.includes(secret)).toBe(visible)
      expect((await titles('/sonolus/levels/list?keywords=secret', as)).includes(secret)).toBe(visible)
      expect((await titles('/sonolus/levels/list?keywords=wip', as)).includes(secret)).toBe(visible)
    })

    it('in=my shows the owner’s private charts to the owner only', async () => {
      expect(await titles('/sonolus/levels/list?in=my&title=secret', 'alice')).toEqual([secret])
      expect(await titles('/sonolus/levels/list?in=my&title=secret', 'bob')).toEqual([])
    })

    it.each([
      ['anonymous', undefined, 401],
      ['another user', 'bob', 404],
      ['the owner', 'alice', 200],
    ] as const)('in the details, as %s: %d', async (_who, as, status) => {
      expect((await get(`/sonolus/levels/wbs-${ids.secret}`, as)).statusCode).toBe(status)
    })
  })

  describe('GET /sonolus/levels/wbs-{id}', () => {
    it('answers ServerItemDetails with community, the seven leaderboards and the author’s other charts', async () => {
      const body = (await get(`/sonolus/levels/wbs-${ids.trial}`)).json()
      expect(detailsSchema.Errors(body).First()?.message).toBeUndefined()
      expect(body.hasCommunity).toBe(true)
      expect(body.leaderboards.map((board: { name: string }) => board.name)).toEqual([
        'arcScore',
        'accScore',
        'combo',
        'perfect',
        'great',
        'good',
        'miss',
      ])
      expect(body.leaderboards[0].title).toBe('#ARCADE_SCORE')
      expect(body.sections[0].items.map((item: { title: string }) => item.title)).toEqual(['星空のメロディ'])
      expect(body.sections[0].rawItems.map((raw: { id: string }) => raw.id)).toEqual([ids.melody])
      expect(body.rawItem).toMatchObject({ id: ids.trial, title: 'Olivier Trial' })
      expect(body.publishTime).toBe(1_700_000_003_000)
      expect(body.actions).toEqual([])
    })

    it('describes the chart with its likes, offers delete to the owner only, and report to others', async () => {
      const asOwner = (await get(`/sonolus/levels/wbs-${ids.starlight}`, 'alice')).json()
      // Plain text for the app, which renders no markdown; the site reads rawItem.description.
      expect(asOwner.description).toBe('A bright start\n\n♡ 0')
      expect(asOwner.rawItem.description).toBe('A *bright* start')
      // The owner invites co-authors by handle, and deletes.
      expect(asOwner.actions).toEqual([
        expect.objectContaining({ type: 'invite', options: [expect.objectContaining({ query: 'handle' })] }),
        { type: 'delete', title: '#DELETE', icon: 'delete', requireConfirmation: true, options: [] },
      ])
      const asOther = (await get(`/sonolus/levels/wbs-${ids.starlight}`, 'bob')).json()
      expect(asOther.actions.map((form: { type: string }) => form.type)).toEqual(['report'])
    })

    it.each(['wbs-nope', `wbs-${hex(999, 32)}`, hex(1, 32), `wbs-${'A'.repeat(32)}`])(
      'answers 404 for %s',
      async (name) => {
        expect((await get(`/sonolus/levels/${name}`)).statusCode).toBe(404)
      },
    )
  })

  describe('GET /sonolus/levels/info', () => {
    it('has Newest, Popular and Random sections and the search form; My charts when logged in', async () => {
      const anonymous = (await get('/sonolus/levels/info')).json()
      expect(infoSchema.Errors(anonymous).First()?.message).toBeUndefined()
      expect(anonymous.sections.map((section: { title: string }) => section.title)).toEqual([
        '#NEWEST',
        '#POPULAR',
        '#RANDOM',
      ])
      // The app brings its own quick search; ours would show twice.
      expect(anonymous.searches.map((form: { type: string }) => form.type)).toEqual(['advanced'])
      const options = (form: { options: { query: string }[] }) => form.options.map((option) => option.query)
      expect(options(anonymous.searches[0])).not.toContain('in')
      const owner = (await get('/sonolus/levels/info', 'alice')).json()
      expect(owner.sections.map((section: { title: string }) => section.title)).toContain('My charts')
      expect(options(owner.searches[0])).toContain('in')
      const mine = owner.sections.find((section: { title: string }) => section.title === 'My charts')
      expect(mine.items.length).toBeGreaterThan(0)
      expect(mine.items.every((item: { author: string }) => item.author === 'Alice#1001')).toBe(true)
      // Our own titles come in the app's language where core has no key.
      const ja = (await get('/sonolus/levels/info?localization=ja', 'alice')).json()
      expect(ja.sections.map((section: { title: string }) => section.title)).toContain('自分の譜面')
    })

    it("gives each section but Random the searchValues of its whole list, so the app's More opens it", async () => {
      const owner = (await get('/sonolus/levels/info', 'alice')).json()
      const sections = owner.sections as { title: string; items: { name: string }[]; searchValues?: string }[]
      expect(sections.find((section) => section.title === '#RANDOM')?.searchValues).toBeUndefined()
      for (const section of sections.filter((section) => section.title !== '#RANDOM')) {
        expect(section.searchValues).toMatch(/^type=advanced&/)
        const more = (await get(`/sonolus/levels/list?${section.searchValues}`, 'alice')).json()
        // The list starts with the section's items, in the same order.
        expect(more.items.slice(0, section.items.length).map((item: { name: string }) => item.name)).toEqual(
          section.items.map((item) => item.name),
        )
      }
    })
  })

  it('announces login, levels, playlists and the pack item types in /sonolus/info', async () => {
    expect(
      (await get('/sonolus/info')).json().buttons.map((button: { type: string }) => button.type),
    ).toEqual([
      'authentication',
      'level',
      'playlist',
      'post',
      'replay',
      'user',
      'engine',
      'skin',
      'background',
      'effect',
      'particle',
    ])
  })
})
