// The browser player's parts that need no canvas: moments in comments and addresses, the judgment display,
// the effect zip reader, the frame layout (skin transforms, z order, screen mapping), and the watch session
// on our engine's real watch data.
import fs from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { deflateRaw } from 'pako'
import { convertSus, readLevelData } from '../../../common/chart'
import { buildEngineData, buildEngineFiles } from '../../../engine'
import { defaultOptions } from '../../../engine/sirius/configuration'
import { readZip } from '../../../src/api/effectZip'
import { type SkinData, optionsFor } from '../../../src/api/watchFiles'
import { WatchClock } from '../../../src/features/watch/audio'
import { HudTimeline } from '../../../src/features/watch/hud'
import {
  formatMoment,
  linkMoments,
  momentHash,
  parseMoment,
  readMomentHash,
} from '../../../src/features/watch/moments'
import { DRAW_STRIDE } from '../../../src/features/watch/protocol'
import { affineOf, layOutFrame, spriteTable } from '../../../src/features/watch/render'
import { WatchError, WatchSession } from '../../../src/features/watch/session'

describe('moments', () => {
  it('links every m:ss and mm:ss.s time in a comment to that moment', () => {
    expect(linkMoments('the drop at 1:23 and the end at 01:23.5!')).toBe(
      'the drop at [1:23](#t=83) and the end at [01:23.5](#t=83.5)!',
    )
  })

  it('leaves clocks, links, code and longer numbers alone', () => {
    const text = 'at 12:30:00, see http://example.com/1:23 or `0:45` or 1:234 or v1:23 or 1:75'
    expect(linkMoments(text)).toBe(text)
    expect(linkMoments('```\n0:12\n```\nbut 0:12')).toBe('```\n0:12\n```\nbut [0:12](#t=12)')
  })

  it('reads and writes moments as people write them and as addresses carry them', () => {
    expect(parseMoment('1:23')).toBe(83)
    expect(parseMoment('01:23.5')).toBe(83.5)
    expect(parseMoment('1:60')).toBeUndefined()
    expect(formatMoment(83.5)).toBe('1:23.5')
    expect(formatMoment(5)).toBe('0:05')
    expect(momentHash(83.46, 'replay-abc')).toBe('#t=83.5&replay=replay-abc')
    expect(readMomentHash('#t=83.5&replay=replay-abc')).toEqual({ time: 83.5, replay: 'replay-abc' })
    // Anything else in the address is ignored, not trusted.
    expect(readMomentHash('#t=-1&replay=../../x')).toEqual({ time: undefined, replay: undefined })
  })
})

describe('the judgment display', () => {
  it('counts judgments up to a moment; a Miss breaks the combo, a Good does not', () => {
    // Perfect, Great, Good, Miss, Perfect at 1…5 s, on a chart of 5 notes.
    const hud = new HudTimeline([1, 2, 3, 4, 5], [1, 2, 3, 0, 1], 5)
    expect(hud.at(0.5)).toEqual({ combo: 0, score: 0, counts: { miss: 0, perfect: 0, great: 0, good: 0 } })
    expect(hud.at(3)).toMatchObject({ combo: 3, last: { judgment: 'good', time: 3 } })
    expect(hud.at(4.5)).toMatchObject({ combo: 0, last: { judgment: 'miss' } })
    const end = hud.at(10)
    expect(end.combo).toBe(1)
    expect(end.counts).toEqual({ miss: 1, perfect: 2, great: 1, good: 1 })
    // Sirius: Perfect 1, Great 0.8, Good 0.5 of an equal share of 1,000,000.
    expect(end.score).toBe(Math.round((1_000_000 * (2 + 0.8 + 0.5)) / 5))
  })
})

/** A zip of these files: the first stored, the others deflated (`lie` understates a deflated size). */
const zipOf = (files: [string, Uint8Array][], lie = false): Uint8Array => {
  const locals: number[] = []
  const central: number[] = []
  const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff]
  const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff]
  files.forEach(([name, data], i) => {
    const method = i === 0 ? 0 : 8
    const body = method === 0 ? data : deflateRaw(data)
    const size = lie && method === 8 ? 1 : data.length
    const nameBytes = [...new TextEncoder().encode(name)]
    const offset = locals.length
    const common = [...u16(20), ...u16(0), ...u16(method), ...u16(0), ...u16(0), ...u32(0)]
    common.push(...u32(body.length), ...u32(size), ...u16(nameBytes.length), ...u16(0))
    locals.push(...u32(0x04034b50), ...common, ...nameBytes, ...body)
    central.push(...u32(0x02014b50), ...u16(20), ...common, ...u16(0), ...u16(0), ...u16(0))
    central.push(...u32(0), ...u32(offset), ...nameBytes)
  })
  const end = [...u32(0x06054b50), ...u16(0), ...u16(0), ...u16(files.length), ...u16(files.length)]
  end.push(...u32(central.length), ...u32(locals.length), ...u16(0))
  return new Uint8Array([...locals, ...central, ...end])
}

