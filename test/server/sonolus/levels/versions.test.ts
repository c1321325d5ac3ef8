// Versions that keep their scores, on SQLite and PostgreSQL: an edit that replaces the level
// data makes a new version, whose board starts empty while the earlier version keeps its records (and
// lists them on its own board); a metadata edit, or the same SUS again, keeps the version; a play of the
// earlier data still lands on the earlier version; likes, ratings and comments stay with the chart.
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LevelItem } from '@sonolus/core'
import { type LevelFormBody, editValues } from '../../../../common/api/uploads'
import { LEADERBOARDS } from '../../../../common/api/levels'
import { convertSus, readLevelData } from '../../../../common/chart/index'
import { diffNotes } from '../../../../common/chart/diff'
import { mp3, png, sus } from '../../../fixtures/media/media'
import { multipartBody, replayFiles, replayItem, sha1 } from '../../../fixtures/replay/replay'
import { DIALECTS } from '../../helpers/context'
import { openUploadApp, uploadFile } from '../../helpers/upload'

const notesOf = (bytes: Buffer) =>
  readLevelData(convertSus(bytes.toString('utf8'), { gzip: (json) => gzipSync(json) }).gzipped).noteCount

describe.each(DIALECTS)('chart versions on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openUploadApp>>['test']
  let close: () => Promise<void>
  let alice: string
  let bob: string
  let cover: Buffer
  const music = mp3(3, 440)
  const charts = { first: sus(50), second: sus(1000) }

  beforeAll(async () => {
    ;({ test, alice, bob, close } = await openUploadApp({ dialect, store: 'disk' }))
    cover = await png(32, 300)
    for (const [bytes, kind] of [
      [cover, 'cover'],
      [music, 'music'],
      [charts.first, 'chart'],
      [charts.second, 'chart'],
    ] as const)
      expect((await uploadFile(test.app, alice, bytes, kind)).statusCode).toBe(201)
  })
  afterAll(() => close())

  const form = (overrides: Partial<LevelFormBody> = {}): LevelFormBody => ({
    title: 'Versioned',
    composer: 'Writer',
    artists: 'Band',
    author: '',
    description: '',
    level: 12,
    isOliver: 0,
    isPublic: 1,
    tags: [],
    coverHash: sha1(cover),
    musicHash: sha1(music),
    susHash: sha1(charts.first),
    ...overrides,
  })
  const inject = (url: string, who?: string, payload?: Record<string, unknown>) =>
    test.app.inject({
      method: payload === undefined ? 'GET' : 'POST',
      url,
      headers: who ? { authorization: who } : {},
      ...(payload === undefined ? {} : { payload }),
    })
  const create = async (overrides: Partial<LevelFormBody> = {}) => {
    const response = await inject('/sonolus/levels/create', alice, {
      rulesAccepted: true,
      ...form(overrides),
    })
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as { id: string }).id
  }
  const edit = async (id: string, body: LevelFormBody) => {
    const response = await inject(`/sonolus/levels/wbs-${id}/submit`, alice, { values: editValues(body) })
    expect(response.statusCode, response.body).toBe(200)
  }
  const levelOf = async (id: string) => (await inject(`/sonolus/levels/wbs-${id}`)).json().item as LevelItem
  const result = (notes: number, arcadeScore: number) => ({
    grade: 'fullCombo' as const,
    arcadeScore,
    accuracyScore: 950_000,
    combo: notes,
    perfect: notes - 2,
    great: 2,
    good: 0,
    miss: 0,
    totalCount: notes,
  })
  /** Plays `level` (as the app saw it) and uploads the result; the upload's response. */
  const play = async (who: string, level: LevelItem, notes: number, arcadeScore: number) => {
    const files = replayFiles(result(notes, arcadeScore))
    const submitted = await inject('/sonolus/levels/result/submit', who, {
      replay: replayItem(level, files),
      values: '',
    })
    if (submitted.statusCode !== 200) return submitted
    const { key } = submitted.json()
    const { body, contentType } = multipartBody([{ bytes: files.data }, { bytes: files.configuration }])
    return test.app.inject({
      method: 'POST',
      url: '/sonolus/levels/result/upload',
      headers: { 'content-type': contentType, 'sonolus-upload-key': key },
      payload: body,
    })
  }
  const board = async (id: string, version?: number, name = 'arcScore') => {
    const response = await inject(
      `/sonolus/levels/wbs-${id}/leaderboards/${name}/records/list?page=0${version ? `&version=${version}` : ''}`,
    )
    expect(response.statusCode, response.body).toBe(200)
    return (response.json() as { records: { player: string; value: string }[] }).records
  }
  const versions = async (id: string) => (await inject(`/sonolus/levels/wbs-${id}/versions`)).json()

  it('keeps the records of the level data they were played on, each version with its own board', async () => {
    const id = await create()
    const first = await levelOf(id)
    const firstNotes = notesOf(charts.first)
    expect((await play(bob, first, firstNotes, 985_000)).statusCode).toBe(200)
    // Likes, ratings and comments belong to the chart, not a version.
    expect(
      (await inject(`/sonolus/levels/wbs-${id}/community/submit`, bob, { values: 'type=like' })).statusCode,
    ).toBe(200)
    expect((await board(id)).map((r) => r.player)).toEqual(['Bob#1002'])
    expect(await versions(id)).toMatchObject({ current: { version: 1, players: 1 }, earlier: [] })

    // Only the metadata, or the same SUS again: the same version, the same board.
    await edit(id, form({ title: 'Versioned (renamed)' }))
    await edit(id, form({ title: 'Versioned (renamed)', susHash: sha1(charts.first) }))
    expect((await versions(id)).current.version).toBe(1)
    expect(await board(id)).toHaveLength(1)

    // A new SUS: version 2, its boards empty; version 1 keeps Bob's record on all 7.
    const before = Date.now()
    await edit(id, form({ title: 'Versioned (renamed)', susHash: sha1(charts.second) }))
    const listed = await versions(id)
    // The new version names who uploaded it; the first, made with the chart, names nobody.
    expect(listed.current).toMatchObject({ version: 2, players: 0, editor: 'Alice#1001' })
    expect(listed.current.time).toBeGreaterThanOrEqual(before)
    expect(listed.earlier).toEqual([
      { version: 1, time: expect.any(Number), replacedTime: listed.current.time, players: 1 },
    ])
    expect(listed.earlier[0].time).toBeLessThan(before)
    for (const name of LEADERBOARDS) {
      expect(await board(id, undefined, name)).toEqual([])
      expect((await board(id, 1, name)).map((r) => r.player)).toEqual(['Bob#1002'])
    }
    // The app asks for no version: the leaderboard it sees is the current one.
    const top = (await inject(`/sonolus/levels/wbs-${id}/leaderboards/arcScore`)).json()
    expect(top.topRecords).toEqual([])
    expect(
      (await inject(`/sonolus/levels/wbs-${id}/leaderboards/arcScore/records/list?version=3`)).statusCode,
    ).toBe(404)

    // Plays of the new data go to version 2; a play of the old data (downloaded before the edit) to 1.
    const second = await levelOf(id)
    expect(second.data.hash).not.toBe(first.data.hash)
    expect((await play(alice, second, notesOf(charts.second), 980_000)).statusCode).toBe(200)
    const old = await play(alice, first, firstNotes, 991_000)
    expect(old.statusCode, old.body).toBe(200)
    expect((await board(id)).map((r) => r.player)).toEqual(['Alice#1001'])
    expect((await board(id, 1)).map((r) => [r.player, r.value])).toEqual([
      ['Alice#1001', '991000'],
      ['Bob#1002', '985000'],
    ])
    // The old data's note count is the old version's: the new count is refused for it.
    const wrong = await play(bob, first, notesOf(charts.second), 900_000)
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().message).toMatch(/totalCount/)
    // Level data that was never this chart's is refused.
    const foreign = await play(bob, { ...second, data: { ...second.data, hash: 'f'.repeat(40) } }, 10, 1)
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json()).toMatchObject({ error: 'upload_failed', message: /not a version of this chart/ })

    // The level's replays are the current version's board.
    const replays = (await inject(`/sonolus/replays/list?level=wbs-${id}`)).json()
    expect(replays.items.map((r: { subtitle: string }) => r.subtitle)).toHaveLength(1)
    const row = (await test.ctx.repos.charts.findById(id))!
    expect(row).toMatchObject({ version: 2, likeNumber: 1 })
  })

  it('tells what each new version changed in the notes, and keeps it after the old file is collected', async () => {
    // (The first test's edit collected the first SUS: it is uploaded again.)
    expect((await uploadFile(test.app, alice, charts.first, 'chart')).statusCode).toBe(201)
    const id = await create({ susHash: sha1(charts.first), isPublic: 0 })
    await edit(id, form({ susHash: sha1(charts.second), isPublic: 0 }))
    const entities = (bytes: Buffer) =>
      readLevelData(convertSus(bytes.toString('utf8'), { gzip: (json) => gzipSync(json) }).gzipped).entities
    const expected = diffNotes(entities(charts.first), entities(charts.second))
    expect(expected.added).toBeGreaterThan(0)

    const listed = (await inject(`/sonolus/levels/wbs-${id}/versions`, alice)).json()
    expect(listed.current).toMatchObject({
      version: 2,
      changes: {
        added: expected.added,
        removed: expected.removed,
        moved: expected.moved,
        spans: expected.spans,
      },
    })
    // The first version changed nothing before it.
    expect(listed.earlier[0]).not.toHaveProperty('changes')
    // Whatever stayed, stayed: the new version's notes are those kept plus those added or moved.
    const kept = notesOf(charts.first) - expected.removed - expected.moved
    expect(kept + expected.added + expected.moved).toBe(notesOf(charts.second))

    const detail = await inject(`/sonolus/levels/wbs-${id}/versions/2`, alice)
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json()).toEqual(expected)
    // The first version's files are collected by the edit; its successor's changes are still told.
    const first = await test.ctx.repos.chartVersions.find(id, 1)
    expect(await test.ctx.blobStore.get(first!.dataHash!)).toBeUndefined()
    expect((await inject(`/sonolus/levels/wbs-${id}/versions/1`, alice)).statusCode).toBe(404)
    expect((await inject(`/sonolus/levels/wbs-${id}/versions/3`, alice)).statusCode).toBe(404)
    // A private chart's changes are its owner's: someone else finds no chart, a visitor must sign in.
    expect((await inject(`/sonolus/levels/wbs-${id}/versions/2`, bob)).statusCode).toBe(404)
    expect((await inject(`/sonolus/levels/wbs-${id}/versions/2`)).statusCode).toBe(401)
  })

  it('a chart that never changed its data has one version, dated when it was published', async () => {
    // (The first SUS went with the version it made: no chart uses it any more.)
    const id = await create({ susHash: sha1(charts.second) })
    const { current, earlier } = await versions(id)
    const row = (await test.ctx.repos.charts.findById(id))!
    expect(current).toEqual({ version: 1, time: Number(row.publishTime), players: 0 })
    expect(earlier).toEqual([])
  })
})
