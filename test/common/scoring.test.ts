// The plausibility bounds of a Sirius result (common/scoring.ts): arcade score from the judgment
// multipliers, combo range, grades from the life system, and the first problem checkResultAgainstChart names.
import { describe, expect, it } from 'vitest'
import { type GameplayResult } from '@sonolus/core'
import {
  MAX_MISSES_TO_PASS,
  MIN_MISSES_TO_FAIL,
  checkInputsAgainstResult,
  checkResultAgainstChart,
  maxAccuracyScore,
  maxArcadeScore,
  maxCombo,
  minCombo,
  possibleGrades,
} from '../../common/scoring'

const judged = (perfect: number, great: number, good: number, miss: number) => ({
  perfect,
  great,
  good,
  miss,
})

describe('scoring bounds', () => {
  it('derives the life thresholds from 1,000 life and Misses costing 40 or 80', () => {
    expect(MIN_MISSES_TO_FAIL).toBe(13)
    expect(MAX_MISSES_TO_PASS).toBe(24)
  })

  it('weighs Perfect 1, Great 0.8, Good 0.5 and Miss 0 against 1,000,000', () => {
    expect(maxArcadeScore(judged(100, 0, 0, 0), 100)).toBe(1_000_000)
    expect(maxArcadeScore(judged(50, 25, 20, 5), 100)).toBe(800_000)
    expect(maxArcadeScore(judged(0, 0, 0, 10), 10)).toBe(0)
    expect(maxArcadeScore(judged(0, 0, 0, 0), 0)).toBe(0)
  })

  it('bounds the combo: a Miss breaks it, Perfects and Greats never do', () => {
    expect(maxCombo(judged(10, 5, 3, 2))).toBe(18)
    expect(minCombo(judged(10, 5, 3, 2))).toBe(3)
    expect(minCombo(judged(20, 0, 0, 0))).toBe(20)
    expect(minCombo(judged(0, 0, 4, 4))).toBe(0)
  })

  it.each([
    [judged(10, 0, 0, 0), ['allPerfect']],
    [judged(8, 2, 0, 0), ['fullCombo']],
    [judged(8, 1, 1, 0), ['fullCombo', 'pass']],
    [judged(9, 0, 0, 1), ['pass']],
    [judged(0, 0, 0, 12), ['pass']],
    [judged(0, 0, 0, 13), ['pass', 'fail']],
    [judged(0, 0, 0, 24), ['pass', 'fail']],
    [judged(0, 0, 0, 25), ['fail']],
  ])('allows the grades %o → %o', (judgments, grades) => {
    const total = judgments.perfect + judgments.great + judgments.good + judgments.miss
    expect(possibleGrades(judgments, total)).toEqual(grades)
  })

  it('accepts a plausible result and names the first implausible thing otherwise', () => {
    const result: GameplayResult = {
      grade: 'pass',
      arcadeScore: 920_833,
      accuracyScore: 900_000.5,
      combo: 25,
      perfect: 40,
      great: 4,
      good: 2,
      miss: 2,
      totalCount: 48,
    }
    expect(checkResultAgainstChart(result, 48)).toBeUndefined()
    expect(checkResultAgainstChart(result, 50)).toMatch(/note count \(50\)/)
    expect(
      checkResultAgainstChart({ ...result, totalCount: 0, perfect: 0, great: 0, good: 0, miss: 0 }, 0),
    ).toMatch(/no notes/)
    expect(checkResultAgainstChart({ ...result, arcadeScore: 920_835 }, 48)).toMatch(/arcadeScore/)
    expect(checkResultAgainstChart({ ...result, accuracyScore: Infinity }, 48)).toMatch(/accuracyScore/)
    expect(checkResultAgainstChart({ ...result, combo: 47 }, 48)).toMatch(/combo \(47\) is larger/)
    expect(checkResultAgainstChart({ ...result, grade: 'fullCombo' }, 48)).toMatch(/grade fullCombo/)
    expect(checkResultAgainstChart({ ...result, miss: 1.5 }, 48)).toMatch(/miss is not a whole number/)
  })

  it('bounds the accuracy score by the notes that were hit: a fail with every note Missed has none', () => {
    const allMissed: GameplayResult = {
      grade: 'fail',
      arcadeScore: 0,
      accuracyScore: 1_000_000,
      combo: 0,
      perfect: 0,
      great: 0,
      good: 0,
      miss: 48,
      totalCount: 48,
    }
    expect(maxAccuracyScore(allMissed, 48)).toBe(0)
    expect(checkResultAgainstChart(allMissed, 48)).toMatch(
      /accuracyScore \(1000000\) is more than these judgments allow \(0\)/,
    )
    expect(checkResultAgainstChart({ ...allMissed, accuracyScore: 0 }, 48)).toBeUndefined()
    // Two of 48 missed: at most 46/48 of the maximum.
    expect(maxAccuracyScore(judged(40, 4, 2, 2), 48)).toBeCloseTo(958_333.33, 1)
  })

  it("checks the replay's per-note judgments against the result's counts", () => {
    const result: GameplayResult = {
      grade: 'fullCombo',
      arcadeScore: 980_000,
      accuracyScore: 900_000,
      combo: 10,
      perfect: 9,
      great: 1,
      good: 0,
      miss: 0,
      totalCount: 10,
    }
    const inputs = { perfect: 9, great: 1, good: 0, miss: 0, inputs: 10 }
    expect(checkInputsAgainstResult(inputs, result)).toBeUndefined()
    expect(checkInputsAgainstResult({ ...inputs, perfect: 10, great: 0 }, result)).toMatch(
      /inputs have 10 perfect, the result says 9/,
    )
    expect(checkInputsAgainstResult({ ...inputs, inputs: 9, perfect: 8 }, result)).toMatch(/judges 9 notes/)
  })
})
