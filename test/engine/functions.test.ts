// The engine functions one by one, as the engine specs' function pages define them: each built as a tiny node
// graph, compiled by the interpreter with a host of the mode, and run in a callback that may call it. Where a
// page leaves a case open, the test says which reading we take.
import { describe, expect, it } from 'vitest'
import type { EngineDataNode, LevelData } from '@sonolus/core'
import { ARCHETYPES } from '../../common/chart/levelData/types'
import { autoplay } from '../../engine/autoplay'
import { Block, Break, Execute, Get, Set, While, call, rect } from '../../engine/builder/dsl'
import { type ArchetypeDef, playData } from '../../engine/builder/engineData'
import { NodeTable, type Val } from '../../engine/builder/node'
import { NodeError, type Timing } from '../../engine/interpreter/compile'
import { EngineRefusal } from '../../engine/interpreter/errors'
import { RunHost } from '../../engine/interpreter/host'
import { runPlay } from '../../engine/interpreter/play'
import { levelTiming } from '../../engine/interpreter/timing'
import { type Mode, PLAY } from '../../engine/modes'
import { options, play, tinyLevel } from './helpers'

/** A callback of each mode that runs in a frame, where every function of the mode may be called. */
const FRAME: Record<Mode, string> = {
  play: 'updateSequential',
  watch: 'updateSequential',
  preview: 'render',
  tutorial: 'update',
}

type RunOptions = {
  mode?: Mode
  callback?: string
  timing?: Timing
  random?: () => number
  available?: (name: string) => boolean
}

/** Runs an expression as entity 0's callback (a frame's, unless told) and gives its value and the host. */
const run = (expression: Val, { mode = 'play', callback, timing, random, available }: RunOptions = {}) => {
  const table = new NodeTable()
  const root = table.add(expression)
  const host = new RunHost(
    mode,
    { entityCount: 1, archetypeCount: 1 },
    timing ?? levelTiming([]),
    {
      sprites: ['sprite0', 'sprite1'],
      clips: ['clip0', 'clip1'],
      particles: ['effect0'],
      ...(available ? { available } : {}),
    },
    random,
  )
  const index = host.blocks.callbackIndex(callback ?? FRAME[mode])
  const fn = host.compile(table.nodes, [{ index: root, callback: index }]).fn(root, index)
  host.blocks.callback = index
  host.blocks.entity = 0
  return { value: fn(), host }
}
const value = (expression: Val, runOptions?: RunOptions): number => run(expression, runOptions).value

const EM = PLAY.EntityMemory
const TM = PLAY.TemporaryMemory
const memory = (index: number) => Get(EM, index)
const remember = (index: number, to: Val) => Set(EM, index, to)
const entityMemory = (host: RunHost) => [...host.blocks.raw('EntityMemory').subarray(0, 64)]
const nan = () => call('Divide', 0, 0)

describe('arithmetic', () => {
  it('Add sums its values from first to last, and no values give 0', () => {
    expect(value(call('Add', 1, 2, 3))).toBe(6)
    expect(value(call('Add', 0.5, -2))).toBe(-1.5)
    expect(value(call('Add', 5))).toBe(5)
    expect(value(call('Add'))).toBe(0)
  })

  it('Subtract takes every later value from the first', () => {
    expect(value(call('Subtract', 10, 3, 2))).toBe(5)
    expect(value(call('Subtract', -1, -1))).toBe(0)
    expect(value(call('Subtract', 5))).toBe(5)
  })

  it('Multiply multiplies its values from first to last', () => {
    expect(value(call('Multiply', 2, 3, 4))).toBe(24)
    expect(value(call('Multiply', -2, 0.5))).toBe(-1)
  })

  it('Divide divides the first value by each later one in turn, by zero giving an infinity or NaN', () => {
    expect(value(call('Divide', 24, 2, 3))).toBe(4)
    expect(value(call('Divide', 1, 0))).toBe(Infinity)
    expect(value(call('Divide', -1, 0))).toBe(-Infinity)
    expect(value(call('Divide', 0, 0))).toBeNaN()
  })

  it('Power raises from first to last: Power(2, 3, 2) is (2^3)^2', () => {
    expect(value(call('Power', 2, 3, 2))).toBe(64)
    expect(value(call('Power', 4, 0.5))).toBe(2)
    expect(value(call('Power', 2, -1))).toBe(0.5)
    expect(value(call('Power', 0, 0))).toBe(1)
  })

  it('Mod is floored: its result takes the sign of the divisor, folding from first to last', () => {
    expect(value(call('Mod', -1, 3))).toBe(2)
    expect(value(call('Mod', 1, -3))).toBe(-2)
    expect(value(call('Mod', -7, -3))).toBe(-1)
    expect(value(call('Mod', 5.5, 2))).toBe(1.5)
    // (7 mod 4) mod 2.
    expect(value(call('Mod', 7, 4, 2))).toBe(1)
    expect(value(call('Mod', 5, 0))).toBeNaN()
  })

  it('Rem is truncated: its result takes the sign of the dividend, folding from first to last', () => {
    expect(value(call('Rem', -1, 3))).toBe(-1)
    expect(value(call('Rem', 1, -3))).toBe(1)
    expect(value(call('Rem', -5.5, 2))).toBe(-1.5)
    expect(value(call('Rem', 7, 4, 2))).toBe(1)
  })

  it('Negate flips the sign and Abs drops it', () => {
    expect(value(call('Negate', 3))).toBe(-3)
    expect(value(call('Negate', -2.5))).toBe(2.5)
    expect(value(call('Abs', -2.5))).toBe(2.5)
    expect(value(call('Abs', 3))).toBe(3)
    expect(value(call('Abs', 0))).toBe(0)
  })

  it('Sign gives -1, 0 or 1', () => {
    expect(value(call('Sign', -3))).toBe(-1)
    expect(value(call('Sign', 0))).toBe(0)
    expect(value(call('Sign', 2.5))).toBe(1)
  })

  it('Min and Max pick the lesser and the greater of two values', () => {
    expect(value(call('Min', 3, -1))).toBe(-1)
    expect(value(call('Max', 3, -1))).toBe(3)
    expect(value(call('Min', 2, 2))).toBe(2)
    expect(value(call('Max', -2, -3))).toBe(-2)
  })

  it('Floor rounds towards -Infinity and Ceil towards +Infinity', () => {
    expect(value(call('Floor', 1.7))).toBe(1)
    expect(value(call('Floor', -1.2))).toBe(-2)
    expect(value(call('Floor', 3))).toBe(3)
    expect(value(call('Ceil', 1.2))).toBe(2)
    expect(value(call('Ceil', -1.7))).toBe(-1)
    expect(value(call('Ceil', 3))).toBe(3)
  })

  it('Trunc keeps the integer part, rounding towards zero', () => {
    expect(value(call('Trunc', 1.7))).toBe(1)
    expect(value(call('Trunc', -1.7))).toBe(-1)
    expect(value(call('Trunc', 3))).toBe(3)
  })

  it('Round gives the nearest integer, halves to the even one', () => {
    // The page says only "nearest"; the app is built on .NET, whose Math.Round takes halves to even.
    expect(value(call('Round', 2.5))).toBe(2)
    expect(value(call('Round', 3.5))).toBe(4)
    expect(value(call('Round', 0.5))).toBe(0)
    expect(value(call('Round', -1.5))).toBe(-2)
    expect(value(call('Round', -2.5))).toBe(-2)
    expect(value(call('Round', 1.4))).toBe(1)
    expect(value(call('Round', 1.6))).toBe(2)
    expect(value(call('Round', -1.4))).toBe(-1)
    expect(value(call('Round', -1.6))).toBe(-2)
    expect(value(call('Round', 3))).toBe(3)
  })

  it('Frac is the part above the floor, so it is never negative', () => {
    expect(value(call('Frac', 1.25))).toBe(0.25)
    expect(value(call('Frac', -1.25))).toBe(0.75)
    expect(value(call('Frac', 3))).toBe(0)
  })

  it('Log is the natural logarithm, Log(0) being -Infinity and a negative value NaN', () => {
    expect(value(call('Log', Math.E))).toBeCloseTo(1, 12)
    expect(value(call('Log', 1))).toBe(0)
    expect(value(call('Log', 0))).toBe(-Infinity)
    expect(value(call('Log', -1))).toBeNaN()
  })
})

