// Conformance with the Sonolus engine specs' block, lifecycle, optimisation, essentials and resource pages:
// each mode's block ids, sizes and access tables as read from the spec pages (not from engine/modes.ts, so
// that a misreading there shows), each lifecycle's order on tiny hand-built engine data, the app's scoring,
// and what the specs ask of our engine files.
import { describe, expect, it } from 'vitest'
import type { EngineDataNode, LevelData, ReplayData } from '@sonolus/core'
import { ARCHETYPES } from '../../common/chart/levelData/types'
import { buildEngineFiles } from '../../engine'
import { autoplay } from '../../engine/autoplay'
import {
  Draw,
  Execute,
  Get,
  Play,
  PlayScheduled,
  Set as Put,
  call,
  rect,
  when,
  type Val,
} from '../../engine/builder/dsl'
import {
  type ArchetypeDef,
  playData,
  previewData,
  tutorialData,
  watchData,
} from '../../engine/builder/engineData'
import { NodeTable } from '../../engine/builder/node'
import { Blocks } from '../../engine/interpreter/blocks'
import { EngineRefusal } from '../../engine/interpreter/errors'
import { RunHost } from '../../engine/interpreter/host'
import { PlayRun, type PlaySetup, runPlay, type TouchScript } from '../../engine/interpreter/play'
import { runPreview } from '../../engine/interpreter/preview'
import { levelTiming } from '../../engine/interpreter/timing'
import { TutorialRun } from '../../engine/interpreter/tutorial'
import { WatchRun } from '../../engine/interpreter/watch'
import { BLOCKS, CALLBACKS, type Mode, PLAY, PREVIEW, TUTORIAL, WATCH } from '../../engine/modes'
import { OPTION, TAP_ARCHETYPES, WINDOW } from '../../engine/sirius/constants'
import { engine, fixtures, notesOf, options } from './helpers'

// ---------------------------------------------------------------------------------------------------------
// The spec pages, in our own notation: each block's id, its size (`size`) or the size of each repeated part
// (`each`: per touch, per option, per bucket, per rom value, per archetype, per entity), and the callbacks
// that may write it. Every callback may read every block, but for watch's global updateSpawn, which has no
// entity of its own and so reads none of the per-entity blocks (the watch overview's read table).

const SPEC_CALLBACKS: Record<Mode, string[]> = {
  play: [
    'preprocess',
    'spawnOrder',
    'shouldSpawn',
    'initialize',
    'updateSequential',
    'touch',
    'updateParallel',
    'terminate',
  ],
  watch: [
    'preprocess',
    'spawnTime',
    'despawnTime',
    'initialize',
    'updateSequential',
    'updateParallel',
    'terminate',
    'updateSpawn',
  ],
  preview: ['preprocess', 'render'],
  tutorial: ['preprocess', 'navigate', 'update'],
}

type SpecBlock = { id: number; size?: number; each?: number; write: readonly string[] }

const PLAY_PRE = ['preprocess']
const PLAY_SEQ = ['preprocess', 'updateSequential', 'touch']
const PLAY_ALL = SPEC_CALLBACKS.play
const WATCH_PRE = ['preprocess']
const WATCH_SEQ = ['preprocess', 'updateSequential']
const WATCH_ENTITY = SPEC_CALLBACKS.watch.filter((callback) => callback !== 'updateSpawn')
const NONE: readonly string[] = []

const SPEC: Record<Mode, Record<string, SpecBlock>> = {
  play: {
    RuntimeEnvironment: { id: 1000, size: 5, write: PLAY_PRE },
    RuntimeUpdate: { id: 1001, size: 4, write: NONE },
    RuntimeTouchArray: { id: 1002, each: 15, write: NONE },
    RuntimeSkinTransform: { id: 1003, size: 16, write: PLAY_SEQ },
    RuntimeParticleTransform: { id: 1004, size: 16, write: PLAY_SEQ },
    RuntimeBackground: { id: 1005, size: 8, write: PLAY_SEQ },
    RuntimeUI: { id: 1006, size: 8 * 10, write: PLAY_PRE },
    RuntimeUIConfiguration: { id: 1007, size: 5 * 2, write: PLAY_PRE },
    LevelMemory: { id: 2000, size: 4096, write: PLAY_SEQ },
    LevelData: { id: 2001, size: 4096, write: PLAY_PRE },
    LevelOption: { id: 2002, each: 1, write: NONE },
    LevelBucket: { id: 2003, each: 6, write: PLAY_PRE },
    LevelScore: { id: 2004, size: 12, write: PLAY_PRE },
    LevelLife: { id: 2005, size: 6, write: PLAY_PRE },
    EngineRom: { id: 3000, each: 1, write: NONE },
    EntityMemory: { id: 4000, size: 64, write: PLAY_ALL },
    EntityData: { id: 4001, size: 32, write: PLAY_PRE },
    EntitySharedMemory: { id: 4002, size: 32, write: PLAY_SEQ },
    EntityInfo: { id: 4003, size: 3, write: NONE },
    EntityDespawn: { id: 4004, size: 1, write: PLAY_ALL },
    EntityInput: { id: 4005, size: 4, write: PLAY_ALL },
    EntityDataArray: { id: 4101, each: 32, write: PLAY_PRE },
    EntitySharedMemoryArray: { id: 4102, each: 32, write: PLAY_SEQ },
    EntityInfoArray: { id: 4103, each: 3, write: NONE },
    ArchetypeLife: { id: 5000, each: 4, write: PLAY_PRE },
    TemporaryMemory: { id: 10000, size: 4096, write: PLAY_ALL },
  },
  watch: {
    RuntimeEnvironment: { id: 1000, size: 5, write: WATCH_PRE },
    RuntimeUpdate: { id: 1001, size: 4, write: NONE },
    RuntimeSkinTransform: { id: 1002, size: 16, write: WATCH_SEQ },
    RuntimeParticleTransform: { id: 1003, size: 16, write: WATCH_SEQ },
    RuntimeBackground: { id: 1004, size: 8, write: WATCH_SEQ },
    RuntimeUI: { id: 1005, size: 9 * 10, write: WATCH_PRE },
    RuntimeUIConfiguration: { id: 1006, size: 6 * 2, write: WATCH_PRE },
    LevelMemory: { id: 2000, size: 4096, write: WATCH_SEQ },
    LevelData: { id: 2001, size: 4096, write: WATCH_PRE },
    LevelOption: { id: 2002, each: 1, write: NONE },
    LevelBucket: { id: 2003, each: 6, write: WATCH_PRE },
    LevelScore: { id: 2004, size: 12, write: WATCH_PRE },
    LevelLife: { id: 2005, size: 6, write: WATCH_PRE },
    EngineRom: { id: 3000, each: 1, write: NONE },
    EntityMemory: { id: 4000, size: 64, write: WATCH_ENTITY },
    EntityData: { id: 4001, size: 32, write: WATCH_PRE },
    EntitySharedMemory: { id: 4002, size: 32, write: WATCH_SEQ },
    EntityInfo: { id: 4003, size: 3, write: NONE },
    EntityInput: { id: 4004, size: 3, write: WATCH_ENTITY },
    EntityDataArray: { id: 4101, each: 32, write: WATCH_PRE },
    EntitySharedMemoryArray: { id: 4102, each: 32, write: WATCH_SEQ },
    EntityInfoArray: { id: 4103, each: 3, write: NONE },
    ArchetypeLife: { id: 5000, each: 4, write: WATCH_PRE },
    TemporaryMemory: { id: 10000, size: 4096, write: SPEC_CALLBACKS.watch },
  },
  preview: {
    RuntimeEnvironment: { id: 1000, size: 2, write: ['preprocess'] },
    RuntimeCanvas: { id: 1001, size: 2, write: ['preprocess'] },
    RuntimeSkinTransform: { id: 1002, size: 16, write: ['preprocess'] },
    RuntimeUI: { id: 1003, size: 2 * 9, write: ['preprocess'] },
    RuntimeUIConfiguration: { id: 1004, size: 2 * 2, write: ['preprocess'] },
    PreviewData: { id: 2000, size: 4096, write: ['preprocess'] },
    PreviewOption: { id: 2001, each: 1, write: NONE },
    EngineRom: { id: 3000, each: 1, write: NONE },
    EntityData: { id: 4000, size: 32, write: ['preprocess'] },
    EntitySharedMemory: { id: 4001, size: 32, write: ['preprocess'] },
    EntityInfo: { id: 4002, size: 2, write: NONE },
    EntityDataArray: { id: 4100, each: 32, write: ['preprocess'] },
    EntitySharedMemoryArray: { id: 4101, each: 32, write: ['preprocess'] },
    EntityInfoArray: { id: 4102, each: 2, write: NONE },
    TemporaryMemory: { id: 10000, size: 4096, write: ['preprocess', 'render'] },
  },
  tutorial: {
    RuntimeEnvironment: { id: 1000, size: 3, write: ['preprocess'] },
    RuntimeUpdate: { id: 1001, size: 3, write: NONE },
    RuntimeSkinTransform: { id: 1002, size: 16, write: SPEC_CALLBACKS.tutorial },
    RuntimeParticleTransform: { id: 1003, size: 16, write: SPEC_CALLBACKS.tutorial },
    RuntimeBackground: { id: 1004, size: 8, write: SPEC_CALLBACKS.tutorial },
    RuntimeUI: { id: 1005, size: 4 * 9, write: ['preprocess'] },
    RuntimeUIConfiguration: { id: 1006, size: 3 * 2, write: ['preprocess'] },
    TutorialMemory: { id: 2000, size: 4096, write: SPEC_CALLBACKS.tutorial },
    TutorialData: { id: 2001, size: 4096, write: ['preprocess'] },
    TutorialInstruction: { id: 2002, size: 1, write: SPEC_CALLBACKS.tutorial },
    EngineRom: { id: 3000, each: 1, write: NONE },
    TemporaryMemory: { id: 10000, size: 4096, write: SPEC_CALLBACKS.tutorial },
  },
}

