// The watch worker: our interpreter compiles the engine's callbacks into functions, which the page's policy
// does not allow; this worker's file is served with a policy that does (server/spa.ts), so the page keeps
// its strict one. A frame's work also stays off the page's thread.
import { type WatchReply, type WatchRequest } from './protocol'
import { WatchAnswers } from './answer'

const answers = new WatchAnswers()

self.onmessage = (event: MessageEvent<WatchRequest>) => {
  const reply: WatchReply = answers.answer(event.data)
  const draws = (reply.value as { draws?: Float32Array } | undefined)?.draws
  self.postMessage(reply, { transfer: draws ? [draws.buffer] : [] })
}
