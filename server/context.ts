// Everything a request handler may use, opened once per process (or per test file).
import { type GitInfo } from '../common/api/serverInfo.js'
import { type Config } from './config.js'
import { type Db, type Listening, type OpenOptions, currentSchema, openDatabase } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { type Repositories, createRepositories } from './db/repositories/index.js'
import { readGitInfo } from './gitInfo.js'
import { SessionCache } from './auth/sessionCache.js'
import { Auth } from './auth/auth.js'
import { createSignatureVerifier } from './auth/signature.js'
import { PackCatalog } from './packs/catalog.js'
import { ResponseCache } from './cache/responseCache.js'
import { installFreePack } from './packs/freePack.js'
import { builtInEngine, installBuiltInEngine } from './packs/builtInEngine.js'
import { type BlobStore, createBlobStore } from './storage/index.js'
import { BackgroundWork } from './jobs/runner.js'
import { WorkPool } from './work/pool.js'
import { trendingRunner } from './work/trending.js'
import { ModerationVersion } from './cache/moderationVersion.js'
import { type SharedAnswer, answerBytes } from './cache/answers.js'
import { cacheTags, catalogueTags } from './cache/tags.js'
import path from 'node:path'
import { withinMs } from './bounded.js'
import { randomUUID } from 'node:crypto'
import { type Metrics, createMetrics, noMetrics } from './observability/metrics.js'

export type AppContext = {
  config: Config
  db: Db
  repos: Repositories
  blobStore: BlobStore
  git: GitInfo
  auth: Auth
  packs: PackCatalog
  /** Shared answers (visitors', signed-in users'), a few seconds each (cache/send.ts). */
  cache: ResponseCache<SharedAnswer>
  /** Drops the shared answers carrying these tags here and (PostgreSQL) on every other instance. */
  dropTags: (tags: string[]) => void
  /** Media jobs and the janitor (started by the app, stopped with the context). */
  media: BackgroundWork
  /** Chart conversion, level-data reading and replay parsing, in worker threads (work/pool.ts). */
  work: WorkPool
  /** Read before a per-instance cache answers; moved by every moderator action (cache/moderationVersion.ts). */
  moderationVersion: ModerationVersion
  /** Prometheus metrics when METRICS_PORT is set, else calls that do nothing. */
  metrics: Metrics
  close: () => Promise<void>
}

export type ContextOptions = OpenOptions & {
  /** Defaults to the checkout the server runs from. */
  gitCwd?: string
  blobStore?: BlobStore
}

/** How long start-up waits for the instances' channel before it gives up with the reason. */
const LISTEN_START_MS = 30_000

export const openContext = async (config: Config, options: ContextOptions = {}): Promise<AppContext> => {
  const metrics = config.metrics ? createMetrics() : noMetrics
  const db = await openDatabase(config.database, {
    ...options,
    ...(metrics.enabled ? { onQuery: (sql: string, ms: number) => metrics.query(sql, ms) } : {}),
  })
  try {
    await migrateToLatest(db.db, db.dialect === 'postgres' ? await currentSchema(db) : undefined)
    const blobStore = options.blobStore ?? (await createBlobStore(config))
    const repos = createRepositories(db.db, db.dialect)
    await installFreePack(blobStore, repos)
    await installBuiltInEngine(blobStore, repos)
    const packs = new PackCatalog(repos, config.publicUrl, config.engineName, builtInEngine().item)
    await packs.reload()
    const work = new WorkPool({
      threads: config.limits.workThreads,
      timeoutMs: config.limits.workTimeoutMs,
      memoryMb: config.limits.workMemoryMb,
      maxQueue: config.limits.workQueue,
    })
    const cache = new ResponseCache<SharedAnswer>(
      config.limits.responseCacheMs,
      config.limits.responseCacheEntries,
      config.limits.responseCacheBytes,
      answerBytes,
    )
    // One notification channel per schema carries what the instances tell each other, each
    // message after its sender's id: an instance has done itself what it tells the others.
    const instance = randomUUID().slice(0, 8)
    const send = (message: string) => db.notify?.('sessions', `${instance} ${message}`) ?? Promise.resolve()
    const announce = (message: string) =>
      void send(message).catch(() => {
        // Best effort: the others' pages expire within the TTL anyway.
      })
    const dropTags = (tags: string[]) => {
      cache.invalidate(tags)
      announce(`tags:${tags.join(' ')}`)
    }
    const media = new BackgroundWork({
      repos,
      blobStore,
      tmpDir: path.join(config.dataDir, 'tmp'),
      work,
      onListsChanged: () => dropTags([cacheTags.lists]),
      onChartChanged: (chart) => dropTags(catalogueTags(chart)),
      recomputeTrending: trendingRunner(config.database, repos),
    })
    const moderationVersion = new ModerationVersion(repos.meta, db.readMetaNow, () => send('*'))
    moderationVersion.onChange(() => cache.clear())
    // Sessions kept a moment: a session that begins or ends on another instance is dropped here
    // when its notice arrives; all of them after a moderator's action on any instance (a suspension takes
    // effect at once), and when the notices may have been missed.
    const sessions = new SessionCache(
      config.limits.sessionCacheMs,
      undefined,
      undefined,
      // A logout elsewhere must reach a kept session: none is kept while the channel does not listen.
      () => channel?.listening() ?? true,
    )
    moderationVersion.onChange(() => sessions.clear())
    const channel: Listening | undefined = db.listen?.(
      'sessions',
      (notice) => {
        const space = notice.indexOf(' ')
        if (notice.slice(0, space) === instance) return
        const message = notice.slice(space + 1)
        // '*': a moderator acted; 'user:{id}[:{handle}]': a user's row changed; else a session's hash.
        if (message === '*') sessions.clear()
        else if (message.startsWith('tags:')) cache.invalidate(message.slice(5).split(' '))
        else if (message.startsWith('user:')) {
          const [, id, ...handle] = message.split(':')
          sessions.dropUser(id, handle.length ? handle.join(':') : undefined)
        } else sessions.drop(message)
      },
      () => {
        sessions.clear()
        cache.clear()
      },
    )
    // Serving starts once the others' messages are heard: an answer or a session kept before would not
    // hear of a change made meanwhile.
    if (channel)
      await withinMs(channel.ready, LISTEN_START_MS, () => {
        throw new Error(
          `DATABASE_URL: could not LISTEN for the other instances' messages in ${LISTEN_START_MS} ms`,
        )
      })
    metrics.watch({
      work: () => work.stats,
      uploadsInProgress: () => repos.uploads.countAllOpen(Date.now()),
      notificationsQueued: () => repos.follows.countFanouts(),
      cache: () => ({ entries: cache.size, bytes: cache.bytes }),
    })
    return {
      work,
      metrics,
      moderationVersion,
      media,
      packs,
      cache,
      dropTags,
      config,
      db,
      repos,
      auth: new Auth(
        repos,
        config,
        createSignatureVerifier(config.sonolusPublicKey),
        Date.now,
        sessions,
        send,
      ),
      blobStore,
      git: readGitInfo(options.gitCwd ?? process.cwd(), config.git),
      close: async () => {
        await media.stop()
        await work.close()
        await blobStore.close()
        await db.close()
      },
    }
  } catch (error) {
    await db.close()
    throw error
  }
}