/** Blocks of an entity's own (read through the entity whose callback runs). */
const PER_ENTITY = new Set([
  'EntityMemory',
  'EntityData',
  'EntitySharedMemory',
  'EntityInfo',
  'EntityDespawn',
  'EntityInput',
])
/** Callbacks that run for no entity. */
const GLOBAL: Record<Mode, readonly string[]> = {
  play: [],
  watch: ['updateSpawn'],
  preview: [],
  tutorial: SPEC_CALLBACKS.tutorial,
}

const MODES: Mode[] = ['play', 'watch', 'preview', 'tutorial']
const resources = { sprites: ['#NOTE_HEAD_RED'], clips: ['#PERFECT'], particles: [] }

/** Runs `expression` as `callback` of entity `entity` (−1 for none) on `host`, or a fresh host of `mode`
 *  with one entity, one archetype and a rom of two values. */
const runAs = (mode: Mode, callback: string, entity: number, expression: Val, host?: RunHost): number => {
  const run =
    host ??
    new RunHost(
      mode,
      { entityCount: 1, archetypeCount: 1, rom: Float32Array.of(1.5, 2.5) },
      levelTiming([]),
      resources,
    )
  const table = new NodeTable()
  const root = table.add(expression)
  const index = run.blocks.callbackIndex(callback)
  const compiled = run.compile(table.nodes, [{ index: root, callback: index }]).fn(root, index)
  run.blocks.callback = index
  run.blocks.entity = entity
  try {
    return compiled()
  } finally {
    run.blocks.callback = -1
    run.blocks.entity = -1
  }
}

describe('blocks: ids, sizes and access (the spec block pages)', () => {
  it.each(MODES)('names the %s callbacks as the specs do', (mode) => {
    expect([...CALLBACKS[mode]]).toEqual(SPEC_CALLBACKS[mode])
  })

  it.each(MODES)('numbers and sizes every %s block as its page gives', (mode) => {
    const ours = Object.fromEntries(BLOCKS[mode].map((block) => [block.name, block]))
    expect(Object.keys(ours).sort()).toEqual(Object.keys(SPEC[mode]).sort())
    for (const [name, spec] of Object.entries(SPEC[mode])) {
      const block = ours[name]!
      expect({ name, id: block.id }).toEqual({ name, id: spec.id })
      // A block of repeated parts holds whole parts (its length depends on the level or engine).
      if (spec.size !== undefined) expect({ name, size: block.size }).toEqual({ name, size: spec.size })
      else expect({ name, whole: block.size % spec.each! }).toEqual({ name, whole: 0 })
    }
  })

  it.each(MODES)(
    'lets each %s callback read every block and write only the blocks its pages allow',
    (mode) => {
      const misread: string[] = []
      for (const [name, spec] of Object.entries(SPEC[mode]))
        for (const callback of SPEC_CALLBACKS[mode]) {
          const global = GLOBAL[mode].includes(callback)
          const entity = global ? -1 : 0
          const outcome = (expression: Val) => {
            try {
              runAs(mode, callback, entity, expression)
              return 'permitted'
            } catch (error) {
              if (!(error instanceof EngineRefusal)) throw error
              return 'refused'
            }
          }
          // A global callback has no entity whose own blocks it could reach.
          const canRead = !(global && PER_ENTITY.has(name))
          const canWrite = spec.write.includes(callback) && canRead
          const read = outcome(Get(spec.id, 0))
          const write = outcome(Put(spec.id, 0, 1))
          if (read !== (canRead ? 'permitted' : 'refused')) misread.push(`${callback} reads ${name}: ${read}`)
          if (write !== (canWrite ? 'permitted' : 'refused'))
            misread.push(`${callback} writes ${name}: ${write}`)
        }
      expect(misread).toEqual([])
    },
  )

  it("refuses the per-entity blocks to watch's global updateSpawn but lets it read the entity arrays", () => {
    expect(() => runAs('watch', 'updateSpawn', -1, Get(WATCH.EntityMemory, 0))).toThrow(
      /uses EntityMemory outside an entity's callback/,
    )
    expect(runAs('watch', 'updateSpawn', -1, Get(WATCH.EntityInfoArray, 0))).toBe(0)
    expect(runAs('watch', 'updateSpawn', -1, Get(WATCH.EntityDataArray, 0))).toBe(0)
  })

  it('gives an entity made by Spawn Entity Memory and Entity Despawn but none of its other blocks', () => {
    const blocks = new Blocks({ mode: 'play', entityCount: 1, archetypeCount: 1 })
    const spawned = blocks.addEntity([4, 5])
    blocks.callback = blocks.callbackIndex('updateSequential')
    blocks.entity = spawned
    expect(blocks.read(PLAY.EntityMemory, 1)).toBe(5)
    blocks.write(PLAY.EntityDespawn, 0, 1)
    for (const name of ['EntityData', 'EntityInfo', 'EntityInput', 'EntitySharedMemory'] as const)
      expect(() => blocks.read(PLAY[name], 0)).toThrow(new RegExp(`uses ${name} in an entity made by Spawn`))
  })

  it('reads Engine Rom from the rom it is given', () => {
    expect(runAs('play', 'preprocess', 0, Get(PLAY.EngineRom, 1))).toBe(2.5)
    expect(runAs('watch', 'updateSpawn', -1, Get(WATCH.EngineRom, 1))).toBe(2.5)
    expect(runAs('preview', 'render', 0, Get(PREVIEW.EngineRom, 0))).toBe(1.5)
    expect(runAs('tutorial', 'update', -1, Get(TUTORIAL.EngineRom, 0))).toBe(1.5)
  })
})

// ---------------------------------------------------------------------------------------------------------
// Tiny engines built by hand, whose callbacks leave a trace: DebugLog (a frame callback's record, in the
// order callbacks ran) or values written to a level-wide block.

type Callbacks<M extends 'play' | 'watch' | 'preview'> = ArchetypeDef<M>['callbacks']
const body = (value: Val) => ({ body: value })
const log = (value: Val) => call('DebugLog', value)
/** Appends `value` to a list kept in `block` at `base`: its length there, its items after it. */
const append = (block: number, base: number, value: Val) =>
  Execute(Put(block, base, Get(block, base).add(1)), Put(block, Get(block, base).add(base), value))
const listAt = (values: Float64Array, base: number) => [
  ...values.subarray(base + 1, base + 1 + values[base]!),
]

const playArchetype = (
  name: string,
  callbacks: Callbacks<'play'>,
  more: { imports?: string[]; hasInput?: boolean; exports?: string[] } = {},
): ArchetypeDef<'play'> => ({
  name,
  hasInput: more.hasInput ?? false,
  imports: (more.imports ?? []).map((item, index) => ({ name: item, index })),
  exports: more.exports ?? [],
  callbacks,
})
const playEngine = (...archetypes: ArchetypeDef<'play'>[]) =>
  playData({
    skin: { sprites: [{ name: '#NOTE_HEAD_RED', id: 0 }] },
    effect: { clips: [{ name: '#PERFECT', id: 0 }] },
    particle: { effects: [] },
    buckets: [],
    archetypes,
  })
type EntitySpec = string | { archetype: string; data: Record<string, number> }
const levelOf = (...entities: EntitySpec[]): LevelData => ({
  bgmOffset: 0,
  entities: entities.map((entity) =>
    typeof entity === 'string'
      ? { archetype: entity, data: [] }
      : {
          archetype: entity.archetype,
          data: Object.entries(entity.data).map(([name, value]) => ({ name, value })),
        },
  ),
})
const playSetup = (data: PlaySetup['data'], level: LevelData, more: Partial<PlaySetup> = {}): PlaySetup => ({
  data,
  level,
  options: [],
  ...more,
})

const now = Get(PLAY.RuntimeUpdate, 0)
const me = Get(PLAY.EntityInfo, 0)
const despawn = Put(PLAY.EntityDespawn, 0, 1)
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
/** Matchers for each of `values`, to nine places. */
const close = (values: number[]) => values.map((value) => expect.closeTo(value, 9))
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i)
/** Copies each (block, index) into a block the callback may write, from `base` on. */
const copyAll = (to: number, base: number, probes: (readonly [number, number])[]) =>
  Execute(...probes.map(([block, index], k) => Put(to, base + k, Get(block, index))))
const probe = (block: number, indexes: number[]) => indexes.map((index) => [block, index] as const)

/** Reads of named groups of block values: the (block, index) pairs to copy, and the values copied, by group. */
const probeGroups = <K extends string>(groups: Record<K, (readonly [number, number])[]>) => ({
  probes: Object.values<(readonly [number, number])[]>(groups).flat(),
  seen: (values: Float64Array, base = 0) => {
    let at = base
    return Object.fromEntries(
      Object.entries<(readonly [number, number])[]>(groups).map(([name, pairs]) => {
        const group = [...values.subarray(at, at + pairs.length)]
        at += pairs.length
        return [name, group]
      }),
    ) as Record<K, number[]>
  },
})
const zeros = (count: number) => Array<number>(count).fill(0)

