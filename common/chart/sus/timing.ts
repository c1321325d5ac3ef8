// SUS timing (docs/chart-format.md §13.3-13.4): exact beat positions from measure lengths, then seconds
// through the tempo map, once per event. BPM 120 before the first change; 4 beats per measure before the
// first #mmm02 (with a warning; the reference assumed 2).
import { ChartError, type ChartWarning, warning } from '../errors.js'
import { type Fraction, ZERO, add, cmp, frac, mul, sub, toNumber } from '../fraction.js'
import { type ChartLimits, ChartLimitError, limitsOf } from '../limits.js'
import { type SusPosition, type SusScore } from './types.js'

const DEFAULT_BEATS = frac(4)
const DEFAULT_BPM = 120
const REFERENCE_TICKS_PER_MEASURE = 1920

export type Timing = {
  /** Beat position (exact) of a measure position. */
  beatOf: (position: SusPosition) => Fraction
  /** Seconds at a beat position, including #WAVEOFFSET. */
  timeOfBeat: (beat: Fraction) => number
  /** Resolves a #TIL measure'tick to a measure position. */
  tilPosition: (measure: number, tick: number, source?: { line: number; column: number }) => SusPosition
  warnings: ChartWarning[]
}

export const buildTiming = (score: SusScore, limits: ChartLimits = limitsOf()): Timing => {
  const warnings: ChartWarning[] = []
  const lengths = [...score.beatsPerMeasure].sort(
    (a, b) => a.measure - b.measure || a.source.line - b.source.line,
  )
  const firstDefined = lengths[0]?.measure ?? Number.POSITIVE_INFINITY
  let warnedDefault = false

  const beatsIn = (measure: number): Fraction => {
    let beats = DEFAULT_BEATS
    for (const entry of lengths) {
      if (entry.measure > measure) break
      beats = entry.beats
    }
    if (measure < firstDefined && !warnedDefault) {
      warnedDefault = true
      warnings.push(
        warning(
          'sus.default_measure_length',
          `no #${String(measure).padStart(3, '0')}02 line: measure ${measure} uses 4 beats per measure`,
          0,
          0,
        ),
      )
    }
    return beats
  }

  const starts: Fraction[] = [ZERO]
  const measureStart = (measure: number): Fraction => {
    while (starts.length <= measure) starts.push(add(starts[starts.length - 1], beatsIn(starts.length - 1)))
    return starts[measure]
  }

  const beatOf = (position: SusPosition): Fraction =>
    add(measureStart(position.measure), mul(position.offset, beatsIn(position.measure)))

  // The tempo map: segments sorted by beat; a later change at the same beat wins.
  const changes = score.bpmChanges
    .map((change) => {
      const definition = score.bpmDefinitions.get(change.id)
      if (!definition) {
        throw new ChartError(
          'sus.undefined_bpm',
          `BPM id ${change.id} is not defined by a #BPM${change.id} line`,
          change.source.line,
          change.source.column,
        )
      }
      return { beat: beatOf(change.position), bpm: definition.value, source: change.source }
    })
    .sort((a, b) => cmp(a.beat, b.beat) || a.source.line - b.source.line || a.source.column - b.source.column)

  const segments: { beat: Fraction; bpm: number; time: number }[] = [
    { beat: ZERO, bpm: DEFAULT_BPM, time: score.waveOffset },
  ]
  for (const change of changes) {
    const last = segments[segments.length - 1]
    const time = last.time + (toNumber(sub(change.beat, last.beat)) * 60) / last.bpm
    if (cmp(change.beat, last.beat) === 0)
      segments[segments.length - 1] = { beat: last.beat, bpm: change.bpm, time: last.time }
    else segments.push({ beat: change.beat, bpm: change.bpm, time })
  }

  const timeOfBeat = (beat: Fraction): number => {
    let low = 0
    let high = segments.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (cmp(segments[middle].beat, beat) <= 0) low = middle
      else high = middle - 1
    }
    const segment = segments[low]
    return segment.time + (toNumber(sub(beat, segment.beat)) * 60) / segment.bpm
  }

  let warnedTicks = false
  /** A #TIL tick past the last measure a chart may have is refused before it is walked to. */
  const tilPosition = (
    measure: number,
    tick: number,
    source?: { line: number; column: number },
  ): SusPosition => {
    // §13.4: ticks per measure = ticks_per_beat × beats in that measure (the reference assumed 1920).
    let remaining = frac(tick)
    let current = measure
    for (;;) {
      const perMeasure = mul(frac(score.ticksPerBeat), beatsIn(current))
      if (!warnedTicks && toNumber(perMeasure) !== REFERENCE_TICKS_PER_MEASURE) {
        warnedTicks = true
        warnings.push(
          warning(
            'sus.til_tick_base',
            `measure ${current} has ${toNumber(perMeasure)} ticks, not 1920: #TIL positions may differ from the reference converter`,
          ),
        )
      }
      if (cmp(remaining, perMeasure) < 0)
        return {
          measure: current,
          offset: frac(remaining.num * perMeasure.den, remaining.den * perMeasure.num),
        }
      remaining = sub(remaining, perMeasure)
      current++
      if (current > limits.measure)
        throw new ChartLimitError('measure', limits.measure, source?.line ?? 0, source?.column ?? 0)
    }
  }

  return { beatOf, timeOfBeat, tilPosition, warnings }
}
