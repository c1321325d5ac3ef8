// The interpreter: the engine specs' function semantics, the access tables it enforces (a forbidden write
// or an unknown function is refused, naming where), and a cross-check on a known-good engine.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { EngineConfiguration, EngineDataNode, EnginePlayData, LevelData } from '@sonolus/core'
import { susToUSC, uscToLevelData } from 'sonolus-pjsekai-engine'
import { Block, Break, Execute, Get, If, Set, While, call } from '../../engine/builder/dsl'
import { NodeTable, type Val } from '../../engine/builder/node'
import { playData } from '../../engine/builder/engineData'
import { EngineRefusal } from '../../engine/interpreter/errors'
import { RunHost } from '../../engine/interpreter/host'
import { NodeError } from '../../engine/interpreter/compile'
import { runPlay, type TouchScript } from '../../engine/interpreter/play'
import { levelTiming } from '../../engine/interpreter/timing'
import { PLAY } from '../../engine/modes'
import { tinyLevel } from './helpers'

/** The value of an expression, run as an entity's updateSequential in play mode. */
const evaluate = (expression: Val, setUp?: (host: RunHost) => void): number => {
  const table = new NodeTable()
  const root = table.add(expression)
  const host = new RunHost('play', { entityCount: 1, archetypeCount: 1 }, levelTiming([]), {
    sprites: [],
    clips: [],
    particles: [],
  })
  setUp?.(host)
  const callback = host.blocks.callbackIndex('updateSequential')
  const fn = host.compile(table.nodes, [{ index: root, callback }]).fn(root, callback)
  host.blocks.callback = callback
  host.blocks.entity = 0
  return fn()
}
const memory = (index: number) => Get(PLAY.EntityMemory, index)
const remember = (index: number, value: Val) => Set(PLAY.EntityMemory, index, value)

describe('interpreter semantics (the engine specs)', () => {
  it('leaves as many Blocks as Break counts, with its value', () => {
    expect(evaluate(Block(Execute(Break(1, 7), 99)))).toBe(7)
    expect(evaluate(Block(Execute(Block(Execute(Break(2, 5), 1)), 2)))).toBe(5)
    expect(evaluate(Block(Execute(Block(Execute(Break(1, 5), 1)), 2)))).toBe(2)
    // A Break inside a loop leaves the loop too.
    expect(
      evaluate(
        Execute(
          remember(0, 0),
          Block(While(1, remember(0, memory(0).add(1)), If(memory(0).ge(3), Break(1, 0), 0))),
          memory(0),
        ),
      ),
    ).toBe(3)
  })

  it('runs And and Or only as far as they need, with the values the specs give', () => {
    expect(evaluate(call('And', 2, 3))).toBe(3)
    expect(evaluate(call('And', 2, 0, 3))).toBe(0)
    expect(evaluate(call('Or', 0, 4, 5))).toBe(4)
    expect(evaluate(Execute(remember(1, 0), call('And', 0, remember(1, 9)), memory(1)))).toBe(0)
    expect(evaluate(Execute(remember(1, 0), call('Or', 1, remember(1, 9)), memory(1)))).toBe(0)
  })

  it('gives IncrementPost the new value and IncrementPre the old one (the reverse of C)', () => {
    expect(evaluate(Execute(remember(2, 5), call('IncrementPost', PLAY.EntityMemory, 2)))).toBe(6)
    expect(evaluate(Execute(remember(2, 5), call('IncrementPre', PLAY.EntityMemory, 2)))).toBe(5)
    expect(evaluate(Execute(remember(2, 5), call('DecrementPre', PLAY.EntityMemory, 2), memory(2)))).toBe(4)
  })

  it('floors Mod and truncates Rem', () => {
    expect(evaluate(call('Mod', -1, 3))).toBe(2)
    expect(evaluate(call('Rem', -1, 3))).toBe(-1)
    expect(evaluate(call('Frac', -1.25))).toBeCloseTo(0.75)
  })

  it('picks switch branches, a non-integer key falling to the default', () => {
    expect(evaluate(call('SwitchWithDefault', 2, 1, 10, 2, 20, 30))).toBe(20)
    expect(evaluate(call('SwitchWithDefault', 3, 1, 10, 2, 20, 30))).toBe(30)
    expect(evaluate(call('SwitchIntegerWithDefault', 1, 10, 20, 30))).toBe(20)
    expect(evaluate(call('SwitchIntegerWithDefault', 0.5, 10, 20, 30))).toBe(30)
    expect(evaluate(call('JumpLoop', 2, 0, 7))).toBe(7)
  })

  it('judges by the windows given, their edges included', () => {
    // Binary-exact times, so that an edge is exactly an edge.
    expect(evaluate(call('JudgeSimple', 1.25, 1, 0.25, 0.5, 0.75))).toBe(1)
    expect(evaluate(call('JudgeSimple', 0.5, 1, 0.25, 0.5, 0.75))).toBe(2)
    expect(evaluate(call('JudgeSimple', 1.75, 1, 0.25, 0.5, 0.75))).toBe(3)
    expect(evaluate(call('JudgeSimple', 2, 1, 0.25, 0.5, 0.75))).toBe(0)
  })
})