describe('trigonometry', () => {
  it('Sin, Cos and Tan take radians', () => {
    expect(value(call('Sin', Math.PI / 2))).toBeCloseTo(1, 12)
    expect(value(call('Sin', -Math.PI / 6))).toBeCloseTo(-0.5, 12)
    expect(value(call('Cos', Math.PI))).toBeCloseTo(-1, 12)
    expect(value(call('Cos', 0))).toBe(1)
    expect(value(call('Tan', Math.PI / 4))).toBeCloseTo(1, 12)
  })

  it('Sinh, Cosh and Tanh are the hyperbolic functions', () => {
    expect(value(call('Sinh', 1))).toBeCloseTo((Math.E - 1 / Math.E) / 2, 12)
    expect(value(call('Cosh', 1))).toBeCloseTo((Math.E + 1 / Math.E) / 2, 12)
    expect(value(call('Cosh', 0))).toBe(1)
    expect(value(call('Tanh', 1))).toBeCloseTo((Math.E ** 2 - 1) / (Math.E ** 2 + 1), 12)
    expect(value(call('Tanh', -50))).toBe(-1)
  })

  it('Arcsin, Arccos and Arctan give radians, Arcsin and Arccos outside [-1, 1] NaN', () => {
    expect(value(call('Arcsin', 1))).toBeCloseTo(Math.PI / 2, 12)
    expect(value(call('Arccos', -1))).toBeCloseTo(Math.PI, 12)
    expect(value(call('Arctan', 1))).toBeCloseTo(Math.PI / 4, 12)
    expect(value(call('Arctan', -1))).toBeCloseTo(-Math.PI / 4, 12)
    expect(value(call('Arcsin', 2))).toBeNaN()
    expect(value(call('Arccos', -2))).toBeNaN()
  })

  it('Arctan2 takes y then x and knows the quadrant', () => {
    expect(value(call('Arctan2', 1, -1))).toBeCloseTo((3 * Math.PI) / 4, 12)
    expect(value(call('Arctan2', -1, -1))).toBeCloseTo((-3 * Math.PI) / 4, 12)
    expect(value(call('Arctan2', 1, 0))).toBeCloseTo(Math.PI / 2, 12)
    expect(value(call('Arctan2', 0, 1))).toBe(0)
  })

  it('Degree turns radians into degrees and Radian degrees into radians', () => {
    expect(value(call('Degree', Math.PI))).toBeCloseTo(180, 12)
    expect(value(call('Degree', -Math.PI / 2))).toBeCloseTo(-90, 12)
    expect(value(call('Radian', 90))).toBeCloseTo(Math.PI / 2, 12)
    expect(value(call('Radian', -180))).toBeCloseTo(-Math.PI, 12)
  })
})

describe('ranges', () => {
  it('Clamp keeps a value between a minimum and a maximum: the minimum below it, else the maximum above it', () => {
    // A minimum above the maximum: the page's order of tests decides.
    expect(value(call('Clamp', 5, 10, 0))).toBe(10)
    expect(value(call('Clamp', 20, 10, 0))).toBe(0)
    expect(value(call('Clamp', 5, 0, 10))).toBe(5)
    expect(value(call('Clamp', -1, 0, 10))).toBe(0)
    expect(value(call('Clamp', 11, 0, 10))).toBe(10)
    expect(value(call('Clamp', 0, 0, 10))).toBe(0)
    expect(value(call('Clamp', 3, 2, 2))).toBe(2)
  })

  it('Lerp goes from x at s = 0 to y at s = 1, and beyond them outside [0, 1]', () => {
    expect(value(call('Lerp', 10, 20, 0.25))).toBe(12.5)
    expect(value(call('Lerp', 10, 20, -1))).toBe(0)
    expect(value(call('Lerp', 10, 20, 2))).toBe(30)
    expect(value(call('Lerp', 20, 10, 0.25))).toBe(17.5)
  })

  it('LerpClamped holds s to [0, 1], so its result stays between x and y', () => {
    expect(value(call('LerpClamped', 10, 20, 0.25))).toBe(12.5)
    expect(value(call('LerpClamped', 10, 20, -1))).toBe(10)
    expect(value(call('LerpClamped', 10, 20, 2))).toBe(20)
    expect(value(call('LerpClamped', 20, 10, 2))).toBe(10)
  })

  it('Unlerp gives where x lies from a (0) to b (1), outside them too', () => {
    expect(value(call('Unlerp', 10, 20, 12.5))).toBe(0.25)
    expect(value(call('Unlerp', 10, 20, 30))).toBe(2)
    expect(value(call('Unlerp', 20, 10, 12.5))).toBe(0.75)
    expect(value(call('Unlerp', 10, 20, 0))).toBe(-1)
  })

  it('UnlerpClamped holds that position to [0, 1]', () => {
    expect(value(call('UnlerpClamped', 10, 20, 15))).toBe(0.5)
    expect(value(call('UnlerpClamped', 10, 20, 30))).toBe(1)
    expect(value(call('UnlerpClamped', 10, 20, 0))).toBe(0)
  })

  it('Remap carries x from the range a to b onto c to d, outside them too', () => {
    expect(value(call('Remap', 0, 10, 100, 200, 5))).toBe(150)
    expect(value(call('Remap', 0, 10, 100, 200, 20))).toBe(300)
    expect(value(call('Remap', 0, 10, 200, 100, 2.5))).toBe(175)
  })

  it('RemapClamped holds x to the range a to b first', () => {
    expect(value(call('RemapClamped', 0, 10, 100, 200, 5))).toBe(150)
    expect(value(call('RemapClamped', 0, 10, 100, 200, 20))).toBe(200)
    expect(value(call('RemapClamped', 0, 10, 100, 200, -5))).toBe(100)
  })
})

