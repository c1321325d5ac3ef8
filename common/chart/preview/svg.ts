// The preview as SVG markup, from the layout model: our own shapes in the spec's skin colours (red,
// yellow, blue, purple notes; blue and purple hold connections; a yellow grid). No game art.
// Strings, so that thousands of elements are created by the browser's parser in one go.
// Only numbers and fixed names go into it, never text from a chart file.
import {
  BOTTOM_BORDER_OPACITY,
  COLUMN_HEIGHT,
  COLUMN_SLOT,
  COLUMN_WIDTH,
  PADDING,
  type PreviewLayout,
  type PreviewPlan,
  type PreviewShape,
  layoutColumns,
} from './layout.js'

export const PREVIEW_COLORS = {
  background: '#101018',
  stage: '#1c1c28',
  lane: 'rgba(255,255,255,0.06)',
  normal: '#ff4d6d',
  critical: '#ffd23f',
  hold: '#3fa9ff',
  scratch: '#b15cff',
  holdBody: 'rgba(63,169,255,0.45)',
  scratchBody: 'rgba(177,92,255,0.45)',
  sync: 'rgba(255,255,255,0.75)',
  grid: '#ffd23f',
  text: '#c8c8d8',
  eighth: 'rgba(63,169,255,0.5)',
}

/** Split-line colour of a slot (docs/chart-format.md §7: slot i uses list[i mod n]); a master-data table can replace it. */
export type DividerColors = (colorId: number, slot: number) => string
const DEFAULT_DIVIDER_COLORS = ['#ffffff', '#7fdbff', '#ff85c0', '#ffd23f', '#95de64', '#b37feb', '#ffffff']
export const defaultDividerColor: DividerColors = (_id, slot) =>
  DEFAULT_DIVIDER_COLORS[slot % DEFAULT_DIVIDER_COLORS.length]

const NOTE_FILL: Record<string, string> = {
  normal: PREVIEW_COLORS.normal,
  critical: PREVIEW_COLORS.critical,
  hold: PREVIEW_COLORS.hold,
  scratch: PREVIEW_COLORS.scratch,
  'tick-blue': PREVIEW_COLORS.hold,
  'tick-purple': PREVIEW_COLORS.scratch,
  eighth: PREVIEW_COLORS.eighth,
}

const num = (value: number) => (Number.isFinite(value) ? Math.round(value * 100) / 100 : 0)
const safeColor = (color: string) =>
  /^#[0-9a-f]{3,8}$|^rgba?\([0-9., ]+\)$/i.test(color) ? color : '#ffffff'

const arrowPath = (direction: string, cx: number, cy: number) =>
  direction === 'left'
    ? `M${num(cx + 5)},${num(cy - 8)} L${num(cx - 5)},${num(cy - 12)} L${num(cx + 5)},${num(cy - 16)} Z`
    : direction === 'right'
      ? `M${num(cx - 5)},${num(cy - 8)} L${num(cx + 5)},${num(cy - 12)} L${num(cx - 5)},${num(cy - 16)} Z`
      : `M${num(cx - 6)},${num(cy - 8)} L${num(cx)},${num(cy - 16)} L${num(cx + 6)},${num(cy - 8)} Z`

const shapeMarkup = (shape: PreviewShape, dividerColor: DividerColors): string => {
  const c = PREVIEW_COLORS
  switch (shape.kind) {
    case 'body':
      return `<rect class="hold-body" x="${num(shape.x + 2)}" y="${num(shape.y)}" width="${num(shape.width - 4)}" height="${num(shape.height)}" fill="${shape.style === 'scratch' ? c.scratchBody : c.holdBody}"${shape.nontail ? ' opacity="0.5"' : ''}/>`
    case 'note': {
      const cx = shape.x + shape.width / 2
      const cy = shape.y + shape.height / 2
      const fill = NOTE_FILL[shape.style]
      if (shape.style.startsWith('tick') || shape.style === 'eighth') {
        return `<circle class="note-shape note-${shape.style}" data-note="${Math.trunc(shape.noteCount)}" cx="${num(cx)}" cy="${num(cy)}" r="${shape.style === 'eighth' ? 1.5 : 3.5}" fill="${fill}"/>`
      }
      const rect = `x="${num(shape.x + 1)}" y="${num(shape.y)}" width="${num(shape.width - 2)}" height="${num(shape.height)}" rx="3" fill="${fill}"`
      if (!shape.direction)
        return `<rect class="note-shape note-${shape.style}" data-note="${Math.trunc(shape.noteCount)}" ${rect}/>`
      return `<g class="note-shape note-${shape.style}" data-note="${Math.trunc(shape.noteCount)}"><rect ${rect}/><path d="${arrowPath(shape.direction, cx, cy)}" fill="${c.scratch}"/></g>`
    }
    case 'sync':
      // Drawn together as one path by renderLayoutMarkup.
      return ''
    case 'divider':
      return `<line class="split-line" x1="${num(shape.x)}" x2="${num(shape.x)}" y1="${num(shape.y1)}" y2="${num(shape.y2)}" stroke="${safeColor(dividerColor(shape.colorId, shape.slot))}" stroke-width="2"/>`
    case 'timescale':
      return `<g class="timescale"><line x1="${num(shape.lineX1)}" x2="${num(shape.lineX2)}" y1="${num(shape.y)}" y2="${num(shape.y)}" stroke="${c.grid}" stroke-width="1"/><text x="${num(shape.x)}" y="${num(shape.y + 4)}" fill="${c.grid}" font-size="11">${num(shape.value)}</text></g>`
    case 'noteNumber':
      return `<text class="note-number" x="${num(shape.x)}" y="${num(shape.y + 4)}" fill="${c.text}" font-size="10">${Math.trunc(shape.value)}</text>`
  }
}