describe('initial block values (the spec block pages)', () => {
  it('starts play with identity transforms, its environment, options, Entity Info and Input, and imported Entity Data', () => {
    const { probes, seen } = probeGroups({
      skin: probe(PLAY.RuntimeSkinTransform, range(0, 16)),
      particle: probe(PLAY.RuntimeParticleTransform, range(0, 16)),
      environment: probe(PLAY.RuntimeEnvironment, range(0, 5)),
      input: probe(PLAY.EntityInput, range(0, 4)),
      info: probe(PLAY.EntityInfo, range(0, 3)),
      data: probe(PLAY.EntityData, range(0, 3)),
      options: probe(PLAY.LevelOption, range(0, 3)),
      memory: [
        ...probe(PLAY.EntityMemory, [0, 63]),
        ...probe(PLAY.EntitySharedMemory, [0, 31]),
        ...probe(PLAY.EntityDespawn, [0]),
        ...probe(PLAY.LevelMemory, [4095]),
        ...probe(PLAY.LevelData, [0, 4095]),
      ],
      scoring: [
        ...probe(PLAY.LevelScore, [0, 11]),
        ...probe(PLAY.LevelLife, [0, 5]),
        ...probe(PLAY.ArchetypeLife, range(4, 4)),
        ...probe(PLAY.LevelBucket, [0, 5]),
      ],
      ui: [...probe(PLAY.RuntimeUI, [0, 79]), ...probe(PLAY.RuntimeUIConfiguration, [0, 9])],
    })
    const data = playEngine(
      playArchetype('Other', {}),
      playArchetype(
        'Probe',
        { preprocess: body(copyAll(PLAY.LevelMemory, 0, probes)) },
        { imports: ['x', 'y'] },
      ),
    )
    const level = levelOf('Other', { archetype: 'Probe', data: { y: 7 } })
    const run = new PlayRun(
      playSetup(data, level, { options: [0.5, 3, 1], aspectRatio: 2, inputOffset: 0.05 }),
    )
    expect(seen(run.host.blocks.raw('LevelMemory'))).toEqual({
      skin: IDENTITY,
      particle: IDENTITY,
      // Debug off, the aspect ratio, no audio offset, the input offset, not multiplayer.
      environment: [0, 2, 0, 0.05, 0],
      // Miss, accuracy 0, no bucket, bucket value 0.
      input: [0, 0, -1, 0],
      // Its index, its archetype's index, waiting.
      info: [1, 1, 0],
      // Zeros but for what the level gives its imports.
      data: [0, 7, 0],
      options: [0.5, 3, 1],
      memory: zeros(8),
      scoring: zeros(10),
      ui: zeros(4),
    })
  })

  it('starts watch with its environment, a replay flag, and Entity Input with no bucket', () => {
    const { probes, seen } = probeGroups({
      skin: probe(WATCH.RuntimeSkinTransform, range(0, 16)),
      particle: probe(WATCH.RuntimeParticleTransform, range(0, 16)),
      environment: probe(WATCH.RuntimeEnvironment, range(0, 5)),
      input: probe(WATCH.EntityInput, range(0, 3)),
      info: probe(WATCH.EntityInfo, range(0, 3)),
      data: probe(WATCH.EntityData, range(0, 3)),
      options: probe(WATCH.LevelOption, range(0, 2)),
      memory: [
        ...probe(WATCH.EntityMemory, [0, 63]),
        ...probe(WATCH.EntitySharedMemory, [0, 31]),
        ...probe(WATCH.LevelMemory, [4095]),
        ...probe(WATCH.LevelData, [0, 4095]),
      ],
    })
    const data = watchEngine([
      watchArchetype('Other', {}),
      watchArchetype('Probe', { preprocess: body(copyAll(WATCH.LevelMemory, 0, probes)) }, ['x', 'y']),
    ])
    const level = levelOf('Other', { archetype: 'Probe', data: { y: 7 } })
    const run = (replay?: ReplayData) =>
      seen(
        new WatchRun({ data, level, options: [4, 5], aspectRatio: 2, replay }).host.blocks.raw('LevelMemory'),
      )
    const expected = (replay: number) => ({
      skin: IDENTITY,
      particle: IDENTITY,
      // The last: whether a replay is watched.
      environment: [0, 2, 0, 0, replay],
      // Target time 0, no bucket, bucket value 0.
      input: [0, -1, 0],
      info: [1, 1, 0],
      data: [0, 7, 0],
      options: [4, 5],
      memory: zeros(7),
    })
    expect(run()).toEqual(expected(0))
    expect(run(emptyReplay)).toEqual(expected(1))
  })

  it('starts preview with its environment, an empty canvas and Entity Info of index and archetype', () => {
    const { probes, seen } = probeGroups({
      skin: probe(PREVIEW.RuntimeSkinTransform, range(0, 16)),
      environment: probe(PREVIEW.RuntimeEnvironment, range(0, 2)),
      canvas: probe(PREVIEW.RuntimeCanvas, range(0, 2)),
      info: probe(PREVIEW.EntityInfo, range(0, 2)),
      data: probe(PREVIEW.EntityData, range(0, 3)),
      options: probe(PREVIEW.PreviewOption, range(0, 2)),
      memory: [...probe(PREVIEW.EntitySharedMemory, [0, 31]), ...probe(PREVIEW.PreviewData, [4095])],
      ui: [...probe(PREVIEW.RuntimeUI, [0, 17]), ...probe(PREVIEW.RuntimeUIConfiguration, [0, 3])],
    })
    const data = previewData({
      skin: { sprites: [] },
      archetypes: [
        { name: 'Other', imports: [], callbacks: {} },
        {
          name: 'Probe',
          imports: [
            { name: 'x', index: 0 },
            { name: 'y', index: 1 },
          ],
          callbacks: { preprocess: body(copyAll(PREVIEW.PreviewData, 0, probes)) },
        },
      ],
    })
    const level = levelOf('Other', { archetype: 'Probe', data: { y: 7 } })
    const preview = runPreview({ data, level, options: [4, 5], aspectRatio: 2 })
    expect(seen(preview.host.blocks.raw('PreviewData'))).toEqual({
      skin: IDENTITY,
      environment: [0, 2],
      canvas: [0, 0],
      info: [1, 1],
      data: [0, 7, 0],
      options: [4, 5],
      memory: zeros(3),
      ui: zeros(4),
    })
  })

  it('starts tutorial with its environment, identity transforms and no instruction text', () => {
    const { probes, seen } = probeGroups({
      skin: probe(TUTORIAL.RuntimeSkinTransform, range(0, 16)),
      particle: probe(TUTORIAL.RuntimeParticleTransform, range(0, 16)),
      environment: probe(TUTORIAL.RuntimeEnvironment, range(0, 3)),
      instruction: probe(TUTORIAL.TutorialInstruction, [0]),
      memory: [...probe(TUTORIAL.TutorialMemory, [4095]), ...probe(TUTORIAL.TutorialData, [0, 4095])],
      ui: [...probe(TUTORIAL.RuntimeUI, [0, 35]), ...probe(TUTORIAL.RuntimeUIConfiguration, [0, 5])],
    })
    const run = new TutorialRun(
      tutorialEngine({ preprocess: copyAll(TUTORIAL.TutorialMemory, 0, probes) }),
      2,
    )
    expect(seen(run.host.blocks.raw('TutorialMemory'))).toEqual({
      skin: IDENTITY,
      particle: IDENTITY,
      // Debug off, the aspect ratio, no audio offset.
      environment: [0, 2, 0],
      // No text.
      instruction: [-1],
      memory: zeros(3),
      // Runtime UI empty; its configuration the player's settings, here their defaults (scale and alpha 1).
      ui: [0, 0, 1, 1],
    })
  })
})

const watchArchetype = (
  name: string,
  callbacks: Callbacks<'watch'>,
  imports: string[] = [],
): ArchetypeDef<'watch'> => ({
  name,
  hasInput: false,
  imports: imports.map((item, index) => ({ name: item, index })),
  callbacks,
})
const watchEngine = (archetypes: ArchetypeDef<'watch'>[], updateSpawn: Val = Get(WATCH.RuntimeUpdate, 0)) =>
  watchData({
    skin: { sprites: [{ name: '#NOTE_HEAD_RED', id: 0 }] },
    effect: { clips: [{ name: '#PERFECT', id: 0 }] },
    particle: { effects: [] },
    buckets: [],
    archetypes,
    updateSpawn,
  })
const emptyReplay = {
  inputs: { entityIndex: [], time: [], judgment: [], accuracy: [] },
  touches: { l: [], t: [], x: [], y: [] },
  entities: [],
} as unknown as ReplayData
const tutorialEngine = (callbacks: { preprocess?: Val; navigate?: Val; update?: Val }) =>
  tutorialData({
    skin: { sprites: [] },
    effect: { clips: [] },
    particle: { effects: [] },
    instruction: { texts: [], icons: [] },
    preprocess: callbacks.preprocess ?? 0,
    navigate: callbacks.navigate ?? 0,
    update: callbacks.update ?? 0,
  })

/** Which stage each log of `stage × 100 + entity` came from, a run of one stage counted once. */
const stages = (logs: readonly number[]) =>
  logs.map((value) => Math.floor(value / 100)).filter((stage, i, all) => i === 0 || all[i - 1] !== stage)

