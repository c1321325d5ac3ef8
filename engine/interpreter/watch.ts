// Watch mode, run as the app runs it (the engine specs' watch lifecycle): preprocess every entity, ask
// each its spawn and despawn time, then every frame ask updateSpawn for the spawning time, despawn (with
// terminate) the entities outside their range, spawn (with initialize) those inside, and run
// updateSequential and updateParallel. A replay's judgments and accuracies (its inputs, delta decoded) fill
// #JUDGMENT and #ACCURACY, and what play exported fills the other imports of the same names.
import type { EngineWatchData, LevelData, ReplayData } from '@sonolus/core'
import type { DrawCall, ParticleCall, SoundCall } from './host.js'
import { RunHost } from './host.js'
import { CALLBACKS } from '../modes.js'
import { loadLevel } from './level.js'
import { levelTiming } from './timing.js'
import { type ReplayInputs, decodeReplayInputs } from '../../common/replay.js'

export type WatchSetup = {
  data: EngineWatchData
  level: LevelData
  options: number[]
  /** The replay to watch; none plays the level as the engine's own perfect run. */
  replay?: ReplayData
  aspectRatio?: number
  /** The index of the #SPEED option, whose value the app applies to the level's tempo. */
  speedOption?: number
  record?: boolean
}

const WATCH_CALLBACKS = CALLBACKS.watch.filter((callback) => callback !== 'updateSpawn')

type Callback = { run: () => number; order: number }

export class WatchRun {
  readonly host: RunHost
  readonly frames: { time: number; draws: DrawCall[]; sounds: SoundCall[]; particles: ParticleCall[] }[] = []
  /** What preprocess scheduled on the timeline (sounds). */
  readonly scheduled: SoundCall[]
  /** When preprocess told each scheduled loop (by id) to stop. */
  readonly scheduledStops: { id: number; time: number }[]
  /** Every entity's spawning range, in updateSpawn's units. */
  readonly ranges: { spawn: number; despawn: number }[] = []
  time = 0
  frame = -1
  private readonly archetypeOf: number[] = []
  private readonly callbacks: Partial<Record<string, Callback>>[]
  private readonly updateSpawn: () => number
  private active = new Set<number>()
  readonly spawnCount: number[]
  /** The replay's inputs, decoded. */
  readonly replayInputs: ReplayInputs | undefined

  constructor(private readonly setup: WatchSetup) {
    const { data, level, replay } = setup
    const names = data.archetypes.map((archetype) => archetype.name)
    const speed = setup.speedOption !== undefined ? setup.options[setup.speedOption] : undefined
    this.host = new RunHost(
      'watch',
      {
        entityCount: level.entities.length,
        archetypeCount: data.archetypes.length,
        sizes: { LevelOption: setup.options.length },
      },
      levelTiming(level.entities, speed),
      {
        sprites: data.skin.sprites.map((sprite) => sprite.name),
        clips: data.effect.clips.map((clip) => clip.name),
        particles: data.particle.effects.map((effect) => effect.name),
      },
    )
    this.host.recordDraws = setup.record ?? false
    const blocks = this.host.blocks
    blocks.archetypeName = (entity) => names[this.archetypeOf[entity] ?? -1]
    const roots = data.archetypes.flatMap((archetype) =>
      WATCH_CALLBACKS.flatMap((name, callback) => {
        const entry = (archetype as Record<string, unknown>)[name] as { index: number } | undefined
        return entry ? [{ index: entry.index, callback }] : []
      }),
    )
    const updateSpawn = { index: data.updateSpawn!, callback: CALLBACKS.watch.indexOf('updateSpawn') }
    if (data.updateSpawn === undefined) throw new Error('watch data has no updateSpawn')
    const compiled = this.host.compile(data.nodes, [...roots, updateSpawn])
    this.callbacks = data.archetypes.map((archetype) =>
      Object.fromEntries(
        WATCH_CALLBACKS.flatMap((name) => {
          const callback = (archetype as Record<string, unknown>)[name] as
            { index: number; order?: number } | undefined
          return callback
            ? [
                [
                  name,
                  {
                    run: compiled.fn(callback.index, WATCH_CALLBACKS.indexOf(name)),
                    order: callback.order ?? 0,
                  },
                ],
              ]
            : []
        }),
      ),
    )
    this.updateSpawn = compiled.fn(updateSpawn.index, updateSpawn.callback)

    // The level, with the replay's judgments and exports where the archetypes import them.
    this.replayInputs = replay ? decodeReplayInputs(replay) : undefined
    const inputs = new Map<number, { judgment: number; accuracy: number }>()
    this.replayInputs?.entityIndex.forEach((entity, i) =>
      inputs.set(entity, {
        judgment: this.replayInputs!.judgment[i]!,
        accuracy: this.replayInputs!.accuracy[i]!,
      }),
    )
    const entityData = blocks.raw('EntityData')
    const entityInfo = blocks.raw('EntityInfo')
    const entityInput = blocks.raw('EntityInput')
    const loaded = loadLevel(level, data.archetypes, entityData, 'watch')
    loaded.archetypes.forEach((archetype, index) => {
      this.archetypeOf.push(archetype)
      // What the replay recorded for this entity replaces the level's values and the defaults.
      const recorded = inputs.get(index)
      const exported = replay?.entities[index]?.data ?? []
      for (const item of data.archetypes[archetype]!.imports) {
        const fromReplay =
          item.name === '#JUDGMENT'
            ? recorded?.judgment
            : item.name === '#ACCURACY'
              ? recorded?.accuracy
              : exported.find((datum) => datum.name === item.name)?.value
        if (fromReplay !== undefined) entityData[index * 32 + item.index] = fromReplay
      }
      entityInfo.set([index, archetype, 0], index * 3)
      entityInput[index * 3 + 1] = -1
    })
    blocks.raw('RuntimeEnvironment').set([0, setup.aspectRatio ?? 16 / 9, 0, 0, replay ? 1 : 0])
    blocks.raw('LevelOption').set(setup.options)

    const levelEntities = level.entities.map((_, index) => index)
    this.inOrder('preprocess', levelEntities).forEach((entity) => this.run('preprocess', entity))
    // What preprocess spawned joins the spawn queue with the level's entities (the spawn system), its data
    // in its Entity Memory.
    const spawned = this.host.spawned.map(({ archetype, data: memory }) => {
      this.archetypeOf.push(archetype)
      return blocks.addEntity(memory)
    })
    this.host.spawned = []
    const all = [...levelEntities, ...spawned]
    this.scheduled = this.host.sounds
    this.scheduledStops = this.host.stops
    this.host.nextFrame()
    this.ranges.push(...all.map(() => ({ spawn: 0, despawn: 0 })))
    this.inOrder('spawnTime', all).forEach(
      (entity) => (this.ranges[entity]!.spawn = this.run('spawnTime', entity)),
    )
    this.inOrder('despawnTime', all).forEach(
      (entity) => (this.ranges[entity]!.despawn = this.run('despawnTime', entity)),
    )
    this.spawnCount = all.map(() => 0)
    this.bySpawn = [...all].sort((a, b) => this.ranges[a]!.spawn - this.ranges[b]!.spawn || a - b)
  }

