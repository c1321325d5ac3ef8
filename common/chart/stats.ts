// What a chart is like, from its level data: notes by kind, length, density, and whether it has
// scratches, split lines or speed changes. Pure; the server keeps the figures with the chart, the site
// shows them on the card and on chart info, and searches filter on them. Times are seconds
// (docs/chart-format.md §2); the notes are the §9 note archetypes, so the kinds add up to noteCount.
import { type ReadLevelData } from './levelData/read.js'
import { ARCHETYPES } from './levelData/types.js'

export const NOTE_KINDS = [
  'tap',
  'critical',
  'flick',
  'hold',
  'scratchHold',
  'holdEnd',
  'scratchHoldEnd',
  'relay',
  'holdEighth',
] as const
export type NoteKind = (typeof NOTE_KINDS)[number]

const KIND_OF: Record<string, NoteKind> = {
  [ARCHETYPES.normal]: 'tap',
  [ARCHETYPES.critical]: 'critical',
  [ARCHETYPES.flick]: 'flick',
  [ARCHETYPES.holdStart]: 'hold',
  [ARCHETYPES.criticalHoldStart]: 'hold',
  [ARCHETYPES.scratchHoldStart]: 'scratchHold',
  [ARCHETYPES.criticalScratchHoldStart]: 'scratchHold',
  [ARCHETYPES.holdEnd]: 'holdEnd',
  [ARCHETYPES.scratchHoldEnd]: 'scratchHoldEnd',
  [ARCHETYPES.sound]: 'relay',
  [ARCHETYPES.holdEighth]: 'holdEighth',
}

const SCRATCHES = new Set<string>([
  ARCHETYPES.flick,
  ARCHETYPES.scratchHoldStart,
  ARCHETYPES.criticalScratchHoldStart,
  ARCHETYPES.scratchHoldEnd,
  ARCHETYPES.nontailScratchHoldEnd,
])

/** Bumped when what chartStats computes changes: the server computes again the stats of every chart whose
 *  stored figures came from an older version. */
export const STATS_VERSION = 1

/** The densest stretch is counted over this window (s): notes per second at the chart's busiest. */
export const PEAK_WINDOW_SECONDS = 1

export type ChartStats = {
  noteCount: number
  counts: Record<NoteKind, number>
  /** Seconds from the start to the last thing that happens (a note, a hold's end, a split line's end). */
  duration: number
  /** Notes per second between the first note and the last. */
  npsAverage: number
  /** The most notes in any PEAK_WINDOW_SECONDS. */
  npsPeak: number
  /** The SUS's tempos, when the chart came as SUS (level data keeps none: its BPM is always 60). */
  bpmMin: number | null
  bpmMax: number | null
  hasScratches: boolean
  hasSplitLines: boolean
  hasSpeedChanges: boolean
}

export const chartStats = (read: ReadLevelData, bpms: readonly number[] = []): ChartStats => {
  const counts = Object.fromEntries(NOTE_KINDS.map((kind) => [kind, 0])) as Record<NoteKind, number>
  const times: number[] = []
  let hasScratches = false
  let hasSplitLines = false
  let hasSpeedChanges = false
  for (const entity of read.entities) {
    const kind = KIND_OF[entity.archetype]
    if (kind && entity.noteCount > 0) {
      counts[kind]++
      times.push(entity.fields.beat ?? 0)
    }
    if (SCRATCHES.has(entity.archetype)) hasScratches = true
    if (entity.archetype === ARCHETYPES.splitLine) hasSplitLines = true
    if (entity.archetype === ARCHETYPES.timescaleChange && entity.fields['#TIMESCALE'] !== 1)
      hasSpeedChanges = true
  }
  times.sort((a, b) => a - b)
  let npsPeak = 0
  for (let start = 0, end = 0; start < times.length; start++) {
    while (end < times.length && times[end] < times[start] + PEAK_WINDOW_SECONDS) end++
    npsPeak = Math.max(npsPeak, (end - start) / PEAK_WINDOW_SECONDS)
  }
  const span = times.length > 1 ? times[times.length - 1] - times[0] : 0
  const tempos = bpms.filter((bpm) => Number.isFinite(bpm) && bpm > 0)
  return {
    noteCount: read.noteCount,
    counts,
    duration: read.maxBeat,
    npsAverage: span > 0 ? times.length / span : times.length,
    npsPeak,
    bpmMin: tempos.length ? Math.min(...tempos) : null,
    bpmMax: tempos.length ? Math.max(...tempos) : null,
    hasScratches,
    hasSplitLines,
    hasSpeedChanges,
  }
}
