// The chart player's file: GET {chart file address}, redirects followed, gunzipped, parsed and drawn (docs/spec.md §7).
import {
  ChartError,
  type PreviewSvg,
  layoutPreview,
  readLevelData,
  renderPreviewSvg,
} from '../../common/chart'
import { sonolusApi } from './sonolusApi'

/** The drawn chart. The query keeps the finished SVG markup, not thousands of entity objects: one string
 *  is cheap to store in the cache and is inserted into the page in one go (bench:chart). */
export type ChartFile = PreviewSvg & { warnings: string[] }

export const chartDataApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    getChartFile: build.query<ChartFile, string>({
      // The address may be any URL, blob: ones included, so it does not go through the Sonolus base.
      queryFn: async (url) => {
        let bytes: Uint8Array
        try {
          const response = await fetch(url, { redirect: 'follow' })
          if (!response.ok) return { error: { status: response.status, data: `HTTP ${response.status}` } }
          bytes = new Uint8Array(await response.arrayBuffer())
        } catch (error) {
          return { error: { status: 'FETCH_ERROR', error: (error as Error).message } }
        }
        // bench:chart measures from here (the level data is in hand) to the finished SVG.
        performance.mark('preview:data')
        try {
          const read = readLevelData(bytes)
          const svg = renderPreviewSvg(layoutPreview(read.entities, read.maxBeat))
          return { data: { ...svg, warnings: read.warnings.map((warning) => warning.message) } }
        } catch (error) {
          const message = error instanceof ChartError ? error.message : (error as Error).message
          return { error: { status: 'PARSING_ERROR', originalStatus: 200, data: '', error: message } }
        }
      },
      keepUnusedDataFor: 30,
    }),
  }),
})

export const { useGetChartFileQuery } = chartDataApi
