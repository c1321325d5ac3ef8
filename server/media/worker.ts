// Work done off the request path, in every instance (no state in memory that another would need):
// - media jobs: the music of a new or edited chart re-encoded to CBR mp3 plus a preview clip. Jobs are
//   rows, taken with a lease, so a killed worker's job is taken again once its lease runs out;
// - the janitor: abandoned upload sessions (chunks and rows), files that no chart uses and that were
//   uploaded more than a day ago, stale local temp files, and notifications past their keep;
// - chart stats: the back-fill of charts whose level data has no stats yet (charts stored
//   before stats existed, or by older stats code), read in the worker threads, a batch a pass;
// - scheduled publishing: charts whose time has come are made public;
// - announcements: a newly published chart's followers are notified;
// - trending: every TRENDING_INTERVAL_MS one instance (the one whose claim on the meta row
//   wins) recomputes every chart's score.
import fsp from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { type FastifyBaseLogger } from 'fastify'
import { type BlobStore } from '../storage/index.js'
import { type Repositories, type MediaJob, statsColumns } from '../db/repositories/index.js'
import { blobToFile, collectFiles, putBuffer, readBlob } from '../storage/putFile.js'
import { TRENDING_INTERVAL_MS } from '../../common/rules.js'
import { maybeAnnounce } from '../notifications/events.js'
import { NOTIFICATION_KEEP_MS, NOTIFICATION_READ_KEEP_MS } from '../../common/api/follows.js'
import { type WorkPool, WorkBusyError } from '../work/pool.js'
import { type TrendingRunner } from '../work/trending.js'
import { UPLOAD_IDLE_MS } from '../uploads/session.js'
import { checkMusic } from './check.js'
import { encodeBgm, encodePreview } from './encode.js'

const LEASE_MS = 5 * 60_000
const MAX_ATTEMPTS = 3
const POLL_MS = 5_000
const JANITOR_MS = 10 * 60_000
/** An upload no chart took within a day is collected. */
export const ORPHAN_AGE_MS = 24 * 60 * 60_000
/** A temporary file older than this belongs to work that died with its process (kill -9): a media job
 *  keeps its files at most its lease; an upload's commit keeps its assembled part for seconds. */
const STALE_TMP_MS = 2 * LEASE_MS
const STALE_PART_MS = 2 * 60_000
/** Charts the stats back-fill reads in one pass. */
const STATS_BATCH = 20
/** Notifications past their keep removed in one janitor round. */
const NOTIFICATION_PRUNE_BATCH = 10_000
/** Scheduled charts published in one pass. */
const SCHEDULE_BATCH = 50
/** Announcements sent in one pass (each to all of a creator's followers). */
const FANOUT_BATCH = 50
/** The meta row whose time says when trending was last recomputed (by any instance). */
export const TRENDING_KEY = 'trending_computed_at'

