// A chart played on our engine as the app would play it: the server's own engine files (fetched by the SRLs
// every level names), played through the interpreter by the auto-player; the result submitted and uploaded
// through the real routes tops the leaderboard, and its stored replay plays back in watch mode.
import fs from 'node:fs'
import path from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  EngineConfiguration,
  EnginePlayData,
  EngineWatchData,
  LevelData,
  LevelItem,
  ReplayData,
  Srl,
} from '@sonolus/core'
import { type LevelData as SiriusLevelData } from '../../common/chart/levelData/types'
import { convertSus } from '../../common/chart'
import { decodeReplayInputs } from '../../common/replay'
import { NOTE_ARCHETYPES } from '../../common/chart/levelData/types'
import { runPlay } from '../../engine/interpreter/play'
import { WatchRun } from '../../engine/interpreter/watch'
import { autoplay } from '../../engine/autoplay'
import { putBuffer } from '../../server/storage/putFile'
import { testPublicKeyEnv } from '../fixtures/keys/sign'
import { multipartBody, replayFiles, replayItem, sha1 } from '../fixtures/replay/replay'
import { hex, newChart } from './helpers/charts'
import { DIALECTS, openTestApp } from './helpers/context'
import { TEST_PUBLIC_URL, appSession } from './helpers/sessions'

describe.each(DIALECTS)('a chart played on our engine, on %s', (dialect) => {
  let test: Awaited<ReturnType<typeof openTestApp>>
  const sessions: Record<string, string> = {}
  const chartId = hex(61, 32)
  let level: LevelItem

  const get = async (url: string) => {
    const response = await test.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(200)
    return response
  }
  /** A gzip JSON file the level names, as the app downloads it. */
  const file = async <T>(srl: Srl): Promise<T> => {
    const response = await get(srl.url!)
    expect(sha1(response.rawPayload)).toBe(srl.hash)
    return JSON.parse(gunzipSync(response.rawPayload).toString('utf8')) as T
  }
  const submitAndUpload = async (who: string, files: { data: Buffer; configuration: Buffer }) => {
    const submitted = await test.app.inject({
      method: 'POST',
      url: '/sonolus/levels/result/submit',
      headers: { authorization: sessions[who] },
      payload: { replay: replayItem(level, files), values: '' },
    })
    expect(submitted.statusCode).toBe(200)
    const { body, contentType } = multipartBody([{ bytes: files.data }, { bytes: files.configuration }])
    return test.app.inject({
      method: 'POST',
      url: '/sonolus/levels/result/upload',
      headers: { 'content-type': contentType, 'sonolus-upload-key': submitted.json().key },
      payload: body,
    })
  }

  beforeAll(async () => {
    test = await openTestApp(dialect, {
      env: { SONOLUS_PUBLIC_KEY: testPublicKeyEnv, PUBLIC_URL: TEST_PUBLIC_URL },
    })
    sessions.auto = await appSession(test.app, { id: 'auto', handle: '5001', name: 'Auto' })
    sessions.ann = await appSession(test.app, { id: 'ann', handle: '5002', name: 'Ann' })
    const conversion = convertSus(
      fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/sus/chart-50.sus'), 'utf8'),
    )
    const dataHash = await putBuffer(
      test.ctx.blobStore,
      test.ctx.repos,
      Buffer.from(conversion.gzipped),
      'application/gzip',
    )
    await test.ctx.repos.charts.insert(
      newChart(61, { id: chartId, authorId: 'ann', author: 'Ann#5002', dataHash }),
    )
    level = (await get(`/sonolus/levels/wbs-${chartId}`)).json().item as LevelItem
  })
  afterAll(async () => test.cleanup())

  it('tops the leaderboard with an auto-played result, whose replay plays back with the same judgments', async () => {
    expect(level.engine).toMatchObject({ name: 'sirius-charts', version: 13 })
    const playData = await file<EnginePlayData>(level.engine.playData)
    const watchData = await file<EngineWatchData>(level.engine.watchData)
    const configuration = await file<EngineConfiguration>(level.engine.configuration)
    const levelData = await file<LevelData>(level.data)
    const options = configuration.options.map((option) => option.def)
    const notes = levelData.entities.filter((entity) => NOTE_ARCHETYPES.has(entity.archetype)).length

    // Ann's play first: a good one, but not perfect.
    const ann = replayFiles({
      grade: 'fullCombo',
      arcadeScore: 990_000,
      accuracyScore: 950_000,
      combo: notes,
      perfect: notes - 2,
      great: 2,
      good: 0,
      miss: 0,
      totalCount: notes,
    })
    expect((await submitAndUpload('ann', ann)).statusCode).toBe(200)

    const run = runPlay(
      { data: playData, level: levelData, options, speedOption: 0 },
      autoplay(levelData as SiriusLevelData),
    )
    const replay = run.replay()
    expect(replay.result).toMatchObject({ grade: 'allPerfect', arcadeScore: 1_000_000, totalCount: notes })
    const files = {
      data: gzipSync(JSON.stringify(replay)),
      configuration: gzipSync(JSON.stringify({ options })),
    }
    const uploaded = await submitAndUpload('auto', files)
    expect(uploaded.statusCode).toBe(200)

    const board = (
      await get(`/sonolus/levels/wbs-${chartId}/leaderboards/arcScore/records/list?page=0`)
    ).json()
    expect(
      board.records.map((record: { player: string; value: string }) => `${record.player} ${record.value}`),
    ).toEqual(['Auto#5001 1000000', 'Ann#5002 990000'])

    // The stored replay, as the app fetches it to watch.
    const stored = (await get(`/sonolus/replays/${board.records[0].replay}`)).json().item
    const watched = await file<ReplayData>(stored.data)
    expect(watched.inputs).toEqual(replay.inputs)
    const watch = new WatchRun({
      data: watchData,
      level: levelData,
      options,
      replay: watched,
      speedOption: 0,
      record: true,
    })
    // Each judged note imports its judgment and accuracy, and sounds its Perfect at its hit time.
    const entityData = watch.host.blocks.raw('EntityData')
    const imported = (entity: number, name: string) => {
      const archetype = watchData.archetypes.find(
        (item) => item.name === levelData.entities[entity]!.archetype,
      )!
      return entityData[entity * 32 + archetype.imports.find((item) => item.name === name)!.index]
    }
    // The inputs are delta encoded (the replay specs): decoded, each judged entity once.
    const inputs = decodeReplayInputs(watched)
    expect(new Set(inputs.entityIndex).size).toBe(notes)
    inputs.entityIndex.forEach((entity, i) => {
      expect(imported(entity, '#JUDGMENT')).toBe(inputs.judgment[i])
      expect(imported(entity, '#ACCURACY')).toBe(inputs.accuracy[i])
    })
    const perfectClips = new Set(
      watchData.effect.clips
        .filter((clip) => clip.name === '#PERFECT' || clip.name === '#PERFECT_ALTERNATIVE')
        .map((clip) => clip.id),
    )
    const sounds = watch.scheduled.filter((sound) => !sound.looped)
    expect(sounds.length).toBeGreaterThan(notes / 2)
    expect(sounds.every((sound) => perfectClips.has(sound.clip))).toBe(true)
    for (let frame = 0; frame <= 60 * 12; frame++) watch.step(frame / 60)
    expect(watch.frames.flatMap((frame) => frame.particles).length).toBeGreaterThan(notes / 2)
  })
})
