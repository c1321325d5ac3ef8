// Long because the play lifecycle is one loop whose stages share the entity tables.
// Play mode, run as the app runs it (the engine specs' play lifecycle): preprocess every entity in
// callback order, order the spawn queue, then every frame spawn, initialize, updateSequential, touch (when
// there is input), updateParallel and despawn with terminate. Judgments are read from Entity Input when a
// playable entity despawns and scored the way the app scores them (Level Score, Archetype Life, Level Life).
// Touches are given as the device reports them; the engine sees their times with the input offset taken
// off, as the app gives them (the engine specs' input essentials). The replay records the touch events
// themselves, so that playing them again gives the same inputs (common/replay.ts).
import type { EnginePlayData, GameplayResult, LevelData, ReplayData } from '@sonolus/core'
import type { DrawCall, ParticleCall, SoundCall } from './host.js'
import { RunHost } from './host.js'
import { CALLBACKS } from '../modes.js'
import { loadLevel } from './level.js'
import { levelTiming } from './timing.js'
import { encodeReplayInputs, encodeReplayTouches, onReplayGrid } from '../../common/replay.js'

/** A touch event: when (the device's clock, before the input offset is taken off) and where. */
export type TouchPoint = { time: number; x: number; y: number }
/** One finger: down at the first point's time, moved through the points, up at the last one's. */
export type TouchScript = { points: TouchPoint[] }

export type PlaySetup = {
  data: EnginePlayData
  level: LevelData
  /** Level Option values, in the configuration's order. */
  options: number[]
  /** The index of the #SPEED option, whose value the app applies to the level's tempo. */
  speedOption?: number
  aspectRatio?: number
  inputOffset?: number
  /** Which sprite, clip and particle names the chosen skin, effect and particle have (all, by default). */
  available?: (name: string) => boolean
  random?: () => number
  /** Keep each frame's draws, sounds and particles (tests look at them; the benchmark does not). */
  record?: boolean
  /** Leave out entities whose archetype the play data lacks, as the app does, instead of refusing them. */
  skipUnknownArchetypes?: boolean
}

export type Judged = {
  entity: number
  time: number
  judgment: number
  accuracy: number
  bucket: number
  bucketValue: number
}

type Entity = { archetype: number; state: 0 | 1 | 2 }

/** An archetype's callbacks, by their index in the play lifecycle's list (modes.ts). */
type Callbacks = ({ run: () => number; order: number } | undefined)[]

/** Blocks only preprocess writes. */
const PREPROCESSED = [
  'RuntimeEnvironment',
  'RuntimeUI',
  'RuntimeUIConfiguration',
  'LevelData',
  'LevelOption',
  'LevelBucket',
  'LevelScore',
  'LevelLife',
  'ArchetypeLife',
] as const

const PLAY_CALLBACKS = CALLBACKS.play
/** Each callback's index in that list. */
const C = Object.fromEntries(PLAY_CALLBACKS.map((name, index) => [name, index])) as Record<
  (typeof PLAY_CALLBACKS)[number],
  number
>

/** How far from its time a hit still counts towards our accuracy score, in seconds. */
const ACCURACY_SPAN = 0.2

export class PlayRun {
  readonly host: RunHost
  readonly entities: Entity[] = []
  readonly judged: Judged[] = []
  /** Entities left out: their archetype is not in the play data. */
  readonly skipped: number[]
  readonly frames: { time: number; draws: DrawCall[]; sounds: SoundCall[]; particles: ParticleCall[] }[] = []
  time = 0
  frame = -1
  life = 1000
  private combo = 0
  private maxCombo = 0
  private readonly levelCount: number
  private readonly callbacks: Callbacks[]
  private readonly queue: number[]
  private queueHead = 0
  private active: number[] = []
  private spawnRequests: { archetype: number; data: number[] }[] = []
  private touches: { id: number; script: TouchScript; lastX: number; lastY: number }[] = []
  /** Every finger given, with its events on the replay's grid. */
  private readonly fingers: { id: number; points: TouchPoint[] }[] = []

