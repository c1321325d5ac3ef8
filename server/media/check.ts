// File checks by content, not by name (docs/spec.md §5): images with sharp, music with music-metadata and ffprobe,
// charts with our chart library, level data with its reader. Each check reads a file that is already on
// local disk and runs off the event loop: sharp's own threads, a child process, or our worker pool.
import fsp from 'node:fs/promises'
import { type Metadata } from 'sharp'
import { loadSharp } from './sharp.js'
import { parseFile } from 'music-metadata'
import { type UploadKind } from '../../common/api/uploads.js'
import { isGzip } from '../../common/inflate.js'
import { WorkLimitError, type WorkOwner, type WorkPool, WorkRefusal } from '../work/pool.js'
import { type Converted, type LevelDataRead } from '../work/tasks.js'
import { type Probe, probeFile } from './probe.js'

/** A file that is not what it claims to be. The message is for people. */
export class FileCheckError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'FileCheckError'
  }
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
}
/** Covers are small pictures; a larger one is surely a mistake (and costly to compose). */
const MAX_IMAGE_PIXELS = 8192 * 8192

export const checkImage = async (file: string | Buffer, what: string): Promise<string> => {
  let metadata: Metadata
  const sharp = await loadSharp()
  try {
    metadata = await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()
  } catch {
    throw new FileCheckError(`The ${what} is not an image`)
  }
  const type = metadata.format ? IMAGE_TYPES[metadata.format] : undefined
  if (!type) throw new FileCheckError(`The ${what} must be a PNG, JPEG, WebP or GIF image`)
  if (!metadata.width || !metadata.height) throw new FileCheckError(`The ${what} has no size`)
  return type
}

export type MusicInfo = { duration: number }

/** mp3 only (docs/spec.md §5): music-metadata must find MPEG layer 3 with a duration, and ffprobe must agree.
 *  `probe` is ffprobe's view of the file (probe.ts). */
export const checkMusic = async (
  file: string,
  probe: (file: string) => Promise<Probe | undefined> = probeFile,
): Promise<MusicInfo> => {
  // Both readers at once (one is a child process): music-metadata does not throw on garbage, so
  // its codec and duration are checked here; ffprobe must agree.
  const [metadata, probed] = await Promise.all([
    parseFile(file, { duration: true, skipCovers: true }).catch(() => undefined),
    probe(file),
  ])
  const codec = metadata?.format.codec ?? ''
  const duration = metadata?.format.duration
  if (!/layer 3/i.test(codec) || !duration || !(duration > 0) || !probed)
    throw new FileCheckError('The music must be an MP3 file')
  const seconds = Number(probed.format?.duration)
  if (
    probed.format?.format_name !== 'mp3' ||
    !probed.streams?.some((stream) => stream.codec_name === 'mp3') ||
    !(seconds > 0)
  )
    throw new FileCheckError('The music must be an MP3 file')
  return { duration: seconds }
}

/** Runs a worker task and turns its refusals (the input's fault, or too costly to read) into
 *  FileCheckErrors; a busy pool stays WorkBusyError (503). */
const checked = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
  try {
    return await run()
  } catch (error) {
    if (error instanceof WorkRefusal) throw new FileCheckError(error.message)
    if (error instanceof WorkLimitError) throw new FileCheckError(`${what} was refused: ${error.message}`)
    throw error
  }
}

/** The server's own conversion of a SUS file (docs/chart-format.md §15: it never trusts client-made level data),
 *  in a worker thread, under the chart limits. */
export const convertChart = (work: WorkPool, bytes: Buffer, owner?: WorkOwner): Promise<Converted> =>
  checked('The chart', () => work.convertSus(bytes, owner))

/** Level data given without a SUS: the reader's checks, in a worker thread. */
export const checkLevelData = (work: WorkPool, bytes: Buffer, owner?: WorkOwner): Promise<LevelDataRead> =>
  checked('The level data', () => work.readLevelData(bytes, owner))

/** Checks a finished upload by what it is for; returns the content type to record. */
export const checkUpload = async (
  work: WorkPool,
  kind: UploadKind,
  file: string,
  probe?: (file: string) => Promise<Probe | undefined>,
  owner?: WorkOwner,
): Promise<string> => {
  switch (kind) {
    case 'cover':
      return checkImage(file, 'cover')
    case 'background':
      return checkImage(file, 'background')
    case 'music':
      await checkMusic(file, probe)
      return 'audio/mpeg'
    case 'chart':
      await convertChart(work, await fsp.readFile(file), owner)
      return 'text/plain; charset=utf-8'
    case 'data': {
      const bytes = await fsp.readFile(file)
      await checkLevelData(work, bytes, owner)
      return isGzip(bytes) ? 'application/gzip' : 'application/json'
    }
  }
}