describe('the effect zip reader', () => {
  const perfect = new Uint8Array(3000).map((_, i) => i % 7)
  const great = new TextEncoder().encode('great clip '.repeat(100))

  it('reads stored and deflated entries by name', () => {
    const files = readZip(
      zipOf([
        ['perfect.mp3', perfect],
        ['great.mp3', great],
      ]),
      1 << 20,
    )
    expect([...files.keys()]).toEqual(['perfect.mp3', 'great.mp3'])
    expect(Array.from(files.get('perfect.mp3')!)).toEqual(Array.from(perfect))
    expect(Array.from(files.get('great.mp3')!)).toEqual(Array.from(great))
  })

  it('refuses what is not a zip, more than its cap, and an entry that inflates past its size', () => {
    expect(() => readZip(new TextEncoder().encode('not a zip at all, not even close'), 1 << 20)).toThrow(
      /not a zip/,
    )
    expect(() => readZip(zipOf([['perfect.mp3', perfect]]), 100)).toThrow(/more than 100 bytes/)
    expect(() =>
      readZip(
        zipOf(
          [
            ['a', perfect],
            ['b', great],
          ],
          true,
        ),
        1 << 20,
      ),
    ).toThrow(/past its size/)
  })
})

describe('a frame on the canvas', () => {
  const skin: SkinData = {
    width: 64,
    height: 64,
    interpolation: false,
    sprites: [
      { name: '#A', x: 0, y: 0, w: 8, h: 8, transform: {} },
      // Its output x1 is the input's x1 plus half of x4, the rest as given.
      { name: '#B', x: 8, y: 0, w: 8, h: 8, transform: { x1: { x1: 1, x4: 0.5 } } },
    ],
  }
  const draw = (sprite: number, z: number, quad: number[], alpha = 1) => [sprite, ...quad, z, alpha]
  const square = [-1, -1, -1, 1, 1, 1, 1, -1]

  it('puts each quad through its skin transform onto the screen, in z order, skipping missing sprites', () => {
    const table = spriteTable(skin, ['#B', '#MISSING', '#A'])
    expect(table[1]).toBeUndefined()
    const draws = new Float32Array([
      ...draw(2, 5, square),
      ...draw(1, 0, square),
      ...draw(0, 1, square, 0.5),
      ...draw(2, 1, [0, 0, 0, 0.5, 0.5, 0.5, 0.5, 0]),
    ])
    expect(draws.length).toBe(4 * DRAW_STRIDE)
    const frame = layOutFrame(draws, table, 320, 180)
    // Lowest z first; equal z in call order.
    expect(frame.sprites.map((sprite) => sprite.name)).toEqual(['#B', '#A', '#A'])
    expect(frame.count).toBe(3)
    // The screen: y up over the height (−1 to 1), x scaled by the same half height, centred.
    const corners = (n: number) => Array.from(frame.quads.subarray(n * 9, n * 9 + 8))
    expect(corners(2)).toEqual([70, 180, 70, 0, 250, 0, 250, 180])
    // #B: x1 = −1 + 0.5 × 1 = −0.5.
    expect(corners(0)[0]).toBe(160 - 0.5 * 90)
    expect(frame.quads[8]).toBeCloseTo(0.5)
  })

  it('maps a texture triangle onto a screen triangle with one affine transform', () => {
    const map = affineOf([0, 8, 0, 0, 8, 0], [10, 100, 20, 10, 110, 0])!
    const [a, b, c, d, e, f] = map
    const apply = (u: number, v: number) => [a * u + c * v + e, b * u + d * v + f]
    expect(apply(0, 8)).toEqual([10, 100])
    expect(apply(0, 0).map(Math.round)).toEqual([20, 10])
    expect(apply(8, 0).map(Math.round)).toEqual([110, 0])
    expect(affineOf([0, 0, 1, 1, 2, 2], [0, 0, 1, 1, 2, 3])).toBeUndefined()
  })
})