  /** Entities by spawning time, and the spawning time of the last frame. */
  private readonly bySpawn: number[]
  private lastAt = -Infinity

  private inOrder(callback: string, entities: readonly number[]): number[] {
    const order = (entity: number) => this.callbacks[this.archetypeOf[entity]!]![callback]?.order ?? 0
    return entities
      .filter((entity) => this.callbacks[this.archetypeOf[entity]!]![callback])
      .sort((a, b) => order(a) - order(b) || a - b)
  }

  private run(callback: string, entity: number): number {
    const found = entity >= 0 ? this.callbacks[this.archetypeOf[entity]!]![callback] : undefined
    const blocks = this.host.blocks
    blocks.callback = blocks.callbackIndex(callback)
    blocks.entity = entity
    const result = entity >= 0 ? (found ? found.run() : 0) : this.updateSpawn()
    blocks.callback = -1
    blocks.entity = -1
    return result
  }

  /** One frame at `time`; `skip` marks a jump (seeking), when the app shows no hit effects. */
  step(time: number, skip = false) {
    const blocks = this.host.blocks
    const delta = this.frame < 0 ? 0 : time - this.time
    this.frame++
    this.time = time
    blocks.frame = this.frame
    this.host.nextFrame()
    blocks.raw('RuntimeUpdate').set([time, delta, this.host.timing.timeToScaledTime(time), skip ? 1 : 0])

    const at = this.run('updateSpawn', -1)
    const inRange = (entity: number) => this.ranges[entity]!.spawn <= at && at < this.ranges[entity]!.despawn
    const leaving = [...this.active].filter((entity) => !inRange(entity)).sort((a, b) => a - b)
    for (const entity of leaving) this.run('terminate', entity)
    const info = blocks.raw('EntityInfo')
    // Entity Info is the level's entities' (an entity made by Spawn has none).
    const infoOf = (entity: number, state: number) => {
      if (entity < this.setup.level.entities.length) info[entity * 3 + 2] = state
    }
    for (const entity of leaving) {
      this.active.delete(entity)
      // Watch knows only inactive (0) and active (1): an entity out of its range is inactive again.
      infoOf(entity, 0)
    }
    // Going forward, only what begins after the last spawning time can arrive; after a jump back, anything.
    const arriving: number[] = []
    const from = at >= this.lastAt ? upperBound(this.bySpawn, this.lastAt, this.ranges) : 0
    const to = upperBound(this.bySpawn, at, this.ranges)
    for (let i = from; i < to; i++) {
      const entity = this.bySpawn[i]!
      if (!this.active.has(entity) && inRange(entity)) arriving.push(entity)
    }
    arriving.sort((a, b) => a - b)
    this.lastAt = at
    for (const entity of arriving) {
      this.active.add(entity)
      this.spawnCount[entity]!++
      infoOf(entity, 1)
    }
    for (const entity of arriving) this.run('initialize', entity)
    const active = [...this.active].sort((a, b) => a - b)
    for (const entity of this.inOrder('updateSequential', active)) this.run('updateSequential', entity)
    for (const entity of active) this.run('updateParallel', entity)

    if (this.setup.record)
      this.frames.push({
        time,
        draws: this.host.draws,
        sounds: this.host.sounds,
        particles: this.host.particles,
      })
  }

  get activeEntities(): ReadonlySet<number> {
    return this.active
  }
}

/** Watches from the start to `until` seconds at `fps`. */
export const runWatch = (setup: WatchSetup, until: number, fps = 60): WatchRun => {
  const run = new WatchRun(setup)
  for (let frame = 0; frame / fps <= until; frame++) run.step(frame / fps)
  return run
}

/** How many entities of `sorted` (by spawning time) spawn at or before `at`. */
const upperBound = (sorted: readonly number[], at: number, ranges: readonly { spawn: number }[]): number => {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (ranges[sorted[middle]!]!.spawn <= at) low = middle + 1
    else high = middle
  }
  return low
}