describe('play lifecycle (the spec play-lifecycle pages)', () => {
  it('preprocesses every entity by its callback order, then its index, before any spawnOrder', () => {
    // Each preprocess appends its entity to a list in Level Memory; spawnOrder sees the list's length.
    const data = playEngine(
      playArchetype('Late', {
        preprocess: { body: append(PLAY.LevelMemory, 0, me), order: 2 },
        spawnOrder: body(Execute(Put(PLAY.EntityMemory, 0, Get(PLAY.LevelMemory, 0)), 0)),
      }),
      playArchetype('Early', {
        preprocess: { body: append(PLAY.LevelMemory, 0, me), order: 1 },
        spawnOrder: body(Execute(Put(PLAY.EntityMemory, 0, Get(PLAY.LevelMemory, 0)), 0)),
      }),
    )
    const run = new PlayRun(playSetup(data, levelOf('Late', 'Early', 'Late', 'Early')))
    expect(listAt(run.host.blocks.raw('LevelMemory'), 0)).toEqual([1, 3, 0, 2])
    const memory = run.host.blocks.raw('EntityMemory')
    expect([0, 1, 2, 3].map((entity) => memory[entity * 64])).toEqual([4, 4, 4, 4])
  })

  it('queues entities by spawn order, keeping level order on ties, and spawns none past a head that says no', () => {
    // Each entity may spawn from its `at`; its spawn order is `order`; initialize records the time.
    const data = playEngine(
      playArchetype(
        'Queued',
        {
          spawnOrder: body(Get(PLAY.EntityData, 0)),
          shouldSpawn: body(now.ge(Get(PLAY.EntityData, 1))),
          initialize: body(Put(PLAY.EntityMemory, 0, now.add(1))),
        },
        { imports: ['order', 'at'] },
      ),
    )
    const level = levelOf(
      { archetype: 'Queued', data: { order: 2, at: 1.5 } },
      { archetype: 'Queued', data: { order: 1, at: 1 } },
      { archetype: 'Queued', data: { order: 2, at: 0.5 } },
      { archetype: 'Queued', data: { order: 3, at: 0 } },
    )
    const run = runPlay(playSetup(data, level), [], 60, 2.5)
    const memory = run.host.blocks.raw('EntityMemory')
    // The queue is entities 1, 0, 2, 3: none spawns before the one ahead of it.
    expect([0, 1, 2, 3].map((entity) => memory[entity * 64]! - 1)).toEqual([1.5, 1, 1.5, 1.5])
  })

  it('runs each frame in stages: initialize, updateSequential, touch, updateParallel, then terminate', () => {
    const data = playEngine(
      playArchetype('Logger', {
        shouldSpawn: body(1),
        initialize: body(log(me.add(100))),
        updateSequential: body(log(me.add(200))),
        touch: body(log(me.add(300))),
        updateParallel: body(Execute(log(me.add(400)), despawn)),
        terminate: body(log(me.add(500))),
      }),
    )
    const touch: TouchScript = {
      points: [
        { time: 0, x: 0, y: 0 },
        { time: 0.5, x: 0, y: 0 },
      ],
    }
    const run = runPlay(playSetup(data, levelOf('Logger', 'Logger')), [touch], 60, 1)
    expect(run.host.logs).toHaveLength(10)
    expect(stages(run.host.logs)).toEqual([1, 2, 3, 4, 5])
  })

  it('runs touch only in frames that have a touch', () => {
    const data = playEngine(
      playArchetype('Toucher', {
        touch: body(log(now)),
        updateParallel: body(when(now.ge(0.25), despawn)),
      }),
    )
    const touch: TouchScript = {
      points: [
        { time: 0.105, x: 0, y: 0 },
        { time: 0.14, x: 0, y: 0 },
      ],
    }
    const run = runPlay(playSetup(data, levelOf('Toucher')), [touch], 60, 1)
    expect(run.host.logs).toEqual([7 / 60, 8 / 60, 9 / 60])
  })

  it('runs updateSequential and touch entity by entity in their callback order, then index', () => {
    const callbacks = (order: number): Callbacks<'play'> => ({
      updateSequential: { body: append(PLAY.LevelMemory, 0, me), order },
      touch: { body: append(PLAY.LevelMemory, 100, me), order },
      updateParallel: body(despawn),
    })
    const data = playEngine(playArchetype('Second', callbacks(5)), playArchetype('First', callbacks(-1)))
    const touch: TouchScript = {
      points: [
        { time: 0, x: 0, y: 0 },
        { time: 0.5, x: 0, y: 0 },
      ],
    }
    const run = runPlay(playSetup(data, levelOf('Second', 'First', 'Second', 'First')), [touch], 60, 1)
    const memory = run.host.blocks.raw('LevelMemory')
    expect(listAt(memory, 0)).toEqual([1, 3, 0, 2])
    expect(listAt(memory, 100)).toEqual([1, 3, 0, 2])
  })

  it('despawns, with terminate, an entity whose Entity Despawn is set at the end of a frame, Entity Info saying waiting, active, despawned', () => {
    // The watcher records the target's state each frame; the target spawns in frame 2 and asks to
    // despawn in frame 4.
    const data = playEngine(
      playArchetype('Watcher', {
        spawnOrder: body(0),
        updateSequential: body(append(PLAY.LevelMemory, 0, Get(PLAY.EntityInfoArray, 1 * 3 + 2))),
      }),
      playArchetype('Target', {
        spawnOrder: body(1),
        shouldSpawn: body(now.ge(0.03)),
        updateParallel: body(when(now.ge(0.06), despawn)),
        terminate: body(log(now)),
      }),
    )
    const run = runPlay(playSetup(data, levelOf('Watcher', 'Target')), [], 60, 0.1)
    expect(listAt(run.host.blocks.raw('LevelMemory'), 0)).toEqual([0, 0, 1, 1, 1, 2, 2, 2])
    expect(run.host.logs).toEqual([4 / 60])
  })

  it('spawns what Spawn asked for in the next frame, with its data in Entity Memory, and neither judges nor scores it', () => {
    const data = playEngine(
      playArchetype('Spawner', {
        updateParallel: body(Execute(call('Spawn', 1, 7, 8), despawn)),
      }),
      playArchetype(
        'Child',
        {
          initialize: body(
            Execute(log(now), log(Get(PLAY.EntityMemory, 0).mul(10).add(Get(PLAY.EntityMemory, 1)))),
          ),
          updateParallel: body(despawn),
        },
        { hasInput: true },
      ),
    )
    const run = runPlay(playSetup(data, levelOf('Spawner')), [], 60, 0.2)
    expect(run.host.logs).toEqual([1 / 60, 78])
    expect(run.judged).toEqual([])
    expect(run.result().totalCount).toBe(0)
  })

  it('refuses an entity made by Spawn that reads its Entity Data', () => {
    const data = playEngine(
      playArchetype('Spawner', { updateParallel: body(Execute(call('Spawn', 1), despawn)) }),
      playArchetype('Nosy', { initialize: body(log(Get(PLAY.EntityData, 0))) }),
    )
    expect(() => runPlay(playSetup(data, levelOf('Spawner')), [], 60, 0.2)).toThrow(
      /uses EntityData in an entity made by Spawn.*callback initialize, entity 1 \(Nosy\), frame 1/,
    )
  })

  it('presents what an entity draws in its terminate, as it leaves', () => {
    const data = playEngine(
      playArchetype('Leaver', {
        updateParallel: body(despawn),
        terminate: body(Draw(0, rect(-1, 1, -1, 1), 3, 1)),
      }),
    )
    const run = runPlay(playSetup(data, levelOf('Leaver'), { record: true }), [], 60, 0.1)
    expect(run.frames[0]!.draws).toEqual([{ sprite: 0, quad: [-1, -1, -1, 1, 1, 1, 1, -1], z: 3, alpha: 1 }])
  })

  it('reads a block only preprocess may write as the value preprocess left there (late optimisation)', () => {
    const data = playEngine(
      playArchetype('Reader', {
        preprocess: body(Put(PLAY.LevelData, 0, 5)),
        updateSequential: body(Put(PLAY.LevelMemory, 0, Get(PLAY.LevelData, 0))),
      }),
    )
    const run = new PlayRun(playSetup(data, levelOf('Reader')))
    // Nothing in the engine can change Level Data now; a change behind its back is not seen.
    run.host.blocks.raw('LevelData')[0] = 99
    run.step(0)
    expect(run.host.blocks.raw('LevelMemory')[0]).toBe(5)
  })
})

describe('play scoring (the spec Entity Input, Level Score, Archetype Life and Level Life pages)', () => {
  /** A level of notes judged, one every 0.1 s, as `judgments` say; Setup fills the scoring blocks. */
  const scored = (
    judgments: number[],
    blocks: { score?: number[]; archetypeLife?: number[]; levelLife?: number[] } = {},
  ) => {
    const data = playEngine(
      playArchetype('Setup', {
        preprocess: body(
          Execute(
            ...(blocks.score ?? [1, 0.8, 0.5]).map((value, i) => Put(PLAY.LevelScore, i, value)),
            // The Note archetype is the second: its life configuration starts at 4.
            ...(blocks.archetypeLife ?? []).map((value, i) => Put(PLAY.ArchetypeLife, 4 + i, value)),
            ...(blocks.levelLife ?? []).map((value, i) => Put(PLAY.LevelLife, i, value)),
            0,
          ),
        ),
        updateParallel: body(despawn),
      }),
      playArchetype(
        'Note',
        {
          updateParallel: body(
            when(
              now.ge(Get(PLAY.EntityData, 0)),
              Put(PLAY.EntityInput, 0, Get(PLAY.EntityData, 1)),
              Put(PLAY.EntityInput, 1, Get(PLAY.EntityData, 0).div(10)),
              Put(PLAY.EntityInput, 2, 0),
              Put(PLAY.EntityInput, 3, 3),
              despawn,
            ),
          ),
        },
        { hasInput: true, imports: ['at', 'judgment'] },
      ),
    )
    const level = levelOf(
      'Setup',
      ...judgments.map((judgment, k) => ({ archetype: 'Note', data: { at: 0.1 * (k + 1), judgment } })),
    )
    return runPlay(playSetup(data, level), [])
  }

  it('judges a playable entity from its Entity Input as it despawns, and an entity without input not at all', () => {
    const run = scored([1, 2, 3, 0])
    expect(
      run.judged.map(({ entity, judgment, accuracy, bucket, bucketValue }) => [
        entity,
        judgment,
        accuracy,
        bucket,
        bucketValue,
      ]),
    ).toEqual([
      [1, 1, expect.closeTo(0.01, 9), 0, 3],
      [2, 2, expect.closeTo(0.02, 9), 0, 3],
      [3, 3, expect.closeTo(0.03, 9), 0, 3],
      [4, 0, expect.closeTo(0.04, 9), 0, 3],
    ])
    expect(run.result()).toMatchObject({ perfect: 1, great: 1, good: 1, miss: 1, totalCount: 4 })
  })

  it('scales the arcade score to 1,000,000, so that only the ratio of the multipliers counts', () => {
    expect(scored([1, 2, 3, 0]).result().arcadeScore).toBe(575_000)
    expect(scored([1, 2, 3, 0], { score: [100, 80, 50] }).result().arcadeScore).toBe(575_000)
    expect(scored([1, 1]).result().arcadeScore).toBe(1_000_000)
  })

  it('adds the consecutive score bonus for every step of a streak reached, up to its cap', () => {
    // Perfect +0.5 for every 2 in a row, counting at most 4: the streak of four earns 0, 0.5, 0.5, 1, the
    // Great breaks it. All Perfect would earn 6 + 0 + 0.5 + 0.5 + 1 + 1 + 1.
    const run = scored([1, 1, 1, 1, 2, 1], { score: [1, 0.8, 0.5, 0.5, 2, 4] })
    expect(run.result().arcadeScore).toBe(Math.round((1_000_000 * (5.8 + 2)) / 10))
  })

  it('starts life at 1,000 and changes it by the Archetype Life of each judgment', () => {
    expect(scored([1, 2, 3, 0], { archetypeLife: [-10, -20, -30, -40] }).life).toBe(900)
  })

  it('changes life no more once it reaches 0: the level is failed', () => {
    const run = scored([0, 0, 1], { archetypeLife: [100, 0, 0, -600] })
    expect(run.life).toBe(0)
    expect(run.result().grade).toBe('fail')
  })

  it('adds the consecutive life increment at every step of a streak reached', () => {
    expect(scored([1, 1, 1, 1], { archetypeLife: [-10, 0, 0, 0], levelLife: [5, 2] }).life).toBe(970)
  })
})

