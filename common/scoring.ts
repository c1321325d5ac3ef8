// What a Sirius play can score, so that a submitted result is refused when no real play could have
// produced it (server/services/results.ts; the bounds are listed in docs/operations.md "Result
// checks"). Pure: no Node built-ins, no DOM.
//
// Sources. The Sirius engine (github.com/SonolusHaniwa/sonolus-sirius-engine, read at da0b172):
// - engine/shared/constants.cpp, class `score`, handed to Sonolus by `setScore` in
//   engine/play/Initialization.cpp: arcade multipliers Perfect 1, Great 0.8, Good 0.5 (a Miss earns
//   nothing). The consecutive ("combo bonus") multipliers of the Level Score block (sonolus/sonolus.h,
//   LevelScoreGroup) are never set, so they stay 0: there is no combo bonus, and no archetype weighs more
//   than another.
// - The archetypes with `hasInput = true` (engine/play/FlatNotes/FlatNote.cpp, engine/play/FlickNote.cpp,
//   engine/play/HoldNotes/{HoldEighth,HoldEnd,ScratchHoldEnd,Sound}.cpp) are the ones counted by
//   noteCount (common/chart/levelData/types.ts NOTE_ARCHETYPES). Their judge maps Sirius's own "Bad"
//   to Sonolus's Good, so every note ends Perfect, Great, Good or Miss.
// - Life: the same files set only `life.miss_increment`: -80 (flat notes, flicks, hold ends, scratch hold
//   ends) or -40 (hold eighths, sounds). Perfect/Great/Good increments and the Level Life consecutive
//   increments are never set, so they stay 0: life only goes down, and only on a Miss.
// Sonolus itself (wiki.sonolus.com, engine-specs play-blocks "Level Score" and "Archetype Life"): arcade
// scoring is normalised to a maximum of 1,000,000; a player starts with 1,000 life and the level is failed
// upon reaching 0 (play goes on, and life no longer changes).
// The accuracy score's formula is the app's and is not in the engine; we bound it by the same 1,000,000.
import { type GameplayResult } from '@sonolus/core'
import { type LEADERBOARDS } from './api/constants.js'

/** Sonolus normalises the arcade score: every note Perfect earns exactly this. */
export const ARCADE_SCORE_MAX = 1_000_000
/** Upper bound of the accuracy score (its formula is the app's; we use the same normalisation). */
export const ACCURACY_SCORE_MAX = 1_000_000
/** Sirius's arcade multiplier per judgment (engine/shared/constants.cpp). */
export const JUDGMENT_SCORE = { perfect: 1, great: 0.8, good: 0.5, miss: 0 } as const
/** Slack for the app's rounding of the arcade score. */
export const ARCADE_SCORE_TOLERANCE = 1

/** Sonolus's starting life; the level is failed when it reaches 0. */
export const START_LIFE = 1000
/** Life lost per Miss in Sirius: the most (flat notes, flicks, hold ends) and the least (hold eighths,
 *  sounds). Nothing else changes life. */
export const MISS_LIFE_LOSS = { most: 80, least: 40 } as const
/** Fewest Misses that can bring life to 0: 13 (13 × 80 ≥ 1,000). */
export const MIN_MISSES_TO_FAIL = Math.ceil(START_LIFE / MISS_LIFE_LOSS.most)
/** Most Misses that can leave life above 0: 24 (25 × 40 = 1,000). */
export const MAX_MISSES_TO_PASS = Math.ceil(START_LIFE / MISS_LIFE_LOSS.least) - 1

export const GRADES = ['allPerfect', 'fullCombo', 'pass', 'fail'] as const
export const RESULT_COUNTS = ['combo', 'perfect', 'great', 'good', 'miss', 'totalCount'] as const
export const RESULT_SCORES = ['arcadeScore', 'accuracyScore'] as const

type Judgments = Pick<GameplayResult, 'perfect' | 'great' | 'good' | 'miss'>

/** The highest arcade score these judgments can earn on a chart of noteCount notes: every note weighs
 *  the same, so it is exact (the app may round it). */
export const maxArcadeScore = (judgments: Judgments, noteCount: number): number =>
  noteCount > 0
    ? (ARCADE_SCORE_MAX *
        (judgments.perfect * JUDGMENT_SCORE.perfect +
          judgments.great * JUDGMENT_SCORE.great +
          judgments.good * JUDGMENT_SCORE.good)) /
      noteCount
    : 0

/** The highest accuracy score these judgments allow: a Miss has no accuracy (nothing was hit), so each
 *  takes its note's share away, whatever the app's formula for the rest. */
export const maxAccuracyScore = (judgments: Judgments, noteCount: number): number =>
  noteCount > 0 ? (ACCURACY_SCORE_MAX * Math.max(0, noteCount - judgments.miss)) / noteCount : 0

/** The longest combo possible: a Miss always breaks the combo. */
export const maxCombo = (judgments: Judgments): number => judgments.perfect + judgments.great + judgments.good

/** The shortest longest-combo possible. Perfects and Greats never break a combo; Misses do and Goods may,
 *  so at most miss + good + 1 runs share the Perfects and Greats. */
