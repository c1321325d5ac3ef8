// What the background jobs work with: the same for every job, handed over by the runner (runner.ts).
import { type FastifyBaseLogger } from 'fastify'
import { type Repositories } from '../db/repositories/index.js'
import { type BlobStore } from '../storage/index.js'
import { type WorkPool } from '../work/pool.js'
import { type TrendingRunner } from '../work/trending.js'

export type JobDeps = {
  repos: Repositories
  blobStore: BlobStore
  tmpDir: string
  /** The worker threads that read level data (the stats back-fill). */
  work?: WorkPool
  /** Which charts lists show, or in what order, changed (trending was recomputed): drop list pages. */
  onListsChanged?: () => void
  /** A chart changed off the request path (a scheduled one was published): drop what shows it. */
  onChartChanged?: (chart: { id: string; authorId: string }) => void
  /** Recomputes trending (work/trending.ts: off the event loop on SQLite); the repository's by default. */
  recomputeTrending?: TrendingRunner
  log?: FastifyBaseLogger
}
