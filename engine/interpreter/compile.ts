// Long because it is one compiler: every node kind's code template sits beside the others it must agree with.
// Engine nodes compiled once into JavaScript functions, one per callback entry, so that a level plays at
// the speed of plain code. Each node's value is computed into a local in evaluation order (arguments left
// to right, only the branches taken), which keeps the engine specs' semantics: a Block is a labelled JS
// block that `Break(count, value)` leaves, loops are labelled loops, And/Or stop at the first deciding
// value, a non-zero value (NaN too) is true. Everything that touches the world (blocks, drawing, audio,
// spawning, exports) goes through the Host, which checks the mode's rules.
import type { EngineDataNode } from '@sonolus/core'

export type Quad = [number, number, number, number, number, number, number, number]

export interface Host {
  read(block: number, index: number): number
  write(block: number, index: number, value: number): void
  /** Refuses a function the current mode or callback may not call. */
  allow(func: string): void
  draw(sprite: number, quad: Quad, z: number, alpha: number, curve?: { kind: string; args: number[] }): void
  play(clip: number, distance: number): void
  playScheduled(clip: number, time: number, distance: number): void
  playLooped(clip: number): number
  playLoopedScheduled(clip: number, time: number): number
  stopLooped(id: number): void
  stopLoopedScheduled(id: number, time: number): void
  spawnParticle(effect: number, quad: Quad, duration: number, looped: boolean): number
  moveParticle(id: number, quad: Quad): void
  destroyParticle(id: number): void
  spawn(archetype: number, data: number[]): void
  exportValue(index: number, value: number): void
  hasSprite(id: number): boolean
  hasClip(id: number): boolean
  hasParticle(id: number): boolean
  print(args: number[]): void
  paint(args: number[]): void
  random(): number
  timing: Timing
  stream: {
    set(id: number, key: number, value: number): void
    has(id: number, key: number): boolean
    value(id: number, key: number): number
    nextKey(id: number, key: number): number
    previousKey(id: number, key: number): number
  }
  debugLog(value: number): void
}

export interface Timing {
  beatToTime(beat: number): number
  beatToBpm(beat: number): number
  beatToStartingBeat(beat: number): number
  beatToStartingTime(beat: number): number
  timeToScaledTime(time: number): number
  timeToStartingScaledTime(time: number): number
  timeToStartingTime(time: number): number
  timeToTimeScale(time: number): number
}

/** What a host tells the compiler about its blocks, so that an access whose block is a constant is checked
 *  once, when it is compiled, and runs as a plain array access. */
export interface FastBlocks {
  info(block: number):
    | {
        readable: Uint8Array
        writable: Uint8Array
        entityBound: boolean
        spawnedHaveIt: boolean
        stride: number
        length: number
      }
    | undefined
  values(block: number): Float64Array
  /** The entity whose callback runs (−1 for none). */
  current(): number
  /** Entities with every per-entity block (those of the level; later ones were made by Spawn). */
  readonly levelEntities: number
}

/** Raised for data the app would refuse to load: an unknown function, a wrong argument count. */
export class NodeError extends Error {
  constructor(
    message: string,
    readonly node: number,
  ) {
    super(`node ${node}: ${message}`)
    this.name = 'NodeError'
  }
}

