// docs/spec.md §2 "Player": takes a url and reloads when it changes, shows a loading state, and nothing when the
// url is empty. It fetches the file (redirects followed), gunzips, parses and draws the part in view.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Button, Flex, Spin, Typography } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import { PREVIEW_COLORS, PREVIEW_TILE_WIDTH, markBox } from '../../../common/chart'
import { type ChartFile, GONE, chartReader, useGetChartFileQuery, warmChartReader } from '../../api/chartData'
import { useAppDispatch } from '../../app/hooks'
import { pushMessage } from '../../app/messages/messagesSlice'
import { PreviewTooLongError, downloadPng } from './savePng'

const errorText = (error: unknown): string => {
  const value = error as { error?: string; data?: unknown; status?: unknown }
  return (
    value.error ??
    (typeof value.data === 'string' && value.data ? value.data : `HTTP ${String(value.status)}`)
  )
}

/** Something laid over the preview at a beat: a changed note (across its lanes) or a moment (across the
 *  column). */
export type PreviewMark = {
  key: string
  beat: number
  lane?: number
  laneLength?: number
  tone: 'added' | 'removed' | 'moved' | 'moment'
  /** Said by assistive technology and shown on hover. */
  label: string
  onClick?: () => void
}

/** A time to bring into view; a new object scrolls again to the same time. */
export type PreviewFocus = { beat: number }

export const ChartPlayer = ({
  url,
  marks,
  focus,
}: {
  url?: string | null
  marks?: readonly PreviewMark[]
  focus?: PreviewFocus
}) => {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const { data: chart, error, isFetching, refetch } = useGetChartFileQuery(url ?? '', { skip: !url })

  useEffect(() => {
    if (url) warmChartReader()
  }, [url])

  // The first tiles are in the document once this runs; the next frame has them painted (bench:chart
  // reads these).
  useLayoutEffect(() => {
    if (!chart || isFetching) return
    const frame = requestAnimationFrame(() => {
      performance.mark('preview:svg')
      try {
        performance.measure('preview:data-to-svg', 'preview:data', 'preview:svg')
      } catch {
        // No data mark (the file came from the cache): nothing to measure.
      }
    })
    return () => cancelAnimationFrame(frame)
  }, [chart, isFetching])

  if (!url) return null
  if (isFetching) {
    return (
      <div className="player-loading" aria-busy="true">
        <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />
      </div>
    )
  }
  if (error || !chart) {
    return (
      <Alert
        type="error"
        showIcon
        message={`${intl.formatMessage({ id: 'preview.error' })}: ${errorText(error)}`}
      />
    )
  }
  const save = () =>
    downloadPng(chart.key).catch((caught: unknown) =>
      dispatch(
        caught instanceof PreviewTooLongError
          ? pushMessage({ kind: 'error', textId: 'preview.save_too_long' })
          : pushMessage({ kind: 'error', textId: 'preview.save_failed', detail: (caught as Error).message }),
      ),
    )
  return (
    <div className="chart-player">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">
          <FormattedMessage id="preview.note_count" values={{ count: chart.noteCount }} />
        </Typography.Text>
        <Button icon={<DownloadOutlined />} onClick={() => void save()}>
          <FormattedMessage id="preview.save" />
        </Button>
      </Flex>
      <PreviewTiles key={chart.key} chart={chart} onGone={refetch} marks={marks} focus={focus} />
    </div>
  )
}

/** Tiles kept drawn beyond those in view, either side; others are asked for again when scrolled back to. */
const TILES_KEPT_AROUND = 8

/** The chart at full width, drawn only where it can be seen: the tiles in view and one either side, each
 *  its own small <svg>, their markup written by the chart reader. A chart an hour long costs a visitor no
 *  more than a short one. */