export const minCombo = (judgments: Judgments): number =>
  Math.ceil((judgments.perfect + judgments.great) / (judgments.miss + judgments.good + 1))

/** Which grades the judgments allow on a chart of noteCount notes:
 *  - allPerfect exactly when every note is Perfect (a Miss is needed to lose life, so it never fails);
 *  - fullCombo needs no Miss;
 *  - with neither Miss nor Good and not all Perfect, only fullCombo (whether a Good breaks the combo
 *    is the app's rule, so with Goods and no Miss both fullCombo and pass are taken);
 *  - pass needs life above 0: at most MAX_MISSES_TO_PASS Misses;
 *  - fail needs life to reach 0: at least MIN_MISSES_TO_FAIL Misses. */
export const possibleGrades = (judgments: Judgments, noteCount: number): GameplayResult['grade'][] => {
  if (judgments.perfect === noteCount) return ['allPerfect']
  const grades: GameplayResult['grade'][] = []
  if (judgments.miss === 0) grades.push('fullCombo')
  if (judgments.miss <= MAX_MISSES_TO_PASS && (judgments.miss > 0 || judgments.good > 0)) grades.push('pass')
  if (judgments.miss >= MIN_MISSES_TO_FAIL) grades.push('fail')
  return grades
}

/** A message for the first field of a result that is not of its type: a known grade, whole numbers ≥ 0
 *  for the counts, finite numbers ≥ 0 for the scores. */
export const resultShapeProblem = (result: unknown): string | undefined => {
  if (!result || typeof result !== 'object') return 'the replay data has no result'
  const fields = result as Record<string, unknown>
  if (!(GRADES as readonly unknown[]).includes(fields.grade))
    return 'the grade is not one of allPerfect, fullCombo, pass, fail'
  for (const name of RESULT_COUNTS) {
    const value = fields[name]
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      return `${name} is not a whole number ≥ 0`
  }
  for (const name of RESULT_SCORES) {
    const value = fields[name]
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      return `${name} is not a number ≥ 0`
  }
  return undefined
}

const show = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(2))

/** A message for the first thing in a result that no Sirius play of a chart with noteCount notes can
 *  produce, or undefined when the result is plausible. Scores are bounded from above only: a score lower
 *  than the judgments earn harms no one but its sender. */
export const checkResultAgainstChart = (result: GameplayResult, noteCount: number): string | undefined => {
  const shape = resultShapeProblem(result)
  if (shape) return shape
  const { perfect, great, good, miss, totalCount, combo, grade, arcadeScore, accuracyScore } = result
  const judged = perfect + great + good + miss
  if (judged !== totalCount)
    return `perfect + great + good + miss (${judged}) is not totalCount (${totalCount})`
  if (!Number.isSafeInteger(noteCount) || noteCount <= 0) return 'the chart has no notes to judge'
  if (totalCount !== noteCount)
    return `totalCount (${totalCount}) is not the chart's note count (${noteCount})`
  if (combo > maxCombo(result))
    return `combo (${combo}) is larger than the ${maxCombo(result)} notes that were not missed`
  if (combo < minCombo(result))
    return `combo (${combo}) is smaller than these judgments allow (${minCombo(result)})`
  const grades = possibleGrades(result, noteCount)
  if (!grades.includes(grade))
    return `the grade ${grade} does not match the judgments (possible: ${grades.join(', ') || 'none'})`
  const maxArcade = maxArcadeScore(result, noteCount)
  if (arcadeScore > maxArcade + ARCADE_SCORE_TOLERANCE)
    return `arcadeScore (${show(arcadeScore)}) is more than these judgments earn (${show(maxArcade)})`
  const maxAccuracy = maxAccuracyScore(result, noteCount)
  if (accuracyScore > maxAccuracy)
    return `accuracyScore (${show(accuracyScore)}) is more than these judgments allow (${show(maxAccuracy)})`
  return undefined
}

/** A message when the judgments a replay's inputs record (one per judged note) are not the result's
 *  counts, or undefined when they agree. */
export const checkInputsAgainstResult = (
  inputs: Judgments & { inputs: number },
  result: GameplayResult,
): string | undefined => {
  if (inputs.inputs !== result.totalCount)
    return `the replay judges ${inputs.inputs} notes, not totalCount (${result.totalCount})`
  for (const name of ['perfect', 'great', 'good', 'miss'] as const)
    if (inputs[name] !== result[name])
      return `the replay's inputs have ${inputs[name]} ${name}, the result says ${result[name]}`
  return undefined
}

/** How each board ranks (docs/protocol.md §9; our choice, stated in the docs): higher is better for the
 *  scores, combo and perfect; lower for great, good and miss. Ties: higher arcade score, then earlier. */
export const BOARDS: Record<
  (typeof LEADERBOARDS)[number],
  { field: keyof GameplayResult; better: 'higher' | 'lower' }
> = {
  arcScore: { field: 'arcadeScore', better: 'higher' },
  accScore: { field: 'accuracyScore', better: 'higher' },
  combo: { field: 'combo', better: 'higher' },
  perfect: { field: 'perfect', better: 'higher' },
  great: { field: 'great', better: 'lower' },
  good: { field: 'good', better: 'lower' },
  miss: { field: 'miss', better: 'lower' },
}