  constructor(private readonly setup: PlaySetup) {
    const { data, level } = setup
    const names = data.archetypes.map((archetype) => archetype.name)
    this.levelCount = level.entities.length
    const speed = setup.speedOption !== undefined ? setup.options[setup.speedOption] : undefined
    const timing = levelTiming(level.entities, speed)
    this.host = new RunHost(
      'play',
      {
        entityCount: this.levelCount,
        archetypeCount: data.archetypes.length,
        sizes: { LevelOption: setup.options.length },
      },
      timing,
      {
        sprites: data.skin.sprites.map((sprite) => sprite.name),
        clips: data.effect.clips.map((clip) => clip.name),
        particles: data.particle.effects.map((effect) => effect.name),
        ...(setup.available ? { available: setup.available } : {}),
      },
      setup.random,
    )
    this.host.recordDraws = setup.record ?? false
    const blocks = this.host.blocks
    blocks.archetypeName = (entity) => names[this.entities[entity]?.archetype ?? -1]

    const roots = data.archetypes.flatMap((archetype) =>
      PLAY_CALLBACKS.flatMap((name, callback) => {
        const entry = (archetype as Record<string, unknown>)[name] as { index: number } | undefined
        return entry ? [{ index: entry.index, callback }] : []
      }),
    )
    const compiled = this.host.compile(data.nodes, roots)
    this.callbacks = data.archetypes.map((archetype) =>
      PLAY_CALLBACKS.map((name, index) => {
        const callback = (archetype as Record<string, unknown>)[name] as
          { index: number; order?: number } | undefined
        return callback ? { run: compiled.fn(callback.index, index), order: callback.order ?? 0 } : undefined
      }),
    )

    // The level: each entity's imports written into its Entity Data; its info; its input's empty bucket.
    const entityData = blocks.raw('EntityData')
    const entityInfo = blocks.raw('EntityInfo')
    const entityInput = blocks.raw('EntityInput')
    const loaded = loadLevel(level, data.archetypes, entityData, 'play', setup.skipUnknownArchetypes)
    this.skipped = loaded.skipped
    loaded.archetypes.forEach((archetype, index) => {
      this.entities.push({ archetype, state: 0 })
      entityInfo.set([index, archetype, 0], index * 3)
      entityInput[index * 4 + 2] = -1
    })
    const environment = blocks.raw('RuntimeEnvironment')
    environment.set([0, setup.aspectRatio ?? 16 / 9, 0, setup.inputOffset ?? 0, 0])
    blocks.raw('LevelOption').set(setup.options)

    // Preparation: preprocess, then the spawn queue.
    this.inOrder(C.preprocess, this.levelIndexes()).forEach((entity) => this.run(C.preprocess, entity))
    const spawnOrders = new Map<number, number>()
    this.inOrder(C.spawnOrder, this.levelIndexes()).forEach((entity) =>
      spawnOrders.set(entity, this.run(C.spawnOrder, entity)),
    )
    this.queue = this.levelIndexes().sort(
      (a, b) => (spawnOrders.get(a) ?? 0) - (spawnOrders.get(b) ?? 0) || a - b,
    )
    this.takeSpawnRequests()

    // The app's late optimisation: what only preprocess may write is constant from now on.
    const late = this.host.compile(data.nodes, roots, this.host.constantsOf(PREPROCESSED))
    data.archetypes.forEach((archetype, index) => {
      PLAY_CALLBACKS.forEach((name, callbackIndex) => {
        const callback = (archetype as Record<string, unknown>)[name] as { index: number } | undefined
        if (callback && callbackIndex !== C.preprocess)
          this.callbacks[index]![callbackIndex]!.run = late.fn(callback.index, callbackIndex)
      })
    })
  }

  /** The level's entities that the engine defines. */
  private levelIndexes(): number[] {
    return this.entities.flatMap((entity, index) =>
      index < this.levelCount && entity.archetype >= 0 ? [index] : [],
    )
  }

  /** Entities, by the order of their archetype's callback, then their index (`entities` are by index). */
  private inOrder(callback: number, entities: readonly number[]): readonly number[] {
    let orders = this.orders[callback]
    if (!orders) {
      const found = new Set<number>()
      for (const archetype of this.callbacks) if (archetype[callback]) found.add(archetype[callback].order)
      orders = this.orders[callback] = [...found].sort((a, b) => a - b)
    }
    if (orders.length <= 1) return entities
    const orderOf = (entity: number) =>
      this.callbacks[this.entities[entity]!.archetype]![callback]?.order ?? 0
    return orders.flatMap((order) => entities.filter((entity) => orderOf(entity) === order))
  }
  private readonly orders: number[][] = []