describe('Runtime Update and the entity arrays in play (the spec pages)', () => {
  it('gives each frame its time, the time since the last frame and the scaled time', () => {
    const data = playEngine(
      playArchetype('#TIMESCALE_CHANGE', {}, { imports: ['#BEAT', '#TIMESCALE'] }),
      playArchetype('Clock', {
        updateSequential: body(
          Execute(
            append(PLAY.LevelMemory, 0, Get(PLAY.RuntimeUpdate, 0)),
            append(PLAY.LevelMemory, 100, Get(PLAY.RuntimeUpdate, 1)),
            append(PLAY.LevelMemory, 200, Get(PLAY.RuntimeUpdate, 2)),
          ),
        ),
      }),
    )
    // At 60 BPM, from beat 1 on, time runs twice as fast.
    const level = levelOf({ archetype: '#TIMESCALE_CHANGE', data: { '#BEAT': 1, '#TIMESCALE': 2 } }, 'Clock')
    const run = new PlayRun(playSetup(data, level))
    for (const time of [0, 0.5, 1.5]) run.step(time)
    const memory = run.host.blocks.raw('LevelMemory')
    expect([listAt(memory, 0), listAt(memory, 100), listAt(memory, 200)]).toEqual([
      [0, 0.5, 1.5],
      [0, 0.5, 1],
      [0, 0.5, 2],
    ])
  })

  it("shows every entity's Entity Data, Shared Memory and Info side by side in the arrays", () => {
    const data = playEngine(
      playArchetype(
        'Sharer',
        {
          preprocess: body(Put(PLAY.EntitySharedMemory, 1, Get(PLAY.EntityData, 0).mul(2))),
          updateSequential: body(
            when(
              me.eq(0),
              copyAll(PLAY.LevelMemory, 0, [
                [PLAY.EntityDataArray, 32 + 0],
                [PLAY.EntitySharedMemoryArray, 32 + 1],
                [PLAY.EntityInfoArray, 3 + 0],
                [PLAY.EntityInfoArray, 3 + 1],
                [PLAY.EntityInfoArray, 3 + 2],
              ]),
            ),
          ),
        },
        { imports: ['x'] },
      ),
    )
    const level = levelOf({ archetype: 'Sharer', data: { x: 3 } }, { archetype: 'Sharer', data: { x: 5 } })
    const run = new PlayRun(playSetup(data, level))
    run.step(0)
    // The second entity's x, its shared value, its index, archetype and state (active).
    expect([...run.host.blocks.raw('LevelMemory').subarray(0, 5)]).toEqual([5, 10, 1, 0, 1])
  })
})

describe('Runtime Touch Array and Runtime Update in play (the spec pages)', () => {
  /** Each frame's first touch, as touch saw it (its 15 values), with the touch count. */
  const touchesSeen = (touch: TouchScript, inputOffset = 0) => {
    const slot = (i: number) =>
      Get(PLAY.LevelMemory, 0)
        .mul(16)
        .add(1 + i)
    const data = playEngine(
      playArchetype('Reader', {
        touch: body(
          Execute(
            ...range(0, 15).map((i) => Put(PLAY.LevelMemory, slot(i), Get(PLAY.RuntimeTouchArray, i))),
            Put(PLAY.LevelMemory, slot(15), Get(PLAY.RuntimeUpdate, 3)),
            Put(PLAY.LevelMemory, 0, Get(PLAY.LevelMemory, 0).add(1)),
          ),
        ),
      }),
    )
    const run = runPlay(playSetup(data, levelOf('Reader'), { inputOffset }), [touch], 60, 0.3)
    const memory = run.host.blocks.raw('LevelMemory')
    return range(0, memory[0]!).map((k) => [...memory.subarray(1 + k * 16, 1 + k * 16 + 16)])
  }

  // Times and places a single-precision float holds exactly, so that they reach the engine unchanged.
  const swipe: TouchScript = {
    points: [
      { time: 0.125, x: 0, y: 0 },
      { time: 0.25, x: 0.5, y: -0.25 },
    ],
  }
  const along = (time: number) => (time - 0.125) / 0.125

  it('gives each touch its id, started and ended flags, times, positions, deltas and velocities', () => {
    const seen = touchesSeen(swipe)
    // Frames 8 to 15: down at 0.125, up at 0.25, moving 4 units a second right and 2 down.
    expect(seen).toHaveLength(8)
    const step = 0.5 / 60 / 0.125
    const speed = Math.hypot(4, 2)
    // id, started, ended, t, st, x, y, sx, sy, dx, dy, vx, vy, vr, (vw), count
    expect(seen[0]!.slice(0, 14)).toEqual(
      close([1, 1, 0, 8 / 60, 0.125, 0.5 * along(8 / 60), -0.25 * along(8 / 60), 0, 0, 0, 0, 0, 0, 0]),
    )
    expect(seen[2]!.slice(0, 14)).toEqual(
      close([
        1,
        0,
        0,
        10 / 60,
        0.125,
        0.5 * along(10 / 60),
        -0.25 * along(10 / 60),
        0,
        0,
        step,
        -step / 2,
        4,
        -2,
        speed,
      ]),
    )
    expect(seen[7]!.slice(0, 14)).toEqual(
      close([1, 0, 1, 0.25, 0.125, 0.5, -0.25, 0, 0, step, -step / 2, 4, -2, speed]),
    )
    expect(seen.map((values) => values[15])).toEqual(Array(8).fill(1))
  })

  it('gives touch times with the input offset taken off', () => {
    const seen = touchesSeen(swipe, 0.0625)
    expect(seen[0]!.slice(3, 5)).toEqual(close([8 / 60 - 0.0625, 0.0625]))
    expect(seen.at(-1)!.slice(2, 5)).toEqual(close([1, 0.1875, 0.0625]))
  })

  it('reports a touch that starts and ends within one frame as both started and ended', () => {
    const seen = touchesSeen({
      points: [
        { time: 0.109375, x: 0.25, y: 0 },
        { time: 0.11328125, x: 0.25, y: 0 },
      ],
    })
    expect(seen).toHaveLength(1)
    expect(seen[0]!.slice(0, 6)).toEqual(close([1, 1, 1, 0.11328125, 0.109375, 0.25]))
  })
})

