// What every mode's run shares: the blocks, the timing functions, the record of what a frame drew,
// played and spawned, and which functions each mode and callback may call.
import type { EngineDataNode } from '@sonolus/core'
import { BLOCKS, CALLBACKS, type Mode } from '../modes.js'
import { Blocks, type BlockSetup } from './blocks.js'
import { type Constants, compileNodes, type Host, type Quad, type Root, type Timing } from './compile.js'

export type DrawCall = {
  sprite: number
  quad: Quad
  z: number
  alpha: number
  curve?: { kind: string; args: number[] }
}
export type SoundCall = { clip: number; time?: number; distance?: number; looped?: boolean; id?: number }
export type ParticleCall = { effect: number; quad: Quad; duration: number; looped: boolean; id: number }
export type TextCall = { args: number[] }

/** Which callbacks may call each effectful function (the engine specs' lifecycles: drawing and audio are
 *  presented per frame; Print is preview's, Paint tutorial's, ExportValue and StreamSet play's). */
const FRAME_CALLBACKS: Record<Mode, readonly string[]> = {
  play: ['initialize', 'updateSequential', 'touch', 'updateParallel', 'terminate'],
  watch: ['initialize', 'updateSequential', 'updateParallel', 'terminate'],
  preview: ['render'],
  tutorial: ['navigate', 'update'],
}

const allowedIn = (mode: Mode, func: string): readonly string[] | undefined => {
  const frame = FRAME_CALLBACKS[mode]
  if (func.startsWith('Draw')) return frame
  if (func === 'Print') return mode === 'preview' ? frame : undefined
  if (func === 'Paint') return mode === 'tutorial' ? frame : undefined
  if (func === 'Play' || func === 'PlayLooped' || func === 'StopLooped')
    return mode === 'play' || mode === 'tutorial' ? frame : undefined
  // Play and watch may schedule sounds on the level's timeline before it starts.
  if (/Scheduled$/.test(func))
    return mode === 'preview' ? undefined : mode === 'tutorial' ? frame : ['preprocess', ...frame]
  if (func.includes('ParticleEffect')) return mode === 'preview' ? undefined : frame
  if (func === 'ExportValue' || func === 'StreamSet') return mode === 'play' ? frame : undefined
  // Play spawns what Spawn asks for in its next frame; watch only in its preparation (its spawn system
  // runs once, after preprocess).
  if (func === 'Spawn')
    return mode === 'play' ? ['preprocess', ...frame] : mode === 'watch' ? ['preprocess'] : undefined
  // Debug output does nothing outside the app's debug mode, in any callback.
  if (func === 'DebugLog' || func === 'DebugPause') return CALLBACKS[mode]
  return frame
}

export type Resources = { sprites: readonly string[]; clips: readonly string[]; particles: readonly string[] }

export class RunHost implements Host {
  readonly blocks: Blocks
  draws: DrawCall[] = []
  sounds: SoundCall[] = []
  /** Looped sounds told when to stop (StopLoopedScheduled), by the id PlayLooped* gave. */
  stops: { id: number; time: number }[] = []
  particles: ParticleCall[] = []
  texts: TextCall[] = []
  icons: TextCall[] = []
  spawned: { archetype: number; data: number[] }[] = []
  exported: { entity: number; index: number; value: number }[] = []
  logs: number[] = []
  private nextId = 1
  private readonly allowed = new Map<string, boolean[]>()
  private readonly streams = new Map<number, Map<number, number>>()

  constructor(
    readonly mode: Mode,
    setup: Omit<BlockSetup, 'mode'>,
    readonly timing: Timing,
    /** The names the engine asked for, by id, and which of them the skin, effect and particle have. */
    private readonly resources: Resources & { available?: (name: string) => boolean },
    private readonly randomSource: () => number = Math.random,
  ) {
    this.blocks = new Blocks({ ...setup, mode })
  }

  compile(nodes: readonly EngineDataNode[], roots: readonly Root[], constants?: Constants) {
    return compileNodes(nodes, this, roots, constants, this.blocks)
  }

  /** Reads of these blocks, which only preprocess may write, as constants for the callbacks after it. */
  constantsOf(names: readonly string[]): Constants {
    const values = new Map(names.map((name) => [this.blockId(name), this.blocks.raw(name)]))
    return (block, index) => {
      if (block === undefined || index === undefined || !Number.isInteger(index)) return undefined
      const found = values.get(block)
      return found && index >= 0 && index < found.length ? found[index] : undefined
    }
  }