describe('easing', () => {
  // The curves of easings.net, written out as closed forms; OutIn (not there) is Out on the first half and
  // In on the second.
  const c1 = 1.70158
  const c3 = c1 + 1
  const c4 = (2 * Math.PI) / 3
  const inOf: Record<string, (t: number) => number> = {
    Sine: (t) => 1 - Math.cos((t * Math.PI) / 2),
    Quad: (t) => t ** 2,
    Cubic: (t) => t ** 3,
    Quart: (t) => t ** 4,
    Quint: (t) => t ** 5,
    Expo: (t) => (t === 0 ? 0 : 2 ** (10 * t - 10)),
    Circ: (t) => 1 - Math.sqrt(1 - t ** 2),
    Back: (t) => c3 * t ** 3 - c1 * t ** 2,
    Elastic: (t) => (t === 0 || t === 1 ? t : -(2 ** (10 * t - 10)) * Math.sin((t * 10 - 10.75) * c4)),
  }
  const outOf: Record<string, (t: number) => number> = {
    Sine: (t) => Math.sin((t * Math.PI) / 2),
    Quad: (t) => 1 - (1 - t) ** 2,
    Cubic: (t) => 1 - (1 - t) ** 3,
    Quart: (t) => 1 - (1 - t) ** 4,
    Quint: (t) => 1 - (1 - t) ** 5,
    Expo: (t) => (t === 1 ? 1 : 1 - 2 ** (-10 * t)),
    Circ: (t) => Math.sqrt(1 - (t - 1) ** 2),
    Back: (t) => 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2,
    Elastic: (t) => (t === 0 || t === 1 ? t : 2 ** (-10 * t) * Math.sin((t * 10 - 0.75) * c4) + 1),
  }
  const inOutOf: Record<string, (t: number) => number> = {
    Sine: (t) => -(Math.cos(Math.PI * t) - 1) / 2,
    Quad: (t) => (t < 0.5 ? 2 * t ** 2 : 1 - (-2 * t + 2) ** 2 / 2),
    Cubic: (t) => (t < 0.5 ? 4 * t ** 3 : 1 - (-2 * t + 2) ** 3 / 2),
    Quart: (t) => (t < 0.5 ? 8 * t ** 4 : 1 - (-2 * t + 2) ** 4 / 2),
    Quint: (t) => (t < 0.5 ? 16 * t ** 5 : 1 - (-2 * t + 2) ** 5 / 2),
    Expo: (t) => (t === 0 || t === 1 ? t : t < 0.5 ? 2 ** (20 * t - 10) / 2 : (2 - 2 ** (-20 * t + 10)) / 2),
    Circ: (t) =>
      t < 0.5 ? (1 - Math.sqrt(1 - (2 * t) ** 2)) / 2 : (Math.sqrt(1 - (-2 * t + 2) ** 2) + 1) / 2,
    Back: (t) =>
      t < 0.5
        ? ((2 * t) ** 2 * ((c1 * 1.525 + 1) * 2 * t - c1 * 1.525)) / 2
        : ((2 * t - 2) ** 2 * ((c1 * 1.525 + 1) * (t * 2 - 2) + c1 * 1.525) + 2) / 2,
    Elastic: (t) =>
      t === 0 || t === 1
        ? t
        : t < 0.5
          ? -(2 ** (20 * t - 10) * Math.sin((20 * t - 11.125) * ((2 * Math.PI) / 4.5))) / 2
          : (2 ** (-20 * t + 10) * Math.sin((20 * t - 11.125) * ((2 * Math.PI) / 4.5))) / 2 + 1,
  }
  const curves = Object.keys(inOf)
  const at = [0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 1]
  const cases = curves.flatMap((curve) => [
    { name: `EaseIn${curve}`, f: inOf[curve]! },
    { name: `EaseOut${curve}`, f: outOf[curve]! },
    ...(inOutOf[curve] ? [{ name: `EaseInOut${curve}`, f: inOutOf[curve] }] : []),
    {
      name: `EaseOutIn${curve}`,
      f: (t: number) => (t < 0.5 ? outOf[curve]!(2 * t) / 2 : 0.5 + inOf[curve]!(2 * t - 1) / 2),
    },
  ])

  it.each(cases)('$name follows the easings.net curve, its input held to [0, 1]', ({ name, f }) => {
    for (const t of at) expect(value(call(name as 'EaseInQuad', t)), `${name}(${t})`).toBeCloseTo(f(t), 12)
    // Outside [0, 1] the curve holds its ends (sonolus.py's easings do the same).
    expect(value(call(name as 'EaseInQuad', -0.5))).toBeCloseTo(f(0), 12)
    expect(value(call(name as 'EaseInQuad', 1.5))).toBeCloseTo(f(1), 12)
  })
})

describe('comparisons and logic', () => {
  it('Equal and NotEqual compare two values, NaN equal to nothing', () => {
    expect(value(call('Equal', 2, 2))).toBe(1)
    expect(value(call('Equal', 2, 3))).toBe(0)
    expect(value(call('NotEqual', 2, 3))).toBe(1)
    expect(value(call('NotEqual', 2, 2))).toBe(0)
    expect(value(call('Equal', nan(), nan()))).toBe(0)
    expect(value(call('NotEqual', nan(), nan()))).toBe(1)
  })

  it('Greater, GreaterOr, Less and LessOr give 1 when they hold and 0 when not', () => {
    expect(value(call('Greater', 3, 2))).toBe(1)
    expect(value(call('Greater', 2, 2))).toBe(0)
    expect(value(call('GreaterOr', 2, 2))).toBe(1)
    expect(value(call('GreaterOr', 1, 2))).toBe(0)
    expect(value(call('Less', 1, 2))).toBe(1)
    expect(value(call('Less', 2, 2))).toBe(0)
    expect(value(call('LessOr', 2, 2))).toBe(1)
    expect(value(call('LessOr', 3, 2))).toBe(0)
  })

  it('Not gives 1 for 0 and 0 for anything else, NaN included', () => {
    expect(value(call('Not', 0))).toBe(1)
    expect(value(call('Not', 2))).toBe(0)
    expect(value(call('Not', -0.5))).toBe(0)
    expect(value(call('Not', nan()))).toBe(0)
  })

  it('And gives its last value when none is 0, else 0, running nothing after the first 0', () => {
    expect(value(call('And', 2, 3))).toBe(3)
    expect(value(call('And', 2, 0, 3))).toBe(0)
    expect(value(call('And', -1, 0.5))).toBe(0.5)
    // NaN is not 0, so it does not stop And.
    expect(value(call('And', nan(), 4))).toBe(4)
    expect(value(Execute(remember(1, 0), call('And', 0, remember(1, 9)), memory(1)))).toBe(0)
  })

  it('Or gives its first value that is not 0, else 0, running nothing after it', () => {
    expect(value(call('Or', 0, 4, 5))).toBe(4)
    expect(value(call('Or', 0, -2))).toBe(-2)
    expect(value(call('Or', 0, 0))).toBe(0)
    expect(value(Execute(remember(1, 0), call('Or', 1, remember(1, 9)), memory(1)))).toBe(0)
  })
})