const PreviewTiles = ({
  chart,
  onGone,
  marks,
  focus,
}: {
  chart: ChartFile
  onGone: () => unknown
  marks?: readonly PreviewMark[]
  focus?: PreviewFocus
}) => {
  const scrollRef = useRef<HTMLDivElement>(null)
  const [range, setRange] = useState<readonly [number, number]>([0, 1])
  const [tiles, setTiles] = useState<ReadonlyMap<number, string>>(
    () => new Map(chart.firstTiles.map((markup, tile) => [tile, markup])),
  )
  const asked = useRef(new Set<number>())
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  useLayoutEffect(() => {
    const element = scrollRef.current
    if (!element) return
    let frame = 0
    const update = () => {
      frame = 0
      // clientWidth is 0 where nothing is laid out (tests): a tile's width then.
      const width = element.clientWidth || PREVIEW_TILE_WIDTH
      const first = Math.max(0, Math.floor(element.scrollLeft / PREVIEW_TILE_WIDTH) - 1)
      const last = Math.min(
        chart.tileCount - 1,
        Math.floor((element.scrollLeft + width) / PREVIEW_TILE_WIDTH) + 1,
      )
      setRange((current) => (current[0] === first && current[1] === last ? current : [first, last]))
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    update()
    element.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      cancelAnimationFrame(frame)
      element.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
    }
  }, [chart.tileCount])

  // Ask the reader for the tiles in view that are not drawn yet; forget those far away.
  useEffect(() => {
    const [first, last] = range
    for (let tile = first; tile <= last; tile++) {
      if (tiles.has(tile) || asked.current.has(tile)) continue
      asked.current.add(tile)
      chartReader.tile(chart.key, tile).then(
        (markup) => {
          asked.current.delete(tile)
          if (!mounted.current) return
          setTiles((current) => {
            const next = new Map(current)
            next.set(tile, markup)
            for (const kept of next.keys())
              if (kept < first - TILES_KEPT_AROUND || kept > last + TILES_KEPT_AROUND) next.delete(kept)
            return next
          })
        },
        (error: Error) => {
          asked.current.delete(tile)
          if (mounted.current && error.message === GONE) onGone()
        },
      )
    }
  }, [range, tiles, chart.key, onGone])

  // A focus brings its time into view, a third of the way in.
  useEffect(() => {
    const element = scrollRef.current
    if (!element || !focus) return
    const { x } = markBox(chart.columnCount, focus.beat)
    element.scrollLeft = Math.max(0, x - (element.clientWidth || PREVIEW_TILE_WIDTH) / 3)
  }, [focus, chart.columnCount])

  const shown: number[] = []
  for (let tile = range[0]; tile <= range[1]; tile++) if (tiles.has(tile)) shown.push(tile)

  return (
    <div className="chart-player-scroll" ref={scrollRef}>
      <div
        role="img"
        aria-label="Chart preview"
        className="chart-preview"
        data-notes={chart.noteCount}
        data-columns={chart.columnCount}
        style={{ width: chart.width, height: chart.height, background: PREVIEW_COLORS.background }}
      >
        {shown.map((tile) => {
          const left = tile * PREVIEW_TILE_WIDTH
          const width = Math.min(PREVIEW_TILE_WIDTH, chart.width - left)
          return (
            <svg
              key={tile}
              className="preview-tile"
              data-tile={tile}
              xmlns="http://www.w3.org/2000/svg"
              width={width}
              height={chart.height}
              viewBox={`${left} 0 ${width} ${chart.height}`}
              shapeRendering="optimizeSpeed"
              textRendering="optimizeSpeed"
              style={{ left }}
              // Markup made by renderPreviewTile from numbers only (common/chart/preview/svg.ts).
              dangerouslySetInnerHTML={{ __html: tiles.get(tile)! }}
            />
          )
        })}
        {marks?.map((mark) => {
          const box = markBox(chart.columnCount, mark.beat, mark.lane, mark.laneLength)
          const style = { left: box.x, top: box.y, width: box.width }
          return mark.onClick ? (
            <button
              key={mark.key}
              type="button"
              className={`preview-mark preview-mark-${mark.tone}`}
              style={style}
              title={mark.label}
              aria-label={mark.label}
              onClick={mark.onClick}
            />
          ) : (
            <span
              key={mark.key}
              className={`preview-mark preview-mark-${mark.tone}`}
              style={style}
              title={mark.label}
              role="note"
              aria-label={mark.label}
            />
          )
        })}
      </div>
    </div>
  )
}