  private blockId(name: string): number {
    const spec = BLOCKS[this.mode].find((block) => block.name === name)
    if (!spec) throw new Error(`no block ${name} in ${this.mode} mode`)
    return spec.id
  }

  get read() {
    return this.blocks.read
  }
  get write() {
    return this.blocks.write
  }

  allow(func: string): void {
    let table = this.allowed.get(func)
    if (!table) {
      const callbacks = allowedIn(this.mode, func)
      table = new Array<boolean>(16).fill(false)
      this.allowed.set(func, table)
      if (callbacks) for (const callback of callbacks) table[this.blocks.callbackIndex(callback)] = true
    }
    if (!table[this.blocks.callback]) this.blocks.refuse(`calls ${func}, which this callback may not`)
  }

  private checkId(kind: 'sprites' | 'clips' | 'particles', id: number, func: string) {
    if (!Number.isInteger(id) || id < 0 || id >= this.resources[kind].length)
      this.blocks.refuse(`${func} names ${kind.slice(0, -1)} ${id}, which the engine data does not list`)
  }

  /** Keep what each frame draws (a run that only wants judgments leaves this off). */
  recordDraws = true

  draw(sprite: number, quad: Quad, z: number, alpha: number, curve?: { kind: string; args: number[] }) {
    this.checkId('sprites', sprite, 'Draw')
    if (this.recordDraws) this.draws.push({ sprite, quad, z, alpha, ...(curve ? { curve } : {}) })
  }
  play(clip: number, distance: number) {
    this.checkId('clips', clip, 'Play')
    this.sounds.push({ clip, distance })
  }
  playScheduled(clip: number, time: number, distance: number) {
    this.checkId('clips', clip, 'PlayScheduled')
    this.sounds.push({ clip, time, distance })
  }
  playLooped(clip: number) {
    this.checkId('clips', clip, 'PlayLooped')
    const id = this.nextId++
    this.sounds.push({ clip, looped: true, id })
    return id
  }
  playLoopedScheduled(clip: number, time: number) {
    this.checkId('clips', clip, 'PlayLoopedScheduled')
    const id = this.nextId++
    this.sounds.push({ clip, time, looped: true, id })
    return id
  }
  stopLooped() {}
  stopLoopedScheduled(id: number, time: number) {
    this.stops.push({ id, time })
  }
  spawnParticle(effect: number, quad: Quad, duration: number, looped: boolean) {
    this.checkId('particles', effect, 'SpawnParticleEffect')
    const id = this.nextId++
    this.particles.push({ effect, quad, duration, looped, id })
    return id
  }
  moveParticle() {}
  destroyParticle() {}
  spawn(archetype: number, data: number[]) {
    this.spawned.push({ archetype, data })
  }
  exportValue(index: number, value: number) {
    this.exported.push({ entity: this.blocks.entity, index, value })
  }
  private available(kind: 'sprites' | 'clips' | 'particles', id: number): boolean {
    const name = this.resources[kind][id]
    return name !== undefined && (this.resources.available?.(name) ?? true)
  }
  hasSprite(id: number) {
    return this.available('sprites', id)
  }
  hasClip(id: number) {
    return this.available('clips', id)
  }
  hasParticle(id: number) {
    return this.available('particles', id)
  }
  print(args: number[]) {
    this.texts.push({ args })
  }
  paint(args: number[]) {
    this.icons.push({ args })
  }
  random() {
    return this.randomSource()
  }
  readonly stream = {
    set: (id: number, key: number, value: number) => {
      let stream = this.streams.get(id)
      if (!stream) this.streams.set(id, (stream = new Map()))
      stream.set(key, value)
    },
    has: (id: number, key: number) => this.streams.get(id)?.has(key) ?? false,
    value: (id: number, key: number) => this.streams.get(id)?.get(key) ?? 0,
    nextKey: (id: number, key: number) => {
      const keys = [...(this.streams.get(id)?.keys() ?? [])].filter((k) => k > key)
      return keys.length ? Math.min(...keys) : key
    },
    previousKey: (id: number, key: number) => {
      const keys = [...(this.streams.get(id)?.keys() ?? [])].filter((k) => k < key)
      return keys.length ? Math.max(...keys) : key
    },
  }
  debugLog(value: number) {
    this.logs.push(value)
  }

  /** Clears what one frame presented. */
  nextFrame() {
    this.draws = []
    this.sounds = []
    this.stops = []
    this.particles = []
    this.texts = []
    this.icons = []
  }
}