describe('control flow', () => {
  it('Execute runs its values in order and gives the last one', () => {
    expect(value(call('Execute', 1, 2, 3))).toBe(3)
    expect(value(call('Execute', remember(0, 1), remember(0, memory(0).add(1)), memory(0)))).toBe(2)
  })

  it('Execute0 runs its values in order and gives 0', () => {
    const { value: result, host } = run(call('Execute0', remember(0, 5), remember(1, memory(0).mul(2)), 7))
    expect(result).toBe(0)
    expect(entityMemory(host).slice(0, 2)).toEqual([5, 10])
  })

  it('If runs only the branch its test picks, any test but 0 (NaN too) picking the consequent', () => {
    expect(value(call('If', 1, 10, 20))).toBe(10)
    expect(value(call('If', -0.5, 10, 20))).toBe(10)
    expect(value(call('If', 0, 10, 20))).toBe(20)
    expect(value(call('If', nan(), 10, 20))).toBe(10)
    const { host } = run(call('If', memory(5), remember(0, 1), remember(1, 1)))
    expect(entityMemory(host).slice(0, 2)).toEqual([0, 1])
  })

  it('Switch gives the consequent of the first test equal to the discriminant, else 0', () => {
    expect(value(call('Switch', 2, 1, 10, 2, 20, 2, 30))).toBe(20)
    expect(value(call('Switch', 0.5, 0.5, 7))).toBe(7)
    expect(value(call('Switch', 5, 1, 10, 2, 20))).toBe(0)
    // Only the chosen consequent runs.
    const { host } = run(call('Switch', 2, 1, remember(0, 1), 2, remember(1, 1), 3, remember(2, 1)))
    expect(entityMemory(host).slice(0, 3)).toEqual([0, 1, 0])
  })

  it('SwitchWithDefault gives its last argument when no test matches', () => {
    expect(value(call('SwitchWithDefault', 1, 1, 10, 2, 20, 30))).toBe(10)
    expect(value(call('SwitchWithDefault', 3, 1, 10, 2, 20, 30))).toBe(30)
    expect(value(call('SwitchWithDefault', 9, 99))).toBe(99)
  })

  it('SwitchInteger gives the consequent at the index the discriminant names, else 0', () => {
    expect(value(call('SwitchInteger', 0, 10, 20, 30))).toBe(10)
    expect(value(call('SwitchInteger', 1, 10, 20, 30))).toBe(20)
    expect(value(call('SwitchInteger', 3, 10, 20, 30))).toBe(0)
    expect(value(call('SwitchInteger', -1, 10, 20, 30))).toBe(0)
    // We read "equals n" exactly: a fraction names no branch.
    expect(value(call('SwitchInteger', 1.5, 10, 20, 30))).toBe(0)
  })

  it('SwitchIntegerWithDefault gives its last argument when the discriminant names no branch', () => {
    expect(value(call('SwitchIntegerWithDefault', 1, 10, 20, 30))).toBe(20)
    expect(value(call('SwitchIntegerWithDefault', 2, 10, 20, 30))).toBe(30)
    expect(value(call('SwitchIntegerWithDefault', -1, 10, 20, 30))).toBe(30)
    expect(value(call('SwitchIntegerWithDefault', 0.5, 10, 20, 30))).toBe(30)
  })

  it('While tests before each pass, so it may run its body never, and gives 0', () => {
    const counted = run(call('While', memory(0).lt(3), remember(0, memory(0).add(1))))
    expect(counted.value).toBe(0)
    expect(entityMemory(counted.host)[0]).toBe(3)
    const never = run(call('While', 0, remember(1, 9)))
    expect(never.value).toBe(0)
    expect(entityMemory(never.host)[1]).toBe(0)
  })

  it('DoWhile runs its body before each test, so at least once, and gives 0', () => {
    const once = run(call('DoWhile', remember(0, memory(0).add(1)), 0))
    expect(once.value).toBe(0)
    expect(entityMemory(once.host)[0]).toBe(1)
    const counted = run(call('DoWhile', remember(0, memory(0).add(1)), memory(0).lt(3)))
    expect(entityMemory(counted.host)[0]).toBe(3)
  })

  it('Block gives its body’s value when nothing breaks out of it', () => {
    expect(value(Block(5))).toBe(5)
    expect(value(Block(remember(0, 2), memory(0).mul(3)))).toBe(6)
  })

  it('Break leaves as many Blocks as it counts with its value, out of loops, Ands and switches on the way', () => {
    expect(value(Block(Block(Break(2, 5), 1), 2))).toBe(5)
    expect(value(Block(Block(Break(1, 5), 1), 2))).toBe(2)
    // Nothing after the Break runs.
    const { host } = run(Block(Break(1, 0), remember(0, 1)))
    expect(entityMemory(host)[0]).toBe(0)
    expect(value(Block(While(1, call('And', 1, Break(1, 8)))))).toBe(8)
    expect(value(Block(call('SwitchInteger', 0, Block(Break(2, 9))), 1))).toBe(9)
    // We read a count below 1 as 1: a Break always leaves its own Block (sonolus.py's interpreter does too).
    expect(value(Block(Break(0, 4), 1))).toBe(4)
  })

  it('refuses a Break whose count is computed or exceeds the Blocks around it, when the data is loaded', () => {
    const host = new RunHost('play', { entityCount: 1, archetypeCount: 1 }, levelTiming([]), {
      sprites: [],
      clips: [],
      particles: [],
    })
    const computed: EngineDataNode[] = [
      { value: 1 },
      { func: 'Add', args: [0, 0] },
      { func: 'Break', args: [1, 0] },
      { func: 'Block', args: [2] },
    ]
    expect(() => host.compile(computed, [{ index: 3 }])).toThrow(/node 2: Break with a computed count/)
    const tooMany: EngineDataNode[] = [
      { value: 2 },
      { func: 'Break', args: [0, 0] },
      { func: 'Block', args: [1] },
    ]
    expect(() => host.compile(tooMany, [{ index: 2 }])).toThrow(NodeError)
  })

  it('JumpLoop runs branch 0, then the branch each result names, until the last, whose value it gives', () => {
    // Branch 1 counts to 3, then names the last branch.
    const loop = call(
      'JumpLoop',
      Execute(remember(0, 0), 1),
      Execute(remember(0, memory(0).add(1)), call('If', memory(0).lt(3), 1, 2)),
      memory(0).mul(10),
    )
    expect(value(loop)).toBe(30)
    // A result naming no branch ends the loop with 0; a fraction names the branch of its integer part.
    expect(value(call('JumpLoop', 5, 1, 7))).toBe(0)
    expect(value(call('JumpLoop', -1, 7))).toBe(0)
    expect(value(call('JumpLoop', 2.7, 99, 7))).toBe(7)
  })
})