// Functions with a fixed argument count; VARIADIC ones take any number.
const ARITY: Record<string, number> = {
  Abs: 1,
  Arccos: 1,
  Arcsin: 1,
  Arctan: 1,
  Arctan2: 2,
  Ceil: 1,
  Clamp: 3,
  Cos: 1,
  Cosh: 1,
  Degree: 1,
  Floor: 1,
  Frac: 1,
  Lerp: 3,
  LerpClamped: 3,
  Log: 1,
  Max: 2,
  Min: 2,
  Negate: 1,
  Not: 1,
  Radian: 1,
  Remap: 5,
  RemapClamped: 5,
  Round: 1,
  Sign: 1,
  Sin: 1,
  Sinh: 1,
  Tan: 1,
  Tanh: 1,
  Trunc: 1,
  Unlerp: 3,
  UnlerpClamped: 3,
  Equal: 2,
  NotEqual: 2,
  Greater: 2,
  GreaterOr: 2,
  Less: 2,
  LessOr: 2,
  If: 3,
  While: 2,
  DoWhile: 2,
  Block: 1,
  Break: 2,
  Get: 2,
  Set: 3,
  GetShifted: 4,
  SetShifted: 5,
  GetPointed: 3,
  SetPointed: 4,
  Copy: 5,
  Random: 2,
  RandomInteger: 2,
  BeatToBPM: 1,
  BeatToStartingBeat: 1,
  BeatToStartingTime: 1,
  BeatToTime: 1,
  TimeToScaledTime: 1,
  TimeToStartingScaledTime: 1,
  TimeToStartingTime: 1,
  TimeToTimeScale: 1,
  Draw: 11,
  DrawCurvedL: 14,
  DrawCurvedR: 14,
  DrawCurvedB: 14,
  DrawCurvedT: 14,
  DrawCurvedLR: 16,
  DrawCurvedBT: 16,
  Play: 2,
  PlayScheduled: 3,
  PlayLooped: 1,
  PlayLoopedScheduled: 2,
  StopLooped: 1,
  StopLoopedScheduled: 2,
  SpawnParticleEffect: 11,
  MoveParticleEffect: 9,
  DestroyParticleEffect: 1,
  HasSkinSprite: 1,
  HasEffectClip: 1,
  HasParticleEffect: 1,
  Judge: 8,
  JudgeSimple: 5,
  ExportValue: 2,
  Print: 14,
  Paint: 7,
  StreamSet: 3,
  StreamHas: 2,
  StreamGetValue: 2,
  StreamGetNextKey: 2,
  StreamGetPreviousKey: 2,
  DebugLog: 1,
  DebugPause: 0,
}
for (const kind of ['Increment', 'Decrement'])
  for (const when of ['Post', 'Pre']) {
    ARITY[`${kind}${when}`] = 2
    ARITY[`${kind}${when}Shifted`] = 4
    ARITY[`${kind}${when}Pointed`] = 3
  }
const SET_OPS: Record<string, string> = {
  Add: 'a + b',
  Subtract: 'a - b',
  Multiply: 'a * b',
  Divide: 'a / b',
  Mod: 'U.mod(a, b)',
  Rem: 'a % b',
  Power: 'a ** b',
}
for (const op of Object.keys(SET_OPS)) {
  ARITY[`Set${op}`] = 3
  ARITY[`Set${op}Shifted`] = 5
  ARITY[`Set${op}Pointed`] = 4
}
for (const shape of ['InOut', 'OutIn', 'In', 'Out'])
  for (const curve of ['Sine', 'Quad', 'Cubic', 'Quart', 'Quint', 'Expo', 'Circ', 'Back', 'Elastic'])
    ARITY[`Ease${shape}${curve}`] = 1

const VARIADIC = new Set([
  'Execute',
  'Execute0',
  'And',
  'Or',
  'Add',
  'Subtract',
  'Multiply',
  'Divide',
  'Mod',
  'Rem',
  'Power',
  'Switch',
  'SwitchWithDefault',
  'SwitchInteger',
  'SwitchIntegerWithDefault',
  'JumpLoop',
  'Spawn',
])

