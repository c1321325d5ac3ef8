// The chart reader as the page uses it: in the chart-file worker (one, made when first needed, shared by
// every player), or in the page where workers do not exist (tests). A worker that fails rejects what it
// had and is made again for the next request.
import { ChartReader, type ChartReaderRequest, type ChartSummary } from './chartFileRead'
import { type ChartFileReply, type ChartFileRequest } from './chartFile.worker'

type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void }

let worker: Worker | undefined
let inPage: ChartReader | undefined
let nextId = 1
const waiting = new Map<number, Waiting>()

const failAll = (message: string) => {
  for (const entry of waiting.values()) entry.reject(new Error(message))
  waiting.clear()
  worker?.terminate()
  worker = undefined
}

const theWorker = (): Worker => {
  if (worker) return worker
  const made = new Worker(new URL('./chartFile.worker.ts', import.meta.url), { type: 'module' })
  made.onmessage = (event: MessageEvent<ChartFileReply>) => {
    const entry = waiting.get(event.data.id)
    if (!entry) return
    waiting.delete(event.data.id)
    if (event.data.error === undefined) entry.resolve(event.data.value)
    else entry.reject(new Error(event.data.error))
  }
  made.onerror = (event) => {
    event.preventDefault()
    failAll(event.message || 'the chart could not be read')
  }
  worker = made
  return made
}

const ask = <T>(request: ChartReaderRequest, transfer: Transferable[] = []): Promise<T> => {
  if (typeof Worker === 'undefined') {
    const reader = (inPage ??= new ChartReader())
    return Promise.resolve().then(() => reader.answer(request) as T)
  }
  return new Promise<T>((resolve, reject) => {
    const id = nextId++
    waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
    const message: ChartFileRequest = { ...request, id }
    theWorker().postMessage(message, transfer)
  })
}

export const chartReader = {
  /** The bytes are the reader's from here on: moved to the worker, not copied. */
  read: (bytes: Uint8Array) => ask<ChartSummary>({ op: 'read', bytes }, [bytes.buffer]),
  tile: (key: number, tile: number) => ask<string>({ op: 'tile', key, tile }),
  image: (key: number) => ask<{ width: number; height: number; svg: string } | null>({ op: 'image', key }),
}

/** Starts the worker ahead of the first file (while the page fetches it), so that its start-up is not
 *  added to the first chart's drawing. */
export const warmChartReader = (): void => {
  if (typeof Worker !== 'undefined') theWorker()
}
