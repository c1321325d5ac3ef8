// What the browser player should draw, worked out here, in Node, from the server's files: the level item's
// engine watch data, level data and skin, run through our interpreter to a time, and each Draw call's quad
// put through its sprite's skin transform onto a canvas of the player's size. The specs compare it with
// what the player drew (its canvas's probe): positions, not pixels.
import { gunzipSync } from 'node:zlib'
import { type APIRequestContext, type Locator, expect } from '@playwright/test'
import type { EngineConfiguration, EngineWatchData, LevelData, LevelItem, ReplayData } from '@sonolus/core'
import { WatchRun } from '../../engine/interpreter/watch'

type Corners = number[]
export type Quad = { sprite: string; corners: Corners }
export type Probe = {
  renderer?: string
  firstFrameMs?: number
  frames: { time: number; engineMs: number; drawMs: number; at: number }[]
  last?: { time: number; width: number; height: number; quads: Quad[] }
}

export const json = async <T>(request: APIRequestContext, hash: string | null | undefined): Promise<T> => {
  const response = await request.get(`/sonolus/repository/${hash}`)
  expect(response.status()).toBe(200)
  return JSON.parse(gunzipSync(await response.body()).toString('utf8')) as T
}

export const levelItemOf = async (request: APIRequestContext, chartId: string): Promise<LevelItem> =>
  ((await (await request.get(`/sonolus/levels/wbs-${chartId}`)).json()) as { item: LevelItem }).item

type SkinSprite = { name: string; transform: Record<string, Record<string, number>> }

/** The quads the engine draws at `time` (a first frame, as after a seek), on a width × height canvas. */
export const expectedQuads = async (
  request: APIRequestContext,
  item: LevelItem,
  time: number,
  width: number,
  height: number,
  /** Options set by name ('#MIRROR'), the rest at their defaults. */
  set: Record<string, number> = {},
  /** The replay watched, as stored. */
  replay?: ReplayData,
): Promise<Quad[]> => {
  const [data, level, configuration, skin] = await Promise.all([
    json<EngineWatchData>(request, item.engine.watchData.hash),
    json<LevelData>(request, item.data.hash),
    json<EngineConfiguration>(request, item.engine.configuration.hash),
    json<{ sprites: SkinSprite[] }>(request, item.engine.skin.data.hash),
  ])
  const run = new WatchRun({
    data,
    level,
    options: configuration.options.map((option) => set[option.name] ?? option.def),
    aspectRatio: 16 / 9,
    record: true,
    ...(replay ? { replay } : {}),
  })
  run.step(time, true)
  const names = ['x1', 'y1', 'x2', 'y2', 'x3', 'y3', 'x4', 'y4']
  return run.host.draws.flatMap((draw) => {
    const name = data.skin.sprites[draw.sprite]!.name
    const sprite = skin.sprites.find((candidate) => candidate.name === name)
    if (!sprite) return []
    const input = Object.fromEntries(names.map((key, i) => [key, draw.quad[i]!]))
    const corners = names.map((out, i) => {
      const value = Object.entries(sprite.transform[out] ?? { [out]: 1 }).reduce(
        (sum, [key, factor]) => sum + factor * input[key]!,
        0,
      )
      return i % 2 === 0 ? width / 2 + (value * height) / 2 : height / 2 - (value * height) / 2
    })
    return [{ sprite: name, corners }]
  })
}

export const probeOf = (canvas: Locator): Promise<Probe> =>
  canvas.evaluate((element) => {
    const probe = (element as HTMLCanvasElement & { watchProbe?: Probe }).watchProbe
    return JSON.parse(JSON.stringify(probe ?? { frames: [] })) as Probe
  })

/** The same quads, in one order: by sprite, then position. */
export const sortedQuads = (quads: Quad[]): Quad[] =>
  [...quads].sort(
    (a, b) =>
      a.sprite.localeCompare(b.sprite) ||
      a.corners.reduce((diff, value, i) => diff || Math.round(value - b.corners[i]!), 0),
  )
