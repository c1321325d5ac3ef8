// What the judgment display shows at a moment: the last judgment, the combo and the arcade score so far,
// and the counts, from the judgments in time order (a replay's inputs, or every note Perfect). As in
// common/scoring.ts: a Miss breaks the combo, and each judgment earns its Sirius multiplier of an equal
// share of 1,000,000.
import { ARCADE_SCORE_MAX, JUDGMENT_SCORE } from '../../../common/scoring'

export const JUDGMENT_NAMES = ['miss', 'perfect', 'great', 'good'] as const
export type JudgmentName = (typeof JUDGMENT_NAMES)[number]

export type HudState = {
  /** The latest judgment and when it came, if any yet. */
  last?: { judgment: JudgmentName; time: number }
  combo: number
  score: number
  counts: Record<JudgmentName, number>
}

const WEIGHT = [JUDGMENT_SCORE.miss, JUDGMENT_SCORE.perfect, JUDGMENT_SCORE.great, JUDGMENT_SCORE.good]

/** Running totals after each judgment, so that any moment's state is one binary search away. */
export class HudTimeline {
  private readonly combos: Int32Array
  private readonly scores: Float64Array
  private readonly counts: Int32Array

  constructor(
    private readonly times: readonly number[],
    private readonly judgments: readonly number[],
    noteCount: number,
  ) {
    const n = times.length
    this.combos = new Int32Array(n)
    this.scores = new Float64Array(n)
    this.counts = new Int32Array(n * 4)
    let combo = 0
    let earned = 0
    const running = [0, 0, 0, 0]
    for (let i = 0; i < n; i++) {
      const judgment = judgments[i]! >= 0 && judgments[i]! <= 3 ? judgments[i]! : 0
      combo = judgment === 0 ? 0 : combo + 1
      earned += WEIGHT[judgment]!
      running[judgment]!++
      this.combos[i] = combo
      this.scores[i] = noteCount > 0 ? Math.round((ARCADE_SCORE_MAX * earned) / noteCount) : 0
      this.counts.set(running, i * 4)
    }
  }

  at(time: number): HudState {
    let low = 0
    let high = this.times.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (this.times[middle]! <= time) low = middle + 1
      else high = middle
    }
    const i = low - 1
    const counts = Object.fromEntries(
      JUDGMENT_NAMES.map((name, k) => [name, i >= 0 ? this.counts[i * 4 + k]! : 0]),
    ) as Record<JudgmentName, number>
    if (i < 0) return { combo: 0, score: 0, counts }
    const judgment = this.judgments[i]!
    return {
      last: { judgment: JUDGMENT_NAMES[judgment >= 0 && judgment <= 3 ? judgment : 0], time: this.times[i]! },
      combo: this.combos[i]!,
      score: this.scores[i]!,
      counts,
    }
  }
}