describe('blocks', () => {
  it('Get reads a block value, and gives 0 outside the block or for a block the mode lacks', () => {
    expect(value(Execute(remember(3, 7), Get(EM, 3)))).toBe(7)
    expect(value(Get(EM, 64))).toBe(0)
    expect(value(Get(EM, -1))).toBe(0)
    expect(value(Get(9999, 0))).toBe(0)
  })

  it('Set writes a value and gives it', () => {
    const { value: result, host } = run(Set(EM, 2, 7.5))
    expect(result).toBe(7.5)
    expect(entityMemory(host)[2]).toBe(7.5)
  })

  it('refuses a Set outside its block or to a block the mode lacks', () => {
    expect(() => value(Set(EM, 64, 1))).toThrow(/writes EntityMemory\[64\], outside its 64 values/)
    expect(() => value(Set(9999, 0, 1))).toThrow(/writes block 9999, which play mode does not have/)
  })

  it('GetShifted reads index x + y * s and SetShifted writes it, giving the value', () => {
    expect(value(Execute(remember(7, 42), call('GetShifted', EM, 1, 2, 3)))).toBe(42)
    const { value: result, host } = run(call('SetShifted', EM, 1, 2, 3, 9))
    expect(result).toBe(9)
    expect(entityMemory(host)[7]).toBe(9)
  })

  // A pointer: Temporary Memory 0 holds the block (Entity Memory), 1 the base index (10).
  const pointer = () => Execute(Set(TM, 0, EM), Set(TM, 1, 10))

  it('GetPointed reads through a pointer: the block id at index, the base index at index + 1', () => {
    expect(value(Execute(pointer(), remember(13, 5), call('GetPointed', TM, 0, 3)))).toBe(5)
  })

  it('SetPointed writes through the same pointer as GetPointed and gives the value', () => {
    // We read its page's "Get(id, index) + offset" as GetPointed's "Get(id, index + 1) + offset".
    const { value: result, host } = run(Execute(pointer(), call('SetPointed', TM, 0, 3, 7)))
    expect(result).toBe(7)
    expect(entityMemory(host)[13]).toBe(7)
  })

  // Each shape of address reaching Entity Memory 7.
  const shapes = {
    '': [EM, 7],
    Shifted: [EM, 1, 2, 3],
    Pointed: [TM, 0, -3],
  } as const

  const steps = (['Increment', 'Decrement'] as const).flatMap((kind) =>
    (['Post', 'Pre'] as const).flatMap((when) =>
      (['', 'Shifted', 'Pointed'] as const).map((shape) => ({
        name: `${kind}${when}${shape}`,
        shape,
        after: kind === 'Increment' ? 6 : 4,
        gives: when === 'Post' ? (kind === 'Increment' ? 6 : 4) : 5,
      })),
    ),
  )

  it.each(steps)(
    '$name changes the value by 1 and gives it after the change for Post and before it for Pre',
    ({ name, shape, after, gives }) => {
      const { value: result, host } = run(
        Execute(pointer(), remember(7, 5), call(name as 'IncrementPost', ...shapes[shape])),
      )
      expect(result).toBe(gives)
      expect(entityMemory(host)[7]).toBe(after)
    },
  )

  // The old value -7 and the argument 2: Mod floored, Rem truncated.
  const results = { Add: -5, Subtract: -9, Multiply: -14, Divide: -3.5, Mod: 1, Rem: -1, Power: 49 }
  const setOps = Object.entries(results).flatMap(([op, result]) =>
    (['', 'Shifted', 'Pointed'] as const).map((shape) => ({ name: `Set${op}${shape}`, shape, result })),
  )

  it.each(setOps)(
    '$name stores the old value combined with its argument and gives what it stores',
    ({ name, shape, result }) => {
      const { value: given, host } = run(
        Execute(pointer(), remember(7, -7), call(name as 'SetAdd', ...shapes[shape], 2)),
      )
      expect(given).toBe(result)
      expect(entityMemory(host)[7]).toBe(result)
    },
  )

  it('Copy copies count values, an overlapping range as if through a buffer, and gives 0', () => {
    const values = Execute(...[1, 2, 3, 4].map((v, i) => remember(i, v)))
    const forward = run(Execute(values, call('Copy', EM, 0, EM, 1, 3)))
    expect(forward.value).toBe(0)
    expect(entityMemory(forward.host).slice(0, 4)).toEqual([1, 1, 2, 3])
    const backward = run(Execute(values, call('Copy', EM, 1, EM, 0, 3)))
    expect(entityMemory(backward.host).slice(0, 4)).toEqual([2, 3, 4, 4])
    const across = run(Execute(values, call('Copy', EM, 2, TM, 5, 2), Get(TM, 5).add(Get(TM, 6).mul(10))))
    expect(across.value).toBe(43)
  })
})

describe('random numbers', () => {
  /** A random source giving these draws in turn. */
  const draws = (...values: number[]) => {
    let next = 0
    return () => values[next++ % values.length]!
  }

  it('Random spreads a uniform draw over min to max', () => {
    const random = draws(0, 0.5, 0.75)
    const three = call(
      'Add',
      call('Random', 2, 4),
      call('Random', 2, 4).mul(10),
      call('Random', 2, 4).mul(100),
    )
    // 2 + 3 × 10 + 3.5 × 100.
    expect(value(three, { random })).toBe(382)
    expect(value(call('Random', -1, 1), { random: draws(0.25) })).toBe(-0.5)
  })

  it('Random stays within min and max over many seeded draws', () => {
    // A seeded Park–Miller source, so the draws are the same every run.
    let seed = 12345
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    const many = Execute(
      remember(0, 0),
      remember(1, 0),
      While(
        memory(0).lt(500),
        remember(2, call('Random', -3, 5)),
        remember(1, memory(1).add(call('And', memory(2).ge(-3), memory(2).le(5)))),
        remember(0, memory(0).add(1)),
      ),
      memory(1),
    )
    expect(value(many, { random })).toBe(500)
  })

  it('RandomInteger draws an integer from min up to but not including max', () => {
    const integer = call('RandomInteger', 1, 4)
    expect([0, 0.3, 0.5, 0.9999].map((draw) => value(integer, { random: draws(draw) }))).toEqual([1, 1, 2, 3])
    expect(value(call('RandomInteger', -2, 0), { random: draws(0.99) })).toBe(-1)
    // We read fractional bounds as the integers in [min, max): from 1 to 3 for 0.5 to 3.5.
    expect(value(call('RandomInteger', 0.5, 3.5), { random: draws(0) })).toBe(1)
    expect(value(call('RandomInteger', 0.5, 3.5), { random: draws(0.9999) })).toBe(3)
  })
})

