// Trending's recomputation as the background work runs it: on SQLite in a worker thread with
// its own connection (trendingJob.ts), as reading a week of activity takes a good part of a second and
// better-sqlite3 would hold the event loop that long; on PostgreSQL in place, where the database does
// the work and the event loop only waits. An in-memory SQLite database has no second connection to open,
// so it is recomputed in place too.
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { once } from 'node:events'
import { type DatabaseConfig } from '../config.js'
import { type Repositories } from '../db/repositories/index.js'

const here = fileURLToPath(new URL('.', import.meta.url))
const compiled = import.meta.url.endsWith('.js')

export type TrendingRunner = (now: number) => Promise<number>

export const trendingRunner = (database: DatabaseConfig, repos: Repositories): TrendingRunner => {
  if (database.kind !== 'sqlite' || database.file === ':memory:')
    return (now) => repos.trending.recompute(now)
  return async (now) => {
    const worker = new Worker(compiled ? `${here}trendingJob.js` : `${here}trendingJob-tsx.mjs`, {
      workerData: { file: database.file, now },
    })
    // Listened for now: the thread may exit in the same turn as its message arrives, before an `exit`
    // listener added after the message would be there to see it.
    const exited = once(worker, 'exit')
    const [answer] = (await Promise.race([
      once(worker, 'message'),
      once(worker, 'error').then(([error]) => Promise.reject(error as Error)),
    ])) as [{ ok: true; trending: number } | { ok: false; message: string }]
    await exited
    if (!answer.ok) throw new Error(`trending: ${answer.message}`)
    return answer.trending
  }
}