describe('interpreter refusals', () => {
  it('refuses a write the callback may not make, naming the callback, entity and frame', () => {
    // Level Memory is written by updateSequential and touch only, not by the parallel updateParallel.
    const data = playData({
      skin: { sprites: [] },
      effect: { clips: [] },
      particle: { effects: [] },
      buckets: [],
      archetypes: [
        {
          name: 'Writer',
          hasInput: false,
          imports: [],
          exports: [],
          callbacks: { updateParallel: { body: Set(PLAY.LevelMemory, 0, 1) } },
        },
      ],
    })
    const level: LevelData = { bgmOffset: 0, entities: [{ archetype: 'Writer', data: [] }] }
    const attempt = () => runPlay({ data, level, options: [] }, [], 60, 1)
    expect(attempt).toThrow(EngineRefusal)
    expect(attempt).toThrow(
      /writes LevelMemory \(block 2000\).*callback updateParallel, entity 0 \(Writer\), frame 0/,
    )
  })

  it('refuses what preprocess alone may write when another callback writes it', () => {
    expect(() => evaluate(Set(PLAY.LevelData, 0, 1))).toThrow(
      /writes LevelData \(block 2001\), which this callback may not \(play mode, callback updateSequential/,
    )
  })

  it('refuses an unknown function and a wrong argument count when the data is loaded', () => {
    const nodes: EngineDataNode[] = [{ value: 1 }, { func: 'Teleport' as never, args: [0] }]
    const host = new RunHost('play', { entityCount: 0, archetypeCount: 0 }, levelTiming([]), {
      sprites: [],
      clips: [],
      particles: [],
    })
    expect(() => host.compile(nodes, [{ index: 1 }])).toThrow(NodeError)
    expect(() => host.compile(nodes, [{ index: 1 }])).toThrow(/node 1: unknown function Teleport/)
    expect(() =>
      host.compile([{ value: 1 }, { func: 'Add', args: [0] }, { func: 'Sin', args: [0, 0] }], [{ index: 2 }]),
    ).toThrow(/Sin takes 1 arguments, not 2/)
  })

  it('refuses a sprite the engine data does not list', () => {
    expect(() => evaluate(call('Draw', 3, 0, 0, 0, 1, 1, 1, 1, 0, 0, 1))).toThrow(/names sprite 3/)
  })

  it('refuses an entity block outside an entity and an index that is not a whole number', () => {
    expect(() => evaluate(Get(PLAY.EntityMemory, 1.5))).toThrow(
      /index 1.5 of EntityMemory, not a whole number/,
    )
  })

  it('plays a level made of our tiny helper with our engine without refusal', async () => {
    const { engine } = await import('./helpers')
    const level = tinyLevel([{ archetype: 'Sirius Normal Note', data: { beat: 2, lane: 1, laneLength: 12 } }])
    const run = runPlay(
      { data: engine.playData, level, options: engine.configuration.options.map((o) => o.def) },
      [],
    )
    expect(run.judged).toHaveLength(1)
  })
})

describe('cross-check on a known-good engine: sonolus-pjsekai-engine 1.8.3', () => {
  const require = createRequire(import.meta.url)
  const load = <T>(name: string) =>
    JSON.parse(gunzipSync(fs.readFileSync(require.resolve(`sonolus-pjsekai-engine/${name}`))).toString()) as T
  const data = load<EnginePlayData>('EnginePlayData')
  const configuration = load<EngineConfiguration>('EngineConfiguration')
  const sus = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/pjsekai/crosscheck.sus'), 'utf8')
  // Its own converter makes the level; its archetypes take `lane` in lane units at x = lane × 0.233195 on a
  // 16:9 screen, with the judgment line's hitboxes spanning y −1.42…0.14 (the engine's stage layout).
  const level = uscToLevelData(susToUSC(sus)) as unknown as LevelData
  const LANE_X = 0.233195
  const Y = -0.5

  it('judges every note of a level made by its own converter Perfect, with no access refused', () => {
    const timing = levelTiming(level.entities)
    const datum = (entity: LevelData['entities'][number], name: string) =>
      entity.data.find((item) => item.name === name) as { value?: number; ref?: string } | undefined
    const byName = new Map(level.entities.map((entity) => [entity.name, entity]))
    const touches: TouchScript[] = []
    for (const entity of level.entities) {
      const beat = datum(entity, '#BEAT')?.value
      if (beat === undefined) continue
      const time = timing.beatToTime(beat)
      const x = (datum(entity, 'lane')?.value ?? 0) * LANE_X
      if (/TapNote$/.test(entity.archetype))
        touches.push({
          points: [
            { time, x, y: Y },
            { time: time + 0.05, x, y: Y },
          ],
        })
      // An up-flick: a finger moving up fast.
      if (/FlickNote$/.test(entity.archetype))
        touches.push({
          points: [
            { time, x, y: Y },
            { time: time + 0.05, x, y: Y + 0.3 },
          ],
        })
    }
    for (const connector of level.entities.filter((entity) =>
      /ActiveSlideConnector$/.test(entity.archetype),
    )) {
      const head = byName.get(datum(connector, 'head')!.ref)!
      const tail = byName.get(datum(connector, 'tail')!.ref)!
      touches.push({
        points: [
          {
            time: timing.beatToTime(datum(head, '#BEAT')!.value!),
            x: datum(head, 'lane')!.value! * LANE_X,
            y: Y,
          },
          {
            time: timing.beatToTime(datum(tail, '#BEAT')!.value!),
            x: datum(tail, 'lane')!.value! * LANE_X,
            y: Y,
          },
        ],
      })
    }
    const run = runPlay(
      {
        data,
        level,
        options: configuration.options.map((option) => option.def),
        skipUnknownArchetypes: true,
        speedOption: 0,
      },
      touches,
    )
    // Its play data has no #BPM_CHANGE archetype: the app builds the timing from those entities itself.
    expect(run.skipped.map((entity) => level.entities[entity]!.archetype)).toEqual(['#BPM_CHANGE'])
    expect(run.judged.length).toBeGreaterThan(15)
    expect(run.judged.filter((item) => item.judgment !== 1)).toEqual([])
    expect(run.result()).toMatchObject({ grade: 'allPerfect', arcadeScore: 1_000_000 })
  })

  it('misses every one of its notes with no touches', () => {
    const run = runPlay(
      {
        data,
        level,
        options: configuration.options.map((option) => option.def),
        skipUnknownArchetypes: true,
      },
      [],
    )
    expect(run.judged.every((item) => item.judgment === 0)).toBe(true)
  })
})
