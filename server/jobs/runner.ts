// Work done off the request path, in every instance (no state in memory that another would need). Each
// pass runs, in turn: the media jobs (media.ts), scheduled publishing (scheduled.ts), announcements to
// followers (announcements.ts), the janitor when it is due (janitor.ts), a batch of the chart stats
// back-fill (chartStats.ts), and trending when this instance wins the interval's claim (trendingScores.ts).
import { type FastifyBaseLogger } from 'fastify'
import { TRENDING_INTERVAL_MS } from '../../common/rules.js'
import { sendAnnouncements } from './announcements.js'
import { STATS_BATCH, backfillStats } from './chartStats.js'
import { type JobDeps } from './deps.js'
import { janitor } from './janitor.js'
import { LEASE_MS, MAX_ATTEMPTS, runMediaJob } from './media.js'
import { publishScheduled } from './scheduled.js'
import { TRENDING_KEY, recomputeTrending } from './trendingScores.js'

const POLL_MS = 5_000
const JANITOR_MS = 10 * 60_000

export class BackgroundWork {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private again = false
  private stopped = true
  private lastJanitor = 0
  private readonly isStopped = () => this.stopped

  constructor(private readonly deps: JobDeps) {}

  start(log?: FastifyBaseLogger): void {
    if (log) this.deps.log = log
    this.stopped = false
    this.kick()
  }

  /** Runs a pass now (after a create), or right after the current one. */
  kick(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    if (this.timer) clearTimeout(this.timer)
    this.running = this.pass()
      .catch((error: unknown) => this.deps.log?.error({ err: error }, 'background work failed'))
      .finally(() => {
        this.running = undefined
        if (this.stopped) return
        if (this.again) {
          this.again = false
          this.kick()
        } else this.timer = setTimeout(() => this.kick(), POLL_MS)
      })
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.running
  }

  /** One pass: every job there is, then the janitor when it is due. Exposed for tests and scripts. */
  async pass(now = () => Date.now()): Promise<void> {
    const { repos } = this.deps
    for (let job = await repos.uploads.claimMedia(now(), LEASE_MS, MAX_ATTEMPTS); job && !this.stopped;) {
      await runMediaJob(this.deps, job)
      job = await repos.uploads.claimMedia(now(), LEASE_MS, MAX_ATTEMPTS)
    }
    if (!this.stopped) await this.publishScheduled(now())
    if (!this.stopped) await this.fanouts(now())
    if (now() - this.lastJanitor >= JANITOR_MS) {
      this.lastJanitor = now()
      await this.janitor(now())
    }
    if (!this.stopped) this.again ||= await this.backfillStats()
    if (!this.stopped && (await repos.meta.claimDue(TRENDING_KEY, now(), TRENDING_INTERVAL_MS)))
      await this.recomputeTrending(now())
  }

  // Each job alone, for tests and scripts.
  publishScheduled(now = Date.now()): Promise<number> {
    return publishScheduled(this.deps, now, this.isStopped)
  }

  fanouts(now = Date.now()): Promise<number> {
    return sendAnnouncements(this.deps, now, this.isStopped)
  }

  backfillStats(limit = STATS_BATCH, cancelled = this.isStopped): Promise<boolean> {
    return backfillStats(this.deps, limit, cancelled)
  }

  recomputeTrending(now = Date.now()): Promise<number> {
    return recomputeTrending(this.deps, now)
  }

  janitor(now = Date.now()) {
    return janitor(this.deps, now)
  }
}
