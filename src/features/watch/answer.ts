// One watch session answering the page's requests, wherever it runs (the worker, or the page without one).
import { type WatchReply, type WatchRequest } from './protocol'
import { WatchError, WatchSession } from './session'

export class WatchAnswers {
  private session: WatchSession | undefined

  answer(request: WatchRequest): WatchReply {
    try {
      if (request.op === 'load') {
        this.session = undefined
        this.session = new WatchSession(request.load)
        return { id: request.id, value: this.session.loaded }
      }
      if (!this.session) throw new WatchError('watch.engine_refused', 'nothing is loaded')
      return { id: request.id, value: this.session.frame(request.time, request.skip) }
    } catch (error) {
      const key = error instanceof WatchError ? error.key : 'watch.engine_refused'
      return { id: request.id, error: { key, detail: (error as Error).message } }
    }
  }
}
