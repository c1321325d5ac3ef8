// Level results → leaderboards (docs/protocol.md §5, §9) on SQLite and PostgreSQL: a valid record reaches all
// 7 boards in order; bad uploads and implausible results (common/scoring.ts) are refused with 400
// upload_failed and nothing stored; the permission matrix.
import fs from 'node:fs'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LevelItem } from '@sonolus/core'
import { LEADERBOARDS } from '../../../../common/api/levels'
import { convertSus, readLevelData } from '../../../../common/chart'
import { putBuffer } from '../../../../server/storage/putFile'
import { formatValue } from '../../../../server/sonolus/levels/replayItems'
import { MAX_UPLOAD_BYTES, replayBytesFor } from '../../../../common/rules'
import { testPublicKeyEnv } from '../../../fixtures/keys/sign'
import { inputsFor, multipartBody, replayFiles, replayItem, sha1 } from '../../../fixtures/replay/replay'
import { hex, newChart } from '../../helpers/charts'
import { DIALECTS, openTestApp } from '../../helpers/context'
import { TEST_PUBLIC_URL, appSession } from '../../helpers/sessions'

describe.each(DIALECTS)('level results on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions: Record<string, string> = {}
  const chartId = hex(41, 32)
  const privateId = hex(42, 32)
  // A chart no one has played: the refusals below must leave its boards empty.
  const freshId = hex(44, 32)
  const noDataId = hex(45, 32)
  const quotaId = hex(46, 32)
  const playsId = hex(47, 32)
  const doomedId = hex(48, 32)
  let quota: LevelItem
  let plays: LevelItem
  let doomed: LevelItem
  let level: LevelItem
  let privateLevel: LevelItem
  let fresh: LevelItem
  let noData: LevelItem
  // The note count of chart-50.sus's level data, which the charts above use.
  const notes = 48

  /** A result's fields; the refusal tests also send wrong types. */
  type Result = Record<string, unknown>
  /** A realistic full combo on a 48-note chart, with the given changes. */
  const valid = (changes: Result = {}) => ({
    grade: 'fullCombo',
    arcadeScore: 990_000,
    accuracyScore: 950_000,
    combo: notes,
    perfect: notes - 2,
    great: 2,
    good: 0,
    miss: 0,
    totalCount: notes,
    ...changes,
  })
  const filesOf = (result: Result) => replayFiles(valid(result) as Parameters<typeof replayFiles>[0])

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
  /** Submits and uploads replay files; returns the upload response. */
  const playFiles = async (who: string, files: ReturnType<typeof replayFiles>, target = level) => {
    const submitted = await submit(who, replayItem(target, files))
    expect(submitted.statusCode).toBe(200)
    const { key, hashes } = submitted.json()
    expect(hashes).toEqual([sha1(files.data), sha1(files.configuration)])
    return upload(key, [{ bytes: files.data }, { bytes: files.configuration }])
  }
  /** Submits and uploads a result: valid() with the given changes. */
  const play = (who: string, result: Result, target = level) => playFiles(who, filesOf(result), target)
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
      ['cat', '4004', 'Cat'],
    ])
      sessions[id] = await appSession(test.app, { id, handle, name })
    const conversion = convertSus(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../../fixtures/sus/chart-50.sus'), 'utf8'),
    )
    expect(readLevelData(conversion.gzipped).noteCount).toBe(notes)
    const dataHash = await putBuffer(
      test.ctx.blobStore,
      test.ctx.repos,
      Buffer.from(conversion.gzipped),
      'application/gzip',
    )
    const owner = { authorId: 'owner', author: 'Owner#4001' }
    await test.ctx.repos.charts.insert(newChart(41, { id: chartId, ...owner, dataHash }))
    await test.ctx.repos.charts.insert(newChart(42, { id: privateId, ...owner, dataHash, isPublic: 0 }))
    await test.ctx.repos.charts.insert(newChart(44, { id: freshId, ...owner, dataHash }))
    await test.ctx.repos.charts.insert(newChart(45, { id: noDataId, ...owner, dataHash: null }))
    await test.ctx.repos.charts.insert(newChart(46, { id: quotaId, ...owner, dataHash }))
    await test.ctx.repos.charts.insert(newChart(47, { id: playsId, ...owner, dataHash }))
    await test.ctx.repos.charts.insert(newChart(48, { id: doomedId, ...owner, dataHash }))
    const item = async (id: string, who?: string) =>
      (await test.app.inject({ method: 'GET', url: `/sonolus/levels/wbs-${id}`, headers: as(who) })).json()
        .item as LevelItem
    level = await item(chartId)
    privateLevel = await item(privateId, 'owner')
    fresh = await item(freshId)
    noData = await item(noDataId)
    quota = await item(quotaId)
    plays = await item(playsId)
    doomed = await item(doomedId)
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
          grade: 'pass',
          arcadeScore: 781_250,
          accuracyScore: 850_000,
          combo: 30,
          perfect: 20,
          great: 20,
          good: 3,
          miss: 5,
        })
      ).statusCode,
    ).toBe(200)
    // A board kept now (the response cache) shows the records that come after (a result drops the
    // chart's record pages).
    expect((await board('combo')).records).toHaveLength(1)
    expect(
      (
        await play('ben', {
          grade: 'pass',
          arcadeScore: 893_750,
          accuracyScore: 880_000,
          combo: 40,
          perfect: 35,
          great: 8,
          good: 3,
          miss: 2,
        })
      ).statusCode,
    ).toBe(200)
    // Ann improves her score but not her misses: her arcScore entry moves, her miss entry stays.
    expect(
      (
        await play('ann', {
          grade: 'pass',
          arcadeScore: 895_833,
          accuracyScore: 890_000,
          combo: 43,
          perfect: 43,
          great: 0,
          good: 0,
          miss: 5,
        })
      ).statusCode,
    ).toBe(200)
    expect(await records()).toBe(3)

    const players = async (name: string) =>
      (await board(name)).records.map((r: { player: string; value: string }) => `${r.player} ${r.value}`)
    expect(await players('arcScore')).toEqual(['Ann#4002 895833', 'Ben#4003 893750'])
    // For people: the accuracy score as a percentage.
    expect(await players('accScore')).toEqual(['Ann#4002 89.00%', 'Ben#4003 88.00%'])
    expect(await players('combo')).toEqual(['Ann#4002 43', 'Ben#4003 40'])
    expect(await players('perfect')).toEqual(['Ann#4002 43', 'Ben#4003 35'])
    expect(await players('great')).toEqual(['Ann#4002 0', 'Ben#4003 8'])
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
    const response = await play('ben', result)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 400, error: 'upload_failed' })
    expect(response.json().message).toMatch(message)
    expect(await records()).toBe(before)
  })

  it('rejects a hash mismatch, a file never asked for, a missing file and a reused key', async () => {
    const before = await records()
    const files = filesOf({ arcadeScore: 989_000 })
    const key = async () => (await submit('ben', replayItem(level, files))).json().key as string
    const other = filesOf({ arcadeScore: 1 })
    const cases = [
      [{ bytes: other.data, name: sha1(files.data) }, { bytes: files.configuration }],
      [{ bytes: files.data }, { bytes: other.data }],
      [{ bytes: files.data }],
    ]
    for (const parts of cases) {
      const response = await upload(await key(), parts)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: 'upload_failed', message: /^Result rejected/ })
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

  /** Plays the files on the fresh chart and expects a refusal matching `reason` that stored nothing: no
   *  record row, no board entry, no replay file. Returns the response. */
  const expectFilesRefused = async (files: ReturnType<typeof replayFiles>, reason: RegExp) => {
    const before = await records()
    const response = await playFiles('ben', files, fresh)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      code: 400,
      error: 'upload_failed',
      message: expect.stringMatching(/^Result rejected: /),
    })
    expect(response.json().message).toMatch(reason)
    expect(await records()).toBe(before)
    for (const name of LEADERBOARDS)
      expect(await test.ctx.repos.leaderboards.countBoard(freshId, 1, name)).toBe(0)
    expect(await test.ctx.blobStore.head(sha1(files.data))).toBeUndefined()
    return response
  }
  /** expectFilesRefused for valid() with the given changes. */
  const expectRefused = (changes: Result, reason: RegExp) => expectFilesRefused(filesOf(changes), reason)
  /** The replay files of valid(changes) with one field's JSON text replaced by `raw` (e.g. 1e400). */
  const withRawField = (changes: Result, field: string, raw: string) => {
    const files = filesOf(changes)
    const text = gunzipSync(files.data)
      .toString('utf8')
      .replace(new RegExp(`"${field}":[^,}]+`), `"${field}":${raw}`)
    return { data: gzipSync(text), configuration: files.configuration }
  }

  it('refuses arcadeScore 1e300 with allPerfect (400 upload_failed, nothing stored) and keeps answering', async () => {
    const response = await expectRefused(
      { grade: 'allPerfect', arcadeScore: 1e300, perfect: notes, great: 0, good: 0, miss: 0, combo: notes },
      /arcadeScore \(1e\+300\) is more than these judgments earn \(1000000\)/,
    )
    expect(response.json().message).toMatch(/^Result rejected: /)
    const list = await test.app.inject({
      method: 'GET',
      url: `/sonolus/levels/wbs-${freshId}/leaderboards/arcScore/records/list?page=0`,
    })
    expect(list.json().records).toEqual([])
    const health = await test.app.inject({ method: 'GET', url: '/healthz' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toMatchObject({ status: 'ok' })
  })

  it('refuses an arcade score above what the judgments earn (Perfect 1, Great 0.8, Good 0.5)', async () => {
    // 46 Perfect and 2 Great of 48 earn 991,666.67 at most.
    await expectRefused({ arcadeScore: 991_668 }, /arcadeScore \(991668\) is more than .*991666\.67/)
    await expectRefused(
      { grade: 'pass', arcadeScore: 1_000_000, miss: 1, perfect: notes - 3, combo: 40 },
      /arcadeScore/,
    )
  })

  it("refuses counts that do not add up to totalCount or to the chart's note count", async () => {
    await expectRefused(
      { grade: 'pass', miss: 1, combo: 30 },
      new RegExp(`perfect \\+ great \\+ good \\+ miss \\(${notes + 1}\\) is not totalCount \\(${notes}\\)`),
    )
    await expectRefused(
      {
        grade: 'pass',
        arcadeScore: 800_000,
        perfect: notes - 3,
        great: 1,
        miss: 1,
        combo: 30,
        totalCount: notes - 1,
      },
      new RegExp(`totalCount \\(${notes - 1}\\) is not the chart's note count \\(${notes}\\)`),
    )
    await expectRefused(
      {
        grade: 'allPerfect',
        arcadeScore: 1_000_000,
        perfect: notes + 1,
        great: 0,
        combo: notes + 1,
        totalCount: notes + 1,
      },
      /note count/,
    )
  })

  it('refuses a combo larger than the note count, or than the notes not missed', async () => {
    await expectRefused({ combo: notes + 1 }, new RegExp(`combo \\(${notes + 1}\\) is larger`))
    await expectRefused(
      { grade: 'pass', arcadeScore: 900_000, perfect: notes - 3, miss: 1, combo: notes },
      new RegExp(`combo \\(${notes}\\) is larger than the ${notes - 1} notes that were not missed`),
    )
    // 46 Perfect and 2 Great with no Miss or Good: nothing broke the combo.
    await expectRefused({ combo: 20 }, /combo \(20\) is smaller/)
  })

  it('refuses negative, fractional, non-numeric and non-finite values', async () => {
    await expectRefused({ grade: 'pass', miss: -1, perfect: notes - 1 }, /miss is not a whole number ≥ 0/)
    await expectRefused({ grade: 'pass', great: 1.5, good: 0.5 }, /great is not a whole number ≥ 0/)
    await expectRefused({ combo: 47.5 }, /combo is not a whole number ≥ 0/)
    await expectRefused({ totalCount: String(notes) }, /totalCount is not a whole number ≥ 0/)
    await expectRefused({ arcadeScore: -1 }, /arcadeScore is not a number ≥ 0/)
    await expectRefused({ accuracyScore: '950000' }, /accuracyScore is not a number ≥ 0/)
    await expectRefused({ perfect: null }, /perfect is not a whole number ≥ 0/)
    // JSON has no Infinity or NaN: 1e400 reads as Infinity, NaN is not JSON at all.
    await expectFilesRefused(withRawField({}, 'arcadeScore', '1e400'), /arcadeScore is not a number ≥ 0/)
    await expectFilesRefused(
      withRawField({ accuracyScore: 949_999 }, 'accuracyScore', 'NaN'),
      /not gzip JSON/,
    )
  })

  it('refuses an accuracy score above 1,000,000', async () => {
    await expectRefused(
      { accuracyScore: 1_000_001 },
      /accuracyScore \(1000001\) is more than these judgments allow \(1000000\)/,
    )
    await expectRefused({ accuracyScore: 1e300 }, /accuracyScore/)
  })

  it('refuses a grade inconsistent with the judgments', async () => {
    const oneMiss = { perfect: notes - 1, great: 0, miss: 1, combo: notes - 1, arcadeScore: 900_000 }
    await expectRefused(
      { ...oneMiss, grade: 'allPerfect' },
      /the grade allPerfect does not match .*possible: pass/,
    )
    await expectRefused({ ...oneMiss, grade: 'fullCombo' }, /the grade fullCombo does not match/)
    await expectRefused({ ...oneMiss, grade: 'fail' }, /the grade fail does not match/)
    await expectRefused(
      { grade: 'pass', perfect: notes, great: 0, combo: notes, arcadeScore: 999_999 },
      /the grade pass does not match .*possible: allPerfect\)/,
    )
    await expectRefused({ grade: 'pass' }, /the grade pass does not match .*possible: fullCombo\)/)
    // Life: 1,000, and a Miss costs 40 or 80 in Sirius. 12 Misses cannot fail; 25 cannot pass.
    const misses = (miss: number) => ({
      perfect: notes - miss,
      great: 0,
      miss,
      combo: 5,
      arcadeScore: 400_000,
    })
    await expectRefused({ ...misses(12), grade: 'fail' }, /the grade fail does not match .*possible: pass\)/)
    await expectRefused({ ...misses(25), grade: 'pass' }, /the grade pass does not match .*possible: fail\)/)
  })

  it('refuses a fail with every note Missed that claims a high accuracy (it would top the accuracy board)', async () => {
    const allMissed = { grade: 'fail', arcadeScore: 0, combo: 0, perfect: 0, great: 0, good: 0, miss: notes }
    await expectRefused(
      { ...allMissed, accuracyScore: 1_000_000 },
      /accuracyScore \(1000000\) is more than these judgments allow \(0\)/,
    )
  })

  it("refuses a replay whose per-note judgments are not the result's counts", async () => {
    const files = replayFiles(valid() as Parameters<typeof replayFiles>[0], {
      inputs: inputsFor({ perfect: notes, great: 0, good: 0, miss: 0 }),
    })
    await expectFilesRefused(files, /the replay's inputs have 48 perfect, the result says 46/)
    const none = replayFiles(valid() as Parameters<typeof replayFiles>[0], {
      inputs: { entityIndex: [], time: [], judgment: [], accuracy: [] },
    })
    await expectFilesRefused(none, /the replay judges 0 notes, not totalCount \(48\)/)
  })

  it('accepts valid, realistic results, including a failed play', async () => {
    const before = await records()
    const realistic = {
      grade: 'pass' as const,
      arcadeScore: 920_833,
      accuracyScore: 912_345.6789,
      combo: 25,
      perfect: 40,
      great: 4,
      good: 2,
      miss: 2,
    }
    expect((await play('ben', realistic, fresh)).statusCode).toBe(200)
    const failed = { grade: 'fail' as const, arcadeScore: 531_250, accuracyScore: 400_000, combo: 10 }
    expect(
      (await play('ann', { ...failed, perfect: 20, great: 5, good: 3, miss: 20 }, fresh)).statusCode,
    ).toBe(200)
    expect(await records()).toBe(before + 2)
    const list = await test.app.inject({
      method: 'GET',
      url: `/sonolus/levels/wbs-${freshId}/leaderboards/arcScore/records/list?page=0`,
    })
    expect(
      list.json().records.map((r: { player: string; value: string }) => `${r.player} ${r.value}`),
    ).toEqual(['Ben#4003 920833', 'Ann#4002 531250'])
  })

  it('refuses results for a chart without level data: it cannot be played', async () => {
    const before = await records()
    const response = await play('ben', {}, noData)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: 'upload_failed', message: /no level data/ })
    expect(await records()).toBe(before)
  })

  it('refuses a replay larger than a replay of the chart can be, as it arrives, storing nothing', async () => {
    const before = await records()
    const files = replayFiles(valid() as Parameters<typeof replayFiles>[0], { padding: 400_000 })
    expect(files.data.length).toBeGreaterThan(replayBytesFor(notes))
    const response = await playFiles('ben', files, fresh)
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({
      error: 'file_too_large',
      message: expect.stringMatching(/a replay of this chart \(48 notes\) is at most 286,720 bytes/),
    })
    expect(await records()).toBe(before)
    expect(await test.ctx.blobStore.head(sha1(files.data))).toBeUndefined()
  })

  it('records at most 10 results of one chart an hour from one player', async () => {
    for (let n = 0; n < 10; n++)
      expect((await play('cat', { arcadeScore: 990_000 - n }, quota)).statusCode).toBe(200)
    const refused = await submit('cat', replayItem(quota, filesOf({ arcadeScore: 980_000 })))
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({
      error: 'rate_limited',
      message: /At most 10 results of one chart an hour/,
    })
    // Another chart, and another player, are not held back.
    expect((await play('cat', {}, plays)).statusCode).toBe(200)
    expect((await play('ann', {}, quota)).statusCode).toBe(200)
  })

  it('counts plays once per player and chart a day', async () => {
    const count = async () => (await test.ctx.repos.charts.findById(playsId))!.playCount
    const start = await count()
    for (let n = 0; n < 3; n++)
      expect((await play('ben', { arcadeScore: 990_000 - n }, plays)).statusCode).toBe(200)
    expect(await count()).toBe(start + 1)
    expect((await play('ann', {}, plays)).statusCode).toBe(200)
    expect(await count()).toBe(start + 2)
  })

  it("collects a deleted chart's replays: their files go and are no longer served", async () => {
    const files = filesOf({ arcadeScore: 970_000 })
    expect((await playFiles('ben', files, doomed)).statusCode).toBe(200)
    const url = `/sonolus/repository/${sha1(files.data)}`
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(200)
    const deleted = await test.app.inject({
      method: 'POST',
      url: `/sonolus/levels/wbs-${doomedId}/submit`,
      headers: as('owner'),
      payload: { values: 'type=delete' },
    })
    expect(deleted.statusCode).toBe(200)
    expect(await test.ctx.blobStore.head(sha1(files.data))).toBeUndefined()
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(404)
    // The configuration's bytes are the same as other records' (the same options): they stay.
    expect(await test.ctx.repos.files.isReferenced(sha1(files.configuration))).toBe(true)
    expect(await test.ctx.blobStore.head(sha1(files.configuration))).toBeDefined()
  })

  it('permissions: anonymous cannot submit; a private level takes results from its owner only', async () => {
    const files = filesOf({})
    expect((await submit(undefined, replayItem(level, files))).statusCode).toBe(401)
    // Not hers to see: not found, not a 401 that would make the app sign in again.
    expect((await submit('ann', replayItem(privateLevel, files))).statusCode).toBe(404)
    expect((await submit('owner', replayItem(privateLevel, files))).statusCode).toBe(200)
    expect((await upload('not-a-key', [{ bytes: files.data }])).statusCode).toBe(401)
    const priv = `/sonolus/levels/wbs-${privateId}/leaderboards/arcScore/records/list`
    expect((await test.app.inject({ method: 'GET', url: priv })).statusCode).toBe(401)
    expect((await test.app.inject({ method: 'GET', url: priv, headers: as('owner') })).statusCode).toBe(200)
  })
})

describe('record values for people', () => {
  it.each([
    [812345.5, 'arcScore', '812345'],
    [1_000_000, 'arcScore', '1000000'],
    [985_250, 'accScore', '98.52%'],
    [999_999, 'accScore', '99.99%'],
    [1_000_000, 'accScore', '100.00%'],
    [0, 'accScore', '0.00%'],
    [43, 'combo', '43'],
    [2, 'miss', '2'],
  ] as const)('%d on %s reads %s', (value, board, text) => {
    expect(formatValue(value, board)).toBe(text)
  })
})