describe('timing', () => {
  // 120 BPM from beat 0 and 60 from beat 4 (2 s); time scale 2 from beat 2 (1 s) and 0.5 from beat 6 (4 s).
  const change = (archetype: string, beat: number, name: string, amount: number) => ({
    archetype,
    data: [
      { name: '#BEAT', value: beat },
      { name, value: amount },
    ],
  })
  const timing = levelTiming([
    change('#BPM_CHANGE', 0, '#BPM', 120),
    change('#BPM_CHANGE', 4, '#BPM', 60),
    change('#TIMESCALE_CHANGE', 2, '#TIMESCALE', 2),
    change('#TIMESCALE_CHANGE', 6, '#TIMESCALE', 0.5),
  ])
  const at = (func: string, input: number) => value(call(func as 'BeatToTime', input), { timing })

  it('BeatToTime goes through every tempo change before the beat', () => {
    expect(at('BeatToTime', 0)).toBe(0)
    expect(at('BeatToTime', 2)).toBe(1)
    expect(at('BeatToTime', 4)).toBe(2)
    expect(at('BeatToTime', 6)).toBe(4)
  })

  it('BeatToBPM gives the tempo of the last change at or before the beat', () => {
    expect(at('BeatToBPM', 3.9)).toBe(120)
    expect(at('BeatToBPM', 4)).toBe(60)
    expect(at('BeatToBPM', 10)).toBe(60)
  })

  it('BeatToStartingBeat and BeatToStartingTime give where that tempo change starts', () => {
    expect(at('BeatToStartingBeat', 5)).toBe(4)
    expect(at('BeatToStartingTime', 5)).toBe(2)
    expect(at('BeatToStartingBeat', 1)).toBe(0)
    expect(at('BeatToStartingTime', 1)).toBe(0)
  })

  it('TimeToScaledTime adds up time times its time scale, 1 before the first change', () => {
    expect(at('TimeToScaledTime', 0.5)).toBe(0.5)
    expect(at('TimeToScaledTime', 1)).toBe(1)
    expect(at('TimeToScaledTime', 2)).toBe(3)
    expect(at('TimeToScaledTime', 4)).toBe(7)
    expect(at('TimeToScaledTime', 6)).toBe(8)
  })

  it('TimeToTimeScale, TimeToStartingTime and TimeToStartingScaledTime describe the time scale change in force', () => {
    expect(at('TimeToTimeScale', 0.5)).toBe(1)
    expect(at('TimeToTimeScale', 1)).toBe(2)
    expect(at('TimeToTimeScale', 5)).toBe(0.5)
    expect(at('TimeToStartingTime', 2)).toBe(1)
    expect(at('TimeToStartingTime', 5)).toBe(4)
    expect(at('TimeToStartingTime', 0.5)).toBe(0)
    expect(at('TimeToStartingScaledTime', 2)).toBe(1)
    expect(at('TimeToStartingScaledTime', 5)).toBe(7)
  })
})

describe('judging', () => {
  // Binary-exact windows, so that an edge is exactly an edge; a late Perfect window wider than the early one.
  const windows = [-0.25, 0.5, -0.5, 0.75, -1, 1] as const

  it('Judge measures source - target against each window, edges included, giving 1, 2, 3 or 0', () => {
    const judge = (source: number) => value(call('Judge', source, 10, ...windows))
    expect([10, 10.5, 9.75].map(judge)).toEqual([1, 1, 1])
    expect([10.75, 9.5, 10.625].map(judge)).toEqual([2, 2, 2])
    expect([11, 9, 9.25].map(judge)).toEqual([3, 3, 3])
    expect([11.25, 8.75, 100].map(judge)).toEqual([0, 0, 0])
    expect(value(call('Judge', nan(), 10, ...windows))).toBe(0)
  })

  it('JudgeSimple judges as Judge with each window mirrored about zero', () => {
    for (const source of [8.75, 9, 9.25, 9.5, 9.75, 10, 10.25, 10.5, 10.75, 11, 11.25]) {
      const simple = value(call('JudgeSimple', source, 10, 0.25, 0.5, 1))
      expect(simple, `${source}`).toBe(value(call('Judge', source, 10, -0.25, 0.25, -0.5, 0.5, -1, 1)))
    }
  })
})

describe('drawing', () => {
  it('Draw keeps the sprite, the corners in the order given (bottom-left, top-left, top-right, bottom-right), z and alpha, and gives 0', () => {
    const { value: result, host } = run(call('Draw', 1, ...rect(-1, 1, -0.5, 0.5), 3, 0.5))
    expect(result).toBe(0)
    expect(host.draws).toEqual([{ sprite: 1, quad: [-1, -0.5, -1, 0.5, 1, 0.5, 1, -0.5], z: 3, alpha: 0.5 }])
  })

  it('refuses Draw outside a frame: in preprocess, spawnOrder and shouldSpawn', () => {
    for (const callback of ['preprocess', 'spawnOrder', 'shouldSpawn'])
      expect(() => value(call('Draw', 0, ...rect(0, 1, 0, 1), 0, 1), { callback })).toThrow(
        new RegExp(`calls Draw, which this callback may not \\(play mode, callback ${callback}`),
      )
  })

  const curved = [
    { name: 'DrawCurvedL', curve: [8, 0.5, -0.5] },
    { name: 'DrawCurvedR', curve: [8, 0.5, -0.5] },
    { name: 'DrawCurvedB', curve: [8, 0.5, -0.5] },
    { name: 'DrawCurvedT', curve: [8, 0.5, -0.5] },
    { name: 'DrawCurvedLR', curve: [8, 0.5, -0.5, -0.25, 0.25] },
    { name: 'DrawCurvedBT', curve: [8, 0.5, -0.5, -0.25, 0.25] },
  ]

  it.each(curved)('$name draws as Draw does and keeps its segments and control points', ({ name, curve }) => {
    const { value: result, host } = run(call(name as 'Draw', 0, ...rect(-1, 1, -0.5, 0.5), 2, 1, ...curve))
    expect(result).toBe(0)
    expect(host.draws).toEqual([
      {
        sprite: 0,
        quad: [-1, -0.5, -1, 0.5, 1, 0.5, 1, -0.5],
        z: 2,
        alpha: 1,
        curve: { kind: name, args: curve },
      },
    ])
  })
})

