// One row of Sirius TXT (docs/chart-format.md §11).

export const TXT_TYPES = {
  hiSpeed: -1,
  split: 0,
  normal: 10,
  critical: 20,
  sound: 30,
  scratchSound: 31,
  soundPurple: 40,
  flick: 50,
  holdStart: 80,
  criticalHoldStart: 81,
  scratchHoldStart: 82,
  criticalScratchHoldStart: 83,
  holdBody: 100,
  criticalHoldBody: 101,
  scratchHoldBody: 110,
  criticalScratchHoldBody: 111,
  nontailHoldBody: 1100,
  nontailCriticalHoldBody: 1101,
  nontailScratchHoldBody: 1110,
  nontailCriticalScratchHoldBody: 1111,
  blueTap: 200,
  holdEighth: 900,
} as const

export const KNOWN_TYPES: ReadonlySet<number> = new Set(Object.values(TXT_TYPES))
export const HOLD_BODY_TYPES: ReadonlySet<number> = new Set([100, 101, 110, 111, 1100, 1101, 1110, 1111])

export type TxtRow = {
  startTime: number
  /** -1 for point notes; the end for bodies and splits; the time-scale value for hi-speed rows. */
  endTime: number
  type: number
  leftLane: number
  laneLength: number
  /** '0', 'JumpScratch', 'OneDirection', or a split code. */
  gimmick: string
  scratchLength: number
  /** Where the row came from: a TXT line, or the SUS line that produced it. */
  line: number
  column: number
}

/** §11: split codes 11..16, also 31..36, 51..56, 71..76, all fold to split 1..6. */
export const splitOfGimmick = (gimmick: string): number | undefined => {
  if (!/^\d{2}$/.test(gimmick)) return undefined
  const code = Number(gimmick)
  const tens = Math.floor(code / 10)
  const ones = code % 10
  if (![1, 3, 5, 7].includes(tens) || ones < 1 || ones > 6) return undefined
  return ones
}