// Pure functions of numbers, as JS (a, b, c… are the arguments).
const PURE: Record<string, string> = {
  Negate: '-a',
  Not: 'a === 0 ? 1 : 0',
  Abs: 'Math.abs(a)',
  Sign: 'Math.sign(a)',
  Min: 'Math.min(a, b)',
  Max: 'Math.max(a, b)',
  Ceil: 'Math.ceil(a)',
  Floor: 'Math.floor(a)',
  Round: 'U.round(a)',
  Trunc: 'Math.trunc(a)',
  Frac: 'a - Math.floor(a)',
  Log: 'Math.log(a)',
  Sin: 'Math.sin(a)',
  Cos: 'Math.cos(a)',
  Tan: 'Math.tan(a)',
  Sinh: 'Math.sinh(a)',
  Cosh: 'Math.cosh(a)',
  Tanh: 'Math.tanh(a)',
  Arcsin: 'Math.asin(a)',
  Arccos: 'Math.acos(a)',
  Arctan: 'Math.atan(a)',
  Arctan2: 'Math.atan2(a, b)',
  Degree: 'a * 180 / Math.PI',
  Radian: 'a * Math.PI / 180',
  Clamp: 'a < b ? b : a > c ? c : a',
  Lerp: 'a + (b - a) * c',
  LerpClamped: 'a + (b - a) * Math.min(Math.max(c, 0), 1)',
  Unlerp: '(c - a) / (b - a)',
  UnlerpClamped: 'Math.min(Math.max((c - a) / (b - a), 0), 1)',
  Remap: 'c + (d - c) * ((e - a) / (b - a))',
  RemapClamped: 'c + (d - c) * Math.min(Math.max((e - a) / (b - a), 0), 1)',
  Equal: 'a === b ? 1 : 0',
  NotEqual: 'a !== b ? 1 : 0',
  Greater: 'a > b ? 1 : 0',
  GreaterOr: 'a >= b ? 1 : 0',
  Less: 'a < b ? 1 : 0',
  LessOr: 'a <= b ? 1 : 0',
  Judge: 'U.judge(a, b, c, d, e, f, g, h)',
  JudgeSimple: 'U.judge(a, b, -c, c, -d, d, -e, e)',
  BeatToTime: 'T.beatToTime(a)',
  BeatToBPM: 'T.beatToBpm(a)',
  BeatToStartingBeat: 'T.beatToStartingBeat(a)',
  BeatToStartingTime: 'T.beatToStartingTime(a)',
  TimeToScaledTime: 'T.timeToScaledTime(a)',
  TimeToStartingScaledTime: 'T.timeToStartingScaledTime(a)',
  TimeToStartingTime: 'T.timeToStartingTime(a)',
  TimeToTimeScale: 'T.timeToTimeScale(a)',
  HasSkinSprite: 'H.hasSprite(a) ? 1 : 0',
  HasEffectClip: 'H.hasClip(a) ? 1 : 0',
  HasParticleEffect: 'H.hasParticle(a) ? 1 : 0',
  Random: 'a + (b - a) * H.random()',
  RandomInteger: 'U.randomInteger(a, b, H.random())',
  StreamHas: 'H.stream.has(a, b) ? 1 : 0',
  StreamGetValue: 'H.stream.value(a, b)',
  StreamGetNextKey: 'H.stream.nextKey(a, b)',
  StreamGetPreviousKey: 'H.stream.previousKey(a, b)',
}
const FOLDS: Record<string, string> = {
  Add: '+',
  Subtract: '-',
  Multiply: '*',
  Divide: '/',
  Rem: '%',
  Power: '**',
}

// Effects: `allow` first, then the call; their value is 0 unless they return an id.
const EFFECTS: Record<string, (args: string[]) => string> = {
  Draw: (a) => `H.draw(${a[0]}, [${a.slice(1, 9)}], ${a[9]}, ${a[10]})`,
  Play: (a) => `H.play(${a[0]}, ${a[1]})`,
  PlayScheduled: (a) => `H.playScheduled(${a[0]}, ${a[1]}, ${a[2]})`,
  PlayLooped: (a) => `H.playLooped(${a[0]})`,
  PlayLoopedScheduled: (a) => `H.playLoopedScheduled(${a[0]}, ${a[1]})`,
  StopLooped: (a) => `H.stopLooped(${a[0]})`,
  StopLoopedScheduled: (a) => `H.stopLoopedScheduled(${a[0]}, ${a[1]})`,
  SpawnParticleEffect: (a) => `H.spawnParticle(${a[0]}, [${a.slice(1, 9)}], ${a[9]}, ${a[10]} !== 0)`,
  MoveParticleEffect: (a) => `H.moveParticle(${a[0]}, [${a.slice(1, 9)}])`,
  DestroyParticleEffect: (a) => `H.destroyParticle(${a[0]})`,
  Spawn: (a) => `H.spawn(${a[0]}, [${a.slice(1)}])`,
  ExportValue: (a) => `H.exportValue(${a[0]}, ${a[1]})`,
  Print: (a) => `H.print([${a}])`,
  Paint: (a) => `H.paint([${a}])`,
  StreamSet: (a) => `H.stream.set(${a[0]}, ${a[1]}, ${a[2]})`,
  DebugLog: (a) => `H.debugLog(${a[0]})`,
  DebugPause: () => '0',
}
const RETURNS_ID = new Set(['PlayLooped', 'PlayLoopedScheduled', 'SpawnParticleEffect'])
for (const curve of ['L', 'R', 'B', 'T', 'LR', 'BT'])
  EFFECTS[`DrawCurved${curve}`] = (a) =>
    `H.draw(${a[0]}, [${a.slice(1, 9)}], ${a[9]}, ${a[10]}, { kind: 'DrawCurved${curve}', args: [${a.slice(11)}] })`

