// People's data (docs/decisions/account-deletion.md): a signed-in user's archive of everything of theirs,
// and the deletion of their account. The archive is a zip streamed as it is made (files straight from the
// store), through a single-use key so the browser can download it as a plain link; deletion runs in one
// transaction, then ends the person's sessions on every instance and drops every kept answer.
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { PassThrough, type Readable } from 'node:stream'
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import { type AppContext } from '../context.js'
import { type AccountData, type User } from '../db/repositories/index.js'
import { RuleError } from '../domain/errors.js'
import { assertActive } from '../moderation/service.js'
import { collectFiles } from '../storage/putFile.js'
import { CHART_FILE_COLUMNS } from '../db/repositories/files.js'

/** How long an archive's download key holds. */
export const EXPORT_KEY_MS = 10 * 60_000
/** How long one download may take at most: a reader that stalls gives its slot back then. */
export const EXPORT_MAX_MS = 30 * 60_000
/** Archives being written at once on one instance (one per person). */
const EXPORTS_AT_ONCE = 2
const running = new Set<string>()
let writers = 0
/** Downloads holding a slot, and archives still being written, on this instance (tests). */
export const exportsRunning = (): { slots: number; writers: number } => ({ slots: running.size, writers })

type AccountContext = Pick<AppContext, 'repos' | 'blobStore' | 'auth' | 'moderationVersion' | 'config'>

/** A single-use key for the caller's archive: the download link carries it, and no session. */
export const exportKey = async (
  ctx: AccountContext,
  user: User,
): Promise<{ key: string; expiration: number }> => {
  const key = randomBytes(18).toString('base64url')
  const expiration = Date.now() + EXPORT_KEY_MS
  await ctx.repos.leaderboards.createUploadKey({
    key,
    userId: user.id,
    action: 'export',
    payload: '{}',
    expiresTime: expiration,
  })
  return { key, expiration }
}

const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'audio/mpeg': '.mp3',
  'audio/ogg': '.ogg',
  'audio/wav': '.wav',
}

const README = `Your data on Sirius Charts

account.json       your profile, and what the archive holds
charts/            each chart you own: chart.json (its fields) and its files (cover, background, music,
                   the SUS you uploaded, the level data the game plays)
coauthored.json    the charts you co-author or were invited to
comments.json      your comments (with the chart each is on)
ratings.json, likes.json
results.json       your plays' records (scores, judgments)
playlists.json     your playlists and their charts
follows.json       whom you follow, and who follows you
test-feedback.json feedback you sent through test links
`

/** The caller's archive, for a key `exportKey` gave: a zip stream, or a RuleError. The slot is taken before
 *  anything is read and given back when the download ends, fails, is abandoned or runs out of time. */
export const openArchive = async (
  ctx: AccountContext,
  key: string,
): Promise<{ stream: Readable; filename: string }> => {
  const now = Date.now()
  const claimed = await ctx.repos.leaderboards.claimUploadKey(key, now)
  if (!claimed || claimed.action !== 'export')
    throw new RuleError('not_found', 'This download link has expired')
  const userId = claimed.userId
  const refused = running.has(userId)
    ? 'Your archive is already being made; wait for that download to finish'
    : running.size >= EXPORTS_AT_ONCE
      ? 'Other archives are being made; try again in a minute'
      : undefined
  if (refused) {
    // The link still works once there is room.
    await ctx.repos.leaderboards.createUploadKey(claimed)
    throw new RuleError('rate_limited', refused)
  }
  running.add(userId)
  const out = new PassThrough({ highWaterMark: 1 << 20 })
  const stop = new AbortController()
  const deadline = setTimeout(
    () => out.destroy(new Error('the archive took too long to download')),
    EXPORT_MAX_MS,
  )
  deadline.unref()
  out.once('close', () => {
    clearTimeout(deadline)
    running.delete(userId)
    stop.abort()
  })
  try {
    const data = await ctx.repos.transaction((trx) => trx.accounts.dataOf(userId))
    if (!data) throw new RuleError('not_found', 'This account no longer exists')
    void writeArchive(ctx, data, out, stop.signal).catch((error: Error) => out.destroy(error))
    const handle = String((data.profile as { handle: string }).handle)
    return { stream: out, filename: `sirius-charts-${handle}-${new Date().toISOString().slice(0, 10)}.zip` }
  } catch (error) {
    out.destroy()
    throw error
  }
}