/** Past this many shapes in one drawing (far more than any real chart has in a few columns), shapes are
 *  drawn as one path per colour and labels only where they do not overlap: a browser's cost grows with
 *  the element count, so an abusive chart still draws in a bounded time. */
export const DENSE_SHAPES = 1500
/** Labels (note numbers, hi-speed values) at least this far apart in a dense drawing. */
const LABEL_SPACING = 12

/** A dense drawing: the same layers, each colour one <path>, notes without rounded corners. */
const denseMarkup = (shapes: readonly PreviewShape[], dividerColor: DividerColors): string => {
  const c = PREVIEW_COLORS
  const paths = new Map<string, string[]>()
  const add = (key: string, d: string) => {
    let list = paths.get(key)
    if (!list) paths.set(key, (list = []))
    list.push(d)
  }
  const rect = (x: number, y: number, width: number, height: number) =>
    `M${num(x)},${num(y)}h${num(width)}v${num(height)}h${num(-width)}Z`
  const labels: string[] = []
  const taken = new Set<string>()
  const label = (x: number, y: number, markup: string) => {
    const key = `${num(x)}:${Math.floor(y / LABEL_SPACING)}`
    if (taken.has(key)) return
    taken.add(key)
    labels.push(markup)
  }
  let notes = 0
  for (const shape of shapes) {
    switch (shape.kind) {
      case 'body':
        add(
          `0 fill="${shape.style === 'scratch' ? c.scratchBody : c.holdBody}"${shape.nontail ? ' opacity="0.5"' : ''}`,
          rect(shape.x + 2, shape.y, shape.width - 4, shape.height),
        )
        break
      case 'divider':
        add(
          `1 stroke="${safeColor(dividerColor(shape.colorId, shape.slot))}" stroke-width="2"`,
          `M${num(shape.x)},${num(shape.y1)}V${num(shape.y2)}`,
        )
        break
      case 'timescale':
        add(
          `1 stroke="${c.grid}" stroke-width="1"`,
          `M${num(shape.lineX1)},${num(shape.y)}H${num(shape.lineX2)}`,
        )
        label(
          shape.x,
          shape.y,
          `<text x="${num(shape.x)}" y="${num(shape.y + 4)}" fill="${c.grid}" font-size="11">${num(shape.value)}</text>`,
        )
        break
      case 'sync':
        add(`2 stroke="${c.sync}" stroke-width="1"`, `M${num(shape.x1)},${num(shape.y)}H${num(shape.x2)}`)
        break
      case 'note': {
        notes++
        const cx = shape.x + shape.width / 2
        const cy = shape.y + shape.height / 2
        if (shape.style.startsWith('tick') || shape.style === 'eighth') {
          const r = shape.style === 'eighth' ? 1.5 : 3.5
          add(`3 fill="${NOTE_FILL[shape.style]}"`, rect(cx - r, cy - r, 2 * r, 2 * r))
        } else
          add(`3 fill="${NOTE_FILL[shape.style]}"`, rect(shape.x + 1, shape.y, shape.width - 2, shape.height))
        if (shape.direction) add(`4 fill="${c.scratch}"`, arrowPath(shape.direction, cx, cy))
        break
      }
      case 'noteNumber':
        label(
          shape.x,
          shape.y,
          `<text x="${num(shape.x)}" y="${num(shape.y + 4)}" fill="${c.text}" font-size="10">${Math.trunc(shape.value)}</text>`,
        )
        break
    }
  }
  // The key's first character is its layer: bodies, lines, sync lines, notes, arrows.
  const keys = [...paths.keys()].sort((a, b) => a.charCodeAt(0) - b.charCodeAt(0))
  const out = keys.map((key) => {
    const attributes = key.slice(2)
    const noteAttributes = key[0] === '3' ? ` class="note-shapes"` : ''
    return `<path${noteAttributes} d="${paths.get(key)!.join('')}" ${attributes}/>`
  })
  return `<g class="dense" data-notes="${notes}">${out.join('')}${labels.join('')}</g>`
}

/** Drawing order: connections under lines under notes under labels. */
const LAYERS: PreviewShape['kind'][][] = [['body'], ['divider', 'timescale'], ['note'], ['noteNumber']]

/** SVG markup of a layout's columns (stage, lane lines, bottom border, time labels) and shapes, in the
 *  preview's own coordinates. No background: what holds it paints that. */