const floorMod = (a: number, b: number) => a - b * Math.floor(a / b)

const easeOf = (kind: string): ((x: number) => number) => {
  const out = (f: (t: number) => number) => (t: number) => 1 - f(1 - t)
  const inOut = (f: (t: number) => number) => (t: number) => (t < 0.5 ? f(2 * t) / 2 : 1 - f(2 - 2 * t) / 2)
  const outIn = (f: (t: number) => number) => (t: number) =>
    t < 0.5 ? out(f)(2 * t) / 2 : 0.5 + f(2 * t - 1) / 2
  const c1 = 1.70158
  const base: Record<string, (t: number) => number> = {
    Sine: (t) => 1 - Math.cos((t * Math.PI) / 2),
    Quad: (t) => t * t,
    Cubic: (t) => t ** 3,
    Quart: (t) => t ** 4,
    Quint: (t) => t ** 5,
    Expo: (t) => (t === 0 ? 0 : 2 ** (10 * t - 10)),
    Circ: (t) => 1 - Math.sqrt(1 - Math.min(1, t * t)),
    Back: (t) => (c1 + 1) * t ** 3 - c1 * t * t,
    Elastic: (t) =>
      t === 0 || t === 1 ? t : -(2 ** (10 * t - 10)) * Math.sin((t * 10 - 10.75) * ((2 * Math.PI) / 3)),
  }
  // Back and Elastic ease in and out along easings.net's own curves (the spec's reference), not halves of
  // their In curves: Back overshoots by 1.525 times as much, Elastic swings with a longer period.
  const c2 = c1 * 1.525
  const inOutOwn: Record<string, (t: number) => number> = {
    Back: (t) =>
      t < 0.5
        ? ((2 * t) ** 2 * ((c2 + 1) * 2 * t - c2)) / 2
        : ((2 * t - 2) ** 2 * ((c2 + 1) * (2 * t - 2) + c2) + 2) / 2,
    Elastic: (t) => {
      if (t === 0 || t === 1) return t
      const swing = Math.sin((20 * t - 11.125) * ((2 * Math.PI) / 4.5))
      return t < 0.5 ? -(2 ** (20 * t - 10) * swing) / 2 : (2 ** (-20 * t + 10) * swing) / 2 + 1
    },
  }
  const match = /^Ease(InOut|OutIn|In|Out)(\w+)$/.exec(kind)!
  const f = base[match[2]!]!
  const shaped = {
    In: f,
    Out: out(f),
    InOut: inOutOwn[match[2]!] ?? inOut(f),
    OutIn: outIn(f),
  }[match[1] as 'In']
  return (x) => shaped(Math.min(Math.max(x, 0), 1))
}

/** To the nearest integer, halves to the even one (as .NET's Math.Round, which the app is built on). */
const roundHalfEven = (a: number) => {
  const floor = Math.floor(a)
  const rest = a - floor
  return rest > 0.5 || (rest === 0.5 && floor % 2 !== 0) ? floor + 1 : floor
}