describe('sound', () => {
  it('Play asks for a clip now with its minimum distance and gives 0, in play but not in watch', () => {
    const { value: result, host } = run(call('Play', 1, 0.02))
    expect(result).toBe(0)
    expect(host.sounds).toEqual([{ clip: 1, distance: 0.02 }])
    expect(() => value(call('Play', 1, 0.02), { mode: 'watch' })).toThrow(
      /calls Play, which this callback may not/,
    )
  })

  it('PlayScheduled asks for a clip at a time with its distance and gives 0, from preprocess too, not in preview', () => {
    const { value: result, host } = run(call('PlayScheduled', 0, 3, 0.02))
    expect(result).toBe(0)
    expect(host.sounds).toEqual([{ clip: 0, time: 3, distance: 0.02 }])
    expect(value(call('PlayScheduled', 0, 3, 0.02), { callback: 'preprocess' })).toBe(0)
    expect(value(call('PlayScheduled', 0, 3, 0.02), { mode: 'watch', callback: 'preprocess' })).toBe(0)
    expect(() => value(call('PlayScheduled', 0, 3, 0.02), { mode: 'preview' })).toThrow(EngineRefusal)
  })

  it('PlayLooped starts a loop and gives an id that no other loop or particle effect has', () => {
    const { value: result, host } = run(
      Execute(
        remember(0, call('PlayLooped', 0)),
        remember(1, call('PlayLooped', 0)),
        remember(2, call('SpawnParticleEffect', 0, ...rect(0, 1, 0, 1), 0.5, 0)),
        memory(0),
      ),
    )
    const ids = entityMemory(host).slice(0, 3)
    expect(new globalThis.Set(ids).size).toBe(3)
    expect(ids.every((id) => id > 0)).toBe(true)
    expect(result).toBe(ids[0])
    expect(host.sounds).toEqual([
      { clip: 0, looped: true, id: ids[0] },
      { clip: 0, looped: true, id: ids[1] },
    ])
    expect(() => value(call('PlayLooped', 0), { mode: 'watch' })).toThrow(/calls PlayLooped/)
  })

  it('StopLooped gives 0, where Play may be called and not in watch', () => {
    expect(value(Execute(remember(0, call('PlayLooped', 0)), call('StopLooped', memory(0))))).toBe(0)
    expect(() => value(call('StopLooped', 1), { mode: 'watch' })).toThrow(/calls StopLooped/)
  })

  it('PlayLoopedScheduled gives the id of a loop from its start time, which StopLoopedScheduled ends at its end time', () => {
    const { value: result, host } = run(
      Execute(remember(0, call('PlayLoopedScheduled', 1, 2)), call('StopLoopedScheduled', memory(0), 5)),
    )
    const id = entityMemory(host)[0]!
    expect(result).toBe(0)
    expect(id).toBeGreaterThan(0)
    expect(host.sounds).toEqual([{ clip: 1, time: 2, looped: true, id }])
    expect(host.stops).toEqual([{ id, time: 5 }])
  })

  it('refuses a clip the engine data does not list', () => {
    expect(() => value(call('Play', 2, 0))).toThrow(/Play names clip 2, which the engine data does not list/)
  })

  it('schedules every auto hit sound and hold loop at least 0.5 s ahead at the default note speed', () => {
    // The pages ask for half a second of lead for a scheduled sound to start on time.
    const level = tinyLevel([
      { archetype: ARCHETYPES.normal, data: { beat: 2, lane: 1, laneLength: 2 } },
      { archetype: ARCHETYPES.holdStart, data: { beat: 3, lane: 5, laneLength: 2 } },
      { archetype: ARCHETYPES.holdEnd, data: { beat: 6, stBeat: 3, lane: 5, laneLength: 2 } },
    ])
    const played = play(level, autoplay(level), options({ autoSfx: 1 }), true)
    const leads = played.frames.flatMap((frame) =>
      frame.sounds.flatMap((sound) => (sound.time === undefined ? [] : [sound.time - frame.time])),
    )
    // The tap, the hold's start and end, and the hold's loop.
    expect(leads).toHaveLength(4)
    expect(Math.min(...leads)).toBeGreaterThanOrEqual(0.5)
  })
})

describe('particle effects', () => {
  it('SpawnParticleEffect keeps the effect, its corners, duration and looping, and gives its id', () => {
    const { value: id, host } = run(call('SpawnParticleEffect', 0, ...rect(-1, 1, -0.5, 0.5), 0.5, 1))
    expect(id).toBeGreaterThan(0)
    expect(host.particles).toEqual([
      { effect: 0, quad: [-1, -0.5, -1, 0.5, 1, 0.5, 1, -0.5], duration: 0.5, looped: true, id },
    ])
  })

  it('MoveParticleEffect and DestroyParticleEffect give 0, and no particle effect runs in preview', () => {
    const moved = Execute(
      remember(0, call('SpawnParticleEffect', 0, ...rect(0, 1, 0, 1), 1, 1)),
      remember(1, call('MoveParticleEffect', memory(0), ...rect(1, 2, 1, 2))),
      remember(2, call('DestroyParticleEffect', memory(0))),
      memory(1).add(memory(2)),
    )
    expect(value(moved)).toBe(0)
    expect(() =>
      value(call('SpawnParticleEffect', 0, ...rect(0, 1, 0, 1), 1, 0), { mode: 'preview' }),
    ).toThrow(/calls SpawnParticleEffect, which this callback may not/)
    expect(() => value(call('DestroyParticleEffect', 1), { mode: 'preview' })).toThrow(
      /calls DestroyParticleEffect, which this callback may not/,
    )
  })
})

describe('resources', () => {
  // The skin has sprite0, not sprite1.
  const available = (name: string) => name !== 'sprite1'

  it('HasSkinSprite, HasEffectClip and HasParticleEffect give 1 for what the chosen skin, effect and particle have', () => {
    expect(value(call('HasSkinSprite', 0), { available })).toBe(1)
    expect(value(call('HasSkinSprite', 1), { available })).toBe(0)
    expect(value(call('HasSkinSprite', 5), { available })).toBe(0)
    expect(value(call('HasEffectClip', 1), { available })).toBe(1)
    expect(value(call('HasEffectClip', -1), { available })).toBe(0)
    expect(value(call('HasParticleEffect', 0), { available })).toBe(1)
    expect(value(call('HasParticleEffect', 1), { available })).toBe(0)
    // Asking is no drawing: preprocess may ask.
    expect(value(call('HasSkinSprite', 0), { available, callback: 'preprocess' })).toBe(1)
  })
})

describe('text, icons and debugging', () => {
  const printed = [42, 0, -1, 0.5, 0.5, 0.5, 0.5, 0.2, 0.1, 0, -1, 1, 0, 0]

  it('Print keeps its fourteen values and gives 0, in preview only', () => {
    const { value: result, host } = run(call('Print', ...printed), { mode: 'preview' })
    expect(result).toBe(0)
    expect(host.texts).toEqual([{ args: printed }])
    expect(() => value(call('Print', ...printed))).toThrow(/calls Print, which this callback may not/)
    expect(() => value(call('Print', ...printed), { mode: 'tutorial' })).toThrow(EngineRefusal)
  })

  it('Paint keeps its seven values and gives 0, in tutorial only', () => {
    const painted = [3, 0.5, -0.5, 0.2, 45, 10, 1]
    const { value: result, host } = run(call('Paint', ...painted), { mode: 'tutorial' })
    expect(result).toBe(0)
    expect(host.icons).toEqual([{ args: painted }])
    expect(value(call('Paint', ...painted), { mode: 'tutorial', callback: 'navigate' })).toBe(0)
    expect(() => value(call('Paint', ...painted), { mode: 'preview' })).toThrow(/calls Paint/)
  })

  it('DebugLog gives 0 and leaves the value for the run to show, and DebugPause gives 0', () => {
    const { value: result, host } = run(
      Execute(call('DebugLog', 7), call('DebugLog', -1), call('DebugPause')),
    )
    expect(result).toBe(0)
    expect(host.logs).toEqual([7, -1])
    expect(value(call('DebugLog', 1), { mode: 'preview' })).toBe(0)
    // No page limits them to a frame: preprocess may log too.
    expect(value(call('DebugLog', 2), { callback: 'preprocess' })).toBe(0)
    expect(value(call('DebugPause'), { mode: 'watch', callback: 'spawnTime' })).toBe(0)
  })
})

