// Playlists on SQLite and PostgreSQL: anyone logged in makes public or private playlists and
// edits them (add, reorder, remove); someone else's private playlist and a chart the editor cannot see are
// 404; more than 500 charts is create_failed naming the limit; the staff picks are the moderators'; the app
// reads playlist info, lists (search, mine) and details with their levels, each answer checked against its
// schema (CHECK_RESPONSES) and the schemas against @sonolus/core's PlaylistItem (tsc).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type PlaylistItem } from '@sonolus/core'
import {
  PLAYLIST_CHARTS_MAX,
  PLAYLIST_LIST_LEVELS,
  type MyPlaylists,
  type PlaylistDetailsResponse,
  type PlaylistListResponse,
} from '../../../common/api/playlists'
import { catalogueChanged } from '../../../server/cache/tags'
import { hex, newChart } from '../helpers/charts'
import { DIALECTS, openTestApp } from '../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../helpers/sessions'
import { testPublicKeyEnv } from '../../fixtures/keys/sign'

const PEOPLE = {
  alice: { id: 'alice', handle: '8001', name: 'Alice' },
  bob: { id: 'bob', handle: '8002', name: 'Bob' },
  carol: { id: 'carol', handle: '8003', name: 'Carol' },
  mod: { id: 'mod', handle: '8999', name: 'Mod' },
}
type Person = keyof typeof PEOPLE
const id = (n: number) => hex(n, 32)