  private run(callback: number, entity: number): number {
    const found = this.callbacks[this.entities[entity]!.archetype]![callback]
    if (!found) return 0
    const blocks = this.host.blocks
    blocks.callback = callback
    blocks.entity = entity
    const result = found.run()
    blocks.callback = -1
    blocks.entity = -1
    return result
  }

  private takeSpawnRequests() {
    this.spawnRequests.push(...this.host.spawned)
    this.host.spawned = []
  }

  /** Fingers that go down from now on. Their events are kept to the replay's grid, so that the replay
   *  holds exactly what the engine was given. */
  addTouches(scripts: readonly TouchScript[]) {
    for (const script of scripts) {
      const points = script.points.map((point) => ({
        time: onReplayGrid(point.time),
        x: onReplayGrid(point.x),
        y: onReplayGrid(point.y),
      }))
      const id = this.fingers.length + 1
      this.fingers.push({ id, points })
      this.touches.push({ id, script: { points }, lastX: points[0]!.x, lastY: points[0]!.y })
    }
  }

  /** Every playable entity judged (or, in a level without any, nothing left to do): the app's end. */
  get finished(): boolean {
    if (this.playable > 0) return this.judged.length >= this.playable
    return this.queueHead >= this.queue.length && this.active.length === 0 && this.spawnRequests.length === 0
  }
  private get playable(): number {
    return (this.playableCount ??= this.levelIndexes().filter(
      (entity) => this.setup.data.archetypes[this.entities[entity]!.archetype]!.hasInput,
    ).length)
  }
  private playableCount: number | undefined

  /** One frame at `time` (seconds). */
  step(time: number) {
    const blocks = this.host.blocks
    const delta = this.frame < 0 ? 0 : time - this.time
    const previous = this.time
    this.frame++
    this.time = time
    blocks.frame = this.frame
    this.host.nextFrame()

    // Touches of this frame: those that began before its end and had not ended before its start, their
    // times with the input offset taken off.
    const offset = this.setup.inputOffset ?? 0
    const touchArray = blocks.raw('RuntimeTouchArray')
    let count = 0
    const left: typeof this.touches = []
    for (const touch of this.touches) {
      const points = touch.script.points
      const start = points[0]!.time
      const end = points[points.length - 1]!.time
      if (start > time) {
        left.push(touch)
        continue
      }
      const started = start > previous || this.frame === 0
      const ended = end <= time
      const now = ended ? end : time
      const at = pointAt(points, now)
      const dx = started ? 0 : at.x - touch.lastX
      const dy = started ? 0 : at.y - touch.lastY
      const velocity = delta > 0 ? Math.hypot(dx, dy) / delta : 0
      if (count < touchArray.length / 15) {
        touchArray.set(
          [
            touch.id,
            started ? 1 : 0,
            ended ? 1 : 0,
            now - offset,
            start - offset,
            at.x,
            at.y,
            points[0]!.x,
            points[0]!.y,
            dx,
            dy,
            delta > 0 ? dx / delta : 0,
            delta > 0 ? dy / delta : 0,
            velocity,
            0,
          ],
          count * 15,
        )
        count++
      }
      touch.lastX = at.x
      touch.lastY = at.y
      if (!ended) left.push(touch)
    }
    this.touches = left
    blocks.raw('RuntimeUpdate').set([time, delta, this.host.timing.timeToScaledTime(time), count])

    // Spawning: the queue's head while shouldSpawn says yes, then what Spawn asked for.
    const spawnedNow: number[] = []
    while (this.queueHead < this.queue.length) {
      const entity = this.queue[this.queueHead]!
      if (!this.callbacks[this.entities[entity]!.archetype]![C.shouldSpawn]) {
        // No shouldSpawn: the app's default is to spawn.
      } else if (!this.run(C.shouldSpawn, entity)) break
      this.queueHead++
      this.activate(entity)
      spawnedNow.push(entity)
    }
    for (const request of this.spawnRequests) {
      const entity = blocks.addEntity(request.data)
      this.entities.push({ archetype: request.archetype, state: 0 })
      this.activate(entity)
      spawnedNow.push(entity)
    }
    this.spawnRequests = []
    if (spawnedNow.length) this.active = [...this.active, ...spawnedNow].sort((a, b) => a - b)

    for (const entity of spawnedNow) this.run(C.initialize, entity)
    for (const entity of this.inOrder(C.updateSequential, this.active)) this.run(C.updateSequential, entity)
    if (count > 0) for (const entity of this.inOrder(C.touch, this.active)) this.run(C.touch, entity)
    for (const entity of this.active) this.run(C.updateParallel, entity)

    // Despawning.
    const staying: number[] = []
    const leaving: number[] = []
    const despawns = blocks.raw('EntityDespawn')
    for (const entity of this.active) (despawns[entity] ? leaving : staying).push(entity)
    for (const entity of leaving) this.run(C.terminate, entity)
    for (const entity of leaving) this.despawn(entity)
    this.active = staying
    this.takeSpawnRequests()
    this.recordExports()

    if (this.setup.record)
      this.frames.push({
        time,
        draws: this.host.draws,
        sounds: this.host.sounds,
        particles: this.host.particles,
      })
  }

