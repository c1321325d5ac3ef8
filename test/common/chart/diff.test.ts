// Note changes between two versions of a chart: what counts as added, removed or moved, where it was, and the
// bounds on what one version keeps.
import { describe, expect, it } from 'vitest'
import { ARCHETYPES, type FlatEntity, readLevelData } from '../../../common/chart'
import { CHANGE_LIMITS, diffNotes } from '../../../common/chart/diff'
import { convert } from './helpers'

const note = (
  beat: number,
  lane: number,
  laneLength = 2,
  archetype: string = ARCHETYPES.normal,
): FlatEntity => ({
  archetype,
  fields: { beat, lane, laneLength },
  noteCount: 1,
})
const bpm = (beat: number): FlatEntity => ({
  archetype: ARCHETYPES.bpmChange,
  fields: { '#BEAT': beat, '#BPM': 120 },
  noteCount: -1,
})

describe('diffNotes', () => {
  it('finds nothing between a chart and itself, in any entity order', () => {
    const chart = [bpm(0), note(1, 1), note(2, 3), note(2, 3), note(4, 5, 4, ARCHETYPES.critical)]
    const changes = diffNotes(chart, [...chart].reverse())
    expect(changes).toEqual({ added: 0, removed: 0, moved: 0, spans: [], notes: [], notesCut: false })
  })

  it('counts added and removed notes, repeats included, and says where', () => {
    const before = [note(1, 1), note(8, 3), note(8, 3)]
    const after = [note(1, 1), note(8, 3), note(20, 7, 3, ARCHETYPES.flick)]
    const changes = diffNotes(before, after)
    expect(changes).toMatchObject({ added: 1, removed: 1, moved: 0 })
    expect(changes.notes).toEqual([
      { kind: 'removed', beat: 8, lane: 3, laneLength: 2 },
      { kind: 'added', beat: 20, lane: 7, laneLength: 3 },
    ])
    expect(changes.spans).toEqual([
      { from: 8, to: 8 },
      { from: 20, to: 20 },
    ])
  })

  it('calls a note of the same kind at the same beat, or the same lane and width within a beat, moved', () => {
    const before = [note(4, 1), note(10, 6, 3), note(30, 2)]
    const after = [note(4, 9), note(10.5, 6, 3), note(33, 2)]
    const changes = diffNotes(before, after)
    expect(changes).toMatchObject({ added: 1, removed: 1, moved: 2 })
    expect(changes.notes.filter((changed) => changed.kind === 'moved')).toEqual([
      { kind: 'moved', beat: 4, lane: 9, laneLength: 2, fromBeat: 4, fromLane: 1 },
      { kind: 'moved', beat: 10.5, lane: 6, laneLength: 3, fromBeat: 10, fromLane: 6 },
    ])
  })

  it('never calls a note of another kind moved', () => {
    const changes = diffNotes([note(4, 1)], [note(4, 1, 2, ARCHETYPES.critical)])
    expect(changes).toMatchObject({ added: 1, removed: 1, moved: 0 })
  })

  it('counts a changed field other than the place as a change (a hold end whose start moved)', () => {
    const end = (stBeat: number): FlatEntity => ({
      archetype: ARCHETYPES.holdEnd,
      fields: { beat: 6, stBeat, lane: 3, laneLength: 2 },
      noteCount: 1,
    })
    expect(diffNotes([end(2)], [end(3)])).toMatchObject({ moved: 1, added: 0, removed: 0 })
  })

  it('ignores what is not a note (tempo changes, split lines)', () => {
    expect(diffNotes([bpm(0), note(1, 1)], [bpm(4), note(1, 1)]).notes).toEqual([])
  })

  it('joins changes within two beats into one span, and keeps at most the span limit', () => {
    const near = diffNotes([], [note(1, 1), note(2.5, 1), note(3, 1), note(9, 1)])
    expect(near.spans).toEqual([
      { from: 1, to: 3 },
      { from: 9, to: 9 },
    ])
    const many = Array.from({ length: CHANGE_LIMITS.spans * 3 }, (_, i) => note(i * 10 + (i % 3), 1))
    const spans = diffNotes([], many).spans
    expect(spans).toHaveLength(CHANGE_LIMITS.spans)
    expect(spans[0].from).toBe(0)
    expect(spans.at(-1)!.to).toBe(many.at(-1)!.fields.beat)
    // Every change lies in a span, and the spans are in order without overlap.
    for (const changed of many)
      expect(spans.some((s) => s.from <= changed.fields.beat && changed.fields.beat <= s.to)).toBe(true)
    for (let i = 1; i < spans.length; i++) expect(spans[i].from).toBeGreaterThan(spans[i - 1].to)
  })

  it('keeps at most the note limit, and says it cut', () => {
    const many = Array.from({ length: CHANGE_LIMITS.notes + 5 }, (_, i) => note(i / 4, 1 + (i % 12), 1))
    const changes = diffNotes([], many)
    expect(changes.added).toBe(many.length)
    expect(changes.notes).toHaveLength(CHANGE_LIMITS.notes)
    expect(changes.notesCut).toBe(true)
  })

  it('reads two conversions of a SUS chart: a tap moved to another lane, one removed, one added', () => {
    const entities = (...lines: string[]) => readLevelData(convert(...lines).gzipped).entities
    const before = entities('#00112: 1300', '#00114: 0013', '#00212: 13')
    const after = entities('#00116: 1300', '#00114: 0013', '#00312: 13')
    const changes = diffNotes(before, after)
    expect(changes).toMatchObject({ added: 1, removed: 1, moved: 1 })
    expect(changes.notes.map((changed) => changed.kind)).toEqual(['moved', 'removed', 'added'])
  })
})
