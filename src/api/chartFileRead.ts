// Level data bytes → a chart ready to draw (docs/spec.md §2 "Player"): gunzip, parse, read leniently, lay
// out; then SVG markup for any tile of columns, or for the whole saved image. Pure, so that it runs in the
// chart-file worker or, where there is none, in the page. The laid-out chart stays here; the page gets a
// summary and strings of markup, never tens of thousands of shapes to copy, freeze or walk.
import {
  type PreviewPlan,
  planPreview,
  previewTileCount,
  readLevelData,
  renderPreviewImage,
  renderPreviewTile,
} from '../../common/chart'

/** What the page keeps of a chart: serialisable, small, and the first tiles' markup to paint at once. */
export type ChartSummary = {
  /** The reader's handle for the laid-out chart (tiles and the image are asked for by it). */
  key: number
  noteCount: number
  columnCount: number
  tileCount: number
  width: number
  height: number
  warnings: string[]
  /** Markup of the first tiles, by tile index. */
  firstTiles: string[]
}

/** Tiles sent with the summary: enough for the widest screen's first view and one more. */
export const FIRST_TILES = 3
/** Charts kept laid out: the players on screen and the ones just left. */
const KEPT = 8

/** What the page asks the reader, wherever the reader runs. */
export type ChartReaderRequest =
  { op: 'read'; bytes: Uint8Array } | { op: 'tile'; key: number; tile: number } | { op: 'image'; key: number }

/** A chart the reader no longer holds (read again to draw it). */
export const GONE = 'chart.gone'

export class ChartReader {
  private readonly plans = new Map<number, PreviewPlan>()
  private next = 1

  read(bytes: Uint8Array): ChartSummary {
    const read = readLevelData(bytes)
    const plan = planPreview(read.entities, read.maxBeat)
    const key = this.next++
    this.plans.set(key, plan)
    if (this.plans.size > KEPT) this.plans.delete(this.plans.keys().next().value!)
    const tileCount = previewTileCount(plan)
    return {
      key,
      noteCount: plan.noteCount,
      columnCount: plan.columnCount,
      tileCount,
      width: plan.width,
      height: plan.height,
      warnings: read.warnings.map((warning) => warning.message),
      firstTiles: Array.from({ length: Math.min(FIRST_TILES, tileCount) }, (_, tile) =>
        renderPreviewTile(plan, tile),
      ),
    }
  }

  answer(request: ChartReaderRequest): unknown {
    switch (request.op) {
      case 'read':
        return this.read(request.bytes)
      case 'tile':
        return this.tile(request.key, request.tile)
      case 'image':
        return this.image(request.key)
    }
  }

  tile(key: number, tile: number): string {
    return renderPreviewTile(this.plan(key), tile)
  }

  /** The whole chart as one SVG document, or null when it is too long for one image. */
  image(key: number): { width: number; height: number; svg: string } | null {
    return renderPreviewImage(this.plan(key)) ?? null
  }

  private plan(key: number): PreviewPlan {
    const plan = this.plans.get(key)
    if (!plan) throw new Error(GONE)
    return plan
  }
}
