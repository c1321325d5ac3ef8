// The demo charts' SUS, written by our own seeded generator (a fresh install has charts worth
// opening; nothing copied from any game or site). A chart follows its tune: 120 BPM in 4/4 (a measure is
// 2 s, an eighth note 0.25 s, as the demo tunes pluck), the first measure left empty, then one pattern a
// measure, chosen by the seed from what the chart's style allows. Lanes 1–12, as Sirius plays them
// (docs/chart-format.md §13.6, §13.10).

/** A small seeded generator (mulberry32), so a seed always writes the same chart. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

export type DemoStyle = 'gentle' | 'relay' | 'chords'
export type DemoChartSpec = { seed: number; measures: number; style: DemoStyle; title: string }

const LANES = '23456789abcd'
const CELLS = 16
/** Slide channel ids: one per hold, so no two holds share a channel. */
const CHANNELS = '0123456789abcdefghijklmnopqrstuvwxyz'

type Note = { channel: string; measure: number; cell: number; type: number; width: number }

export const demoSus = ({ seed, measures, style, title }: DemoChartSpec): string => {
  const random = seeded(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]
  const notes: Note[] = []
  let holds = 0
  const lane = (left: number) => LANES[left - 1]
  const tap = (measure: number, cell: number, left: number, width: number, type = 1) =>
    notes.push({ channel: `1${lane(left)}`, measure, cell, type, width })
  /** An air note: 1 up (both ways), 3 left, 4 right (docs/chart-format.md §13.10). */
  const air = (measure: number, cell: number, left: number, width: number, type: 1 | 3 | 4) =>
    notes.push({ channel: `5${lane(left)}`, measure, cell, type, width })
  /** A hold from cell `from` to cell `to` of one measure, with relay ticks at `relays`. */
  const hold = (
    measure: number,
    from: number,
    to: number,
    left: number,
    width: number,
    relays: number[] = [],
  ) => {
    const channel = `3${lane(left)}${CHANNELS[holds++ % CHANNELS.length]}`
    notes.push({ channel, measure, cell: from, type: 1, width })
    for (const cell of relays) notes.push({ channel, measure, cell, type: 3, width })
    notes.push({ channel, measure, cell: to, type: 2, width })
  }

  const patterns: Record<DemoStyle, ((measure: number) => void)[]> = {
    // Taps on the beat walking across, a flick to close; a two-beat hold beside taps.
    gentle: [
      (m) => {
        const start = pick([1, 4, 7])
        for (let beat = 0; beat < 4; beat++) tap(m, beat * 4, start + (beat % 2) * 3, 3, beat === 0 ? 2 : 1)
      },
      (m) => {
        for (let beat = 0; beat < 3; beat++) tap(m, beat * 4, pick([2, 5, 8]), 3)
        air(m, 12, 5, 4, pick([1, 3, 4]))
      },
      (m) => {
        hold(m, 0, 8, 2, 3)
        tap(m, 8, 8, 3)
        tap(m, 12, 5, 3)
      },
    ],
    // Eighth-note streams, holds with relay ticks that end in a scratch, jumps across the stage.
    relay: [
      (m) => {
        for (let eighth = 0; eighth < 8; eighth++) tap(m, eighth * 2, eighth % 2 === 0 ? 3 : 7, 3)
      },
      (m) => {
        hold(m, 0, 12, 4, 4, [4, 8])
        air(m, 12, 4, 4, 1)
        tap(m, 4, 10, 3)
        tap(m, 8, 1, 3)
      },
      (m) => {
        hold(m, 0, 8, 9, 3, [4])
        for (let eighth = 0; eighth < 6; eighth++) tap(m, eighth * 2, eighth % 2 === 0 ? 1 : 5, 3)
        air(m, 12, 6, 4, pick([3, 4]))
      },
    ],
    // Olivier: both hands at once, chords on every beat, a hold under taps.
    chords: [
      (m) => {
        for (let beat = 0; beat < 4; beat++) {
          tap(m, beat * 4, 1, 3, beat === 0 ? 2 : 1)
          tap(m, beat * 4, 10, 3)
        }
      },
      (m) => {
        hold(m, 0, 12, 1, 3)
        for (let eighth = 0; eighth < 8; eighth++) tap(m, eighth * 2, eighth % 2 === 0 ? 6 : 9, 3)
      },
      (m) => {
        for (let beat = 0; beat < 4; beat++) {
          tap(m, beat * 4, 2 + beat, 2)
          tap(m, beat * 4 + 2, 9 - beat, 2)
        }
        air(m, 14, 4, 6, 1)
      },
    ],
  }

  for (let measure = 1; measure < measures; measure++) pick(patterns[style])(measure)

  const lines = [
    `#TITLE "${title}"`,
    '#ARTIST "Sirius Charts demo"',
    '#DESIGNER "Sirius Charts demo generator"',
    '#REQUEST "ticks_per_beat 480"',
    '#00002: 4',
    '#BPM01: 120',
    '#00008: 01',
  ]
  // One data line per measure and channel, 16 cells each.
  const rows = new Map<string, string[]>()
  for (const note of notes) {
    const id = `${String(note.measure).padStart(3, '0')}${note.channel}`
    let cells = rows.get(id)
    if (!cells) rows.set(id, (cells = Array.from({ length: CELLS }, () => '00')))
    cells[note.cell] = `${note.type}${note.width.toString(36)}`
  }
  for (const [id, cells] of [...rows.entries()].sort()) lines.push(`#${id}: ${cells.join('')}`)
  return `${lines.join('\n')}\n`
}
