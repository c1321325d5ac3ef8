// The chart player's file: GET {chart file address}, redirects followed, gunzipped, parsed and drawn (docs/spec.md §7).
import { type ChartSummary, GONE } from './chartFileRead'
import { chartReader, warmChartReader } from './readChartFile'
import { sonolusApi } from './sonolusApi'

/** The chart as the player keeps it: a summary, and a handle by which it asks the reader for tiles. */
export type ChartFile = ChartSummary
export { chartReader, warmChartReader, GONE }

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
          return { data: await chartReader.read(bytes) }
        } catch (error) {
          return {
            error: {
              status: 'PARSING_ERROR',
              originalStatus: 200,
              data: '',
              error: (error as Error).message,
            },
          }
        }
      },
      keepUnusedDataFor: 30,
    }),
  }),
})

export const { useGetChartFileQuery } = chartDataApi
