// The preview layout model (docs/spec.md §2 "Chart preview" numbers; docs/chart-format.md §7, §10).
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DENSE_SHAPES,
  DIVIDER_POSITIONS,
  PREVIEW_TILE_COLUMNS,
  columnCount,
  convertSus,
  convertTxt,
  formatClock,
  layoutColumns,
  layoutPreview,
  planPreview,
  previewTileCount,
  readLevelData,
  renderPreviewImage,
  renderPreviewTile,
} from '../../../common/chart'

const layoutOf = (txt: string) => {
  const read = readLevelData(convertTxt(txt, { allowEmpty: true }).gzipped)
  return { read, layout: layoutPreview(read.entities, read.maxBeat) }
}

describe('preview layout', () => {
  it('has ceil(maxBeat / 2) columns, width 60·2·columns + 200·columns and height 600 + 2·20', () => {
    const { layout, read } = layoutOf('0,-1,10,1,1,0,0\n6.5,-1,10,1,1,0,0')
    expect(read.maxBeat).toBe(6.5)
    expect(columnCount(6.5)).toBe(4)
    expect(layout.columns).toHaveLength(4)
    expect(layout.width).toBe(60 * 2 * 4 + 200 * 4)
    expect(layout.height).toBe(640)
  })

  it('takes maxBeat from endBeat and #BEAT too', () => {
    const { layout } = layoutOf('0,9,0,-1,0,11,1\n0,-1,10,1,1,0,0')
    expect(layout.columns).toHaveLength(5)
    expect(columnCount(0)).toBe(1)
  })

  it('labels each column with its start time in m:ss, every two beats', () => {
    const { layout } = layoutOf('125,-1,10,1,1,0,0')
    expect(layout.columns[0].label).toBe('0:00')
    expect(layout.columns[1].label).toBe('0:02')
    expect(layout.columns[30].label).toBe('1:00')
    expect(layout.columns[62].label).toBe('2:04')
    expect(formatClock(59.999)).toBe('0:59')
  })

  it('places time bottom to top in a column and columns left to right', () => {
    const { layout } = layoutOf('0,-1,10,1,1,0,0\n1,-1,10,12,1,0,0\n2.5,-1,10,1,1,0,0')
    const notes = layout.shapes.filter((shape) => shape.kind === 'note')
    const [first, second, third] = notes as Extract<(typeof notes)[number], { kind: 'note' }>[]
    expect(first.y + first.height / 2).toBe(20 + 600)
    expect(second.y + second.height / 2).toBe(20 + 300)
    expect(first.x).toBe(60)
    expect(second.x).toBeCloseTo(60 + 11 * (200 / 12))
    expect(third.x).toBe(60 + 320)
    expect(third.y + third.height / 2).toBe(20 + 450)
  })

  it('draws one shape per note archetype entity, eighths and ticks included', () => {
    const text = fs.readFileSync(path.join(__dirname, '../../fixtures/sus/chart-1000.sus'), 'utf8')
    const read = readLevelData(convertSus(text, { allowEmpty: true }).gzipped)
    const layout = layoutPreview(read.entities, read.maxBeat)
    expect(layout.noteCount).toBe(read.noteCount)
  })

  it('numbers every 10th note on the right edge', () => {
    const rows = Array.from({ length: 25 }, (_, i) => `${i * 0.1},-1,10,1,1,0,0`).join('\n')
    const { layout } = layoutOf(rows)
    expect(
      layout.shapes
        .filter((shape) => shape.kind === 'noteNumber')
        .map((shape) => shape.kind === 'noteNumber' && shape.value),
    ).toEqual([10, 20])
  })

  it('splits a hold body where it crosses a column boundary', () => {
    const { layout } = layoutOf('1,-1,80,1,2,0,0\n1,5,100,1,2,0,0')
    const bodies = layout.shapes.filter((shape) => shape.kind === 'body')
    expect(bodies).toHaveLength(3)
    expect(bodies.map((shape) => shape.kind === 'body' && Math.round(shape.height))).toEqual([300, 600, 300])
  })

  it('draws scratch bodies in the scratch style and the scratch target on its derived span', () => {
    const { layout } = layoutOf('0,-1,82,5,3,0,0\n0,1,110,5,3,JumpScratch,-6')
    const body = layout.shapes.find((shape) => shape.kind === 'body')
    expect(body).toMatchObject({ style: 'scratch' })
    const target = layout.shapes.filter((shape) => shape.kind === 'note').at(-1)
    // lane 5, width 3, scratchLength −6 → lanes 2..7, arrow left.
    expect(target).toMatchObject({
      style: 'scratch',
      direction: 'left',
      x: 60 + 200 / 12,
      width: 6 * (200 / 12),
    })
  })

  it('uses the divider position table for split lines: 1 → [0,12] … 6 → [0,2,4,6,8,10,12]', () => {
    expect(DIVIDER_POSITIONS[1]).toEqual([0, 12])
    expect(DIVIDER_POSITIONS[7]).toEqual([0, 2, 4, 6, 8, 10, 12])
    const { layout } = layoutOf('0,1,0,-1,0,15,1060')
    const dividers = layout.shapes.filter((shape) => shape.kind === 'divider')
    expect(
      dividers.map((shape) => shape.kind === 'divider' && Math.round((shape.x - 60) / (200 / 12))),
    ).toEqual([0, 3, 5, 7, 9, 12])
    expect(dividers.map((shape) => shape.kind === 'divider' && shape.slot)).toEqual([0, 1, 2, 3, 4, 5])
    expect(dividers.every((shape) => shape.kind === 'divider' && shape.colorId === 1060)).toBe(true)
  })

  it('labels hi-speed changes with their value and a grid line', () => {
    const { layout } = layoutOf('1,0.5,-1,-1,0,0,0')
    expect(layout.shapes.find((shape) => shape.kind === 'timescale')).toMatchObject({
      value: 0.5,
      lineX1: 60,
      lineX2: 260,
      y: 320,
    })
  })

  it('draws sync lines from lane centre to lane centre', () => {
    const { layout } = layoutOf('0,-1,10,2,1,0,0\n0,-1,10,6,3,0,0')
    const sync = layout.shapes.find((shape) => shape.kind === 'sync')
    if (sync?.kind !== 'sync') throw new Error('no sync line')
    expect(sync.x1).toBeCloseTo(60 + 1.5 * (200 / 12))
    expect(sync.x2).toBeCloseTo(60 + 7.5 * (200 / 12))
  })
})

