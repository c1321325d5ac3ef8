// The demo players' plays: results a Sirius play of the chart can produce (common/scoring.ts
// checks them as it checks the app's), and their replays as the app stores them: ReplayData and
// ReplayConfiguration, gzip JSON. The replays carry the result, the play's length and each judged note's
// input (its judgment, when and how far off it was hit), consistent with the result: the counts, and the
// Misses placed so that the longest combo is the result's. They hold no touches.
import { gzipSync } from 'node:zlib'
import { type GameplayResult } from '@sonolus/core'
import { NOTE_ARCHETYPES, type ReadLevelData } from '../../common/chart/index.js'
import { checkResultAgainstChart, maxArcadeScore, minCombo } from '../../common/scoring.js'
import { levelTiming } from '../../engine/interpreter/timing.js'

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

/** How far off each judgment's hit is, in seconds (inside the engine's windows for it). */
const OFFSET = [0.2, 0, 0.05, 0.09]

/** The play's inputs: one per judged note in time order. Greats and Goods are spread over the chart; the
 *  Misses cut the notes into runs of at most `result.combo` (a Good does not break a combo). */
export const demoInputs = (result: GameplayResult, read: Pick<ReadLevelData, 'entities' | 'levelData'>) => {
  const timing = levelTiming(read.levelData.entities)
  const notes = read.entities
    .flatMap((entity, index) =>
      NOTE_ARCHETYPES.has(entity.archetype)
        ? [{ index, time: timing.beatToTime(entity.fields.beat ?? 0) }]
        : [],
    )
    .sort((a, b) => a.time - b.time || a.index - b.index)
  const judgment = notes.map(() => 1)
  // Misses after each run of `combo` notes (the last ones at the end when they do not fit).
  const misses: number[] = []
  for (let at = result.combo; misses.length < result.miss && at < notes.length; at += result.combo + 1)
    misses.push(at)
  for (let at = notes.length - 1; misses.length < result.miss; at--) if (!misses.includes(at)) misses.push(at)
  for (const at of misses) judgment[at] = 0
  const others = [...Array<number>(result.great).fill(2), ...Array<number>(result.good).fill(3)]
  const free = judgment.flatMap((value, at) => (value === 1 ? [at] : []))
  others.forEach(
    (value, j) => (judgment[free[Math.floor(((j + 0.5) * free.length) / others.length)]!] = value),
  )
  return {
    entityIndex: notes.map((note) => note.index),
    time: notes.map((note, n) => note.time + OFFSET[judgment[n]!]!),
    judgment,
    accuracy: judgment.map((value) => (value === 0 ? 0 : OFFSET[value]!)),
  }
}

/** The replay's two files, as the app uploads them. */
export const demoReplay = (
  result: GameplayResult,
  read: Pick<ReadLevelData, 'entities' | 'levelData'>,
  durationSeconds: number,
  savedAt: number,
) => ({
  data: gzipSync(
    JSON.stringify({
      startTime: savedAt - durationSeconds * 1000,
      saveTime: savedAt,
      duration: durationSeconds,
      inputOffset: 0,
      playArea: { width: 16, height: 9 },
      result,
      inputs: demoInputs(result, read),
      entities: [],
      touches: { l: [], t: [], x: [], y: [] },
    }),
    { level: 9 },
  ),
  configuration: gzipSync(JSON.stringify({ options: [] }), { level: 9 }),
})
