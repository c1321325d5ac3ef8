// A chart's stats come from its level data, on SQLite and PostgreSQL: computed when the server
// stores level data (a create from SUS or from level data, an edit with a new SUS), kept through a
// metadata edit, back-filled for charts stored before stats existed, and always agreeing with the
// converter: a chart's note count is the one its level data holds.
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LevelFormBody, editValues } from '../../../common/api/uploads'
import {
  type ChartStats,
  NOTE_KINDS,
  STATS_VERSION,
  chartStats,
  convertSus,
  readLevelData,
} from '../../../common/chart/index'
import { statsOf } from '../../../server/sonolus/levels/item'
import { putBuffer } from '../../../server/storage/putFile'
import { demoSus } from '../../../server/demo/chart'
import { mp3, png, sha1, sus } from '../../fixtures/media/media'
import { hex, newChart } from '../helpers/charts'
import { DIALECTS } from '../helpers/context'
import { openUploadApp, uploadFile } from '../helpers/upload'

/** What the converter says of a SUS: the stats the server must have stored. */
const converted = (text: string): ChartStats => {
  const conversion = convertSus(text, { gzip: (json) => gzipSync(json, { level: 9 }) })
  return chartStats(readLevelData(conversion.gzipped), conversion.bpms)
}

describe.each(DIALECTS)('chart stats on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openUploadApp>>['test']
  let close: () => Promise<void>
  let alice: string
  let cover: Buffer
  const music = mp3(4, 330)
  const charts = { small: sus(50), large: sus(1000) }

  beforeAll(async () => {
    ;({ test, alice, close } = await openUploadApp({ dialect, store: 'disk' }))
    // The back-fill is run by the tests, not by the background pass.
    await test.app.ready()
    await test.ctx.media.stop()
    cover = await png(31, 300)
    for (const [bytes, kind] of [
      [cover, 'cover'],
      [music, 'music'],
      [charts.small, 'chart'],
      [charts.large, 'chart'],
    ] as const)
      expect((await uploadFile(test.app, alice, bytes, kind)).statusCode).toBe(201)
  })
  afterAll(() => close())

  const form = (overrides: Partial<LevelFormBody> = {}): LevelFormBody => ({
    title: 'Counting Stars',
    composer: 'Writer',
    artists: 'Band',
    author: '',
    description: '',
    level: 12,
    isOliver: 0,
    isPublic: 1,
    tags: ['stats'],
    coverHash: sha1(cover),
    musicHash: sha1(music),
    susHash: sha1(charts.small),
    ...overrides,
  })
  const create = async (body: LevelFormBody) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/sonolus/levels/create',
      headers: { authorization: alice },
      payload: { rulesAccepted: true, ...body },
    })
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as { id: string }).id
  }
  const details = async (id: string) => (await test.app.inject({ url: `/sonolus/levels/wbs-${id}` })).json()

  it('stores the converter’s figures with a chart created from SUS, and the site and the app show them', async () => {
    const id = await create(form({ susHash: sha1(charts.large) }))
    const expected = converted(charts.large.toString('utf8'))
    const { rawItem, item } = await details(id)
    expect(rawItem.stats).toEqual(expected)
    expect(rawItem.stats.noteCount).toBe(NOTE_KINDS.reduce((sum, kind) => sum + expected.counts[kind], 0))
    expect(item.tags).toContainEqual({ title: `${expected.noteCount} notes` })
    const row = (await test.ctx.repos.charts.findById(id))!
    expect(row.statsVersion).toBe(STATS_VERSION)
  })

  it('keeps the stats through a metadata edit and replaces them with a new SUS', async () => {
    const id = await create(form())
    const small = converted(charts.small.toString('utf8'))
    expect((await details(id)).rawItem.stats).toEqual(small)
    const edit = (body: LevelFormBody) =>
      test.app.inject({
        method: 'POST',
        url: `/sonolus/levels/wbs-${id}/submit`,
        headers: { authorization: alice },
        payload: { values: editValues(body) },
      })
    expect((await edit(form({ title: 'Renamed' }))).statusCode).toBe(200)
    expect((await details(id)).rawItem).toMatchObject({ title: 'Renamed', stats: small })
    expect((await edit(form({ susHash: sha1(charts.large) }))).statusCode).toBe(200)
    expect((await details(id)).rawItem.stats).toEqual(converted(charts.large.toString('utf8')))
  })

  it('back-fills charts stored before stats: SUS converted again (tempos too), level data read', async () => {
    const { repos, blobStore } = test.ctx
    const put = (bytes: Buffer | Uint8Array, type: string) =>
      putBuffer(blobStore, repos, Buffer.from(bytes), type)
    const styles = ['gentle', 'relay', 'chords', 'relay'] as const
    const made: { id: string; sus: string; viaSus: boolean }[] = []
    for (const [i, style] of styles.entries()) {
      const text = demoSus({ seed: 40 + i, measures: 12, style, title: style })
      const data = convertSus(text, { gzip: (json) => gzipSync(json, { level: 9 }) }).gzipped
      const viaSus = i % 2 === 0
      const id = hex(900 + i, 32)
      await repos.charts.insert(
        newChart(900 + i, {
          authorId: 'alice',
          susHash: viaSus ? await put(Buffer.from(text), 'text/plain') : null,
          dataHash: await put(data, 'application/gzip'),
        }),
      )
      made.push({ id, sus: text, viaSus })
    }
    // A chart whose level data is not level data: marked done without figures, not read on every pass.
    await repos.charts.insert(
      newChart(950, { authorId: 'alice', dataHash: await put(Buffer.from('junk'), 'application/gzip') }),
    )
    for (const { id } of made) expect((await repos.charts.findById(id))!.statsVersion).toBe(0)

    while (await test.ctx.media.backfillStats(2, () => false));
    for (const { id, sus: text, viaSus } of made) {
      const row = (await repos.charts.findById(id))!
      const expected = converted(text)
      // Level data alone keeps no tempo (its BPM is always 60): only a SUS tells them.
      expect(statsOf(row)).toEqual(viaSus ? expected : { ...expected, bpmMin: null, bpmMax: null })
      expect(row.statsVersion).toBe(STATS_VERSION)
    }
    const junk = (await repos.charts.findById(hex(950, 32)))!
    expect([junk.statsVersion, junk.noteCount]).toEqual([STATS_VERSION, null])
    expect(await repos.charts.needingStats(10)).toEqual([])
  })

  it('a new chart’s stats filter the list at once', async () => {
    // (The small SUS went with the edit above: a file no chart uses is collected.)
    const gentle = await create(
      form({ title: 'Gentle one', tags: ['gentle-one'], susHash: sha1(charts.large) }),
    )
    const rows = async (query: string) =>
      (
        (await test.app.inject({ url: `/sonolus/levels/list?tags=gentle-one&${query}` })).json().items as {
          name: string
        }[]
      ).map((item) => item.name)
    const stats = (await details(gentle)).rawItem.stats as ChartStats
    expect(await rows(`npsMin=${Math.floor(stats.npsAverage)}`)).toEqual([`wbs-${gentle}`])
    expect(await rows(`npsMin=${Math.ceil(stats.npsAverage + 0.5)}`)).toEqual([])
    expect(await rows(`lengthMax=${Math.floor(stats.duration) - 1}`)).toEqual([])
  })
})