type Deps = {
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

export class BackgroundWork {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private again = false
  private stopped = true
  private lastJanitor = 0

  constructor(private readonly deps: Deps) {}

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
    for (
      let job = await this.deps.repos.uploads.claimMedia(now(), LEASE_MS, MAX_ATTEMPTS);
      job && !this.stopped;
    ) {
      await this.runJob(job)
      job = await this.deps.repos.uploads.claimMedia(now(), LEASE_MS, MAX_ATTEMPTS)
    }
    if (!this.stopped) await this.publishScheduled(now())
    if (!this.stopped) await this.fanouts(now())
    if (now() - this.lastJanitor >= JANITOR_MS) {
      this.lastJanitor = now()
      await this.janitor(now())
    }
    if (!this.stopped) this.again ||= await this.backfillStats()
    if (!this.stopped && (await this.deps.repos.meta.claimDue(TRENDING_KEY, now(), TRENDING_INTERVAL_MS)))
      await this.recomputeTrending(now())
  }

  /** Publishes the charts whose scheduled time has come, each in a transaction of its own that
   *  only one instance can win (the update names the time it read), and queues their announcement.
   *  Returns how many this instance published. */
  async publishScheduled(now = Date.now()): Promise<number> {
    const { repos, log } = this.deps
    let published = 0
    for (const chart of await repos.charts.dueScheduled(now, SCHEDULE_BATCH)) {
      if (this.stopped) break
      const done = await repos.transaction(async (trx) => {
        if (!(await trx.charts.publishScheduled(chart.id, chart.scheduledTime))) return false
        await maybeAnnounce(trx, { ...chart, isPublic: 1 }, now)
        return true
      })
      if (!done) continue
      published++
      this.deps.onChartChanged?.(chart)
      log?.info({ chart: chart.id, at: chart.scheduledTime }, 'scheduled chart published')
    }
    return published
  }

  /** Tells the followers of each newly published chart: each announcement in a transaction of
   *  its own, which only one instance can take. Returns the notifications written. */
  async fanouts(now = Date.now()): Promise<number> {
    const { repos, log } = this.deps
    let written = 0
    for (const { chartId } of await repos.follows.dueFanouts(FANOUT_BATCH)) {
      if (this.stopped) break
      const sent = await repos.transaction((trx) => trx.follows.fanout(chartId, now))
      if (sent !== null) log?.info({ chart: chartId, followers: sent }, 'chart announced to followers')
      written += sent ?? 0
    }
    return written
  }

  /** Computes the stats of a batch of charts that have none (or old ones); true when more may be left.
   *  `cancelled` ends the batch early (the server stopping). */
  async backfillStats(limit = STATS_BATCH, cancelled = () => this.stopped): Promise<boolean> {
    const { repos, blobStore, work, log } = this.deps
    if (!work) return false
    const charts = await repos.charts.needingStats(limit)
    for (const chart of charts) {
      if (cancelled()) return false
      try {
        // A SUS is converted again, which also gives its tempos; level data alone is read.
        const bytes = await readBlob(blobStore, chart.susHash ?? chart.dataHash!)
        const stats = !bytes
          ? null
          : chart.susHash
            ? (await work.convertSus(bytes)).stats
            : (await work.readLevelData(bytes)).stats
        if (!stats) log?.warn({ chart: chart.id }, 'chart stats: its file is not in the store')
        await repos.charts.setStats(chart.id, chart.dataHash!, statsColumns(stats))
      } catch (error) {
        // Busy threads: the next pass tries again. Anything else is the chart's own fault, and it is
        // marked done without figures rather than read again on every pass.
        if (error instanceof WorkBusyError) return false
        log?.warn({ err: error, chart: chart.id }, 'chart stats: its level data could not be read')
        await repos.charts.setStats(chart.id, chart.dataHash!, statsColumns(null))
      }
    }
    return charts.length === limit
  }

  /** Recomputes trending now (the caller holds this interval's claim). Returns the charts that trend. */
  async recomputeTrending(now = Date.now()): Promise<number> {
    const started = Date.now()
    const trending = await (this.deps.recomputeTrending ?? ((at) => this.deps.repos.trending.recompute(at)))(
      now,
    )
    this.deps.onListsChanged?.()
    this.deps.log?.info({ trending, ms: Date.now() - started }, 'trending recomputed')
    return trending
  }

  private async runJob(job: MediaJob): Promise<void> {
    const { repos, blobStore, tmpDir, log } = this.deps
    await fsp.mkdir(tmpDir, { recursive: true })
    const base = path.join(tmpDir, `media-${randomBytes(8).toString('hex')}`)
    const files = { input: `${base}.in.mp3`, bgm: `${base}.bgm.mp3`, preview: `${base}.preview.mp3` }
    try {
      if (!(await blobToFile(blobStore, job.musicHash, files.input)))
        throw new Error(`music ${job.musicHash} is not in the store`)
      const { duration } = await checkMusic(files.input)
      await encodeBgm(files.input, files.bgm)
      await encodePreview(files.input, files.preview, duration)
      const bgmHash = await this.store(files.bgm)
      const previewHash = await this.store(files.preview)
      // Only if the chart still has this music (an edit may have changed it meanwhile).
      const applied = await repos.charts.setEncodedMusic(job.chartId, job.musicHash, bgmHash, previewHash)
      await repos.uploads.finishMedia(job)
      log?.info({ chart: job.chartId, bgmHash, previewHash, applied }, 'music re-encoded')
    } catch (error) {
      log?.warn({ err: error, chart: job.chartId, attempt: job.attempts }, 'music re-encode failed')
      await repos.uploads.finishMedia(job, error instanceof Error ? error.message : String(error))
    } finally {
      await Promise.all(Object.values(files).map((file) => fsp.rm(file, { force: true })))
    }
  }

  private async store(file: string): Promise<string> {
    return putBuffer(
      this.deps.blobStore,
      this.deps.repos,
      await fsp.readFile(file),
      'audio/mpeg',
      Date.now(),
      'derived',
    )
  }

  /** Collects what nobody will finish or use, and notifications past their keep. Returns what
   *  it removed. */
  async janitor(
    now = Date.now(),
  ): Promise<{ sessions: number; files: number; temp: number; notifications: number }> {
    const { repos, blobStore, tmpDir } = this.deps
    let sessions = 0
    for (const session of await repos.uploads.expired(now, 500)) {
      await blobStore.deleteScratch(session.id)
      await repos.uploads.delete(session.id)
      sessions++
    }
    // Scratch bytes without a session: a repeat chunk that landed after its upload ended, or a crash
    // between a session's rows and its bytes. Left an idle period, then removed.
    for (const { session, modifiedTime } of await blobStore.scratchSessions()) {
      if (now - modifiedTime > UPLOAD_IDLE_MS && !(await repos.uploads.get(session))) {
        await blobStore.deleteScratch(session)
        sessions++
      }
    }
    const files = await collectFiles(
      blobStore,
      repos,
      await repos.files.unusedBefore(now - ORPHAN_AGE_MS, 500),
    )
    let temp = 0
    for (const name of await fsp.readdir(tmpDir).catch(() => [] as string[])) {
      const file = path.join(tmpDir, name)
      const stat = await fsp.stat(file).catch(() => undefined)
      if (stat && now - stat.mtimeMs > (name.endsWith('.part') ? STALE_PART_MS : STALE_TMP_MS)) {
        await fsp.rm(file, { force: true, recursive: true })
        temp++
      }
    }
    // At most a batch a round: a backlog goes a batch every janitor interval.
    const notifications = await repos.follows.prune(
      now - NOTIFICATION_KEEP_MS,
      now - NOTIFICATION_READ_KEEP_MS,
      NOTIFICATION_PRUNE_BATCH,
    )
    return { sessions, files, temp, notifications }
  }
}
