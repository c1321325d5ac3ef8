// The chart-file worker: reading a large chart (megabytes of JSON), laying it out and writing its markup
// happen here, off the page's thread, so that a visitor's tab stays responsive whatever chart it opens.
import { ChartReader, type ChartReaderRequest } from './chartFileRead'

export type ChartFileRequest = ChartReaderRequest & { id: number }
export type ChartFileReply = { id: number; value?: unknown; error?: string }

const reader = new ChartReader()

self.onmessage = (event: MessageEvent<ChartFileRequest>) => {
  let reply: ChartFileReply
  try {
    reply = { id: event.data.id, value: reader.answer(event.data) }
  } catch (error) {
    reply = { id: event.data.id, error: (error as Error).message }
  }
  self.postMessage(reply)
}