const UTILITIES = {
  round: roundHalfEven,
  mod: floorMod,
  judge: (
    source: number,
    target: number,
    minPerfect: number,
    maxPerfect: number,
    minGreat: number,
    maxGreat: number,
    minGood: number,
    maxGood: number,
  ) => {
    const d = source - target
    if (d >= minPerfect && d <= maxPerfect) return 1
    if (d >= minGreat && d <= maxGreat) return 2
    if (d >= minGood && d <= maxGood) return 3
    return 0
  },
  randomInteger: (min: number, max: number, random: number) => {
    const low = Math.ceil(min)
    return low + Math.floor((Math.ceil(max) - low) * random)
  },
  ease: Object.fromEntries(
    Object.keys(ARITY)
      .filter((name) => name.startsWith('Ease'))
      .map((name) => [name, easeOf(name)]),
  ),
  copy: (host: Host, from: number, fromIndex: number, to: number, toIndex: number, count: number) => {
    const values = Array.from({ length: count }, (_, i) => host.read(from, fromIndex + i))
    values.forEach((value, i) => host.write(to, toIndex + i, value))
  },
}

/** A callback entry, ready to call. */
export type Compiled = {
  fn(index: number, callback?: number): () => number
  source(index: number, callback?: number): string
}

/** How large one compiled callback may grow: a node graph whose shared nodes unfold into more than this
 *  is refused rather than compiled into a function V8 cannot optimise. */
const MAX_STATEMENTS = 200_000

class Emitter {
  private lines: string[] = []
  private indent = '  '
  private next = 0
  private labels: { label: string; result: string }[] = []
  private statements = 0

  /** Blocks read or written with a constant id, each bound once at the start of the function. */
  private readonly bound = new Set<number>()

  constructor(
    private readonly nodes: readonly EngineDataNode[],
    private readonly constant?: Constants,
    private readonly fast?: FastBlocks,
    /** The callback the function runs as (its index in the mode's list), when known. */
    private readonly callback?: number,
  ) {}

  /** A block id known when compiling, with what the host says of it, if this callback may use it directly. */
  private direct(block: string, write: boolean) {
    const id = literal(block)
    if (id === undefined || this.callback === undefined || !this.fast) return undefined
    const info = this.fast.info(id)
    if (!info || (write ? info.writable : info.readable)[this.callback] !== 1) return undefined
    this.bound.add(id)
    return { id, info }
  }

  /** The condition under which index `at` of a direct block is a place, and that place. */
  private place(direct: { id: number; info: NonNullable<ReturnType<FastBlocks['info']>> }, at: string) {
    const { id, info } = direct
    const known = literal(at)
    const conditions: string[] = []
    if (info.entityBound) conditions.push(info.spawnedHaveIt ? 'E >= 0' : 'E >= 0 && E < N')
    if (known === undefined)
      conditions.push(`${at} >= 0 && ${at} < ${info.length} && Math.floor(${at}) === ${at}`)
    else if (!(known >= 0 && known < info.length && Number.isInteger(known))) conditions.push('false')
    const index = info.entityBound ? `E * ${info.stride} + ${at}` : at
    return { test: conditions.length ? conditions.join(' && ') : 'true', at: `V${id}[${index}]` }
  }

  /** A block read: direct when it can be (else the host's read, which refuses or gives 0). */
  private read(block: string, at: string): string {
    const direct = this.direct(block, false)
    if (!direct) return this.value(`R(${block}, ${at})`)
    const { test, at: place } = this.place(direct, at)
    return this.value(test === 'true' ? place : `${test} ? ${place} : R(${block}, ${at})`)
  }

  private write(block: string, at: string, value: string) {
    const direct = this.direct(block, true)
    if (!direct) return this.line(`W(${block}, ${at}, ${value});`)
    const { test, at: place } = this.place(direct, at)
    if (test === 'true') this.line(`${place} = ${value};`)
    else this.line(`if (${test}) ${place} = ${value}; else W(${block}, ${at}, ${value});`)
  }

