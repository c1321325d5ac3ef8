// The chart-file worker: reading a large chart (megabytes of JSON), laying it out and writing its markup
// happen here, off the page's thread, so that a visitor's tab stays responsive whatever chart it opens.
import { ChartReader } from './chartFileRead'

export type ChartFileRequest =
  | { id: number; op: 'read'; bytes: Uint8Array }
  | { id: number; op: 'tile'; key: number; tile: number }
  | { id: number; op: 'image'; key: number }
export type ChartFileReply = { id: number; value?: unknown; error?: string }

const reader = new ChartReader()

const answer = (request: ChartFileRequest): unknown => {
  switch (request.op) {
    case 'read':
      return reader.read(request.bytes)
    case 'tile':
      return reader.tile(request.key, request.tile)
    case 'image':
      return reader.image(request.key)
  }
}

self.onmessage = (event: MessageEvent<ChartFileRequest>) => {
  let reply: ChartFileReply
  try {
    reply = { id: event.data.id, value: answer(event.data) }
  } catch (error) {
    reply = { id: event.data.id, error: (error as Error).message }
  }
  self.postMessage(reply)
}
