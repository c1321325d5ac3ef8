// SUS → Sirius TXT rows (docs/chart-format.md §13.4-13.8). Notes are resolved per exact lane span at
// each distinct time, in four phases (relays, slide ends, mid-slide airs, slide starts), then the
// notes nobody consumed become taps and flicks.
import { ChartError, type ChartWarning, warning } from '../errors.js'
import { type Fraction, add, cmp, frac, key } from '../fraction.js'
import { TXT_TYPES, type TxtRow } from '../txt/types.js'
import { type Timing, buildTiming } from './timing.js'
import { type ChartLimits, ChartLimitError, limitsOf } from '../limits.js'
import { type Source, type SusAir, type SusScore, type SusSlideEvent, type SusTap } from './types.js'

/** §13.8: the reference stops hold eighths this far before the end. */
const EIGHTH_END_MARGIN = 0.0001
const HALF_BEAT = frac(1, 2)

type Timed<T> = T & { beat: Fraction; time: number; left: number; right: number; consumed: boolean }
type Group = {
  beat: Fraction
  time: number
  taps: Timed<SusTap>[]
  airs: Timed<SusAir>[]
  slides: Timed<SusSlideEvent>[]
}
type Active = {
  start: Timed<SusSlideEvent>
  critical: boolean
  headless: boolean
  startsInScratch: boolean
}

const span = (note: { left: number; right: number }) => `${note.left}:${note.right}`
const bySource = (a: Source, b: Source) => a.line - b.line || a.column - b.column
const byGeometry = <T extends { left: number; right: number } & Source>(a: T, b: T) =>
  a.left - b.left || a.right - b.right || bySource(a, b)

/** Direction of an air note on its own span: up 0, left −width, right +width. */
const airDirection = (air: SusAir) => (air.type === 1 ? 0 : air.type === 3 ? -air.width : air.width)

/** §13.7 step 2: an air at the slide end that contains the slide's span and shares an edge with it. */
const isScratchTarget = (air: { left: number; right: number }, slide: { left: number; right: number }) =>
  (air.right === slide.right && air.left <= slide.left) ||
  (air.left === slide.left && air.right > slide.right)

/** §13.7 step 2, the table of jump values. */
const jumpOf = (air: Timed<SusAir>, slide: { left: number; right: number }): number => {
  if (air.left === slide.left && air.right === slide.right) return airDirection(air)
  if (air.right === slide.right) return -(slide.right - air.left + 1)
  return air.right - slide.left + 1
}

const row = (
  source: Source,
  startTime: number,
  type: number,
  lane: number,
  width: number,
  extra: Partial<Pick<TxtRow, 'endTime' | 'gimmick' | 'scratchLength'>> = {},
): TxtRow => ({
  startTime,
  endTime: extra.endTime ?? -1,
  type,
  leftLane: lane,
  laneLength: width,
  gimmick: extra.gimmick ?? '0',
  scratchLength: extra.scratchLength ?? 0,
  line: source.line,
  column: source.column,
})

export type SusToTxtResult = { rows: TxtRow[]; warnings: ChartWarning[] }