  private fresh(prefix = 'v') {
    return `${prefix}${this.next++}`
  }
  private line(text: string) {
    if (++this.statements > MAX_STATEMENTS) throw new NodeError('a callback unfolds into too much code', -1)
    this.lines.push(this.indent + text)
  }
  private nested(body: () => void) {
    const indent = this.indent
    this.indent += '  '
    body()
    this.indent = indent
  }
  private value(expression: string): string {
    const name = this.fresh()
    this.line(`const ${name} = ${expression};`)
    return name
  }

  /** The body of a function returning the node's value. */
  function(index: number): string {
    this.lines = []
    const result = this.emit(index)
    this.line(`return ${result};`)
    const prologue = this.bound.size
      ? [
          `  const E = F.current(), N = F.levelEntities;`,
          ...[...this.bound].map((id) => `  const V${id} = F.values(${id});`),
        ]
      : []
    return [...prologue, ...this.lines].join('\n')
  }

  private emit(index: number): string {
    const node = this.nodes[index]
    if (!node) throw new NodeError('no such node', index)
    if ('value' in node) {
      if (typeof node.value !== 'number') throw new NodeError('a value node must hold a number', index)
      return Number.isFinite(node.value) ? `(${node.value})` : `(${String(node.value)})`
    }
    const func: string = node.func
    if (!(func in ARITY) && !VARIADIC.has(func)) throw new NodeError(`unknown function ${func}`, index)
    const arity = ARITY[func]
    // Drawing may carry three more z values that break ties (sonolus.js and sonolus.py emit them).
    const extra = func.startsWith('Draw') ? [0, 3] : [0]
    if (arity !== undefined && !extra.some((more) => node.args.length === arity + more))
      throw new NodeError(`${func} takes ${arity} arguments, not ${node.args.length}`, index)
    return this.call(index, func, node.args)
  }

  private all(args: readonly number[]): string[] {
    return args.map((arg) => this.emit(arg))
  }

