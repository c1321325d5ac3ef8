// The janitor: abandoned upload sessions (chunks and rows), files that no chart uses and that were uploaded
// more than a day ago, stale local temp files, and notifications past their keep.
import fsp from 'node:fs/promises'
import path from 'node:path'
import { NOTIFICATION_KEEP_MS, NOTIFICATION_READ_KEEP_MS } from '../../common/api/follows.js'
import { collectFiles } from '../storage/putFile.js'
import { UPLOAD_IDLE_MS } from '../domain/uploads.js'
import { type JobDeps } from './deps.js'
import { LEASE_MS } from './media.js'

/** An upload no chart took within a day is collected. */
export const ORPHAN_AGE_MS = 24 * 60 * 60_000
/** A temporary file older than this belongs to work that died with its process (kill -9): a media job
 *  keeps its files at most its lease; an upload's commit keeps its assembled part for seconds. */
const STALE_TMP_MS = 2 * LEASE_MS
const STALE_PART_MS = 2 * 60_000
/** Notifications past their keep removed in one janitor round. */
const NOTIFICATION_PRUNE_BATCH = 10_000

/** Collects what nobody will finish or use, and notifications past their keep. Returns what it removed. */
export const janitor = async (
  deps: JobDeps,
  now: number,
): Promise<{ sessions: number; files: number; temp: number; notifications: number }> => {
  const { repos, blobStore, tmpDir } = deps
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
  const files = await collectFiles(blobStore, repos, await repos.files.unusedBefore(now - ORPHAN_AGE_MS, 500))
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