describe('a watch session', () => {
  const files = buildEngineFiles()
  const sus = fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/sus/chart-50.sus'), 'utf8')
  const level = convertSus(sus).gzipped
  const options = defaultOptions()
  const newSession = () =>
    new WatchSession({
      level: level.slice(),
      watchData: files.watchData.slice(),
      options,
      aspectRatio: 16 / 9,
    })

  it('loads a chart with our engine and draws its frames', () => {
    const session = newSession()
    const { noteCount } = readLevelData(level)
    expect(session.loaded.noteCount).toBe(noteCount)
    expect(session.loaded.judgments.judgment).toEqual(Array<number>(noteCount).fill(1))
    expect(session.loaded.end).toBeGreaterThan(session.loaded.noteTimes.at(-1)!)
    expect(session.loaded.sprites).toContain('#NOTE_HEAD_RED')
    // Hit sounds scheduled in preprocess, by clip name.
    expect(session.loaded.sounds.length).toBeGreaterThan(0)
    expect(session.loaded.sounds.every((sound) => sound.clip.startsWith('#'))).toBe(true)
    const early = session.frame(session.loaded.noteTimes[0]! - 0.2, true)
    expect(early.draws.length % DRAW_STRIDE).toBe(0)
    expect(early.draws.length / DRAW_STRIDE).toBeGreaterThan(5)
  })

  it('plays a clip scheduled within its distance of the same clip once: notes at one time sound once', () => {
    const session = newSession()
    const { noteCount } = readLevelData(level)
    const notesAt = new Map<number, number>()
    for (const time of session.loaded.noteTimes) notesAt.set(time, (notesAt.get(time) ?? 0) + 1)
    // The fixture has notes that share a time (sync lines join them).
    expect([...notesAt.values()].some((count) => count > 1)).toBe(true)
    const once = session.loaded.sounds.filter((sound) => !sound.looped)
    for (const [i, sound] of once.entries())
      for (const other of once.slice(i + 1))
        if (other.clip === sound.clip) expect(Math.abs(other.time - sound.time)).toBeGreaterThanOrEqual(0.02)
    expect(once.length).toBeLessThan(noteCount)
  })

  it('shows a replay’s judgments in time order', () => {
    const { levelData, entities } = readLevelData(level)
    const judged = entities.flatMap((entity, index) => (entity.noteCount > 0 ? [index] : []))
    const replay = {
      startTime: 0,
      saveTime: 1,
      duration: 30,
      inputOffset: 0,
      playArea: { width: 16, height: 9 },
      result: {
        grade: 'pass',
        arcadeScore: 0,
        accuracyScore: 0,
        combo: 0,
        perfect: 0,
        great: 0,
        good: 0,
        miss: 2,
        totalCount: 2,
      },
      // Delta encoded, as the replay specs say: entities judged[0] and judged[1] at 3 s and 1 s.
      inputs: {
        entityIndex: [judged[0]!, judged[1]! - judged[0]!],
        time: [3, -2],
        judgment: [0, 2],
        accuracy: [0, 0.05],
      },
      entities: [],
      touches: { l: [], t: [], x: [], y: [] },
    }
    expect(levelData.entities.length).toBe(entities.length)
    const session = new WatchSession({
      level: level.slice(),
      watchData: files.watchData.slice(),
      replay: new TextEncoder().encode(JSON.stringify(replay)),
      options,
      aspectRatio: 16 / 9,
    })
    expect(session.loaded.judgments).toEqual({ time: [1, 3], judgment: [2, 0] })
  })

  it('refuses bad level data, engine data the interpreter refuses, and a broken replay, each by its key', () => {
    const refused = (load: Partial<ConstructorParameters<typeof WatchSession>[0]>) => {
      try {
        new WatchSession({
          level: level.slice(),
          watchData: files.watchData.slice(),
          options,
          aspectRatio: 16 / 9,
          ...load,
        })
      } catch (error) {
        return error instanceof WatchError ? error.key : String(error)
      }
      return 'loaded'
    }
    expect(refused({ level: new TextEncoder().encode('{"nope": true}') })).toBe('watch.level_refused')
    const data = JSON.parse(gunzipSync(files.watchData).toString()) as { nodes: { func?: string }[] }
    data.nodes.find((node) => node.func)!.func = 'NotAFunction'
    expect(refused({ watchData: new TextEncoder().encode(JSON.stringify(data)) })).toBe(
      'watch.engine_refused',
    )
    expect(refused({ replay: new TextEncoder().encode('{"inputs": null}') })).toBe('watch.replay_refused')
  })

  it('sets note speed and mirror through the engine’s own options', () => {
    const { configuration } = buildEngineData()
    const values = optionsFor(configuration, { noteSpeed: 99, mirror: true })
    const index = (name: string) => configuration.options.findIndex((option) => option.name === name)
    expect(values[index('#NOTE_SPEED')]).toBe(25)
    expect(values[index('#MIRROR')]).toBe(1)
    expect(values[index('#SPEED')]).toBe(1)
  })
})

describe('the player clock', () => {
  it('runs at the chosen speed, holds still when paused, and follows the music when it drifts', () => {
    let now = 10
    const clock = new WatchClock(() => now)
    clock.set(5)
    clock.start()
    now = 12
    expect(clock.time()).toBe(7)
    clock.setRate(2)
    now = 13
    expect(clock.time()).toBe(9)
    clock.pause()
    now = 20
    expect(clock.time()).toBe(9)
    clock.start()
    now = 20.5
    expect(clock.time()).toBe(10)
    // Within the drift allowed, the page's clock keeps time; beyond it, the music's does.
    clock.follow(10.02)
    expect(clock.time()).toBe(10)
    clock.follow(10.5)
    expect(clock.time()).toBe(10.5)
  })
})