describe('preview drawing by columns', () => {
  const planOf = (txt: string) => {
    const read = readLevelData(convertTxt(txt, { allowEmpty: true }).gzipped)
    return planPreview(read.entities, read.maxBeat)
  }
  const notesOf = (layout: { shapes: { kind: string }[] }) =>
    layout.shapes.filter((shape) => shape.kind === 'note').length

  it('lays out only the columns asked for, and the tiles together hold every note once', () => {
    const rows = Array.from({ length: 200 }, (_, i) => `${i * 0.5},-1,10,${1 + (i % 12)},1,0,0`).join('\n')
    const plan = planPreview(readLevelData(convertTxt(rows).gzipped).entities, 99.5)
    expect(plan.columnCount).toBe(50)
    const window = layoutColumns(plan, 10, 13)
    expect(window.columns.map((column) => column.index)).toEqual([10, 11, 12, 13])
    expect(notesOf(window)).toBe(16)
    let total = 0
    for (let tile = 0; tile < previewTileCount(plan); tile++)
      total += notesOf(
        layoutColumns(plan, tile * PREVIEW_TILE_COLUMNS, (tile + 1) * PREVIEW_TILE_COLUMNS - 1),
      )
    expect(total).toBe(200)
    expect(plan.noteCount).toBe(200)
  })

  it('draws one piece for many bodies that fill a column at the same place, and cuts only the columns drawn', () => {
    // 100 identical holds over 40 columns: a middle column shows one body, not 100.
    const rows = Array.from({ length: 100 }, () => '0,80,100,3,2,0,0').join('\n')
    const plan = planPreview(readLevelData(convertTxt(rows).gzipped).entities, 80)
    const middle = layoutColumns(plan, 20, 20).shapes.filter((shape) => shape.kind === 'body')
    expect(middle).toHaveLength(1)
    expect(middle[0]).toMatchObject({ height: 600 })
    expect(layoutColumns(plan, 20, 23).shapes.filter((shape) => shape.kind === 'body')).toHaveLength(4)
  })

  it('keeps the split line drawn last where several fill a column at the same place', () => {
    const plan = planOf('0,10,0,-1,0,12,1\n0,10,0,-1,0,12,2')
    const dividers = layoutColumns(plan, 2, 2).shapes.filter((shape) => shape.kind === 'divider')
    expect(dividers).toHaveLength(3)
    expect(dividers.every((shape) => shape.kind === 'divider' && shape.colorId === 2)).toBe(true)
  })

  it('draws a crowded tile as a few paths and labels that do not overlap', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `${(i * 1.9) / 3000},-1,10,${1 + (i % 12)},1,0,0`)
    const plan = planOf(rows.join('\n'))
    const markup = renderPreviewTile(plan, 0)
    const elements = markup.match(/<[a-z]+/g)!.length
    expect(plan.noteCount).toBe(3000)
    expect(elements).toBeLessThan(100)
    expect(markup).toContain('data-notes="3000"')
    // 300 note numbers in one column, 600 px tall: at most one every 12 px.
    expect(markup.match(/<text/g)!.length).toBeLessThanOrEqual(1 + 600 / 12 + 1)
    // A normal tile keeps one element per note.
    const sparse = planOf('0,-1,10,1,1,0,0\n1,-1,20,4,3,0,0')
    expect(renderPreviewTile(sparse, 0).match(/class="note-shape/g)).toHaveLength(2)
    expect(DENSE_SHAPES).toBeGreaterThan(1000)
  })

  it('saves a long chart as rows of 50 columns, and refuses one too long for a canvas', () => {
    const image = renderPreviewImage(planOf('101,-1,10,1,1,0,0'))!
    expect(image.width).toBe(50 * (200 + 2 * 60))
    expect(image.height).toBe(2 * 640)
    expect(image.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(image.svg.match(/class="note-shape/g)).toHaveLength(1)
    expect(image.svg).toContain('transform="translate(-16000,640)"')
    expect(renderPreviewImage(planOf('2600,-1,10,1,1,0,0'))).toBeUndefined()
  })
})
