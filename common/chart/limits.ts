// The chart limits (CHART_LIMITS in common/rules.ts) as the converters and the reader apply them: a typed
// error that names the limit and the place, and a line walker that stops at the first limit exceeded
// without splitting the whole text first.
import { CHART_LIMITS, type ChartLimitName } from '../rules.js'
import { ChartError } from './errors.js'

export type ChartLimits = { [name in ChartLimitName]: number }

const WHAT: Record<ChartLimitName, string> = {
  lines: 'lines',
  lineLength: 'characters in one line',
  notes: 'notes',
  slides: 'slides',
  measure: 'as its highest measure number',
  beatsPerMeasure: 'beats in one measure',
  entities: 'level-data entities',
  levelDataBytes: 'bytes of level data once decompressed',
  seconds: 'seconds from the start of the music',
  waveOffset: 'seconds of offset either way',
  bpm: 'as a BPM value',
  hiSpeed: 'as a hi-speed value either way',
  ticksPerBeat: 'ticks per beat',
  beats: 'beats',
}

/** A chart over one of CHART_LIMITS. `limit` names it; `max` is its value. */
export class ChartLimitError extends ChartError {
  constructor(
    readonly limit: ChartLimitName,
    readonly max: number,
    line = 0,
    column = 0,
  ) {
    super(
      'chart.limit',
      `the chart is over the limit of ${max.toLocaleString('en-US')} ${WHAT[limit]} (limit "${limit}")`,
      line,
      column,
    )
    this.name = 'ChartLimitError'
  }
}

export const limitsOf = (overrides?: Partial<ChartLimits>): ChartLimits => ({ ...CHART_LIMITS, ...overrides })

/** Calls `each` for every line (without its \n or \r), 1-based, checking the line and length limits as it
 *  goes. Nothing is split up front, so a file of a million lines fails at line limits.lines + 1. */
export const forEachLine = (
  text: string,
  limits: ChartLimits,
  each: (line: string, number: number) => void,
): void => {
  let start = 0
  for (let number = 1; start <= text.length; number++) {
    if (number > limits.lines) throw new ChartLimitError('lines', limits.lines, number, 1)
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    const length = end - start - (end > start && text.charCodeAt(end - 1) === 13 ? 1 : 0)
    if (length > limits.lineLength)
      throw new ChartLimitError('lineLength', limits.lineLength, number, limits.lineLength + 1)
    each(text.slice(start, start + length), number)
    start = end + 1
  }
}
