// ReplayData as the replay specs write it (Sonolus/wiki-replay-specs, resources/replay-data.md):
// `inputs.entityIndex`, `inputs.time`, `touches.t`, `touches.x` and `touches.y` are delta encoded, each
// value stored as its difference from the one before (the first as it is); `judgment`, `accuracy` and
// `touches.l` are stored as they are. Everything that writes or reads a replay goes through here.
//
// What `touches` holds is not documented. Ours (docs/conformance.md): the touch events in the order they
// happened, each with `l` the identity of its finger (1, 2, … within the replay); a finger's first event
// is where and when it went down, its last where and when it came up. Times are on the device's clock, the
// input offset not yet taken off (the replay's `inputOffset` says how much the engine took off).

/** Touch event values are kept to a grid of 2⁻²⁴ (seconds, screen units): on it, sums and differences
 *  are exact, so delta encoding gives back the very numbers it was given. */
const GRID = 2 ** 24
export const onReplayGrid = (value: number): number => Math.round(value * GRID) / GRID

/** Each value's difference from the one before (the first's from 0). Each difference is taken from the
 *  value decoding gives back, so that rounding never adds up along the array. */
export const deltaEncode = (values: readonly number[]): number[] => {
  let decoded = 0
  return values.map((value) => {
    const delta = value - decoded
    decoded += delta
    return delta
  })
}

/** The running sum: the values delta encoding was given. */
export const deltaDecode = (deltas: readonly number[]): number[] => {
  let value = 0
  return deltas.map((delta) => (value += delta))
}

export type ReplayInputs = { entityIndex: number[]; time: number[]; judgment: number[]; accuracy: number[] }
export type ReplayTouches = { l: number[]; t: number[]; x: number[]; y: number[] }

/** Inputs as they are written, from their absolute values. */
export const encodeReplayInputs = (inputs: ReplayInputs): ReplayInputs => ({
  entityIndex: deltaEncode(inputs.entityIndex),
  time: deltaEncode(inputs.time),
  judgment: [...inputs.judgment],
  accuracy: [...inputs.accuracy],
})

/** Touches as they are written, from their absolute values. */
export const encodeReplayTouches = (touches: ReplayTouches): ReplayTouches => ({
  l: [...touches.l],
  t: deltaEncode(touches.t),
  x: deltaEncode(touches.x),
  y: deltaEncode(touches.y),
})

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.map((item) => (typeof item === 'number' ? item : Number.NaN)) : []
const fields = (value: unknown) => (value ?? {}) as Record<string, unknown>

/** A stored replay's inputs with their absolute values. Arrays that are missing read as empty; a value
 *  that is not a number reads as NaN (nothing judged at NaN is shown). Its touches, often far larger,
 *  are left alone. */
export const decodeReplayInputs = (replay: { inputs?: unknown }): ReplayInputs => {
  const inputs = fields(replay.inputs)
  return {
    entityIndex: deltaDecode(numbers(inputs.entityIndex)),
    time: deltaDecode(numbers(inputs.time)),
    judgment: numbers(inputs.judgment),
    accuracy: numbers(inputs.accuracy),
  }
}

/** A stored replay's touches with their absolute values, read as decodeReplayInputs reads inputs. */
export const decodeReplayTouches = (replay: { touches?: unknown }): ReplayTouches => {
  const touches = fields(replay.touches)
  return {
    l: numbers(touches.l),
    t: deltaDecode(numbers(touches.t)),
    x: deltaDecode(numbers(touches.x)),
    y: deltaDecode(numbers(touches.y)),
  }
}
