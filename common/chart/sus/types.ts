// What the SUS parser extracts (docs/chart-format.md §13.1-13.2).
import { type Fraction } from '../fraction.js'

export type Source = { line: number; column: number }

/** Measure number plus the exact fraction of that measure. */
export type SusPosition = { measure: number; offset: Fraction }

export type SusTap = Source & { position: SusPosition; lane: number; width: number; type: 1 | 2 | 4 }
export type SusAir = Source & { position: SusPosition; lane: number; width: number; type: 1 | 3 | 4 }
export type SusSlideEvent = Source & {
  position: SusPosition
  lane: number
  width: number
  channel: string
  type: 1 | 2 | 3
}

export type SusScore = {
  metadata: { title?: string; artist?: string; designer?: string; wave?: string }
  waveOffset: number
  ticksPerBeat: number
  beatsPerMeasure: { measure: number; beats: Fraction; source: Source }[]
  bpmDefinitions: Map<string, { value: number; source: Source }>
  bpmChanges: { position: SusPosition; id: string; source: Source }[]
  /** #TIL00 entries, at measure'tick (resolved against the measure lengths by the timing step). */
  hiSpeeds: { measure: number; tick: number; value: number; source: Source }[]
  /** #TIL01 entries: +N opens a split of N sub-stages, -N closes it. */
  splitEvents: { measure: number; tick: number; split: number; color: number; source: Source }[]
  taps: SusTap[]
  airs: SusAir[]
  slides: SusSlideEvent[]
}
