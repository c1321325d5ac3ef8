// Level results → leaderboards (protocol doc §5, §9) on SQLite and PostgreSQL: a valid record reaches all
// 7 boards in order; bad uploads are rejected with nothing stored; the permission matrix.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LevelItem } from '@sonolus/core'
import { LEADERBOARDS } from '../../common/api/levels'
import { convertSus, readLevelData } from '../../common/chart'
import { putBuffer } from '../../server/storage/putFile'
import { MAX_UPLOAD_BYTES } from '../../common/rules'
import { testPublicKeyEnv } from '../fixtures/keys/sign'
import { multipartBody, replayFiles, replayItem, sha1 } from '../fixtures/replay/replay'
import { hex, newChart } from './helpers/charts'
import { DIALECTS, openTestApp } from './helpers/context'
import { TEST_PUBLIC_URL, appSession } from './helpers/sessions'

describe.each(DIALECTS)('level results on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions: Record<string, string> = {}
  const chartId = hex(41, 32)
  const privateId = hex(42, 32)
  let level: LevelItem
  let privateLevel: LevelItem

  const as = (who?: string) => (who ? { authorization: sessions[who] } : {})
  const submit = (who: string | undefined, replay: unknown) =>
    test.app.inject({
      method: 'POST',
      url: '/sonolus/levels/result/submit',
      headers: as(who),
      payload: { replay, values: '' },
    })
  const upload = (key: string, parts: { bytes: Buffer; name?: string }[]) => {
    const { body, contentType } = multipartBody(parts)
    return test.app.inject({
      method: 'POST',
      url: '/sonolus/levels/result/upload',
      headers: { 'content-type': contentType, 'sonolus-upload-key': key },
      payload: body,
    })
  }
  /** Submits and uploads a result; returns the upload response. */
  const play = async (who: string, result: Parameters<typeof replayFiles>[0], target = level) => {
    const files = replayFiles(result)
    const submitted = await submit(who, replayItem(target, files))
    expect(submitted.statusCode).toBe(200)
    const { key, hashes } = submitted.json()
    expect(hashes).toEqual([sha1(files.data), sha1(files.configuration)])
    return upload(key, [{ bytes: files.data }, { bytes: files.configuration }])
  }
  const records = () => test.ctx.repos.leaderboards.countRecords()
  const board = async (name: string) =>
    (
      await test.app.inject({
        method: 'GET',
        url: `/sonolus/levels/wbs-${chartId}/leaderboards/${name}/records/list?page=0`,
      })
    ).json()

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    })
    for (const [id, handle, name] of [
      ['owner', '4001', 'Owner'],
      ['ann', '4002', 'Ann'],
      ['ben', '4003', 'Ben'],
    ])
      sessions[id] = await appSession(test.app, { id, handle, name })
    await test.ctx.repos.charts.insert(newChart(41, { id: chartId, authorId: 'owner', author: 'Owner#4001' }))
    await test.ctx.repos.charts.insert(
      newChart(42, { id: privateId, authorId: 'owner', author: 'Owner#4001', isPublic: 0 }),
    )
    level = (await test.app.inject({ method: 'GET', url: `/sonolus/levels/wbs-${chartId}` })).json().item
    privateLevel = (
      await test.app.inject({ method: 'GET', url: `/sonolus/levels/wbs-${privateId}`, headers: as('owner') })
    ).json().item
  })
  afterAll(async () => test.cleanup())

  it('offers result submission', async () => {
    const info = (await test.app.inject({ method: 'GET', url: '/sonolus/levels/result/info' })).json()
    expect(info.submits).toHaveLength(1)
  })

  it('records a valid result on all 7 boards, each in its order, keeping the best per user', async () => {
    expect(
      (
        await play('ann', {
          arcadeScore: 800_000,
          accuracyScore: 900_000,
          combo: 30,
          perfect: 20,
          great: 20,
          good: 5,
          miss: 5,
        })
      ).statusCode,
    ).toBe(200)
    expect(
      (
        await play('ben', {
          arcadeScore: 950_000,
          accuracyScore: 880_000,
          combo: 45,
          perfect: 40,
          great: 5,
          good: 3,
          miss: 2,
        })
      ).statusCode,
    ).toBe(200)
    // Ann improves her score but not her misses: her arcScore entry moves, her miss entry stays.
    expect(
      (
        await play('ann', {
          arcadeScore: 990_000,
          accuracyScore: 990_000,
          combo: 50,
          perfect: 45,
          great: 0,
          good: 0,
          miss: 5,
        })
      ).statusCode,
    ).toBe(200)
    expect(await records()).toBe(3)

    const players = async (name: string) =>
      (await board(name)).records.map((r: { player: string; value: string }) => `${r.player} ${r.value}`)
    expect(await players('arcScore')).toEqual(['Ann#4002 990000', 'Ben#4003 950000'])
    expect(await players('accScore')).toEqual(['Ann#4002 990000', 'Ben#4003 880000'])
    expect(await players('combo')).toEqual(['Ann#4002 50', 'Ben#4003 45'])
    expect(await players('perfect')).toEqual(['Ann#4002 45', 'Ben#4003 40'])
    expect(await players('great')).toEqual(['Ann#4002 0', 'Ben#4003 5'])
    expect(await players('good')).toEqual(['Ann#4002 0', 'Ben#4003 3'])
    expect(await players('miss')).toEqual(['Ben#4003 2', 'Ann#4002 5'])
    const first = (await board('arcScore')).records[0]
    expect(first).toMatchObject({ rank: '#1', replay: `replay-${first.name}` })
    for (const name of LEADERBOARDS) expect((await board(name)).pageCount).toBe(1)

    const top = (
      await test.app.inject({ method: 'GET', url: `/sonolus/levels/wbs-${chartId}/leaderboards/arcScore` })
    ).json()
    expect(top.topRecords).toHaveLength(2)
    const details = (
      await test.app.inject({
        method: 'GET',
        url: `/sonolus/levels/wbs-${chartId}/leaderboards/arcScore/records/${first.name}`,
      })
    ).json()
    expect(details.replays[0]).toMatchObject({
      name: `replay-${first.name}`,
      version: 1,
      level: { name: `wbs-${chartId}` },
    })
    const file = await test.app.inject({ method: 'GET', url: details.replays[0].data.url })
    expect(sha1(file.rawPayload)).toBe(details.replays[0].data.hash)
    const replay = (
      await test.app.inject({ method: 'GET', url: `/sonolus/replays/replay-${first.name}` })
    ).json()
    expect(replay.item.name).toBe(`replay-${first.name}`)
  })

  it.each([
    ['an inconsistent total', { perfect: 30, great: 10, good: 5, miss: 4, totalCount: 50 }, /totalCount/],
    ['a negative count', { miss: -1, perfect: 36 }, /miss/],
    ['a fractional count', { combo: 1.5 }, /combo/],
    ['an unknown grade', { grade: 'legendary' }, /grade/],
  ])('rejects %s and stores nothing', async (_name, result, message) => {
    const before = await records()
    const response = await play('ben', result as never)
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toMatch(message)
    expect(await records()).toBe(before)
  })

  it('rejects a hash mismatch, a file never asked for, a missing file and a reused key', async () => {
    const before = await records()
    const files = replayFiles({})
    const key = async () => (await submit('ben', replayItem(level, files))).json().key as string
    const other = replayFiles({ arcadeScore: 1 })
    const cases = [
      [{ bytes: other.data, name: sha1(files.data) }, { bytes: files.configuration }],
      [{ bytes: files.data }, { bytes: other.data }],
      [{ bytes: files.data }],
    ]
    for (const parts of cases) {
      const response = await upload(await key(), parts)
      expect(response.statusCode).toBe(400)
      expect(response.json().message).toMatch(/^Result rejected/)
    }
    const used = await key()
    expect((await upload(used, [{ bytes: files.data }, { bytes: files.configuration }])).statusCode).toBe(200)
    expect((await upload(used, [{ bytes: files.data }, { bytes: files.configuration }])).statusCode).toBe(401)
    expect(await records()).toBe(before + 1)
  })

  it('rejects an oversize file with file_too_large', async () => {
    const before = await records()
    const files = replayFiles({})
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 1)
    const item = replayItem(level, { data: big, configuration: files.configuration })
    const { key } = (await submit('ben', item)).json()
    const response = await upload(key, [{ bytes: big }, { bytes: files.configuration }])
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ error: 'file_too_large' })
    expect(await records()).toBe(before)
  })

  it('rejects a replay of a level that is not ours, a foreign engine, and tagged replays', async () => {
    const files = replayFiles({})
    for (const replay of [
      replayItem({ ...level, name: 'wbs-ffffffffffffffffffffffffffffffff' }, files),
      replayItem({ ...level, name: 'someone-elses-level' }, files),
      replayItem({ ...level, engine: { ...level.engine, name: 'another-engine' } }, files),
      replayItem(level, files, [{ title: 'Auto' }]),
    ]) {
      const response = await submit('ben', replay)
      expect([400, 404]).toContain(response.statusCode)
    }
  })

  it("checks totalCount against the chart's note count when the chart has level data", async () => {
    const conversion = convertSus(
      fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/sus/chart-50.sus'), 'utf8'),
    )
    const notes = readLevelData(conversion.gzipped).noteCount
    const dataHash = await putBuffer(
      test.ctx.blobStore,
      test.ctx.repos,
      Buffer.from(conversion.gzipped),
      'application/gzip',
    )
    const withDataId = hex(43, 32)
    await test.ctx.repos.charts.insert(
      newChart(43, { id: withDataId, authorId: 'owner', author: 'Owner#4001', dataHash }),
    )
    const withData = (
      await test.app.inject({ method: 'GET', url: `/sonolus/levels/wbs-${withDataId}` })
    ).json().item
    const before = await records()
    const wrong = await play(
      'ann',
      { perfect: notes + 1, great: 0, good: 0, miss: 0, combo: notes, totalCount: notes + 1 },
      withData,
    )
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toMatch(/note count/)
    expect(await records()).toBe(before)
    const right = await play(
      'ann',
      { perfect: notes, great: 0, good: 0, miss: 0, combo: notes, totalCount: notes },
      withData,
    )
    expect(right.statusCode).toBe(200)
    expect(await records()).toBe(before + 1)
  })

  it('permissions: anonymous cannot submit; a private level takes results from its owner only', async () => {
    const files = replayFiles({})
    expect((await submit(undefined, replayItem(level, files))).statusCode).toBe(401)
    expect((await submit('ann', replayItem(privateLevel, files))).statusCode).toBe(401)
    expect((await submit('owner', replayItem(privateLevel, files))).statusCode).toBe(200)
    expect((await upload('not-a-key', [{ bytes: files.data }])).statusCode).toBe(401)
    const priv = `/sonolus/levels/wbs-${privateId}/leaderboards/arcScore/records/list`
    expect((await test.app.inject({ method: 'GET', url: priv })).statusCode).toBe(401)
    expect((await test.app.inject({ method: 'GET', url: priv, headers: as('owner') })).statusCode).toBe(200)
  })
})