  private activate(entity: number) {
    this.entities[entity]!.state = 1
    if (entity < this.levelCount) this.host.blocks.raw('EntityInfo')[entity * 3 + 2] = 1
  }

  private despawn(entity: number) {
    this.entities[entity]!.state = 2
    if (entity >= this.levelCount) return
    this.host.blocks.raw('EntityInfo')[entity * 3 + 2] = 2
    if (!this.setup.data.archetypes[this.entities[entity]!.archetype]!.hasInput) return
    const input = this.host.blocks.raw('EntityInput').subarray(entity * 4, entity * 4 + 4)
    const judgment = [0, 1, 2, 3].includes(input[0]!) ? input[0]! : 0
    this.judged.push({
      entity,
      time: this.time,
      judgment,
      accuracy: input[1]!,
      bucket: input[2]!,
      bucketValue: input[3]!,
    })
    this.score(this.entities[entity]!.archetype, judgment)
  }

  private readonly exports = new Map<number, Map<string, number>>()
  private recordExports() {
    for (const { entity, index, value } of this.host.exported) {
      const names = this.setup.data.archetypes[this.entities[entity]!.archetype]!.exports
      const name = names[index]
      if (name === undefined)
        throw new Error(`entity ${entity} exported value ${index}, which its archetype does not name`)
      let values = this.exports.get(entity)
      if (!values) this.exports.set(entity, (values = new Map()))
      values.set(name, value)
    }
    this.host.exported = []
  }

  // The app's scoring: arcade multipliers with consecutive bonuses, life per archetype and streak.
  private readonly streak = [0, 0, 0, 0]
  private score(archetype: number, judgment: number) {
    if (judgment === 0) this.combo = 0
    else this.maxCombo = Math.max(this.maxCombo, ++this.combo)
    for (let j = 1; j <= 3; j++) this.streak[j] = judgment === j ? this.streak[j]! + 1 : 0
    if (this.life <= 0) return
    const archetypeLife = this.host.blocks.raw('ArchetypeLife')
    const levelLife = this.host.blocks.raw('LevelLife')
    const change = archetypeLife[archetype * 4 + (judgment === 0 ? 3 : judgment - 1)]!
    let bonus = 0
    if (judgment > 0) {
      const step = levelLife[(judgment - 1) * 2 + 1]!
      if (step > 0 && this.streak[judgment]! % step === 0) bonus = levelLife[(judgment - 1) * 2]!
    }
    this.life = Math.max(0, this.life + change + bonus)
  }

  private arcadeRaw(judgments: readonly number[]): number {
    const levelScore = this.host.blocks.raw('LevelScore')
    const streak = [0, 0, 0, 0]
    let total = 0
    for (const judgment of judgments) {
      for (let j = 1; j <= 3; j++) streak[j] = judgment === j ? streak[j]! + 1 : 0
      if (judgment === 0) continue
      const base = levelScore[judgment - 1]!
      const multiplier = levelScore[3 + (judgment - 1) * 3]!
      const step = levelScore[4 + (judgment - 1) * 3]!
      const cap = levelScore[5 + (judgment - 1) * 3]!
      const bonus = step > 0 ? multiplier * Math.floor(Math.min(streak[judgment]!, cap) / step) : 0
      total += base + bonus
    }
    return total
  }

