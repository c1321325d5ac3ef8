// Preview mode of our engine through the interpreter: the whole chart on one canvas, every note drawn,
// with beat lines, times and note counts.
import { describe, expect, it } from 'vitest'
import { runPreview } from '../../engine/interpreter/preview'
import { COLUMN } from '../../engine/sirius/preview'
import { engine, fixtures, notesOf, options, valueOf } from './helpers'

describe.each(fixtures)('preview mode on $name', ({ level }) => {
  const preview = runPreview({ data: engine.previewData, level, options: options() })
  const drawn = new Set(preview.drawnBy)
  const end = Math.max(...level.entities.map((_, entity) => valueOf(level, entity, 'beat') ?? 0))

  it('draws every note (a hold eighth is unseen; its count shows when it is a tenth)', () => {
    const notes = notesOf(level)
    expect(
      notes.filter(
        (entity) => level.entities[entity]!.archetype !== 'Sirius Hold Eighth' && !drawn.has(entity),
      ),
    ).toEqual([])
    // Holds, sync lines and split lines too.
    const others = level.entities.flatMap((entity, index) =>
      /Hold End|Sync Line|Split Line/.test(entity.archetype) ? [index] : [],
    )
    expect(others.filter((entity) => !drawn.has(entity))).toEqual([])
    // Every tenth note is counted beside it.
    const counts = preview.texts.filter((text) => text.args[1] === 0).map((text) => text.args[0])
    expect(counts).toEqual(Array.from({ length: Math.floor(notes.length / 10) }, (_, i) => (i + 1) * 10))
  })

  it('lays the chart out left to right in two-second columns, with a time each second', () => {
    expect(preview.canvas.scroll).toBe(0)
    expect(preview.canvas.size).toBe(Math.ceil((end + 0.001) / COLUMN.seconds) * COLUMN.width)
    const times = preview.texts.filter((text) => text.args[1] === 10).map((text) => text.args[0])
    expect(times).toEqual(Array.from({ length: Math.floor(end) + 1 }, (_, i) => i))
    // A line each beat (60 BPM: each second).
    const grid = engine.previewData.skin.sprites.find((sprite) => sprite.name === '#GRID_NEUTRAL')!.id
    const stage = level.entities.findIndex((entity) => entity.archetype === 'Sirius Stage')
    const beatLines = preview.draws.filter((draw, i) => draw.sprite === grid && preview.drawnBy[i] === stage)
    expect(beatLines).toHaveLength(Math.floor(end) + 1)
  })
})
