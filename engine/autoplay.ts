// Fingers for a Sirius level, worked out from its level data alone: a tap at every tap note, a swipe at
// every flick and scratch end, a finger along every hold segment, and one on any tick no hold covers.
// Touches go down `late` seconds after the note (0 for a perfect play). Positions are the centre of each
// note's lanes on the judgment line, after mirror, for a screen of the given aspect ratio.
import type { LevelData } from '../common/chart/levelData/types.js'
import type { TouchPoint, TouchScript } from './interpreter/play.js'
import { ARCHETYPES, LANES, TAP_ARCHETYPES } from './sirius/constants.js'
import { numeric } from './sirius/geometry.js'

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
  const aspect = options.aspectRatio ?? 16 / 9
  const halfWidth = numeric.halfWidth(aspect)
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
  /** A quick move sideways (towards the middle of the stage) and back, at `time` from `x`. */
  const swipe = (time: number, x: number): TouchPoint[] => [
    { time, x, y },
    { time: time + 0.03, x: x - Math.sign(x || 1) * SWIPE, y },
    { time: time + 0.06, x, y },
  ]
  const overlaps = (a: { first: number; last: number }, b: { first: number; last: number }) =>
    a.first <= b.last && a.last >= b.first
  /** Whether a finger on the centre of `finger`'s lanes is in the hitbox of `note`'s (its lanes and one
   *  more either side), with a little room. */
  const reaches = (finger: { first: number; last: number }, note: { first: number; last: number }) => {
    const at = (finger.first - 1 + finger.last) / 2
    return at > note.first - 2 + 0.05 && at < note.last + 1 - 0.05
  }

  const touches: TouchScript[] = []
  const taps: { time: number; first: number; last: number }[] = []
  /** Notes that take a new touch (taps and flicks), to keep other new fingers out of their way. */
  const claimers: { time: number; first: number; last: number }[] = []
  /** Where a new finger at `time` for a note on lanes first..last goes: its centre, unless a later note
   *  that could take the touch is there; then the nearest place in the note's hitbox (its lanes and one more
   *  either side) that no such note's hitbox covers. (A note at the same time takes its own finger, which
   *  goes down on its centre, before this one.) */
  const place = (time: number, first: number, last: number): number => {
    const near = claimers.filter((note) => note.time > time + 1e-6 && note.time - time <= 0.2)
    const taken = (edge: number) =>
      near.some((note) => edge > note.first - 2 - 0.05 && edge < note.last + 1 + 0.05)
    const middle = (first - 1 + last) / 2
    // Anywhere in the hitbox, off the stage's sides too, as long as it is on the screen.
    const low = first - 2 + 0.1
    const high = last + 1 - 0.1
    const onScreen = (edge: number) => Math.abs(numeric.edgeX(edge, 0.75, halfWidth)) < aspect - 0.01
    for (let step = 0; step <= LANES; step += 0.25)
      for (const edge of [middle - step, middle + step])
        if (edge >= low && edge <= high && onScreen(edge) && !taken(edge))
          return numeric.edgeX(edge, 0.75, halfWidth)
    return numeric.edgeX(middle, 0.75, halfWidth)
  }
  const segments: Segment[] = []
  for (const { archetype, data } of level.entities) {
    const time = timeOf(value(data, 'beat'))
    const [first, last] = span(value(data, 'lane'), value(data, 'laneLength'))
    if (TAP_ARCHETYPES.has(archetype) || archetype === ARCHETYPES.flick) claimers.push({ time, first, last })
    if (TAP_ARCHETYPES.has(archetype)) taps.push({ time, first, last })
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

  // One finger along each chain of hold segments (one ends where the next begins on lanes it shares),
  // swiping over each scratch target on the way. A chain begins at a segment with a tap note at its start
  // (the finger goes down for that note, which then needs no tap of its own) or at one that nothing leads
  // into. A segment that begins elsewhere gets a finger of its own: one finger cannot be in two places in
  // one instant.
  segments.sort((a, b) => a.start - b.start || a.end - b.end)
  const headTap = new Map<Segment, (typeof taps)[number]>()
  const tapsLeft = new Set(taps)
  // A tap on a segment's very lanes is its head; only then may a tap it merely reaches be.
  for (const exact of [true, false])
    for (const segment of segments) {
      if (headTap.has(segment)) continue
      const tap = taps.find(
        (candidate) =>
          tapsLeft.has(candidate) &&
          Math.abs(candidate.time - segment.start) < 1e-6 &&
          (exact
            ? candidate.first === segment.first && candidate.last === segment.last
            : reaches(segment, candidate)),
      )
      if (tap) {
        headTap.set(segment, tap)
        tapsLeft.delete(tap)
      }
    }
  const used = new Set<Segment>()
  const chains: Segment[][] = []
  const follow = (chain: Segment[]) => {
    for (;;) {
      const tail = chain[chain.length - 1]!
      // What goes on from here, on lanes it shares, without a tap of its own.
      const next = segments.find(
        (other) =>
          !used.has(other) &&
          !headTap.has(other) &&
          Math.abs(other.start - tail.end) < 1e-6 &&
          overlaps(other, tail),
      )
      if (!next) return
      chain.push(next)
      used.add(next)
    }
  }
  for (const head of [...segments.filter((segment) => headTap.has(segment)), ...segments]) {
    if (used.has(head)) continue
    const chain = [head]
    used.add(head)
    follow(chain)
    chains.push(chain)
  }
  for (const chain of chains) {
    const head = chain[0]!
    const points: TouchPoint[] = []
    const to = (time: number, x: number) => {
      const previous = points[points.length - 1]
      points.push({ time: previous ? Math.max(time, previous.time + 1e-4) : time, x, y })
    }
    // A finger that no tap brings down keeps out of the way of the notes that would take it.
    const headX = headTap.has(head) ? centre(head.first, head.last) : place(head.start, head.first, head.last)
    to(head.start + late, headX)
    for (const segment of chain) {
      const x = segment === head ? headX : centre(segment.first, segment.last)
      to(segment.start + late, x)
      to(segment.end + late, x)
      if (segment.target)
        for (const point of swipe(segment.end + late, centre(...segment.target))) to(point.time, point.x)
    }
    const last = points[points.length - 1]!
    to(last.time + 0.02, last.x)
    touches.push({ points })
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
      (segment) => segment.start <= time && time <= segment.end && reaches(segment, { first, last }),
    )
    if (!covered) {
      const x = place(time, first, last)
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