export const susToTxtRows = (score: SusScore, limits: ChartLimits = limitsOf()): SusToTxtResult => {
  const timing = buildTiming(score, limits)
  const warnings: ChartWarning[] = []
  const rows: TxtRow[] = []

  const groups = new Map<string, Group>()
  const place = <T extends { position: SusScore['taps'][number]['position']; lane: number; width: number }>(
    note: T,
  ): Timed<T> & { group: Group } => {
    const beat = timing.beatOf(note.position)
    const id = key(beat)
    let group = groups.get(id)
    if (!group) {
      group = { beat, time: timing.timeOfBeat(beat), taps: [], airs: [], slides: [] }
      groups.set(id, group)
    }
    return {
      ...note,
      beat,
      time: group.time,
      left: note.lane,
      right: note.lane + note.width - 1,
      consumed: false,
      group,
    }
  }
  for (const tap of score.taps) {
    const timed = place(tap)
    timed.group.taps.push(timed)
  }
  for (const air of score.airs) {
    const timed = place(air)
    timed.group.airs.push(timed)
  }
  for (const slide of score.slides) {
    const timed = place(slide)
    timed.group.slides.push(timed)
  }

  const active = new Map<string, Map<string, Active>>()
  const activeOn = (spanKey: string) => {
    let channels = active.get(spanKey)
    if (!channels) active.set(spanKey, (channels = new Map()))
    return channels
  }
  const slideStarts = new Set<string>()
  const slideEnds = new Set<string>()

  for (const group of [...groups.values()].sort((a, b) => cmp(a.beat, b.beat))) {
    const t = group.time
    const tapOn = (slide: { left: number; right: number }, type: SusTap['type']) =>
      group.taps.find(
        (tap) => !tap.consumed && tap.type === type && tap.left === slide.left && tap.right === slide.right,
      )
    const slides = [...group.slides].sort((a, b) => byGeometry(a, b) || a.channel.localeCompare(b.channel))

    // 1. Relay steps → Sound.
    for (const relay of slides.filter((slide) => slide.type === 3)) {
      if (activeOn(span(relay)).size === 0) {
        throw new ChartError(
          'sus.relay_without_slide',
          `relay step on lanes ${relay.left}..${relay.right} outside any slide`,
          relay.line,
          relay.column,
        )
      }
      rows.push(row(relay, t, TXT_TYPES.sound, relay.left, relay.width))
    }

    // 2. Slide ends → head, body and hold eighths.
    for (const end of slides.filter((slide) => slide.type === 2)) {
      const channels = activeOn(span(end))
      const slide = channels.get(end.channel)
      if (!slide) {
        throw new ChartError(
          'sus.slide_end_without_start',
          `slide end on lanes ${end.left}..${end.right} (channel ${end.channel}) has no start`,
          end.line,
          end.column,
        )
      }
      channels.delete(end.channel)
      slideEnds.add(`${key(group.beat)}|${span(end)}`)

      const damage = tapOn(end, 4)
      if (damage) damage.consumed = true
      const nontail = damage !== undefined

      const targets = group.airs.filter((air) => !air.consumed && isScratchTarget(air, end))
      if (targets.length > 1) {
        throw new ChartError(
          'sus.ambiguous_scratch',
          `${targets.length} air notes could end the slide on lanes ${end.left}..${end.right}; keep one`,
          end.line,
          end.column,
        )
      }
      const target = targets[0]
      if (target) target.consumed = true
      const scratch = target !== undefined
      const jump = target ? jumpOf(target, end) : 0
      const { start, critical, headless, startsInScratch } = slide

      // A slide that starts in a scratch has its flick for a head; without a scratch end it reverts.
      if (!headless && !(startsInScratch && scratch)) {
        const head = scratch
          ? critical
            ? TXT_TYPES.criticalScratchHoldStart
            : TXT_TYPES.scratchHoldStart
          : critical
            ? TXT_TYPES.criticalHoldStart
            : TXT_TYPES.holdStart
        rows.push(row(start, start.time, head, start.left, start.width))
      }
      const body =
        (scratch
          ? critical
            ? TXT_TYPES.criticalScratchHoldBody
            : TXT_TYPES.scratchHoldBody
          : critical
            ? TXT_TYPES.criticalHoldBody
            : TXT_TYPES.holdBody) + (nontail ? 1000 : 0)
      rows.push(
        row(start, start.time, body, start.left, start.width, {
          endTime: t,
          gimmick: jump !== 0 ? 'JumpScratch' : '0',
          scratchLength: jump,
        }),
      )
      // §13.8 (ours): every half beat in musical time from the start, through the full tempo map.
      for (let beat = add(start.beat, HALF_BEAT); ; beat = add(beat, HALF_BEAT)) {
        const time = timing.timeOfBeat(beat)
        if (time > t - EIGHTH_END_MARGIN) break
        // Long slides multiply into eighths: the entity limit holds here, as they are made.
        if (rows.length >= limits.entities)
          throw new ChartLimitError('entities', limits.entities, start.line, start.column)
        rows.push(row(start, time, TXT_TYPES.holdEighth, start.left, start.width))
      }
    }

    // 3. An air on the exact span of a slide still active → mid-hold scratch (SoundPurple).
    for (const air of [...group.airs].sort(byGeometry)) {
      if (air.consumed || activeOn(span(air)).size === 0) continue
      air.consumed = true
      rows.push(row(air, t, TXT_TYPES.soundPurple, air.left, air.width, { scratchLength: airDirection(air) }))
    }

    // 4. Slide starts.
    for (const start of slides.filter((slide) => slide.type === 1)) {
      const channels = activeOn(span(start))
      if (channels.has(start.channel)) {
        throw new ChartError(
          'sus.overlapping_slide',
          `slide channel ${start.channel} on lanes ${start.left}..${start.right} starts again before it ends`,
          start.line,
          start.column,
        )
      }
      slideStarts.add(`${key(group.beat)}|${span(start)}`)
      const criticalTap = tapOn(start, 2)
      if (criticalTap) criticalTap.consumed = true
      const damage = tapOn(start, 4)
      if (damage) damage.consumed = true
      const startsInScratch = group.airs.some((air) => isScratchTarget(air, start))
      channels.set(start.channel, { start, critical: !!criticalTap, headless: !!damage, startsInScratch })
    }
  }

  for (const channels of active.values()) {
    for (const slide of channels.values()) {
      throw new ChartError(
        'sus.unclosed_slide',
        `slide on lanes ${slide.start.left}..${slide.start.right} (channel ${slide.start.channel}) never ends`,
        slide.start.line,
        slide.start.column,
      )
    }
  }

  // 5. What no slide consumed.
  for (const group of groups.values()) {
    for (const tap of group.taps) {
      if (tap.consumed) continue
      const here = `${key(group.beat)}|${span(tap)}`
      if (tap.type === 4) {
        warnings.push(
          warning(
            'sus.lone_damage',
            'a damage tap outside a slide start or end produces nothing',
            tap.line,
            tap.column,
          ),
        )
        continue
      }
      if (tap.type === 1 && slideStarts.has(here)) {
        warnings.push(
          warning(
            'sus.tap_on_slide_start',
            'a normal tap on a slide start adds a Normal Note on the hold head',
            tap.line,
            tap.column,
          ),
        )
      }
      if (tap.type === 2 && slideEnds.has(here)) {
        warnings.push(
          warning(
            'sus.critical_on_slide_end',
            'a critical tap on a slide end adds a Critical Note',
            tap.line,
            tap.column,
          ),
        )
      }
      rows.push(
        row(tap, group.time, tap.type === 2 ? TXT_TYPES.critical : TXT_TYPES.normal, tap.left, tap.width),
      )
    }
    for (const air of group.airs) {
      if (air.consumed) continue
      rows.push(
        row(air, group.time, TXT_TYPES.flick, air.left, air.width, { scratchLength: airDirection(air) }),
      )
    }
  }

  rows.push(...hiSpeedRows(score, timing), ...splitRows(score, timing))
  if (rows.length > limits.entities) throw new ChartLimitError('entities', limits.entities)
  checkSeconds(rows, limits)
  return { rows, warnings: [...timing.warnings, ...warnings] }
}

