// Media jobs: the music of a new or edited chart re-encoded to CBR mp3 plus a preview clip. Jobs are rows,
// taken with a lease, so a killed worker's job is taken again once its lease runs out.
import fsp from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { type MediaJob } from '../db/repositories/index.js'
import { checkMusic } from '../media/check.js'
import { encodeBgm, encodePreview } from '../media/encode.js'
import { blobToFile, putBuffer } from '../storage/putFile.js'
import { type JobDeps } from './deps.js'

/** How long a taken job is its taker's. */
export const LEASE_MS = 5 * 60_000
export const MAX_ATTEMPTS = 3

const store = async (deps: JobDeps, file: string): Promise<string> =>
  putBuffer(deps.blobStore, deps.repos, await fsp.readFile(file), 'audio/mpeg', Date.now(), 'derived')

export const runMediaJob = async (deps: JobDeps, job: MediaJob): Promise<void> => {
  const { repos, blobStore, tmpDir, log } = deps
  await fsp.mkdir(tmpDir, { recursive: true })
  const base = path.join(tmpDir, `media-${randomBytes(8).toString('hex')}`)
  const files = { input: `${base}.in.mp3`, bgm: `${base}.bgm.mp3`, preview: `${base}.preview.mp3` }
  try {
    if (!(await blobToFile(blobStore, job.musicHash, files.input)))
      throw new Error(`music ${job.musicHash} is not in the store`)
    const { duration } = await checkMusic(files.input)
    await encodeBgm(files.input, files.bgm)
    await encodePreview(files.input, files.preview, duration)
    const bgmHash = await store(deps, files.bgm)
    const previewHash = await store(deps, files.preview)
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
