// What changed in the notes between two versions of a chart's level data: notes added, removed and moved,
// and the beats where it happened. Chart info lists it per version and the preview marks the notes; the old
// level data may be collected soon after an edit, so the server works this out while it still has both.
import { type FlatEntity } from './levelData/read.js'
import { NOTE_ARCHETYPES } from './levelData/types.js'

export type NoteChangeKind = 'added' | 'removed' | 'moved'

/** A changed note where it now is (a removed one where it was); a moved one also says where it was. */
export type ChangedNote = {
  kind: NoteChangeKind
  beat: number
  lane: number
  laneLength: number
  fromBeat?: number
  fromLane?: number
}

export type BeatSpan = { from: number; to: number }

export type LevelChanges = {
  added: number
  removed: number
  moved: number
  /** Where the changes are, as beat ranges, first to last. */
  spans: BeatSpan[]
  /** The changed notes, in beat order, at most CHANGE_LIMITS.notes of them. */
  notes: ChangedNote[]
  /** More notes changed than `notes` holds. */
  notesCut: boolean
}

/** What one version's changes may hold: they are kept for every version and shown on chart info. */
export const CHANGE_LIMITS = { notes: 1000, spans: 24 } as const
/** Changes at most this many beats apart (one preview column) are one span. */
const SPAN_GAP = 2
/** A note of the same kind, lane and width at most this many beats away was moved, not replaced. */
const MOVE_BEATS = 1
const EPSILON = 1e-6

type Note = { archetype: string; beat: number; lane: number; laneLength: number; key: string }

const notesOf = (entities: readonly FlatEntity[]): Note[] => {
  const notes: Note[] = []
  for (const entity of entities) {
    if (!NOTE_ARCHETYPES.has(entity.archetype)) continue
    const { fields } = entity
    // Every field counts for "unchanged": a hold end whose start moved, or a flick whose scratch changed,
    // changed too.
    const names = Object.keys(fields).sort()
    const key = `${entity.archetype}|${names.map((name) => `${name}=${fields[name]}`).join(',')}`
    notes.push({
      archetype: entity.archetype,
      beat: fields.beat ?? 0,
      lane: fields.lane ?? 0,
      laneLength: fields.laneLength ?? 0,
      key,
    })
  }
  return notes
}

/** The notes of `from` that `to` lacks, and those of `to` that `from` lacks, counting repeats. */
const unmatched = (from: Note[], to: Note[]) => {
  const counts = new Map<string, number>()
  for (const note of from) counts.set(note.key, (counts.get(note.key) ?? 0) + 1)
  const added: Note[] = []
  for (const note of to) {
    const left = counts.get(note.key) ?? 0
    if (left > 0) counts.set(note.key, left - 1)
    else added.push(note)
  }
  const removed: Note[] = []
  for (const note of from) {
    const left = counts.get(note.key) ?? 0
    if (left > 0) {
      counts.set(note.key, left - 1)
      removed.push(note)
    }
  }
  return { added, removed }
}

/** Pairs removed and added notes that share a key, nearest beats first, within `near` beats. The added
 *  notes are taken in time order, so each key's waiting notes are passed over once: a chart rewritten whole
 *  costs a sort, not a scan per note. */
const pairBy = (
  removed: Note[],
  added: Note[],
  keyOf: (note: Note) => string,
  near: number,
  pairs: [Note, Note][],
) => {
  type Waiting = { notes: Note[]; used: boolean[]; start: number }
  const waiting = new Map<string, Waiting>()
  for (const note of removed) {
    const key = keyOf(note)
    const found = waiting.get(key)
    if (found) found.notes.push(note)
    else waiting.set(key, { notes: [note], used: [], start: 0 })
  }
  for (const found of waiting.values()) found.notes.sort((a, b) => a.beat - b.beat)
  const paired = new Set<Note>()
  const left: Note[] = []
  for (const note of [...added].sort((a, b) => a.beat - b.beat)) {
    const found = waiting.get(keyOf(note))
    let best = -1
    if (found) {
      const { notes, used } = found
      // Notes before this one's window are before every later one's too.
      while (
        found.start < notes.length &&
        (used[found.start] || notes[found.start].beat < note.beat - near - EPSILON)
      )
        found.start++
      for (let i = found.start; i < notes.length && notes[i].beat <= note.beat + near + EPSILON; i++)
        if (
          !used[i] &&
          (best < 0 || Math.abs(notes[i].beat - note.beat) < Math.abs(notes[best].beat - note.beat))
        )
          best = i
      if (best >= 0) {
        used[best] = true
        paired.add(notes[best])
        pairs.push([notes[best], note])
      }
    }
    if (best < 0) left.push(note)
  }
  return { removed: removed.filter((note) => !paired.has(note)), added: left }
}

/** Beats closer than SPAN_GAP are one span; beyond CHANGE_LIMITS.spans, the closest spans merge. */
const spansOf = (beats: number[]): BeatSpan[] => {
  if (beats.length === 0) return []
  const sorted = [...beats].sort((a, b) => a - b)
  let spans: BeatSpan[] = []
  for (const beat of sorted) {
    const last = spans[spans.length - 1]
    if (last && beat - last.to <= SPAN_GAP + EPSILON) last.to = beat
    else spans.push({ from: beat, to: beat })
  }
  if (spans.length > CHANGE_LIMITS.spans) {
    // Close the smallest gaps, as many as there are spans too many.
    const gaps = spans.slice(1).map((span, i) => ({ i, gap: span.from - spans[i].to }))
    const closed = new Set(
      gaps
        .sort((a, b) => a.gap - b.gap)
        .slice(0, spans.length - CHANGE_LIMITS.spans)
        .map(({ i }) => i),
    )
    const merged: BeatSpan[] = [spans[0]]
    spans.slice(1).forEach((span, i) => {
      if (closed.has(i)) merged[merged.length - 1].to = span.to
      else merged.push(span)
    })
    spans = merged
  }
  return spans
}

/** The note changes from one version's entities to the next's. */
export const diffNotes = (before: readonly FlatEntity[], after: readonly FlatEntity[]): LevelChanges => {
  const first = unmatched(notesOf(before), notesOf(after))
  const pairs: [Note, Note][] = []
  // Same kind at the same beat: moved across lanes or resized. Then the same kind, lane and width
  // nearby: moved in time.
  const sameBeat = pairBy(first.removed, first.added, (note) => `${note.archetype}|${note.beat}`, 0, pairs)
  const { removed, added } = pairBy(
    sameBeat.removed,
    sameBeat.added,
    (note) => `${note.archetype}|${note.lane}|${note.laneLength}`,
    MOVE_BEATS,
    pairs,
  )
  const place = (note: Note) => ({ beat: note.beat, lane: note.lane, laneLength: note.laneLength })
  const changed: ChangedNote[] = [
    ...added.map((note) => ({ kind: 'added' as const, ...place(note) })),
    ...removed.map((note) => ({ kind: 'removed' as const, ...place(note) })),
    ...pairs.map(([from, to]) => ({
      kind: 'moved' as const,
      ...place(to),
      fromBeat: from.beat,
      fromLane: from.lane,
    })),
  ].sort((a, b) => a.beat - b.beat || a.lane - b.lane)
  return {
    added: added.length,
    removed: removed.length,
    moved: pairs.length,
    spans: spansOf(
      changed.flatMap((note) => (note.fromBeat === undefined ? [note.beat] : [note.fromBeat, note.beat])),
    ),
    notes: changed.slice(0, CHANGE_LIMITS.notes),
    notesCut: changed.length > CHANGE_LIMITS.notes,
  }
}