/** Every row's times (a hi-speed row's endTime is its value) within the chart's length limit. */
export const checkSeconds = (rows: TxtRow[], limits: ChartLimits): void => {
  for (const entry of rows) {
    const end = entry.type === TXT_TYPES.hiSpeed ? entry.startTime : entry.endTime
    if (Math.abs(entry.startTime) > limits.seconds || Math.abs(end) > limits.seconds)
      throw new ChartLimitError('seconds', limits.seconds, entry.line, entry.column)
  }
}

const hiSpeedRows = (score: SusScore, timing: Timing): TxtRow[] =>
  score.hiSpeeds.map((entry) => {
    const time = timing.timeOfBeat(timing.beatOf(timing.tilPosition(entry.measure, entry.tick, entry.source)))
    return row(entry.source, time, TXT_TYPES.hiSpeed, -1, 0, { endTime: entry.value })
  })

/** §13.5: opens and closes alternate; a close matches the open's N and colour; close before open at a tick. */
const splitRows = (score: SusScore, timing: Timing): TxtRow[] => {
  const events = score.splitEvents
    .map((entry) => ({
      ...entry,
      beat: timing.beatOf(timing.tilPosition(entry.measure, entry.tick, entry.source)),
    }))
    .sort(
      (a, b) =>
        cmp(a.beat, b.beat) || Math.sign(a.split) - Math.sign(b.split) || bySource(a.source, b.source),
    )
  const rows: TxtRow[] = []
  let open: (typeof events)[number] | undefined
  for (const event of events) {
    if (event.split > 0) {
      if (open) {
        throw new ChartError(
          'sus.overlapped_split',
          `split ${event.split}.${event.color} opens while split ${open.split}.${open.color} (line ${open.source.line}) is still open`,
          event.source.line,
          event.source.column,
        )
      }
      open = event
      continue
    }
    if (!open || -event.split !== open.split || event.color !== open.color) {
      throw new ChartError(
        'sus.overlapped_split',
        open
          ? `split close ${event.split}.${event.color} does not match the open ${open.split}.${open.color} (line ${open.source.line})`
          : `split close ${event.split}.${event.color} has no open split`,
        event.source.line,
        event.source.column,
      )
    }
    rows.push(
      row(open.source, timing.timeOfBeat(open.beat), TXT_TYPES.split, -1, 0, {
        endTime: timing.timeOfBeat(event.beat),
        gimmick: String(10 + open.split),
        scratchLength: open.color,
      }),
    )
    open = undefined
  }
  if (open) {
    throw new ChartError(
      'sus.unclosed_split',
      `split ${open.split}.${open.color} is never closed`,
      open.source.line,
      open.source.column,
    )
  }
  return rows
}
