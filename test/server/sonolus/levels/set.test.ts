// Charts of one song on SQLite and PostgreSQL: the owner links their charts into a set (sets merge), each
// chart's set lists the charts the caller may see, easiest first; the app's details show the public others;
// nobody else may link or unlink; a set holds at most SONG_SET_MAX charts; the list can show one card per
// song; the owner makes a new difficulty from a chart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SONG_SET_MAX } from '../../../../common/rules'
import { testPublicKeyEnv } from '../../../fixtures/keys/sign'
import { hex, newChart } from '../../helpers/charts'
import { DIALECTS, openTestApp } from '../../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../../helpers/sessions'

describe.each(DIALECTS)('songs with several difficulties on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions: Record<string, string> = {}
  const ids = {
    easy: hex(41, 32),
    hard: hex(42, 32),
    expert: hex(43, 32),
    draft: hex(44, 32),
    bobs: hex(45, 32),
  }
  const level = (id: string) => `/sonolus/levels/wbs-${id}`
  const call = (method: 'GET' | 'POST', url: string, as?: string, values?: string) =>
    test.app.inject({
      method,
      url,
      headers: as ? { authorization: sessions[as] } : {},
      ...(method === 'POST' ? { payload: { values: values ?? '' } } : {}),
    })
  const link = (id: string, other: string, as = 'alice') =>
    call('POST', `${level(id)}/submit`, as, `type=linkSet&level=wbs-${other}`)
  const setOf = async (id: string, as?: string) => {
    const response = await call('GET', `${level(id)}/set`, as)
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as { charts: { id: string; level: number }[] }).charts.map((chart) => chart.id)
  }

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    })
    sessions.alice = await appSession(test.app, { id: 'alice', handle: '1001', name: 'Alice' })
    sessions.bob = await appSession(test.app, { id: 'bob', handle: '1002', name: 'Bob' })
    await test.ctx.repos.charts.insert(newChart(41, { level: 8 }))
    await test.ctx.repos.charts.insert(newChart(42, { level: 21 }))
    await test.ctx.repos.charts.insert(newChart(43, { level: 30 }))
    await test.ctx.repos.charts.insert(newChart(44, { level: 14, isPublic: 0 }))
    await test.ctx.repos.charts.insert(newChart(45, { authorId: 'bob', author: 'Bob#1002' }))
  })
  afterAll(() => test.cleanup())

  it('links the owner’s charts into one song, and lists them easiest first on each', async () => {
    expect(await setOf(ids.easy)).toEqual([ids.easy])
    expect((await link(ids.hard, ids.easy)).statusCode).toBe(200)
    // Another pair, then the two sets become one.
    expect((await link(ids.expert, ids.draft)).statusCode).toBe(200)
    expect((await link(ids.easy, ids.expert)).statusCode).toBe(200)
    const all = [ids.easy, ids.draft, ids.hard, ids.expert]
    for (const id of [ids.easy, ids.hard, ids.expert]) expect(await setOf(id, 'alice')).toEqual(all)
    // The private draft is its owner's alone.
    expect(await setOf(ids.hard)).toEqual([ids.easy, ids.hard, ids.expert])
    expect(await setOf(ids.hard, 'bob')).toEqual([ids.easy, ids.hard, ids.expert])
  })

  it('lists one card per song when asked: its easiest public chart, and every chart in no song', async () => {
    const listed = async (query: string, as?: string) =>
      (
        (await call('GET', `/sonolus/levels/list${query}`, as)).json() as { rawItems: { id: string }[] }
      ).rawItems
        .map((chart) => chart.id)
        .sort()
    expect(await listed('?songs=1')).toEqual([ids.easy, ids.bobs].sort())
    expect(await listed('?songs=1&levelMax=20')).toEqual([ids.easy, ids.bobs].sort())
    // A song shows as its easiest public chart: a filter that leaves that one out leaves out the song.
    expect(await listed('?songs=1&levelMin=20')).toEqual([])
    expect(await listed('?levelMin=20')).toEqual([ids.hard, ids.expert].sort())
    expect(await listed('')).toEqual([ids.easy, ids.hard, ids.expert, ids.bobs].sort())
    const bad = await call('GET', '/sonolus/levels/list?songs=2')
    expect(bad.statusCode).toBe(400)
  })

  it('shows the app the song’s other public difficulties on a chart’s details', async () => {
    const details = (await call('GET', level(ids.hard))).json() as {
      sections: { title: string; items: { name: string }[] }[]
    }
    expect(details.sections[0]).toMatchObject({ title: 'Other difficulties' })
    expect(details.sections[0].items.map((item) => item.name)).toEqual([
      `wbs-${ids.easy}`,
      `wbs-${ids.expert}`,
    ])
    const japanese = (await call('GET', `${level(ids.hard)}?localization=ja`)).json()
    expect(japanese.sections[0].title).toBe('他の難易度')
  })

  it('lets nobody but the owner of both charts link or unlink', async () => {
    // Bob's chart into Alice's song, by either of them; Alice's chart by Bob; a visitor.
    expect((await link(ids.easy, ids.bobs, 'alice')).statusCode).toBe(401)
    expect((await link(ids.bobs, ids.easy, 'bob')).statusCode).toBe(401)
    expect((await call('POST', `${level(ids.hard)}/submit`, 'bob', 'type=unlinkSet')).statusCode).toBe(401)
    expect((await call('POST', `${level(ids.hard)}/submit`, undefined, 'type=unlinkSet')).statusCode).toBe(
      401,
    )
    // A private chart of someone else is not found for the one who asks.
    expect((await link(ids.bobs, ids.draft, 'bob')).statusCode).toBe(404)
    expect((await link(ids.easy, ids.easy)).statusCode).toBe(400)
    // No chart named: the field is required.
    const unnamed = await call('POST', `${level(ids.easy)}/submit`, 'alice', 'type=linkSet')
    expect(unnamed.statusCode).toBe(400)
    expect(unnamed.json()).toMatchObject({ error: 'empty_field' })
    expect(await setOf(ids.bobs)).toEqual([ids.bobs])
  })

  it('takes one chart out, leaving the others together, and drops the kept details', async () => {
    expect((await call('POST', `${level(ids.expert)}/submit`, 'alice', 'type=unlinkSet')).statusCode).toBe(
      200,
    )
    expect(await setOf(ids.expert)).toEqual([ids.expert])
    expect(await setOf(ids.easy, 'alice')).toEqual([ids.easy, ids.draft, ids.hard])
    const details = (await call('GET', level(ids.hard))).json()
    expect(details.sections[0].items.map((item: { name: string }) => item.name)).toEqual([`wbs-${ids.easy}`])
    expect((await call('GET', level(ids.expert))).json().sections[0].title).toBe('#SAME_AUTHOR')
  })

  it('makes a new difficulty from a chart: its files and metadata, another level, private, in the song', async () => {
    await test.ctx.repos.files.record({
      hash: hex(41, 40),
      size: 1,
      contentType: 'image/png',
      createdTime: 0,
    })
    const make = (body: object, as = 'alice') =>
      test.app.inject({
        method: 'POST',
        url: `${level(ids.easy)}/difficulties`,
        headers: as ? { authorization: sessions[as] } : {},
        payload: body,
      })
    const made = await make({ level: 27 })
    expect(made.statusCode, made.body).toBe(200)
    const { id } = made.json() as { id: string }
    const [from, row] = await Promise.all([
      test.ctx.repos.charts.findById(ids.easy),
      test.ctx.repos.charts.findById(id),
    ])
    expect(row).toMatchObject({
      authorId: 'alice',
      author: from!.author,
      title: from!.title,
      artists: from!.artists,
      coverHash: from!.coverHash,
      musicHash: from!.musicHash,
      level: 27,
      isPublic: 0,
      dataHash: null,
      susHash: null,
      songSet: from!.songSet,
    })
    expect(await setOf(ids.easy, 'alice')).toContain(id)
    // Private until its creator uploads a chart and publishes it.
    expect(await setOf(ids.easy)).not.toContain(id)
    // Its owner alone; a level in the rules.
    expect((await make({ level: 27 }, 'bob')).statusCode).toBe(401)
    expect((await make({ level: 27 }, '')).statusCode).toBe(401)
    expect((await make({ level: 0 })).statusCode).toBe(400)
    expect((await make({ level: 40 })).statusCode).toBe(400)
  })

  it(`holds at most ${SONG_SET_MAX} charts in a song`, async () => {
    const many = Array.from({ length: SONG_SET_MAX + 1 }, (_, n) => hex(60 + n, 32))
    for (const [n, id] of many.entries()) await test.ctx.repos.charts.insert(newChart(60 + n, { id }))
    for (const id of many.slice(1, SONG_SET_MAX)) expect((await link(many[0], id)).statusCode).toBe(200)
    const refused = await link(many[0], many[SONG_SET_MAX])
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toMatch(`at most ${SONG_SET_MAX} difficulties`)
    expect(await setOf(many[0])).toHaveLength(SONG_SET_MAX)
    expect(await setOf(many[SONG_SET_MAX])).toEqual([many[SONG_SET_MAX]])
  })
})
