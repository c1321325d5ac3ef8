// File checks by content, not by name (spec §5): images with sharp, music with music-metadata and ffprobe,
// charts with our chart library, level data with its reader. Each check reads a file that is already on
// local disk and runs off the event loop (sharp's pool, a child process) or on small inputs.
import fsp from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import sharp, { type Metadata } from 'sharp'
import { parseFile } from 'music-metadata'
import { type UploadKind } from '../../common/api/uploads.js'
import { ChartError, type Conversion, convertSus, readLevelData } from '../../common/chart/index.js'
import { GZIP_LEVEL } from '../../common/rules.js'
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

/** mp3 only (spec §5): music-metadata must find MPEG layer 3 with a duration, and ffprobe must agree.
 *  `probe` is ffprobe's view of the file (an upload's commit passes its parked prober, probe.ts). */
export const checkMusic = async (
  file: string,
  probe: (file: string) => Promise<Probe | undefined> = probeFile,
): Promise<MusicInfo> => {
  // Both readers at once (one is a child process): music-metadata does not throw on garbage (toolchain
  // gotcha 6), so its codec and duration are checked here; ffprobe must agree.
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

/** Text of a chart file: UTF-8, without a byte-order mark. */
export const chartText = (bytes: Buffer): string => {
  const text = bytes.toString('utf8')
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

const nodeGzip = (json: string): Uint8Array => gzipSync(json, { level: GZIP_LEVEL })

/** The server's own conversion of a SUS file (architecture.md: it never trusts client-made level data). */
export const convertChart = (bytes: Buffer): Conversion => {
  if (bytes.includes(0)) throw new FileCheckError('The chart file must be a SUS text file')
  try {
    return convertSus(chartText(bytes), { gzip: nodeGzip })
  } catch (error) {
    if (error instanceof ChartError)
      throw new FileCheckError(
        error.line > 0
          ? `The chart has an error on line ${error.line}: ${error.detail}`
          : `The chart has an error: ${error.message}`,
      )
    throw error
  }
}

export const checkLevelData = (bytes: Buffer): void => {
  try {
    readLevelData(bytes)
  } catch (error) {
    throw new FileCheckError(
      `The level data is not valid: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
}

/** Checks a finished upload by what it is for; returns the content type to record. */
export const checkUpload = async (
  kind: UploadKind,
  file: string,
  probe?: (file: string) => Promise<Probe | undefined>,
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
      convertChart(await fsp.readFile(file))
      return 'text/plain; charset=utf-8'
    case 'data':
      checkLevelData(await fsp.readFile(file))
      return 'application/gzip'
  }
}