describe('watch lifecycle (the spec watch-lifecycle pages)', () => {
  const span = (from: number, to: number) => ({ archetype: 'Span', data: { from, to } })
  const spanArchetype = watchArchetype(
    'Span',
    {
      spawnTime: body(Get(WATCH.EntityData, 0)),
      despawnTime: body(Get(WATCH.EntityData, 1)),
      initialize: body(log(Get(WATCH.EntityInfo, 0).add(100))),
      updateSequential: body(log(Get(WATCH.EntityInfo, 0).add(200))),
      updateParallel: body(log(Get(WATCH.EntityInfo, 0).add(300))),
      terminate: body(log(Get(WATCH.EntityInfo, 0).add(400))),
    },
    ['from', 'to'],
  )
  const always = { spawnTime: body(-1e9), despawnTime: body(1e9) }

  it('preprocesses by callback order, then asks every entity its spawn and despawn time', () => {
    const callbacks = (order: number): Callbacks<'watch'> => ({
      preprocess: { body: append(WATCH.LevelMemory, 0, Get(WATCH.EntityInfo, 0)), order },
      spawnTime: body(Execute(Put(WATCH.EntityMemory, 0, Get(WATCH.LevelMemory, 0)), 0)),
      despawnTime: body(Execute(Put(WATCH.EntityMemory, 1, Get(WATCH.EntityMemory, 0).add(1)), 9)),
    })
    const data = watchEngine([watchArchetype('Late', callbacks(2)), watchArchetype('Early', callbacks(1))])
    const run = new WatchRun({ data, level: levelOf('Late', 'Early', 'Late', 'Early'), options: [] })
    expect(listAt(run.host.blocks.raw('LevelMemory'), 0)).toEqual([1, 3, 0, 2])
    const memory = run.host.blocks.raw('EntityMemory')
    expect([0, 1, 2, 3].map((entity) => [memory[entity * 64], memory[entity * 64 + 1]])).toEqual(
      Array(4).fill([4, 5]),
    )
    expect(run.ranges).toEqual(Array(4).fill({ spawn: 0, despawn: 9 }))
  })

  it('each frame terminates the entities leaving, initializes those arriving, then updates sequentially and in parallel', () => {
    const run = new WatchRun({
      data: watchEngine([spanArchetype]),
      level: levelOf(span(0, 1), span(1, 2)),
      options: [],
    })
    const frame = (time: number) => {
      const before = run.host.logs.length
      run.step(time)
      return run.host.logs.slice(before)
    }
    expect(frame(0)).toEqual([100, 200, 300])
    expect(frame(0.5)).toEqual([200, 300])
    // At 1 the first entity's range has ended and the second's begun.
    expect(frame(1)).toEqual([400, 101, 201, 301])
    expect(frame(2)).toEqual([401])
  })

  it("spawns the entities whose range holds updateSpawn's value, not the time itself", () => {
    const data = watchEngine([spanArchetype], Get(WATCH.RuntimeUpdate, 0).add(1))
    const run = new WatchRun({ data, level: levelOf(span(0, 1), span(1, 2)), options: [] })
    run.step(0)
    expect([...run.activeEntities]).toEqual([1])
  })

  it('spawns an entity again when a seek brings its range back', () => {
    const run = new WatchRun({
      data: watchEngine([spanArchetype]),
      level: levelOf(span(0, 1), span(1, 2)),
      options: [],
    })
    run.step(0)
    run.step(1.5, true)
    run.step(0.5, true)
    expect(run.spawnCount).toEqual([2, 1])
    expect(run.host.logs.filter((value) => value === 100)).toHaveLength(2)
  })

  it('puts what preprocess spawned in the spawn queue: its data in Entity Memory, its range from its own callbacks', () => {
    const data = watchEngine([
      watchArchetype('Spawner', { ...always, preprocess: body(call('Spawn', 1, 1.5, 2.5)) }),
      watchArchetype('Made', {
        spawnTime: body(Get(WATCH.EntityMemory, 0)),
        despawnTime: body(Get(WATCH.EntityMemory, 1)),
        updateSequential: body(append(WATCH.LevelMemory, 0, Get(WATCH.RuntimeUpdate, 0))),
      }),
    ])
    const run = new WatchRun({ data, level: levelOf('Spawner'), options: [] })
    expect(run.ranges).toEqual([
      { spawn: -1e9, despawn: 1e9 },
      { spawn: 1.5, despawn: 2.5 },
    ])
    for (const time of [0, 1, 2, 3]) run.step(time)
    expect(listAt(run.host.blocks.raw('LevelMemory'), 0)).toEqual([2])
  })

  it('marks an entity inactive in Entity Info until it spawns, active while it is, and inactive again after', () => {
    const data = watchEngine([
      watchArchetype('Watcher', {
        ...always,
        updateSequential: body(append(WATCH.LevelMemory, 0, Get(WATCH.EntityInfoArray, 1 * 3 + 2))),
      }),
      spanArchetype,
    ])
    const run = new WatchRun({ data, level: levelOf('Watcher', span(1, 2)), options: [] })
    for (const time of [0, 0.5, 1, 1.5, 2, 2.5]) run.step(time)
    expect(listAt(run.host.blocks.raw('LevelMemory'), 0)).toEqual([0, 0, 1, 1, 0, 0])
  })

  it('gives each watch frame its time, the time since the last frame, the scaled time, and whether it is a skip', () => {
    const data = watchEngine([
      watchArchetype('#TIMESCALE_CHANGE', { ...always }, ['#BEAT', '#TIMESCALE']),
      watchArchetype('Watcher', {
        ...always,
        updateSequential: body(
          Execute(...range(0, 4).map((i) => append(WATCH.LevelMemory, i * 100, Get(WATCH.RuntimeUpdate, i)))),
        ),
      }),
    ])
    // At 60 BPM, from beat 1 on, time runs twice as fast.
    const level = levelOf(
      { archetype: '#TIMESCALE_CHANGE', data: { '#BEAT': 1, '#TIMESCALE': 2 } },
      'Watcher',
    )
    const run = new WatchRun({ data, level, options: [] })
    run.step(0)
    run.step(5, true)
    run.step(5.5)
    const memory = run.host.blocks.raw('LevelMemory')
    expect(range(0, 4).map((i) => listAt(memory, i * 100))).toEqual([
      [0, 5, 5.5],
      [0, 5, 0.5],
      [0, 9, 10],
      [0, 1, 0],
    ])
  })

  it('refuses Play, PlayLooped and StopLooped in watch mode, and presents what preprocess scheduled', () => {
    for (const [name, effect] of [
      ['Play', Play(0, 0)],
      ['PlayLooped', call('PlayLooped', 0)],
      ['StopLooped', call('StopLooped', 1)],
    ] as const) {
      const data = watchEngine([watchArchetype('Noisy', { ...always, initialize: body(effect) })])
      const run = new WatchRun({ data, level: levelOf('Noisy'), options: [] })
      expect(() => run.step(0)).toThrow(new RegExp(`calls ${name}, which this callback may not`))
    }
    const data = watchEngine([watchArchetype('Scheduler', { preprocess: body(PlayScheduled(0, 2, 0.02)) })])
    const run = new WatchRun({ data, level: levelOf('Scheduler'), options: [] })
    expect(run.scheduled).toEqual([{ clip: 0, time: 2, distance: 0.02 }])
  })
})

describe('the entity arrays in watch and preview (the spec pages)', () => {
  it("shows every watch entity's Entity Data, Shared Memory and Info side by side in the arrays", () => {
    const data = watchEngine([
      watchArchetype(
        'Sharer',
        {
          preprocess: body(Put(WATCH.EntitySharedMemory, 1, Get(WATCH.EntityData, 0).mul(2))),
          spawnTime: body(-1e9),
          despawnTime: body(1e9),
          updateSequential: body(
            when(
              Get(WATCH.EntityInfo, 0).eq(0),
              copyAll(WATCH.LevelMemory, 0, [
                [WATCH.EntityDataArray, 32 + 0],
                [WATCH.EntitySharedMemoryArray, 32 + 1],
                [WATCH.EntityInfoArray, 3 + 0],
                [WATCH.EntityInfoArray, 3 + 1],
                [WATCH.EntityInfoArray, 3 + 2],
              ]),
            ),
          ),
        },
        ['x'],
      ),
    ])
    const level = levelOf({ archetype: 'Sharer', data: { x: 3 } }, { archetype: 'Sharer', data: { x: 5 } })
    const run = new WatchRun({ data, level, options: [] })
    run.step(0)
    // The second entity's x, its shared value, its index, archetype and state (active).
    expect([...run.host.blocks.raw('LevelMemory').subarray(0, 5)]).toEqual([5, 10, 1, 0, 1])
  })

  it("shows every preview entity's Entity Data, Shared Memory and Info side by side in the arrays", () => {
    const me = Get(PREVIEW.EntityInfo, 0)
    const data = previewData({
      skin: { sprites: [] },
      archetypes: [
        {
          name: 'Sharer',
          imports: [{ name: 'x', index: 0 }],
          callbacks: {
            preprocess: body(
              Execute(
                Put(PREVIEW.EntitySharedMemory, 1, Get(PREVIEW.EntityData, 0).mul(2)),
                // The second entity, preprocessed after the first, looks at it.
                when(
                  me.eq(1),
                  copyAll(PREVIEW.PreviewData, 0, [
                    [PREVIEW.EntityDataArray, 0],
                    [PREVIEW.EntitySharedMemoryArray, 1],
                    [PREVIEW.EntityInfoArray, 0],
                    [PREVIEW.EntityInfoArray, 1],
                  ]),
                ),
              ),
            ),
          },
        },
      ],
    })
    const level = levelOf({ archetype: 'Sharer', data: { x: 3 } }, { archetype: 'Sharer', data: { x: 5 } })
    const preview = runPreview({ data, level, options: [] })
    expect([...preview.host.blocks.raw('PreviewData').subarray(0, 4)]).toEqual([3, 6, 0, 0])
  })
})

describe('preview and tutorial lifecycles (the spec pages)', () => {
  it('preview preprocesses every entity by callback order, then renders each one', () => {
    const me = Get(PREVIEW.EntityInfo, 0)
    const callbacks = (order: number): Callbacks<'preview'> => ({
      preprocess: { body: append(PREVIEW.PreviewData, 0, me), order },
      render: body(Draw(0, rect(-1, 1, -1, 1), me, 1)),
    })
    const data = previewData({
      skin: { sprites: [{ name: '#NOTE_HEAD_RED', id: 0 }] },
      archetypes: [
        { name: 'Late', imports: [], callbacks: callbacks(2) },
        { name: 'Early', imports: [], callbacks: callbacks(1) },
      ],
    })
    const preview = runPreview({ data, level: levelOf('Late', 'Early', 'Late', 'Early'), options: [] })
    expect(listAt(preview.host.blocks.raw('PreviewData'), 0)).toEqual([1, 3, 0, 2])
    expect(preview.drawnBy).toEqual([0, 1, 2, 3])
    expect(preview.draws.map((draw) => draw.z)).toEqual([0, 1, 2, 3])
  })

  it('tutorial preprocesses once, then each frame runs navigate on a navigation only, before update', () => {
    const data = tutorialEngine({
      preprocess: Put(TUTORIAL.TutorialMemory, 0, Get(TUTORIAL.TutorialMemory, 0).add(1)),
      navigate: log(Get(TUTORIAL.RuntimeUpdate, 2).add(10)),
      update: Execute(log(20), log(Get(TUTORIAL.RuntimeUpdate, 0)), log(Get(TUTORIAL.RuntimeUpdate, 1))),
    })
    const run = new TutorialRun(data)
    run.step(0)
    run.step(0.1, 1)
    run.step(0.2, -1)
    run.step(0.3)
    // navigate logs 10 plus the direction; update 20, then the time and the time since the last frame.
    expect(run.host.logs).toEqual(close([20, 0, 0, 11, 20, 0.1, 0.1, 9, 20, 0.2, 0.1, 20, 0.3, 0.1]))
    expect(run.host.blocks.raw('TutorialMemory')[0]).toBe(1)
  })

  it('tutorial presents the instruction text the engine sets and the icons it paints', () => {
    const data = tutorialEngine({
      update: Execute(Put(TUTORIAL.TutorialInstruction, 0, 3), call('Paint', 0, 0, 0, 1, 0, 0, 1)),
    })
    const run = new TutorialRun({ ...data, instruction: { texts: [], icons: [{ name: '#HAND', id: 0 }] } })
    run.step(0)
    expect(run.frames[0]).toMatchObject({ instruction: 3, icons: [{ args: [0, 0, 0, 1, 0, 0, 1] }] })
  })
})