describe('streams', () => {
  it('StreamHas and StreamGetValue find what StreamSet stored under a key, each stream apart', () => {
    const stored = Execute(
      call('StreamSet', 1, 2, 20),
      call('StreamSet', 1, 5, 50),
      call('StreamSet', 1, 5, 55),
      call('StreamSet', 2, 3, 30),
    )
    const ask = (question: Val) => value(Execute(stored, question))
    expect(value(call('StreamSet', 1, 2, 20))).toBe(0)
    expect(ask(call('StreamHas', 1, 2))).toBe(1)
    expect(ask(call('StreamHas', 1, 3))).toBe(0)
    expect(ask(call('StreamHas', 2, 2))).toBe(0)
    expect(ask(call('StreamGetValue', 1, 5))).toBe(55)
    expect(ask(call('StreamGetValue', 2, 3))).toBe(30)
    // We read a key with no value as 0.
    expect(ask(call('StreamGetValue', 1, 3))).toBe(0)
  })

  it('StreamGetNextKey and StreamGetPreviousKey give the nearest key after or before, else the key itself', () => {
    const stored = Execute(call('StreamSet', 1, 2, 20), call('StreamSet', 1, 5, 50))
    const ask = (question: Val) => value(Execute(stored, question))
    expect(ask(call('StreamGetNextKey', 1, 2))).toBe(5)
    expect(ask(call('StreamGetNextKey', 1, 3))).toBe(5)
    expect(ask(call('StreamGetNextKey', 1, 5))).toBe(5)
    expect(ask(call('StreamGetNextKey', 9, 1))).toBe(1)
    expect(ask(call('StreamGetPreviousKey', 1, 5))).toBe(2)
    expect(ask(call('StreamGetPreviousKey', 1, 4))).toBe(2)
    expect(ask(call('StreamGetPreviousKey', 1, 2))).toBe(2)
  })

  it('refuses StreamSet outside play', () => {
    expect(() => value(call('StreamSet', 1, 2, 20), { mode: 'watch' })).toThrow(/calls StreamSet/)
  })
})

describe('entities made by Spawn and exported values', () => {
  it('takes Spawn in watch only while preparing: its spawn system runs once, after preprocess', () => {
    expect(value(call('Spawn', 0), { mode: 'watch', callback: 'preprocess' })).toBe(0)
    expect(() => value(call('Spawn', 0), { mode: 'watch' })).toThrow(/calls Spawn/)
    expect(() => value(call('Spawn', 0), { mode: 'preview' })).toThrow(/calls Spawn/)
  })

  const empty = { skin: { sprites: [] }, effect: { clips: [] }, particle: { effects: [] }, buckets: [] }
  const despawn = Set(PLAY.EntityDespawn, 0, 1)
  const level: LevelData = { bgmOffset: 0, entities: [{ archetype: 'Parent', data: [] }] }
  const now = Get(PLAY.RuntimeUpdate, 0)
  const LM = PLAY.LevelMemory

  /** A level of one Parent, which spawns a Child with data 7 and 8 in its first frame, and leaves. */
  const spawning = (child: Val) =>
    playData({
      ...empty,
      archetypes: [
        {
          name: 'Parent',
          hasInput: false,
          imports: [],
          exports: [],
          callbacks: {
            updateSequential: { body: Execute(call('Spawn', 1, 7, 8), Set(LM, 3, now), despawn) },
          },
        },
        {
          name: 'Child',
          hasInput: false,
          imports: [],
          exports: [],
          callbacks: { updateSequential: { body: Execute(child, despawn) } },
        },
      ],
    })

  it('Spawn queues an entity of the archetype with its data in Entity Memory, spawned in the next frame', () => {
    const data = spawning(
      Execute(Set(LM, 0, memory(0)), Set(LM, 1, memory(1)), Set(LM, 2, memory(2)), Set(LM, 4, now)),
    )
    const played = runPlay({ data, level, options: [] }, [], 60)
    const [first, second, third, askedAt, spawnedAt] = played.host.blocks.raw('LevelMemory')
    expect([first, second, third]).toEqual([7, 8, 0])
    // The parent asked in frame 0, at time 0; the child first ran in frame 1.
    expect(askedAt).toBe(0)
    expect(spawnedAt).toBeCloseTo(1 / 60, 12)
  })

  it('gives an entity made by Spawn no Entity Data, Shared Memory, Input or Info', () => {
    for (const block of [PLAY.EntityData, PLAY.EntitySharedMemory, PLAY.EntityInput, PLAY.EntityInfo]) {
      const data = spawning(Set(LM, 0, Get(block, 0)))
      expect(() => runPlay({ data, level, options: [] }, [], 60)).toThrow(
        /in an entity made by Spawn, which has none/,
      )
    }
  })

  it('ExportValue gives 0 and puts the value under the archetype’s export name in the replay, in play only', () => {
    const exporter: ArchetypeDef<'play'> = {
      name: 'Parent',
      hasInput: false,
      imports: [],
      exports: ['first', 'second'],
      callbacks: {
        updateSequential: { body: Execute(Set(LM, 0, call('ExportValue', 1, 42)), despawn) },
      },
    }
    const played = runPlay(
      { data: playData({ ...empty, archetypes: [exporter] }), level, options: [] },
      [],
      60,
    )
    expect(played.host.blocks.raw('LevelMemory')[0]).toBe(0)
    expect(played.replay().entities[0]!.data).toEqual([{ name: 'second', value: 42 }])
    expect(() => value(call('ExportValue', 0, 1), { mode: 'watch' })).toThrow(/calls ExportValue/)
  })
})

describe('functions we do not implement', () => {
  const unimplemented = [
    'StackInit',
    'StackEnter',
    'StackLeave',
    'StackPush',
    'StackPop',
    'StackGrow',
    'StackGet',
    'StackSet',
    'StackGetFrame',
    'StackSetFrame',
    'StackGetPointer',
    'StackSetPointer',
    'StackGetFramePointer',
    'StackSetFramePointer',
    'AddLifeScheduled',
  ]

  it.each(unimplemented)('refuses %s as an unknown function when the data is loaded', (name) => {
    const host = new RunHost('play', { entityCount: 1, archetypeCount: 1 }, levelTiming([]), {
      sprites: [],
      clips: [],
      particles: [],
    })
    const nodes: EngineDataNode[] = [{ value: 0 }, { func: name as 'StackPush', args: [0] }]
    expect(() => host.compile(nodes, [{ index: 1 }])).toThrow(new RegExp(`node 1: unknown function ${name}`))
  })
})