export const renderLayoutMarkup = (
  layout: PreviewLayout,
  dividerColor: DividerColors = defaultDividerColor,
): string => {
  const c = PREVIEW_COLORS
  const parts: string[] = []
  // Few elements for many columns: one rect each, then one path for every lane line and one for
  // every bottom border (the browser's style and paint cost grows with the element count).
  const lanes: string[] = []
  const borders: string[] = []
  const bottom = PADDING + COLUMN_HEIGHT
  for (const column of layout.columns) {
    parts.push(
      `<rect class="preview-column" x="${column.x}" y="${PADDING}" width="${COLUMN_WIDTH}" height="${COLUMN_HEIGHT}" fill="${c.stage}"/>`,
    )
    for (let lane = 1; lane < 12; lane++)
      lanes.push(`M${num(column.x + (lane * COLUMN_WIDTH) / 12)},${PADDING}V${bottom}`)
    borders.push(`M${column.x},${bottom}H${column.x + COLUMN_WIDTH}`)
    parts.push(
      `<text class="time-label" x="${column.x - 6}" y="${column.labelY}" fill="${c.text}" font-size="11" text-anchor="end">${column.label.replace(/[^0-9:]/g, '')}</text>`,
    )
  }
  if (lanes.length > 0) parts.push(`<path class="lanes" d="${lanes.join('')}" stroke="${c.lane}"/>`)
  // docs/spec.md §2: bottom border with opacity 0.3.
  if (borders.length > 0)
    parts.push(
      `<path class="bottom-border" d="${borders.join('')}" stroke="#ffffff" stroke-opacity="${BOTTOM_BORDER_OPACITY}" stroke-width="2"/>`,
    )
  if (layout.shapes.length > DENSE_SHAPES) {
    parts.push(denseMarkup(layout.shapes, dividerColor))
    return parts.join('')
  }
  const sync: string[] = []
  for (const shape of layout.shapes)
    if (shape.kind === 'sync') sync.push(`M${num(shape.x1)},${num(shape.y)}H${num(shape.x2)}`)
  for (const kinds of LAYERS) {
    for (const shape of layout.shapes)
      if (kinds.includes(shape.kind)) parts.push(shapeMarkup(shape, dividerColor))
    // Sync lines go between the split lines and the notes.
    if (kinds[0] === 'divider' && sync.length > 0)
      parts.push(`<path class="sync-lines" d="${sync.join('')}" stroke="${c.sync}" stroke-width="1"/>`)
  }
  return parts.join('')
}

/** The page draws the preview in tiles of this many columns, only those in view (and one either side). */
export const PREVIEW_TILE_COLUMNS = 4
export const PREVIEW_TILE_WIDTH = PREVIEW_TILE_COLUMNS * COLUMN_SLOT

export const previewTileCount = (plan: PreviewPlan): number =>
  Math.ceil(plan.columnCount / PREVIEW_TILE_COLUMNS)

/** The markup of one tile, in the preview's coordinates (the tile's <svg> has a viewBox onto them). */
export const renderPreviewTile = (
  plan: PreviewPlan,
  tile: number,
  dividerColor: DividerColors = defaultDividerColor,
): string =>
  renderLayoutMarkup(
    layoutColumns(plan, tile * PREVIEW_TILE_COLUMNS, (tile + 1) * PREVIEW_TILE_COLUMNS - 1),
    dividerColor,
  )

/** The saved image wraps the columns into rows of this many, so that a long chart stays one picture a
 *  browser can draw on a canvas: at most PREVIEW_IMAGE_MAX_SIDE pixels either way. */
export const PREVIEW_IMAGE_COLUMNS_PER_ROW = 50
export const PREVIEW_IMAGE_MAX_SIDE = 16_384

/** The whole chart as one standalone SVG document for the saved PNG, or undefined when it would be
 *  taller than PREVIEW_IMAGE_MAX_SIDE (a chart of more than about 2,500 beats). */
export const renderPreviewImage = (
  plan: PreviewPlan,
  dividerColor: DividerColors = defaultDividerColor,
): { width: number; height: number; svg: string } | undefined => {
  const perRow = Math.min(plan.columnCount, PREVIEW_IMAGE_COLUMNS_PER_ROW)
  const rows = Math.ceil(plan.columnCount / perRow)
  const width = perRow * COLUMN_SLOT
  const height = rows * plan.height
  if (height > PREVIEW_IMAGE_MAX_SIDE || width > PREVIEW_IMAGE_MAX_SIDE) return undefined
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${PREVIEW_COLORS.background}"/>`,
  ]
  for (let row = 0; row < rows; row++) {
    const first = row * perRow
    parts.push(
      `<g transform="translate(${-first * COLUMN_SLOT},${row * plan.height})">`,
      renderLayoutMarkup(layoutColumns(plan, first, first + perRow - 1), dividerColor),
      '</g>',
    )
  }
  parts.push('</svg>')
  return { width, height, svg: parts.join('') }
}