describe('function optimisations (the spec function-optimizations pages)', () => {
  // The app may rewrite nodes before running them; our interpreter runs them as written. Either way a
  // callback must give the same value and do the same things.
  const memory = (index: number) => Get(PLAY.EntityMemory, index)
  const evaluate = (expression: Val) => {
    const host = new RunHost('play', { entityCount: 1, archetypeCount: 1 }, levelTiming([]), resources)
    const value = runAs('play', 'updateSequential', 0, expression, host)
    return { value, flag: host.blocks.raw('EntityMemory')[9] }
  }
  const flagged = Execute(Put(PLAY.EntityMemory, 9, 1), 5)

  it('collapses a branch whose condition is constant to that branch, running nothing else', () => {
    expect(evaluate(Execute(Put(PLAY.EntityMemory, 0, 7), call('If', 1, memory(0), flagged)))).toEqual({
      value: 7,
      flag: 0,
    })
    expect(evaluate(Execute(Put(PLAY.EntityMemory, 0, 7), call('If', 0, flagged, memory(0))))).toEqual({
      value: 7,
      flag: 0,
    })
  })

  it('collapses a loop whose condition is constantly false to 0', () => {
    expect(evaluate(call('While', 0, flagged))).toEqual({ value: 0, flag: 0 })
  })

  it('gives And the value of its dynamic arguments up to its first constant 0, and runs nothing after it', () => {
    for (const [a, b] of [
      [0, 0],
      [0, 3],
      [2, 0],
      [2, 3],
    ] as const) {
      const set = Execute(Put(PLAY.EntityMemory, 0, a), Put(PLAY.EntityMemory, 1, b))
      const full = evaluate(Execute(set, call('And', 1, 2, memory(0), memory(1), 0, flagged, 4)))
      const optimised = evaluate(Execute(set, call('And', memory(0), memory(1), 0)))
      expect(full).toEqual(optimised)
      expect(full).toEqual({ value: 0, flag: 0 })
    }
  })

  it('folds constants, and gives a variadic function written as binary ones the same value', () => {
    expect(evaluate(call('Add', 1, 2, 3)).value).toBe(6)
    const dynamic = Execute(Put(PLAY.EntityMemory, 0, 4.5), memory(0))
    expect(evaluate(call('Add', 1, 2, dynamic)).value).toBe(7.5)
    expect(evaluate(call('Add', call('Add', 1, 2), dynamic)).value).toBe(7.5)
    expect(evaluate(call('Add', 3, dynamic)).value).toBe(7.5)
  })
})

describe('our engine files (the spec resource pages)', () => {
  const modes = [engine.playData, engine.watchData, engine.previewData, engine.tutorialData]

  it('offers options the app can show: sliders within their range and step, toggles of 0 or 1, standard names', () => {
    for (const option of engine.configuration.options) {
      expect(option.name).toMatch(/^#/)
      if (option.type === 'slider') {
        expect(option.def).toBeGreaterThanOrEqual(option.min)
        expect(option.def).toBeLessThanOrEqual(option.max)
        const steps = (option.def - option.min) / option.step
        expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-9)
      } else if (option.type === 'toggle') expect([0, 1]).toContain(option.def)
      else expect(option.def).toBeLessThan(option.values.length)
    }
    // #SPEED, which the app applies itself, is a standard option.
    expect(engine.configuration.options.find((option) => option.name === '#SPEED')).toMatchObject({
      standard: true,
      type: 'slider',
      def: 1,
    })
    // One scope for every option and the UI: a player's settings carry over between all our levels.
    const scopes = new Set([
      engine.configuration.ui.scope,
      ...engine.configuration.options.map((option) => option.scope),
    ])
    expect(scopes).toEqual(new Set(['SiriusCharts']))
    const metrics = ['arcade', 'accuracy', 'life', 'perfectRate', 'errorHeatmap']
    expect(metrics).toContain(engine.configuration.ui.primaryMetric)
    expect(metrics).toContain(engine.configuration.ui.secondaryMetric)
  })

  it('points every callback, updateSpawn and argument at a node that exists, and imports into Entity Data', () => {
    const valid = (nodes: readonly EngineDataNode[], index: number | undefined) =>
      index !== undefined && Number.isInteger(index) && index >= 0 && index < nodes.length
    for (const data of modes) {
      for (const node of data.nodes) {
        if ('value' in node) expect(Number.isFinite(node.value)).toBe(true)
        else expect(node.args.filter((arg) => !valid(data.nodes, arg))).toEqual([])
      }
      expect('renderMode' in data.skin).toBe(false)
    }
    for (const data of [engine.playData, engine.watchData, engine.previewData])
      for (const archetype of data.archetypes) {
        for (const [name, entry] of Object.entries(archetype))
          if (SPEC_CALLBACKS.play.includes(name) || SPEC_CALLBACKS.watch.includes(name) || name === 'render')
            expect(valid(data.nodes, (entry as { index: number }).index)).toBe(true)
        for (const item of archetype.imports) {
          expect(item.index).toBeGreaterThanOrEqual(0)
          expect(item.index).toBeLessThan(32)
        }
      }
    expect(valid(engine.watchData.nodes, engine.watchData.updateSpawn)).toBe(true)
    const { preprocess, navigate, update } = engine.tutorialData
    for (const index of [preprocess, navigate, update])
      expect(valid(engine.tutorialData.nodes, index)).toBe(true)
    // Only the note archetypes are playable.
    expect(
      engine.playData.archetypes
        .filter((archetype) => archetype.hasInput)
        .map((archetype) => archetype.name)
        .sort(),
    ).toEqual(
      notesOf({
        bgmOffset: 0,
        entities: Object.values(ARCHETYPES).map((archetype) => ({ archetype, data: [] })),
      })
        .map((index) => Object.values(ARCHETYPES)[index]!)
        .sort(),
    )
  })

  it('gives each #BPM_CHANGE entity #BEAT and #BPM, and each #TIMESCALE_CHANGE entity #BEAT and #TIMESCALE', () => {
    const needs: Record<string, string[]> = {
      '#BPM_CHANGE': ['#BEAT', '#BPM'],
      '#TIMESCALE_CHANGE': ['#BEAT', '#TIMESCALE'],
    }
    let seen = 0
    for (const { level } of fixtures)
      for (const entity of level.entities) {
        const wanted = needs[entity.archetype]
        if (!wanted) continue
        seen++
        const names = entity.data.map((datum) => datum.name)
        expect(wanted.filter((name) => !names.includes(name))).toEqual([])
      }
    expect(seen).toBeGreaterThan(fixtures.length)
  })

  it('draws a square thumbnail', () => {
    const png = buildEngineFiles().thumbnail
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
    // The IHDR chunk's width and height.
    expect(view.getUint32(16)).toBe(view.getUint32(20))
  })

  it("writes each bucket's windows in milliseconds and files every judged note in its own bucket", () => {
    const level = fixtures.find((fixture) => fixture.name === 'chart-50.sus')!.level
    const run = runPlay(
      { data: engine.playData, level, options: options(), speedOption: OPTION.speed },
      autoplay(level),
    )
    const buckets = engine.playData.buckets
    expect(buckets.every((bucket) => bucket.unit === '#MILLISECOND_UNIT' && bucket.sprites.length > 0)).toBe(
      true,
    )
    for (const sprite of buckets.flatMap((bucket) => bucket.sprites))
      expect(
        [sprite.id, sprite.x, sprite.y, sprite.w, sprite.h, sprite.rotation].every(Number.isFinite),
      ).toBe(true)
    const tap = run.judged.find((item) => level.entities[item.entity]!.archetype === ARCHETYPES.normal)!
    expect([...run.host.blocks.raw('LevelBucket').subarray(tap.bucket * 6, tap.bucket * 6 + 6)]).toEqual(
      close(
        [-WINDOW.perfect, WINDOW.perfect, -WINDOW.great, WINDOW.great, -WINDOW.good, WINDOW.good].map(
          (w) => w * 1000,
        ),
      ),
    )
    const bucketsOf = new Map<string, Set<number>>()
    for (const item of run.judged) {
      expect(item.bucket).toBeGreaterThanOrEqual(0)
      expect(item.bucket).toBeLessThan(buckets.length)
      expect(item.bucketValue).toBeCloseTo(item.accuracy * 1000, 6)
      const archetype = level.entities[item.entity]!.archetype
      bucketsOf.set(archetype, (bucketsOf.get(archetype) ?? new Set()).add(item.bucket))
    }
    // One bucket for each archetype, none shared.
    const used = [...bucketsOf.values()]
    expect(used.every((set) => set.size === 1)).toBe(true)
    expect(new Set(used.flatMap((set) => [...set])).size).toBe(used.length)
  })

  it("fills a replayed note's Entity Input in watch: its target time, its bucket and its accuracy in ms", () => {
    const level = fixtures.find((fixture) => fixture.name === 'chart-50.sus')!.level
    const note = level.entities.findIndex((entity) => entity.archetype === ARCHETYPES.normal)
    const time = level.entities[note]!.data.find((datum) => datum.name === 'beat')!.value
    // A replay of one Great, 50 ms late.
    const replay = {
      inputs: { entityIndex: [note], time: [time + 0.05], judgment: [2], accuracy: [0.05] },
      touches: { l: [], t: [], x: [], y: [] },
      entities: [],
    } as unknown as ReplayData
    const run = new WatchRun({
      data: engine.watchData,
      level,
      options: options(),
      replay,
      speedOption: OPTION.speed,
    })
    const played = runPlay(
      { data: engine.playData, level, options: options(), speedOption: OPTION.speed },
      autoplay(level),
    )
    const bucket = played.judged.find((item) => item.entity === note)!.bucket
    expect([...run.host.blocks.raw('EntityInput').subarray(note * 3, note * 3 + 3)]).toEqual(
      close([time, bucket, 50]),
    )
  })

  it('sets up the same Level Score, Level Life, Archetype Life and Level Bucket in watch as in play', () => {
    const level = fixtures.find((fixture) => fixture.name === 'chart-50.sus')!.level
    const played = new PlayRun({ data: engine.playData, level, options: options() })
    const watched = new WatchRun({ data: engine.watchData, level, options: options() })
    for (const name of ['LevelScore', 'LevelLife', 'ArchetypeLife', 'LevelBucket'])
      expect([...watched.host.blocks.raw(name)]).toEqual([...played.host.blocks.raw(name)])
    // Perfect, Great and Good multipliers, and no streak bonus.
    expect([...played.host.blocks.raw('LevelScore')]).toEqual([1, 0.8, 0.5, ...zeros(9)])
  })

  it('writes what an archetype exports into the replay under the names it lists', () => {
    const data = playEngine(
      playArchetype(
        'Exporter',
        { updateParallel: body(Execute(call('ExportValue', 0, 4.5), despawn)) },
        { exports: ['hit'] },
      ),
    )
    const run = runPlay(playSetup(data, levelOf('Exporter')), [], 60, 0.1)
    expect(run.replay().entities).toEqual([{ data: [{ name: 'hit', value: 4.5 }] }])
  })
})