  result(): GameplayResult {
    const counts = [0, 0, 0, 0]
    for (const item of this.judged) counts[item.judgment]!++
    const total = this.judged.length
    const best = this.arcadeRaw(this.judged.map(() => 1))
    const arcadeScore =
      best > 0 ? Math.round((1_000_000 * this.arcadeRaw(this.judged.map((item) => item.judgment))) / best) : 0
    // The accuracy score is the app's own; ours weighs each note by how close it was (0 for a Miss).
    const closeness = this.judged.reduce(
      (sum, item) =>
        sum + (item.judgment === 0 ? 0 : Math.max(0, 1 - Math.abs(item.accuracy) / ACCURACY_SPAN)),
      0,
    )
    const perfect = counts[1]!
    const miss = counts[0]!
    return {
      grade:
        total > 0 && perfect === total
          ? 'allPerfect'
          : miss === 0
            ? 'fullCombo'
            : this.life > 0
              ? 'pass'
              : 'fail',
      arcadeScore,
      accuracyScore: total > 0 ? Math.round((1_000_000 * closeness) / total) : 0,
      combo: this.maxCombo,
      perfect,
      great: counts[2]!,
      good: counts[3]!,
      miss,
      totalCount: total,
    }
  }

  /** The replay the app would upload with this result: inputs in the order they were judged, and the touch
   *  events in the order they happened (delta encoded where the spec says): those up to the end, and for a
   *  finger still down then, the one after it, towards which the last frame saw it moving. */
  replay(playArea = { width: 1920, height: 1080 }): ReplayData {
    const inputs = [...this.judged].sort((a, b) => a.time - b.time || a.entity - b.entity)
    const events = this.fingers
      .flatMap(({ id, points }) => {
        const after = points.findIndex((point) => point.time > this.time)
        return (after < 0 ? points : points.slice(0, after + (after > 0 ? 1 : 0))).map((point, order) => ({
          id,
          order,
          ...point,
        }))
      })
      .sort((a, b) => a.time - b.time || a.id - b.id || a.order - b.order)
    const encoded = {
      inputs: encodeReplayInputs({
        entityIndex: inputs.map((item) => item.entity),
        time: inputs.map((item) => item.time),
        judgment: inputs.map((item) => item.judgment),
        accuracy: inputs.map((item) => item.accuracy),
      }),
      touches: encodeReplayTouches({
        l: events.map((event) => event.id),
        t: events.map((event) => event.time),
        x: events.map((event) => event.x),
        y: events.map((event) => event.y),
      }),
    }
    return {
      startTime: 0,
      saveTime: 0,
      duration: this.time,
      inputOffset: this.setup.inputOffset ?? 0,
      playArea,
      result: this.result(),
      entities: this.setup.level.entities.map((_, index) => ({
        data: [...(this.exports.get(index) ?? new Map<string, number>())].map(([name, value]) => ({
          name,
          value,
        })),
      })),
      ...encoded,
    } as unknown as ReplayData
  }
}

const pointAt = (points: readonly TouchPoint[], time: number): { x: number; y: number } => {
  if (time <= points[0]!.time) return points[0]!
  for (let i = 1; i < points.length; i++) {
    const b = points[i]!
    if (time === b.time) return b
    if (time < b.time) {
      const a = points[i - 1]!
      const t = (time - a.time) / (b.time - a.time)
      return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }
    }
  }
  return points[points.length - 1]!
}

/** Plays a level with these fingers at `fps` frames a second until every entity is gone (or `until`). */
export const runPlay = (
  setup: PlaySetup,
  touches: readonly TouchScript[],
  fps = 60,
  until = Infinity,
): PlayRun => {
  const run = new PlayRun(setup)
  run.addTouches(touches)
  const last = Math.max(0, ...touches.flatMap((touch) => touch.points.map((point) => point.time)))
  for (let frame = 0; ; frame++) {
    const time = frame / fps
    run.step(time)
    if (run.finished || time > until) break
    if (time > last + 600) throw new Error('the level did not end ten minutes after its last touch')
  }
  return run
}
