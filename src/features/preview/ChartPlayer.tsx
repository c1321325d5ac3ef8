// docs/spec.md §2 "Player": takes a url and reloads when it changes, shows a loading state, and nothing when the
// url is empty. It fetches the file (redirects followed), gunzips, parses and draws it.
import { useLayoutEffect, useRef } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Alert, Button, Flex, Spin, Typography } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import { PREVIEW_COLORS } from '../../../common/chart'
import { useGetChartFileQuery } from '../../api/chartData'
import { downloadPng } from './savePng'

const errorText = (error: unknown): string => {
  const value = error as { error?: string; data?: unknown; status?: unknown }
  return (
    value.error ??
    (typeof value.data === 'string' && value.data ? value.data : `HTTP ${String(value.status)}`)
  )
}

export const ChartPlayer = ({ url }: { url?: string | null }) => {
  const intl = useIntl()
  const svgRef = useRef<SVGSVGElement>(null)
  const { data, error, isFetching } = useGetChartFileQuery(url ?? '', { skip: !url })
  const layout = data

  // The SVG is in the document once this runs; the next frame has it painted (bench:chart reads these).
  useLayoutEffect(() => {
    if (!layout || isFetching) return
    const frame = requestAnimationFrame(() => {
      performance.mark('preview:svg')
      try {
        performance.measure('preview:data-to-svg', 'preview:data', 'preview:svg')
      } catch {
        // No data mark (the file came from the cache): nothing to measure.
      }
    })
    return () => cancelAnimationFrame(frame)
  }, [layout, isFetching])

  if (!url) return null
  if (isFetching) {
    return (
      <div className="player-loading" aria-busy="true">
        <Spin aria-label={intl.formatMessage({ id: 'app.loading' })} />
      </div>
    )
  }
  if (error || !layout) {
    return (
      <Alert
        type="error"
        showIcon
        message={`${intl.formatMessage({ id: 'preview.error' })}: ${errorText(error)}`}
      />
    )
  }
  return (
    <div className="chart-player">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">
          <FormattedMessage id="preview.note_count" values={{ count: layout.noteCount }} />
        </Typography.Text>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => svgRef.current && void downloadPng(svgRef.current)}
        >
          <FormattedMessage id="preview.save" />
        </Button>
      </Flex>
      <div className="chart-player-scroll">
        <svg
          ref={svgRef}
          xmlns="http://www.w3.org/2000/svg"
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          role="img"
          aria-label="Chart preview"
          data-notes={layout.noteCount}
          shapeRendering="optimizeSpeed"
          textRendering="optimizeSpeed"
          style={{ background: PREVIEW_COLORS.background, display: 'block' }}
          // Markup made by renderPreviewSvg from numbers only (common/chart/preview/svg.ts).
          dangerouslySetInnerHTML={{ __html: layout.inner }}
        />
      </div>
    </div>
  )
}
