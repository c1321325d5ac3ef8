// The demo players' plays, played: our engine's play data run by our interpreter on the chart, with the
// auto-player's fingers, some of them late or left out for the skill asked. The result and the replay are
// what the app would upload after such a play: ReplayData (inputs and touches delta encoded, one entry of
// exported data per entity) and ReplayConfiguration (the engine's options), gzip JSON.
import { gzipSync } from 'node:zlib'
import { type EnginePlayData, type GameplayResult, type ReplayData } from '@sonolus/core'
import { type LevelData } from '../../common/chart/index.js'
import { checkResultAgainstChart } from '../../common/scoring.js'
import { autoplay } from '../../engine/autoplay.js'
import { type TouchScript, runPlay } from '../../engine/interpreter/play.js'
import { OPTION } from '../../engine/sirius/constants.js'

export type DemoSkill = 'allPerfect' | 'fullCombo' | 'pass'

/** How each skill's play departs from a perfect one: taps touched late enough for a Great or a Good, and
 *  taps never touched. */
const SLIPS: Record<DemoSkill, { great: number; good: number; miss: number }> = {
  allPerfect: { great: 0, good: 0, miss: 0 },
  fullCombo: { great: 5, good: 1, miss: 0 },
  pass: { great: 8, good: 3, miss: 3 },
}
/** Seconds late: inside the Great and the Good windows. */
const LATE = { great: 0.055, good: 0.1 }
/** A tap's finger is its own when no other goes down within this long of it. */
const ALONE = 0.3

/** The fingers of a play at this skill: the perfect ones, with some lone taps' fingers moved late or left
 *  out, spread over the chart. */
export const demoTouches = (level: LevelData, skill: DemoSkill): TouchScript[] => {
  const touches = autoplay(level)
  const starts = touches.map((touch) => touch.points[0]!.time)
  // A tap's finger: down and up, nothing in between; alone, so that late it still meets its own note.
  const lone = touches.flatMap((touch, i) =>
    touch.points.length === 2 && starts.every((start, j) => j === i || Math.abs(start - starts[i]!) > ALONE)
      ? [i]
      : [],
  )
  const { great, good, miss } = SLIPS[skill]
  const slips = [
    ...Array<number>(great).fill(LATE.great),
    ...Array<number>(good).fill(LATE.good),
    ...Array<number>(miss).fill(Number.NaN),
  ]
  const changed = new Map<number, number>()
  slips.forEach((late, k) => {
    const at = lone[Math.floor(((k + 0.5) * lone.length) / slips.length)]
    if (at !== undefined) changed.set(at, late)
  })
  return touches.flatMap((touch, i) => {
    const late = changed.get(i)
    if (late === undefined) return [touch]
    if (Number.isNaN(late)) return []
    return [{ points: touch.points.map((point) => ({ ...point, time: point.time + late })) }]
  })
}

type Played = { result: GameplayResult; replay: ReplayData; length: number }
/** Plays already played in this process, by the play data, then the level, options and skill (a play is
 *  a pure function of them). */
const played = new WeakMap<EnginePlayData, Map<string, Played>>()
const PLAYS_KEPT = 64

/** One demo play: its result and the replay's two files. */
export const demoPlay = (
  level: LevelData,
  playData: EnginePlayData,
  options: number[],
  skill: DemoSkill,
  savedAt: number,
): { result: GameplayResult; data: Buffer; configuration: Buffer } => {
  let plays = played.get(playData)
  if (!plays) played.set(playData, (plays = new Map()))
  const key = JSON.stringify([level, options, skill])
  let play = plays.get(key)
  if (!play) {
    const run = runPlay(
      { data: playData, level, options, speedOption: OPTION.speed },
      demoTouches(level, skill),
    )
    play = { result: run.result(), replay: run.replay({ width: 1920, height: 1080 }), length: run.time }
    if (plays.size >= PLAYS_KEPT) plays.clear()
    plays.set(key, play)
  }
  const { result, replay, length: duration } = play
  const problem = checkResultAgainstChart(result, result.totalCount)
  if (problem) throw new Error(`demo play (${skill}): ${problem}`)
  return {
    result,
    data: gzipSync(
      JSON.stringify({ ...replay, startTime: savedAt - Math.round(duration * 1000), saveTime: savedAt }),
      { level: 9 },
    ),
    configuration: gzipSync(JSON.stringify({ options }), { level: 9 }),
  }
}