describe('the UI our engine lays out (the spec Runtime UI and Runtime UI Configuration pages)', () => {
  /** Runs, on a fresh host, the preprocess of whichever archetype of `data` lays out Runtime UI, with the
   *  player's UI configuration given as [scale, alpha] for each element. */
  const laidOut = (
    mode: 'play' | 'watch' | 'preview',
    data: { nodes: EngineDataNode[]; archetypes: { name: string; preprocess?: { index: number } }[] },
    configuration: number[],
  ) => {
    const options = engine.configuration.options.map((option) => option.def)
    for (const [index, archetype] of data.archetypes.entries()) {
      if (!archetype.preprocess) continue
      const host = new RunHost(
        mode,
        {
          entityCount: 1,
          archetypeCount: data.archetypes.length,
          sizes: { LevelOption: options.length, PreviewOption: options.length },
        },
        levelTiming([]),
        { sprites: [], clips: [], particles: [] },
      )
      host.blocks.raw(mode === 'preview' ? 'PreviewOption' : 'LevelOption').set(options)
      host.blocks.raw('RuntimeEnvironment').set([0, 16 / 9])
      host.blocks.raw('RuntimeUIConfiguration').set(configuration)
      host.blocks.raw('EntityInfo').set([0, index])
      const callback = host.blocks.callbackIndex('preprocess')
      host.blocks.callback = callback
      host.blocks.entity = 0
      try {
        host
          .compile(data.nodes, [{ index: archetype.preprocess.index, callback }])
          .fn(archetype.preprocess.index, callback)()
      } catch {
        continue
      }
      const ui = host.blocks.raw('RuntimeUI')
      if (ui.some((value) => value !== 0)) return ui
    }
    throw new Error(`no ${mode} archetype lays out Runtime UI`)
  }
  /** Each element's width, height and alpha, laid out with every scale 1 and with `scales`. */
  const sizes = (ui: Float64Array, stride: number, count: number) =>
    range(0, count).map((k) => [ui[k * stride + 4]!, ui[k * stride + 5]!, ui[k * stride + 7]!])

  it.each([
    // play: menu, judgment, combo value and text, primary metric bar and value, secondary bar and value
    ['play', 5, [0, 1, 2, 2, 3, 3, 4, 4]],
    // watch: the same and the progress bar
    ['watch', 6, [0, 1, 2, 2, 3, 3, 4, 4, 5]],
  ] as const)(
    'scales and fades each %s UI element by its own entry of Runtime UI Configuration',
    (mode, entries, owners) => {
      const data = mode === 'play' ? engine.playData : engine.watchData
      const scales = range(0, entries).map((k) => 1.5 + k / 2)
      const alphas = range(0, entries).map((k) => 0.3 + k / 10)
      const plain = sizes(
        laidOut(
          mode,
          data,
          range(0, entries).flatMap(() => [1, 1]),
        ),
        10,
        owners.length,
      )
      const scaled = sizes(
        laidOut(
          mode,
          data,
          range(0, entries).flatMap((k) => [scales[k]!, alphas[k]!]),
        ),
        10,
        owners.length,
      )
      // The progress bar (entry 5) spans the screen whatever its scale: only its height scales.
      expect(scaled).toEqual(
        owners.map((owner, k) =>
          close([
            plain[k]![0]! * (owner === 5 ? 1 : scales[owner]!),
            plain[k]![1]! * scales[owner]!,
            alphas[owner]!,
          ]),
        ),
      )
      const ui = laidOut(
        mode,
        data,
        range(0, entries).flatMap(() => [1, 1]),
      )
      // Every element placed, aligned left, centre or right, with or without a background.
      for (const k of range(0, owners.length)) {
        expect(ui[k * 10 + 1]).not.toBe(0)
        expect([-1, 0, 1]).toContain(ui[k * 10 + 8])
        expect([0, 1]).toContain(ui[k * 10 + 9])
      }
    },
  )

  it('scales the preview menu and progress bar by their own entries of Runtime UI Configuration', () => {
    const plain = sizes(laidOut('preview', engine.previewData, [1, 1, 1, 1]), 9, 2)
    const scaled = sizes(laidOut('preview', engine.previewData, [1.5, 1, 2, 1]), 9, 2)
    expect(scaled.map(([width, height]) => [width, height])).toEqual([
      close([plain[0]![0]! * 1.5, plain[0]![1]! * 1.5]),
      close([plain[1]![0]! * 2, plain[1]![1]! * 2]),
    ])
  })
})

describe('essentials (the spec essentials pages)', () => {
  const level = fixtures.find((fixture) => fixture.name === 'chart-50.sus')!.level

  it('gives every Play and PlayScheduled of our engine a minimum time between identical clips', () => {
    let found = 0
    for (const data of [engine.playData, engine.watchData, engine.tutorialData])
      for (const node of data.nodes) {
        if (!('func' in node) || (node.func !== 'Play' && node.func !== 'PlayScheduled')) continue
        found++
        const distance = data.nodes[node.args.at(-1)!]!
        expect('value' in distance && distance.value > 0).toBe(true)
      }
    expect(found).toBeGreaterThan(0)
  })

  it('judges taps by touch times with the input offset taken off once, by the app alone', () => {
    // Fingers 0.1 s late by the device's clock, with a 0.1 s input offset, are on time.
    const run = (inputOffset: number) =>
      runPlay(
        { data: engine.playData, level, options: options(), speedOption: OPTION.speed, inputOffset },
        autoplay(level, { late: 0.1 }),
      )
    const taps = (played: PlayRun) =>
      played.judged.filter((item) => TAP_ARCHETYPES.has(level.entities[item.entity]!.archetype))
    const compensated = taps(run(0.1))
    expect(compensated.length).toBeGreaterThan(10)
    expect(compensated.filter((item) => item.judgment !== 1)).toEqual([])
    // Without the offset the same fingers are late: not one tap is Perfect.
    expect(taps(run(0)).filter((item) => item.judgment === 1)).toEqual([])
  })

  it('plays every note Perfect whatever Temporary Memory holds when a frame begins', () => {
    const run = new PlayRun({ data: engine.playData, level, options: options(), speedOption: OPTION.speed })
    run.addTouches(autoplay(level))
    // Not a whole number: an index read from it unset is refused.
    for (let frame = 0; !run.finished; frame++) {
      run.host.blocks.raw('TemporaryMemory').fill(0.5)
      run.step(frame / 60)
    }
    expect(run.judged.length).toBe(notesOf(level).length)
    expect(run.judged.filter((item) => item.judgment !== 1)).toEqual([])
  })

  it('draws quads with their corners bottom-left, top-left, top-right, bottom-right', () => {
    const run = runPlay(
      { data: engine.playData, level, options: options(), speedOption: OPTION.speed, record: true },
      autoplay(level),
    )
    const draws = run.frames.flatMap((frame) => frame.draws)
    expect(draws.length).toBeGreaterThan(1000)
    const twisted = draws.filter(
      ({ quad: [x1, y1, x2, y2, x3, y3, x4, y4] }) => !(y1 <= y2 && y4 <= y3 && x2 <= x3 && x1 <= x4),
    )
    expect(twisted).toEqual([])
  })
})
