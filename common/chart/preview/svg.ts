// The preview as SVG markup, from the layout model: our own shapes in the spec's skin colours (red,
// yellow, blue, purple notes; blue and purple hold connections; a yellow grid). No game art.
// One string, so that thousands of elements are created by the browser's parser in one go.
// Only numbers and fixed names go into it, never text from a chart file.
import {
  BOTTOM_BORDER_OPACITY,
  COLUMN_HEIGHT,
  COLUMN_WIDTH,
  PADDING,
  type PreviewLayout,
  type PreviewShape,
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
      // Drawn together as one path by renderPreviewSvg.
      return ''
    case 'divider':
      return `<line class="split-line" x1="${num(shape.x)}" x2="${num(shape.x)}" y1="${num(shape.y1)}" y2="${num(shape.y2)}" stroke="${safeColor(dividerColor(shape.colorId, shape.slot))}" stroke-width="2"/>`
    case 'timescale':
      return `<g class="timescale"><line x1="${num(shape.lineX1)}" x2="${num(shape.lineX2)}" y1="${num(shape.y)}" y2="${num(shape.y)}" stroke="${c.grid}" stroke-width="1"/><text x="${num(shape.x)}" y="${num(shape.y + 4)}" fill="${c.grid}" font-size="11">${num(shape.value)}</text></g>`
    case 'noteNumber':
      return `<text class="note-number" x="${num(shape.x)}" y="${num(shape.y + 4)}" fill="${c.text}" font-size="10">${Math.trunc(shape.value)}</text>`
  }
}

/** Drawing order: connections under lines under notes under labels. */
const LAYERS: PreviewShape['kind'][][] = [['body'], ['divider', 'timescale'], ['note'], ['noteNumber']]

export type PreviewSvg = { width: number; height: number; noteCount: number; inner: string }

/** The inside of the preview <svg>: stage columns (lanes, bottom border, time labels) and the shapes. */
export const renderPreviewSvg = (
  layout: PreviewLayout,
  dividerColor: DividerColors = defaultDividerColor,
): PreviewSvg => {
  const c = PREVIEW_COLORS
  const parts: string[] = [`<rect width="${layout.width}" height="${layout.height}" fill="${c.background}"/>`]
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
  parts.push(`<path class="lanes" d="${lanes.join('')}" stroke="${c.lane}"/>`)
  // docs/spec.md §2: bottom border with opacity 0.3.
  parts.push(
    `<path class="bottom-border" d="${borders.join('')}" stroke="#ffffff" stroke-opacity="${BOTTOM_BORDER_OPACITY}" stroke-width="2"/>`,
  )
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
  return { width: layout.width, height: layout.height, noteCount: layout.noteCount, inner: parts.join('') }
}