const writeArchive = async (
  ctx: AccountContext,
  data: AccountData,
  out: PassThrough,
  signal: AbortSignal,
): Promise<void> => {
  const zip = new Zip((error, chunk, final) => {
    if (error) return out.destroy(error)
    if (out.destroyed) return
    out.write(chunk)
    if (final) out.end()
  })
  // The zip writes into `out` as it is fed; wait while the download is behind. A download abandoned (or out
  // of time) ends the writing: `once` rejects with the abort.
  const drained = async () => {
    signal.throwIfAborted()
    if (out.writableNeedDrain) await once(out, 'drain', { signal })
  }
  const addText = async (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 6 })
    zip.add(file)
    file.push(Buffer.from(text), true)
    await drained()
  }
  const addJson = (name: string, value: unknown) => addText(name, `${JSON.stringify(value, null, 2)}\n`)
  const addBlob = async (name: string, hash: string) => {
    const blob = await ctx.blobStore.get(hash)
    if (!blob) return false
    const file = new ZipPassThrough(name)
    zip.add(file)
    try {
      for await (const chunk of blob.stream) {
        file.push(chunk as Uint8Array)
        await drained()
      }
    } finally {
      // Left early (the download ended): the file or the S3 connection is let go.
      ;(blob.stream as Readable).destroy?.()
    }
    file.push(new Uint8Array(0), true)
    return true
  }

  writers++
  try {
    await writeParts(ctx, data, addText, addJson, addBlob)
    zip.end()
  } catch (error) {
    zip.terminate()
    if (!signal.aborted) throw error
  } finally {
    writers--
  }
}

const writeParts = async (
  ctx: AccountContext,
  data: AccountData,
  addText: (name: string, text: string) => Promise<void>,
  addJson: (name: string, value: unknown) => Promise<void>,
  addBlob: (name: string, hash: string) => Promise<boolean>,
): Promise<void> => {
  await addText('README.txt', README)
  await addJson('account.json', {
    profile: data.profile,
    exportedAt: new Date().toISOString(),
    counts: {
      charts: data.charts.length,
      comments: data.comments.length,
      ratings: data.ratings.length,
      likes: data.likes.length,
      results: data.results.length,
      playlists: data.playlists.length,
      following: data.following.length,
      followers: data.followers.length,
    },
  })
  for (const chart of data.charts) {
    const folder = `charts/${String(chart.id)}`
    await addJson(`${folder}/chart.json`, chart)
    for (const column of CHART_FILE_COLUMNS) {
      const hash = chart[column] as string | null
      if (!hash) continue
      const record = await ctx.repos.files.get(hash)
      const extension =
        column === 'susHash'
          ? '.sus'
          : column === 'dataHash'
            ? '.gz'
            : (EXTENSIONS[record?.contentType ?? ''] ?? '')
      await addBlob(`${folder}/${column.replace(/Hash$/, '')}${extension}`, hash)
    }
  }
  await addJson('coauthored.json', data.coauthored)
  await addJson('comments.json', data.comments)
  await addJson('ratings.json', data.ratings)
  await addJson('likes.json', data.likes)
  await addJson('results.json', data.results)
  await addJson('playlists.json', data.playlists)
  await addJson('follows.json', { following: data.following, followers: data.followers })
  await addJson('test-feedback.json', data.testFeedback)
}

export type AccountDeletion = {
  /** Keep the charts, under "Deleted user", rather than delete them (the default). */
  keepCharts: boolean
}

/** Deletes the caller's account (docs/decisions/account-deletion.md). */
export const deleteAccount = async (
  ctx: AccountContext,
  user: User,
  choice: AccountDeletion,
): Promise<{ chartsDeleted: number; chartsKept: number }> => {
  // A suspension stays with the account: it cannot be shed by deleting the account and signing in again.
  assertActive(user)
  const now = Date.now()
  const files: string[] = []
  const outcome = await ctx.repos.transaction(async (trx) => {
    const owned = await trx.accounts.chartIdsOf(user.id)
    if (!choice.keepCharts)
      for (const id of owned) {
        const row = await trx.charts.findById(id)
        if (!row) continue
        for (const column of CHART_FILE_COLUMNS) if (row[column]) files.push(row[column] as string)
        files.push(...(await trx.leaderboards.replayFilesOf(id)))
        await trx.charts.delete(id)
      }
    const coauthored = await trx.coauthors.chartIdsOf(user.id, 10_000)
    for (const chartId of coauthored) await trx.testLinks.revokeMadeBy(chartId, user.id, now)
    const deleted = await trx.accounts.deleteAccount(
      user.id,
      choice.keepCharts,
      randomBytes(8).toString('hex'),
      now,
    )
    for (const chartId of coauthored) await trx.coauthors.refresh(chartId)
    return {
      chartsDeleted: choice.keepCharts ? 0 : owned.length,
      chartsKept: choice.keepCharts ? owned.length : 0,
      tombstone: deleted.tombstone,
    }
  })
  // Every session of theirs ends here and on every other instance, and every kept answer (their name is on
  // comments, boards and lists everywhere) is dropped on all of them.
  await ctx.auth.userChanged(user.id, user.handle)
  await ctx.moderationVersion.bump()
  await collectFiles(ctx.blobStore, ctx.repos, files)
  return { chartsDeleted: outcome.chartsDeleted, chartsKept: outcome.chartsKept }
}
