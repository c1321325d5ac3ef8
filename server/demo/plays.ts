// The demo players' plays (issue 17): results a Sirius play of the chart can produce (common/scoring.ts
// checks them as it checks the app's), and their replays as the app stores them: ReplayData and
// ReplayConfiguration, gzip JSON. The replays carry the result and the play's length; they hold no
// touches, so watching one in the app shows the chart playing itself.
import { gzipSync } from 'node:zlib'
import { type GameplayResult } from '@sonolus/core'
import { checkResultAgainstChart, maxArcadeScore, minCombo } from '../../common/scoring.js'

export type DemoSkill = 'allPerfect' | 'fullCombo' | 'pass'

/** A result for a chart of `noteCount` notes at this skill. */
export const demoResult = (noteCount: number, skill: DemoSkill): GameplayResult => {
  const judgments =
    skill === 'allPerfect'
      ? { perfect: noteCount, great: 0, good: 0, miss: 0 }
      : skill === 'fullCombo'
        ? { perfect: noteCount - 6, great: 5, good: 1, miss: 0 }
        : { perfect: noteCount - 14, great: 8, good: 3, miss: 3 }
  const judged = { ...judgments, totalCount: noteCount }
  const result: GameplayResult = {
    grade: skill,
    arcadeScore: Math.floor(maxArcadeScore(judgments, noteCount)),
    // The app's accuracy formula is its own; these stay within its bound and below the arcade score's
    // share of perfection.
    accuracyScore: Math.floor(
      (1_000_000 * (judgments.perfect + 0.7 * judgments.great + 0.3 * judgments.good)) / noteCount,
    ),
    combo: skill === 'pass' ? Math.max(minCombo(judgments), Math.floor((noteCount - 3) / 2)) : noteCount,
    ...judged,
  }
  const problem = checkResultAgainstChart(result, noteCount)
  if (problem) throw new Error(`demo result for ${noteCount} notes (${skill}): ${problem}`)
  return result
}

/** The replay's two files, as the app uploads them. */
export const demoReplay = (result: GameplayResult, durationSeconds: number, savedAt: number) => ({
  data: gzipSync(
    JSON.stringify({
      startTime: savedAt - durationSeconds * 1000,
      saveTime: savedAt,
      duration: durationSeconds,
      inputOffset: 0,
      playArea: { width: 16, height: 9 },
      result,
      // No recorded inputs: watching it, each note takes its default judgment (Perfect, on time).
      inputs: { entityIndex: [], time: [], judgment: [], accuracy: [] },
      entities: [],
      touches: { l: [], t: [], x: [], y: [] },
    }),
    { level: 9 },
  ),
  configuration: gzipSync(JSON.stringify({ options: [] }), { level: 9 }),
})
