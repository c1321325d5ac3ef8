// The replays our interpreter writes, read as the replay specs say (inputs.entityIndex, inputs.time and the
// touches' t, x and y delta encoded), and played again from their own touches.
import { describe, expect, it } from 'vitest'
import type { ReplayData } from '@sonolus/core'
import {
  decodeReplayInputs,
  decodeReplayTouches,
  deltaDecode,
  deltaEncode,
  onReplayGrid,
} from '../../common/replay'
import { autoplay } from '../../engine/autoplay'
import { touchScriptsOf } from '../../engine/replay'
import { fixtures, notesOf, play } from './helpers'

const small = fixtures.find((fixture) => fixture.name === 'chart-50.sus')!.level

describe('delta encoding', () => {
  it('stores each value as its difference from the one before, and gives the same numbers back', () => {
    expect(deltaEncode([4, 9, 7, 7])).toEqual([4, 5, -2, 0])
    expect(deltaDecode([4, 5, -2, 0])).toEqual([4, 9, 7, 7])
    // Values on the replay's grid come back bit for bit, however far apart.
    const values = [1e-3, 512.25, 0.1, -3.7, 1234.5678, 0.1 + 0.2].map(onReplayGrid)
    expect(deltaDecode(deltaEncode(values))).toEqual(values)
  })
})

describe('a replay our interpreter writes', () => {
  const run = play(small, autoplay(small, { late: 0.02 }))
  const replay = run.replay() as ReplayData & {
    touches: { l: number[]; t: number[]; x: number[]; y: number[] }
  }
  const decoded = { inputs: decodeReplayInputs(replay), touches: decodeReplayTouches(replay) }

  it('writes inputs.entityIndex and inputs.time delta encoded: decoded, each judged entity once, when it was judged', () => {
    const { inputs } = decoded
    expect(replay.inputs.entityIndex).toEqual(deltaEncode(inputs.entityIndex))
    expect(replay.inputs.time).toEqual(deltaEncode(inputs.time))
    expect([...inputs.entityIndex].sort((a, b) => a - b)).toEqual(notesOf(small))
    // Read as absolute values, the same arrays would name other entities (the bug this guards against).
    expect(replay.inputs.entityIndex).not.toEqual(inputs.entityIndex)
    inputs.entityIndex.forEach((entity, i) => {
      const judged = run.judged.find((item) => item.entity === entity)!
      expect(inputs.time[i]).toBeCloseTo(judged.time, 9)
      expect(inputs.judgment[i]).toBe(judged.judgment)
      expect(inputs.accuracy[i]).toBe(judged.accuracy)
    })
  })

  it("writes the touches' t, x and y delta encoded, l naming each finger, from where it went down to where it came up", () => {
    expect(replay.touches.t).toEqual(deltaEncode(decoded.touches.t))
    expect(replay.touches.x).toEqual(deltaEncode(decoded.touches.x))
    expect(replay.touches.y).toEqual(deltaEncode(decoded.touches.y))
    // In the order they happened.
    expect(decoded.touches.t).toEqual([...decoded.touches.t].sort((a, b) => a - b))
    const given = autoplay(small, { late: 0.02 })
    const fingers = touchScriptsOf(replay)
    expect(new Set(decoded.touches.l).size).toBe(given.length)
    // Each finger as it was given (on the replay's grid): its real start, its moves, its release.
    const onGrid = (points: { time: number; x: number; y: number }[]) =>
      points.map((point) => ({
        time: onReplayGrid(point.time),
        x: onReplayGrid(point.x),
        y: onReplayGrid(point.y),
      }))
    const key = (points: { time: number; x: number }[]) => `${points[0]!.time} ${points[0]!.x}`
    const byStart = new Map(given.map((touch) => [key(onGrid(touch.points)), onGrid(touch.points)]))
    // A finger still down at the end keeps the events up to it and the one after (towards which the last
    // frame saw it move).
    for (const finger of fingers) {
      const full = byStart.get(key(finger.points))!
      const kept = full.filter((point) => point.time <= run.time).length
      expect(finger.points).toEqual(full.slice(0, kept < full.length ? kept + 1 : kept))
    }
  })

  it('records the input offset the touches were judged with', () => {
    expect(play(small, autoplay(small), undefined, false, 0.15).replay().inputOffset).toBe(0.15)
  })
})

describe.each(fixtures)('re-playing a replay of $name', ({ level }) => {
  it.each([0, 0.06])('through the play data, its own touches (%s s late) reproduce its inputs', (late) => {
    const first = play(level, autoplay(level, { late })).replay()
    const again = play(level, touchScriptsOf(first)).replay()
    expect(again.inputs).toEqual(first.inputs)
    expect(again.result).toEqual(first.result)
    expect(again.touches).toEqual(first.touches)
  })
})
