// Fingers for a Sirius level, worked out from its level data alone: a tap at every tap note, a swipe at
// every flick and scratch end, a finger along every hold segment, and one on any tick no hold covers.
// Touches go down `late` seconds after the note (0 for a perfect play). Positions are the centre of each
// note's lanes on the judgment line, after mirror, for a screen of the given aspect ratio.
import type { LevelData } from '../../common/chart/levelData/types.js'
import type { TouchPoint, TouchScript } from '../interpreter/play.js'
import { ARCHETYPES, LANES } from './constants.js'
import { numeric } from './geometry.js'

const TAPS = new Set<string>([
  ARCHETYPES.normal,
  ARCHETYPES.critical,
  ARCHETYPES.holdStart,
  ARCHETYPES.criticalHoldStart,
  ARCHETYPES.scratchHoldStart,
  ARCHETYPES.criticalScratchHoldStart,
])
const HOLDS = new Set<string>([
  ARCHETYPES.holdEnd,
  ARCHETYPES.scratchHoldEnd,
  ARCHETYPES.nontailHoldEnd,
  ARCHETYPES.nontailScratchHoldEnd,
])
const TICKS = new Set<string>([ARCHETYPES.sound, ARCHETYPES.holdEighth])
/** How far a swipe moves (screen units): fast, but within the note's hitbox. */
const SWIPE = 0.15

export type AutoplayOptions = {
  aspectRatio?: number
  /** Seconds every touch goes down after its note (negative: early). */
  late?: number
  mirror?: boolean
  /** The level's tempo: seconds per beat (Sirius levels use 60 BPM, one beat a second). */
  secondsPerBeat?: number
  speed?: number
}

type Segment = { start: number; end: number; first: number; last: number; target?: [number, number] }

export const autoplay = (level: LevelData, options: AutoplayOptions = {}): TouchScript[] => {
  const halfWidth = numeric.halfWidth(options.aspectRatio ?? 16 / 9)
  const late = options.late ?? 0
  const timeOf = (beat: number) => (beat * (options.secondsPerBeat ?? 1)) / (options.speed ?? 1)
  const y = numeric.judgmentY
  const centre = (first: number, last: number) => numeric.edgeX((first - 1 + last) / 2, 0.75, halfWidth)
  const span = (lane: number, length: number): [number, number] => {
    const last = lane + length - 1
    return options.mirror ? [LANES + 1 - last, LANES + 1 - lane] : [lane, last]
  }
  const value = (data: { name: string; value: number }[], name: string) =>
    data.find((item) => item.name === name)?.value ?? 0
  /** A quick move sideways and back, at `time` from `x`. */
  const swipe = (time: number, x: number): TouchPoint[] => [
    { time, x, y },
    { time: time + 0.04, x: x + SWIPE, y },
    { time: time + 0.08, x, y },
  ]
  const overlaps = (a: { first: number; last: number }, b: { first: number; last: number }) =>
    a.first <= b.last + 1 && a.last >= b.first - 1

  const touches: TouchScript[] = []
  const taps: { time: number; first: number; last: number }[] = []
  const segments: Segment[] = []
  for (const { archetype, data } of level.entities) {
    const time = timeOf(value(data, 'beat'))
    const [first, last] = span(value(data, 'lane'), value(data, 'laneLength'))
    if (TAPS.has(archetype)) taps.push({ time, first, last })
    else if (archetype === ARCHETYPES.flick) touches.push({ points: swipe(time + late, centre(first, last)) })
    else if (HOLDS.has(archetype)) {
      const segment: Segment = { start: timeOf(value(data, 'stBeat')), end: time, first, last }
      if (archetype === ARCHETYPES.scratchHoldEnd) {
        // The target span (docs/chart-format.md §6), mirrored with the note.
        const scratch = value(data, 'scratchLength') * (options.mirror ? -1 : 1)
        segment.target = [scratch < 0 ? last + scratch + 1 : first, scratch > 0 ? first + scratch - 1 : last]
      }
      segments.push(segment)
    }
  }

  // One finger along each chain of hold segments (one ends where the next begins), swiping over each
  // scratch target on the way; it goes down for the chain's first note, so that note needs no tap.
  segments.sort((a, b) => a.start - b.start || a.end - b.end)
  const used = new Set<Segment>()
  const chains: Segment[][] = []
  for (const segment of segments) {
    if (used.has(segment)) continue
    const chain = [segment]
    used.add(segment)
    for (;;) {
      const tail = chain[chain.length - 1]!
      const next = segments.find(
        (other) => !used.has(other) && Math.abs(other.start - tail.end) < 1e-6 && overlaps(other, tail),
      )
      if (!next) break
      chain.push(next)
      used.add(next)
    }
    chains.push(chain)
  }
  const tapsLeft = new Set(taps)
  for (const chain of chains) {
    const head = chain[0]!
    const tap = taps.find(
      (candidate) =>
        tapsLeft.has(candidate) && Math.abs(candidate.time - head.start) < 1e-6 && overlaps(candidate, head),
    )
    if (tap) tapsLeft.delete(tap)
    const points: TouchPoint[] = [{ time: head.start + late, x: centre(head.first, head.last), y }]
    for (const segment of chain) {
      const x = centre(segment.first, segment.last)
      points.push({ time: segment.start + late + 1e-4, x, y }, { time: segment.end + late, x, y })
      if (segment.target) points.push(...swipe(segment.end + late + 1e-4, centre(...segment.target)))
    }
    const last = points[points.length - 1]!
    points.push({ time: last.time + 0.02, x: last.x, y })
    touches.push({ points: points.sort((a, b) => a.time - b.time) })
  }
  for (const tap of tapsLeft) {
    const x = centre(tap.first, tap.last)
    touches.push({
      points: [
        { time: tap.time + late, x, y },
        { time: tap.time + late + 0.05, x, y },
      ],
    })
  }

  // A tick on a hold is held by the hold's finger; any other gets one of its own.
  for (const entity of level.entities) {
    if (!TICKS.has(entity.archetype)) continue
    const time = timeOf(value(entity.data, 'beat'))
    const [first, last] = span(value(entity.data, 'lane'), value(entity.data, 'laneLength'))
    const covered = segments.some(
      (segment) => segment.start <= time && time <= segment.end && overlaps(segment, { first, last }),
    )
    if (!covered) {
      const x = centre(first, last)
      touches.push({
        points: [
          { time: time + late - 0.01, x, y },
          { time: time + late + 0.03, x, y },
        ],
      })
    }
  }
  return touches.sort((a, b) => a.points[0]!.time - b.points[0]!.time)
}
