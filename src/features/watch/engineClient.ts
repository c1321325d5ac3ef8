// The page's side of a watch session: requests to the watch worker (one per player), or answered in the
// page where there are no workers (tests). A worker that dies fails what it was asked.
import { WatchFailure } from '../../api/watchFiles'
import { WatchAnswers } from './answer'
import { type LoadedWatch, type WatchAsk, type WatchFrame, type WatchLoad, type WatchReply } from './protocol'

type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void }
type Ask = (request: WatchAsk, transfer?: Transferable[]) => Promise<unknown>

export class WatchEngine {
  private worker: Worker | undefined
  private readonly waiting = new Map<number, Waiting>()
  private next = 1
  private readonly ask: Ask

  constructor() {
    if (typeof Worker === 'undefined') {
      const answers = new WatchAnswers()
      this.ask = (request) => Promise.resolve().then(() => this.settle(answers.answer({ ...request, id: 0 })))
      return
    }
    const worker = new Worker(new URL('./watch.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (event: MessageEvent<WatchReply>) => {
      const entry = this.waiting.get(event.data.id)
      if (!entry) return
      this.waiting.delete(event.data.id)
      try {
        entry.resolve(this.settle(event.data))
      } catch (error) {
        entry.reject(error as Error)
      }
    }
    worker.onerror = (event) => {
      event.preventDefault()
      this.failAll(event.message || 'the watch worker stopped')
    }
    this.worker = worker
    this.ask = (request, transfer = []) =>
      new Promise((resolve, reject) => {
        const id = this.next++
        this.waiting.set(id, { resolve, reject })
        worker.postMessage({ ...request, id }, transfer)
      })
  }

  private settle(reply: WatchReply): unknown {
    if (reply.error) throw new WatchFailure(reply.error.key, reply.error.detail)
    return reply.value
  }

  private failAll(detail: string) {
    for (const entry of this.waiting.values()) entry.reject(new WatchFailure('watch.engine_refused', detail))
    this.waiting.clear()
  }

  /** The bytes are the engine's from here on: moved to the worker, not copied. */
  load(load: WatchLoad): Promise<LoadedWatch> {
    const buffers = new Set(
      [load.level, load.watchData, load.replay].flatMap((bytes) => (bytes ? [bytes.buffer] : [])),
    )
    return this.ask({ op: 'load', load }, [...buffers]) as Promise<LoadedWatch>
  }

  frame(time: number, skip: boolean): Promise<WatchFrame> {
    return this.ask({ op: 'frame', time, skip }) as Promise<WatchFrame>
  }

  close() {
    this.failAll('closed')
    this.worker?.terminate()
    this.worker = undefined
  }
}