describe.each(DIALECTS)('playlists on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions = {} as Record<Person, string>

  const call = (method: 'GET' | 'POST', url: string, as?: Person, payload?: object) =>
    test.app.inject({
      method,
      url,
      headers: as ? { authorization: sessions[as] } : {},
      ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
    })
  const create = async (as: Person, title: string, isPublic = true) => {
    const response = await call('POST', '/sonolus/playlists/create', as, {
      title,
      description: 'About it',
      isPublic,
    })
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as { id: string }).id
  }
  const add = (as: Person, playlist: string, chart: string) =>
    call('POST', `/sonolus/playlists/wbp-${playlist}/add`, as, { chartId: chart })
  /** The app's details (levels), or with `site` the site's (chart rows). */
  const details = async (playlist: string, as?: Person, site = false) => {
    const response = await call('GET', `/sonolus/playlists/wbp-${playlist}${site ? '?view=site' : ''}`, as)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as PlaylistDetailsResponse
  }
  const order = async (playlist: string, as?: Person) =>
    (await details(playlist, as, true)).rawCharts.map((chart) => chart.title)
  const edit = (as: Person, playlist: string, chartIds: string[], fields: object = {}) =>
    call('POST', `/sonolus/playlists/wbp-${playlist}/edit`, as, {
      title: 'Edited',
      description: '',
      isPublic: true,
      chartIds,
      ...fields,
    })

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
    for (let n = 1; n <= 6; n++) await test.ctx.repos.charts.insert(newChart(n))
    // Bob's private chart, and a chart a moderator hid.
    await test.ctx.repos.charts.insert(newChart(7, { authorId: 'bob', author: 'Bob#8002', isPublic: 0 }))
    await test.ctx.repos.charts.insert(newChart(8, { authorId: 'bob', author: 'Bob#8002' }))
    await test.ctx.repos.charts.update(id(8), { hidden: 1 })
  })
  afterAll(() => test.cleanup())

  it('builds a playlist, adds charts in order, reorders and removes them', async () => {
    const playlist = await create('alice', 'Warm-ups')
    for (const n of [1, 2, 3]) expect((await add('alice', playlist, id(n))).statusCode).toBe(200)
    // Twice is once.
    expect((await add('alice', playlist, id(2))).statusCode).toBe(200)
    expect(await order(playlist)).toEqual(['Chart 1', 'Chart 2', 'Chart 3'])
    const saved = await edit('alice', playlist, [id(3), id(1), id(2)], {
      title: 'Warm-ups',
      description: 'Mine',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(await order(playlist)).toEqual(['Chart 3', 'Chart 1', 'Chart 2'])
    expect((await edit('alice', playlist, [id(3), id(2)])).statusCode).toBe(200)
    const { rawItem, item, sections, description, rawCharts } = await details(playlist)
    expect(rawItem).toMatchObject({
      title: 'Edited',
      chartCount: 2,
      covers: [hex(3, 40), hex(2, 40)],
      canEdit: false,
    })
    expect(description).toBeUndefined()
    // The app's PlaylistItem: its levels in order, the first chart's cover as its thumbnail.
    const playlistItem: PlaylistItem = item
    expect(playlistItem).toMatchObject({
      name: `wbp-${playlist}`,
      version: 1,
      author: 'Alice#8001',
      subtitle: '2 charts',
      levels: [{ name: `wbs-${id(3)}` }, { name: `wbs-${id(2)}` }],
      thumbnail: { hash: hex(3, 40) },
    })
    // The app's answer carries the levels once, and no rows; the site's the rows and no levels.
    expect(sections).toEqual([])
    expect(rawCharts).toEqual([])
    const site = await details(playlist, undefined, true)
    expect(site.item.levels).toEqual([])
    expect(site.item.thumbnail).toEqual(playlistItem.thumbnail)
    expect(site.rawCharts.map((chart) => chart.id)).toEqual([id(3), id(2)])
    expect((await details(playlist, 'alice')).rawItem.canEdit).toBe(true)
  })

  it('refuses a chart the editor cannot see (404), others’ playlists (401/404), and a visitor', async () => {
    const playlist = await create('alice', 'Checks')
    // Bob's private chart and a hidden chart are not there for Alice; an unknown id neither.
    for (const chart of [id(7), id(8), id(99), 'nope'])
      expect((await add('alice', playlist, chart)).statusCode).toBe(404)
    expect((await edit('alice', playlist, [id(1), id(7)])).statusCode).toBe(404)
    // Bob may add his own private chart to his playlist; others see the playlist without it.
    const bobs = await create('bob', 'Bob’s')
    expect((await add('bob', bobs, id(7))).statusCode).toBe(200)
    expect((await add('bob', bobs, id(1))).statusCode).toBe(200)
    expect(await order(bobs, 'bob')).toEqual(['Chart 7', 'Chart 1'])
    expect(await order(bobs, 'alice')).toEqual(['Chart 1'])
    // Not Alice's to change: 401 permission_denied2; a visitor likewise.
    expect((await add('alice', bobs, id(2))).json()).toMatchObject({ code: 401, error: 'permission_denied2' })
    expect((await add(undefined as unknown as Person, bobs, id(2))).statusCode).toBe(401)
    expect((await call('POST', `/sonolus/playlists/wbp-${bobs}/delete`, 'alice')).statusCode).toBe(401)
    expect(
      (
        await call('POST', '/sonolus/playlists/create', undefined, {
          title: 'x',
          description: '',
          isPublic: true,
        })
      ).statusCode,
    ).toBe(401)
    // Someone else's private playlist does not exist.
    const hidden = await create('bob', 'Secret', false)
    for (const as of ['alice', undefined] as const) {
      expect((await call('GET', `/sonolus/playlists/wbp-${hidden}`, as)).statusCode).toBe(404)
      expect((await add(as as Person, hidden, id(1))).statusCode).toBe(as ? 404 : 401)
    }
    expect((await call('GET', `/sonolus/playlists/wbp-${hidden}`, 'bob')).statusCode).toBe(200)
    // Bad fields: an empty title, an over-long one.
    expect(
      (
        await call('POST', '/sonolus/playlists/create', 'alice', {
          title: '  ',
          description: '',
          isPublic: true,
        })
      ).json(),
    ).toMatchObject({
      error: 'empty_field',
    })
    expect(
      (
        await call('POST', '/sonolus/playlists/create', 'alice', {
          title: 'x'.repeat(101),
          description: '',
          isPublic: true,
        })
      ).json(),
    ).toMatchObject({ error: 'create_failed', message: /at most 100 characters/ })
    // The owner deletes it.
    expect((await call('POST', `/sonolus/playlists/wbp-${bobs}/delete`, 'bob')).statusCode).toBe(200)
    expect((await call('GET', `/sonolus/playlists/wbp-${bobs}`, 'bob')).statusCode).toBe(404)
  })

  it(`holds at most ${PLAYLIST_CHARTS_MAX} charts: more is create_failed naming the limit`, async () => {
    const many = Array.from({ length: PLAYLIST_CHARTS_MAX + 1 }, (_, i) => newChart(1000 + i))
    await test.ctx.repos.transaction(async (trx) => {
      for (const chart of many) await trx.charts.insert(chart)
    })
    const playlist = await create('alice', 'Everything')
    const over = await edit(
      'alice',
      playlist,
      many.map((chart) => chart.id),
    )
    expect(over.statusCode).toBe(400)
    expect(over.json()).toMatchObject({
      error: 'create_failed',
      message: `A playlist holds at most ${PLAYLIST_CHARTS_MAX} charts`,
    })
    const full = many.slice(0, PLAYLIST_CHARTS_MAX).map((chart) => chart.id)
    expect((await edit('alice', playlist, full)).statusCode).toBe(200)
    const last = await add('alice', playlist, many[PLAYLIST_CHARTS_MAX].id)
    expect(last.json()).toMatchObject({ error: 'create_failed', message: /at most 500 charts/ })
    const shown = await details(playlist)
    expect(shown.item.levels).toHaveLength(PLAYLIST_CHARTS_MAX)
    expect(shown.rawItem.chartCount).toBe(PLAYLIST_CHARTS_MAX)
    // A list carries the first levels only; the details all of them.
    const list = (
      await call('GET', '/sonolus/playlists/list?type=mine', 'alice')
    ).json() as PlaylistListResponse
    const listed = list.items.find((item) => item.name === `wbp-${playlist}`)!
    expect(listed.levels).toHaveLength(PLAYLIST_LIST_LEVELS)
    // A deleted chart leaves its playlists.
    await test.ctx.repos.charts.delete(full[0])
    expect((await details(playlist, 'alice')).rawItem.chartCount).toBe(PLAYLIST_CHARTS_MAX - 1)
  })

  it('the staff picks are the moderators’: on the home page’s list and in the app’s info', async () => {
    expect((await add('alice', 'staff-picks', id(1))).statusCode).toBe(401)
    expect((await add('mod', 'staff-picks', id(4))).statusCode).toBe(200)
    expect((await add('mod', 'staff-picks', id(5))).statusCode).toBe(200)
    // The staff picks keep their name and stay public; they cannot be deleted.
    expect(
      (await edit('mod', 'staff-picks', [id(5), id(4)], { title: 'Mine now', isPublic: false })).statusCode,
    ).toBe(200)
    expect((await call('POST', '/sonolus/playlists/wbp-staff-picks/delete', 'mod')).json()).toMatchObject({
      error: 'create_failed',
    })
    const staff = await details('staff-picks', undefined, true)
    expect(staff.rawItem).toMatchObject({ title: 'Staff picks', staff: true, isPublic: true, owner: '' })
    expect(staff.rawCharts.map((chart) => chart.title)).toEqual(['Chart 5', 'Chart 4'])
    const info = (await call('GET', '/sonolus/playlists/info?localization=ja')).json() as {
      sections: { title: string; itemType: string; items: PlaylistItem[] }[]
    }
    expect(info.sections[0]).toMatchObject({ title: 'スタッフのおすすめ', itemType: 'playlist' })
    expect(info.sections[0].items[0].levels.map((level) => level.name)).toEqual([
      `wbs-${id(5)}`,
      `wbs-${id(4)}`,
    ])
    // The moderator's menu offers the staff picks; Alice's does not.
    const menu = (await call('GET', `/sonolus/user/playlists?chart=${id(4)}`, 'mod')).json() as MyPlaylists
    expect(menu.playlists[0]).toMatchObject({ id: 'staff-picks', staff: true, hasChart: true })
    const alices = (
      await call('GET', `/sonolus/user/playlists?chart=${id(3)}`, 'alice')
    ).json() as MyPlaylists
    expect(alices.playlists.every((playlist) => !playlist.staff)).toBe(true)
    expect(alices.playlists.some((playlist) => playlist.hasChart)).toBe(true)
  })

  it('a visitor’s answers are shared from the cache and dropped when the playlist or a chart changes', async () => {
    const playlist = await create('alice', 'Cached')
    expect((await add('alice', playlist, id(1))).statusCode).toBe(200)
    const visit = () => call('GET', `/sonolus/playlists/wbp-${playlist}?view=site`)
    expect((await visit()).headers['x-cache']).toBe('MISS')
    const hit = await visit()
    expect(hit.headers['x-cache']).toBe('HIT')
    expect((hit.json() as PlaylistDetailsResponse).rawCharts.map((chart) => chart.id)).toEqual([id(1)])
    // Its owner adds a chart: the next visit sees it.
    expect((await add('alice', playlist, id(2))).statusCode).toBe(200)
    const after = await visit()
    expect(after.headers['x-cache']).toBe('MISS')
    expect((after.json() as PlaylistDetailsResponse).rawCharts.map((chart) => chart.id)).toEqual([
      id(1),
      id(2),
    ])
    expect((await visit()).headers['x-cache']).toBe('HIT')
    // Carol owns no playlist and no chart: signed in, she is served the visitors' answer; Alice, its
    // owner, gets hers built for her (she may edit it).
    const carols = await call('GET', `/sonolus/playlists/wbp-${playlist}?view=site`, 'carol')
    expect(carols.headers['x-cache']).toBe('HIT')
    expect((carols.json() as PlaylistDetailsResponse).rawItem.canEdit).toBe(false)
    const alices = await call('GET', `/sonolus/playlists/wbp-${playlist}?view=site`, 'alice')
    expect(alices.headers['x-cache']).toBeUndefined()
    expect((alices.json() as PlaylistDetailsResponse).rawItem.canEdit).toBe(true)
    // A chart in it made private by its author: gone from the visitor's page at once.
    await test.ctx.repos.charts.update(id(2), { isPublic: 0 })
    catalogueChanged(test.ctx, { id: id(2), authorId: 'alice' })
    expect((await visit()).json().rawCharts.map((chart: { id: string }) => chart.id)).toEqual([id(1)])
    // Its owner still sees it (built for them).
    expect(await order(playlist, 'alice')).toEqual(['Chart 1', 'Chart 2'])
    await test.ctx.repos.charts.update(id(2), { isPublic: 1 })
    catalogueChanged(test.ctx, { id: id(2), authorId: 'alice' })
  })

  it('the app lists and searches public playlists, and one’s own with type=mine; the info has a button', async () => {
    const mine = await create('bob', 'Rainy evening songs', false)
    expect((await add('bob', mine, id(6))).statusCode).toBe(200)
    const publicOne = await create('bob', 'Sunny morning songs')
    expect((await add('bob', publicOne, id(6))).statusCode).toBe(200)
    const search = async (query: string, as?: Person) =>
      ((await call('GET', `/sonolus/playlists/list?${query}`, as)).json() as PlaylistListResponse).items.map(
        (item) => item.title,
      )
    expect(await search('keywords=songs')).toEqual(['Sunny morning songs'])
    expect(await search('keywords=songs', 'bob')).toEqual(['Sunny morning songs', 'Rainy evening songs'])
    expect(await search('keywords=rainy&type=mine', 'bob')).toEqual(['Rainy evening songs'])
    expect(await search(`user=${PEOPLE.bob.handle}`)).toEqual(['Sunny morning songs'])
    expect((await call('GET', '/sonolus/playlists/list?type=mine')).statusCode).toBe(401)
    const server = (await call('GET', '/sonolus/info')).json() as { buttons: { type: string }[] }
    expect(server.buttons.map((button) => button.type)).toContain('playlist')
  })
})