  private call(index: number, func: string, args: readonly number[]): string {
    switch (func) {
      case 'Execute': {
        let result = '0'
        for (const arg of args) result = this.emit(arg)
        return result
      }
      case 'Execute0':
        this.all(args)
        return '0'
      case 'If': {
        const test = this.emit(args[0]!)
        const result = this.fresh()
        this.line(`let ${result};`)
        this.line(`if (${test} !== 0) {`)
        this.nested(() => this.line(`${result} = ${this.emit(args[1]!)};`))
        this.line('} else {')
        this.nested(() => this.line(`${result} = ${this.emit(args[2]!)};`))
        this.line('}')
        return result
      }
      case 'While':
      case 'DoWhile': {
        const label = this.fresh('L')
        const [test, body] = func === 'While' ? [args[0]!, args[1]!] : [args[1]!, args[0]!]
        this.line(`${label}: for (;;) {`)
        this.nested(() => {
          if (func === 'DoWhile') this.emit(body)
          this.line(`if (${this.emit(test)} === 0) break ${label};`)
          if (func === 'While') this.emit(body)
        })
        this.line('}')
        return '0'
      }
      case 'Block': {
        const label = this.fresh('B')
        const result = this.fresh()
        this.line(`let ${result} = 0;`)
        this.line(`${label}: {`)
        this.labels.push({ label, result })
        this.nested(() => this.line(`${result} = ${this.emit(args[0]!)};`))
        this.labels.pop()
        this.line('}')
        return result
      }
      case 'Break': {
        const count = this.nodes[args[0]!]
        if (!count || !('value' in count)) throw new NodeError('Break with a computed count', index)
        const target = this.labels[this.labels.length - Math.max(1, Math.trunc(count.value))]
        if (!target) throw new NodeError(`Break(${count.value}) outside as many Blocks`, index)
        this.line(`${target.result} = ${this.emit(args[1]!)};`)
        this.line(`break ${target.label};`)
        return '0'
      }
      case 'And':
      case 'Or': {
        const label = this.fresh('B')
        const result = this.fresh()
        this.line(`let ${result} = 0;`)
        this.line(`${label}: {`)
        this.nested(() =>
          args.forEach((arg, i) => {
            const value = this.emit(arg)
            const last = i === args.length - 1
            if (func === 'And') {
              if (last) this.line(`${result} = ${value};`)
              else this.line(`if (${value} === 0) break ${label};`)
            } else this.line(`if (${value} !== 0) { ${result} = ${value}; break ${label}; }`)
          }),
        )
        this.line('}')
        return result
      }
      case 'Switch':
      case 'SwitchWithDefault': {
        const withDefault = func === 'SwitchWithDefault'
        const cases = Math.floor((args.length - 1 - (withDefault ? 1 : 0)) / 2)
        const label = this.fresh('B')
        const result = this.fresh()
        this.line(`let ${result} = 0;`)
        this.line(`${label}: {`)
        this.nested(() => {
          const discriminant = this.emit(args[0]!)
          for (let i = 0; i < cases; i++) {
            const test = this.emit(args[1 + 2 * i]!)
            this.line(`if (${discriminant} === ${test}) {`)
            this.nested(() => {
              this.line(`${result} = ${this.emit(args[2 + 2 * i]!)};`)
              this.line(`break ${label};`)
            })
            this.line('}')
          }
          if (withDefault) this.line(`${result} = ${this.emit(args[args.length - 1]!)};`)
        })
        this.line('}')
        return result
      }
      case 'SwitchInteger':
      case 'SwitchIntegerWithDefault': {
        const withDefault = func === 'SwitchIntegerWithDefault'
        const count = args.length - 1 - (withDefault ? 1 : 0)
        const discriminant = this.emit(args[0]!)
        const result = this.fresh()
        this.line(`let ${result} = 0;`)
        for (let i = 0; i < count; i++) {
          this.line(`${i ? '} else ' : ''}if (${discriminant} === ${i}) {`)
          this.nested(() => this.line(`${result} = ${this.emit(args[1 + i]!)};`))
        }
        if (withDefault) {
          this.line(count ? '} else {' : '{')
          this.nested(() => this.line(`${result} = ${this.emit(args[args.length - 1]!)};`))
        }
        if (count || withDefault) this.line('}')
        return result
      }
      case 'JumpLoop': {
        const label = this.fresh('L')
        const at = this.fresh('s')
        const result = this.fresh()
        this.line(`let ${result} = 0, ${at} = 0;`)
        this.line(`${label}: for (;;) {`)
        this.nested(() => {
          args.forEach((arg, i) => {
            this.line(`${i ? '} else ' : ''}if (${at} === ${i}) {`)
            this.nested(() => {
              const value = this.emit(arg)
              if (i === args.length - 1) this.line(`${result} = ${value}; break ${label};`)
              else this.line(`${at} = Math.trunc(${value});`)
            })
          })
          this.line(args.length ? `} else { ${result} = 0; break ${label}; }` : `break ${label};`)
        })
        this.line('}')
        return result
      }
      case 'Get': {
        const [block, at] = this.all(args)
        // Like the app's late optimisation: a block that can no longer change reads as its value.
        const known = this.constant?.(literal(block!), literal(at!))
        return known !== undefined ? `(${known})` : this.read(block!, at!)
      }
      case 'Set': {
        const [block, at, value] = this.all(args)
        this.write(block!, at!, value!)
        return value!
      }
      case 'GetShifted': {
        const [block, x, y, s] = this.all(args)
        return this.read(block!, this.value(`${x} + ${y} * ${s}`))
      }
      case 'SetShifted': {
        const [block, x, y, s, value] = this.all(args)
        this.write(block!, this.value(`${x} + ${y} * ${s}`), value!)
        return value!
      }
      case 'GetPointed': {
        const [block, at, offset] = this.all(args)
        return this.value(`R(R(${block}, ${at}), R(${block}, ${at} + 1) + ${offset})`)
      }
      case 'SetPointed': {
        const [block, at, offset, value] = this.all(args)
        this.line(`W(R(${block}, ${at}), R(${block}, ${at} + 1) + ${offset}, ${value});`)
        return value!
      }
      case 'Copy': {
        const values = this.all(args)
        this.line(`U.copy(H, ${values.join(', ')});`)
        return '0'
      }
    }

    const step = /^(Increment|Decrement)(Post|Pre)(Shifted|Pointed)?$/.exec(func)
    const setOp = /^Set(Add|Subtract|Multiply|Divide|Mod|Rem|Power)(Shifted|Pointed)?$/.exec(func)
    if (step || setOp) {
      const shape = (step ? step[3] : setOp![2]) ?? ''
      const values = this.all(args)
      let block = values[0]!
      let at = values[1]!
      if (shape === 'Shifted') at = this.value(`${values[1]} + ${values[2]} * ${values[3]}`)
      else if (shape === 'Pointed') {
        block = this.value(`R(${values[0]}, ${values[1]})`)
        at = this.value(`R(${values[0]}, ${values[1]} + 1) + ${values[2]}`)
      }
      const old = this.read(block, at)
      // The engine specs: the *Post functions return the value after the change, *Pre the one before.
      const changed = step
        ? this.value(`${old} ${step[1] === 'Increment' ? '+' : '-'} 1`)
        : this.value(SET_OPS[setOp![1]!]!.replace('a', old).replace('b', values[values.length - 1]!))
      this.write(block, at, changed)
      return step && step[2] === 'Pre' ? old : changed
    }
    if (func.startsWith('Ease')) return this.value(`U.ease.${func}(${this.emit(args[0]!)})`)
    if (func in FOLDS || func === 'Mod') {
      const values = this.all(args)
      if (values.length === 0) return '0'
      return this.value(
        values.reduce((sum, value) =>
          func === 'Mod' ? `U.mod(${sum}, ${value})` : `(${sum} ${FOLDS[func]} ${value})`,
        ),
      )
    }
    if (func in PURE) {
      const values = this.all(args)
      const names = 'abcdefgh'
      return this.value(PURE[func]!.replace(/\b[a-h]\b/g, (name) => values[names.indexOf(name)]!))
    }
    if (func in EFFECTS) {
      const values = this.all(args)
      this.line(`H.allow(${JSON.stringify(func)});`)
      if (RETURNS_ID.has(func)) return this.value(EFFECTS[func]!(values))
      this.line(`${EFFECTS[func]!(values)};`)
      return '0'
    }
    throw new NodeError(`unknown function ${func}`, index)
  }
}

