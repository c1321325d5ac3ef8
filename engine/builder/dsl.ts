// The statements and functions the engine is written in: thin, typed wrappers over the app's runtime
// functions (names as in @sonolus/core's RuntimeFunction), plus the few shapes that read better than
// their nodes (`when`, `loop`).
import type { RuntimeFunction } from '@sonolus/core'
import { Expr, type Val } from './node.js'

export { Expr, type Val } from './node.js'

export const call = (func: RuntimeFunction, ...args: Val[]): Expr => Expr.call(func, args)
export const num = (value: Val): Expr => Expr.of(value)

/** Runs each statement in turn; its value is the last one's. Nested sequences are flattened. */
export const Execute = (...statements: Val[]): Expr => {
  const flat: Expr[] = []
  statements.forEach((statement, index) => {
    const expr = Expr.of(statement)
    const last = index === statements.length - 1
    if (expr.func === 'Execute') flat.push(...expr.args)
    // A value that is not the last one does nothing.
    else if (last || expr.constant === undefined) flat.push(expr)
  })
  if (flat.length === 0) return Expr.value(0)
  if (flat.length === 1) return flat[0]!
  return Expr.call('Execute', flat)
}

export const If = (condition: Val, then: Val, otherwise: Val = 0): Expr => {
  const test = Expr.of(condition)
  if (test.constant !== undefined) return Expr.of(test.constant ? then : otherwise)
  return Expr.call('If', [test, then, otherwise])
}

/** `if (condition) { ...body }`, worth 0. */
export const when = (condition: Val, ...body: Val[]): Expr => If(condition, Execute(...body, 0), 0)

export const While = (condition: Val, ...body: Val[]): Expr =>
  Expr.call('While', [condition, Execute(...body, 0)])

/** A block that `Break(1, value)` leaves with `value`. */
export const Block = (...body: Val[]): Expr => Expr.call('Block', [Execute(...body)])
export const Break = (count: Val, value: Val = 0): Expr => Expr.call('Break', [count, value])

export const And = (...values: Val[]): Expr =>
  values.length === 1 ? Expr.of(values[0]!) : Expr.call('And', values)
export const Or = (...values: Val[]): Expr =>
  values.length === 1 ? Expr.of(values[0]!) : Expr.call('Or', values)
export const Not = (value: Val): Expr => Expr.call('Not', [value])

// Maths.
export const Min = (a: Val, b: Val): Expr => Expr.call('Min', [a, b])
export const Max = (a: Val, b: Val): Expr => Expr.call('Max', [a, b])
export const Abs = (value: Val): Expr => Expr.call('Abs', [value])
export const Floor = (value: Val): Expr => Expr.call('Floor', [value])
export const Ceil = (value: Val): Expr => Expr.call('Ceil', [value])
export const Power = (base: Val, exponent: Val): Expr => Expr.call('Power', [base, exponent])

// Timing: the app builds these from the level's #BPM_CHANGE and #TIMESCALE_CHANGE entities.
export const BeatToTime = (beat: Val): Expr => Expr.call('BeatToTime', [beat])
export const TimeToScaledTime = (time: Val): Expr => Expr.call('TimeToScaledTime', [time])

// Blocks.
export const Get = (block: Val, index: Val): Expr => Expr.call('Get', [block, index])
export const Set = (block: Val, index: Val, value: Val): Expr => Expr.call('Set', [block, index, value])
/** block[offset + index × stride] */
export const GetShifted = (block: Val, offset: Val, index: Val, stride: Val): Expr =>
  Expr.call('GetShifted', [block, offset, index, stride])
export const SetShifted = (block: Val, offset: Val, index: Val, stride: Val, value: Val): Expr =>
  Expr.call('SetShifted', [block, offset, index, stride, value])

/** A quad, corners bottom-left, top-left, top-right, bottom-right. */
export type Quad = readonly [Val, Val, Val, Val, Val, Val, Val, Val]

/** A quad from its left, right, bottom and top edges. */
export const rect = (left: Val, right: Val, bottom: Val, top: Val): Quad => [
  left,
  bottom,
  left,
  top,
  right,
  top,
  right,
  bottom,
]

export const Draw = (sprite: Val, quad: Quad, z: Val, alpha: Val): Expr =>
  Expr.call('Draw', [sprite, ...quad, z, alpha])
export const Play = (clip: Val, distance: Val): Expr => Expr.call('Play', [clip, distance])
export const PlayScheduled = (clip: Val, time: Val, distance: Val): Expr =>
  Expr.call('PlayScheduled', [clip, time, distance])
export const SpawnParticleEffect = (effect: Val, quad: Quad, duration: Val, looped: Val): Expr =>
  Expr.call('SpawnParticleEffect', [effect, ...quad, duration, looped])
export const JudgeSimple = (source: Val, target: Val, perfect: Val, great: Val, good: Val): Expr =>
  Expr.call('JudgeSimple', [source, target, perfect, great, good])
export const PlayLooped = (clip: Val): Expr => Expr.call('PlayLooped', [clip])
export const StopLooped = (loop: Val): Expr => Expr.call('StopLooped', [loop])
export const PlayLoopedScheduled = (clip: Val, time: Val): Expr =>
  Expr.call('PlayLoopedScheduled', [clip, time])
export const StopLoopedScheduled = (loop: Val, time: Val): Expr =>
  Expr.call('StopLoopedScheduled', [loop, time])
export const DestroyParticleEffect = (particle: Val): Expr => Expr.call('DestroyParticleEffect', [particle])
export const Print = (...args: Val[]): Expr => Expr.call('Print', args)
export const Paint = (icon: Val, x: Val, y: Val, size: Val, rotation: Val, z: Val, alpha: Val): Expr =>
  Expr.call('Paint', [icon, x, y, size, rotation, z, alpha])