/** The value of a block that no callback can change any more, or undefined. */
export type Constants = (block: number | undefined, index: number | undefined) => number | undefined

const literal = (expression: string): number | undefined =>
  /^\((-?[\d.e+-]+)\)$/.test(expression) ? Number(expression.slice(1, -1)) : undefined

/** A callback's entry node, and the callback it runs as (its index in the mode's callbacks) when known. */
export type Root = { index: number; callback?: number }

/** Compiles every callback entry in `roots` (refusing bad data at load, as the app would). */
export const compileNodes = (
  nodes: readonly EngineDataNode[],
  host: Host,
  roots: readonly Root[],
  constants?: Constants,
  fast?: FastBlocks,
): Compiled => {
  const sources = new Map<string, string>()
  const fns = new Map<string, () => number>()
  // The host's read and write are called on their own, without the host: they must be bound functions.
  const read = host.read
  const write = host.write
  const compile = (index: number, callback?: number) => {
    const key = `${index}:${callback ?? ''}`
    let fn = fns.get(key)
    if (!fn) {
      const source = new Emitter(nodes, constants, fast, callback).function(index)
      sources.set(key, source)
      // The generated code sees only its host, the block accessors, the timing functions and helpers.
      const make = new Function('H', 'R', 'W', 'T', 'U', 'F', `return () => {\n${source}\n}`) as (
        ...args: unknown[]
      ) => () => number
      fn = make(host, read, write, host.timing, UTILITIES, fast)
      fns.set(key, fn)
    }
    return fn
  }
  for (const root of roots) compile(root.index, root.callback)
  return {
    fn: compile,
    source: (index, callback) => (compile(index, callback), sources.get(`${index}:${callback ?? ''}`)!),
  }
}
