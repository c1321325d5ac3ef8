// Upload sessions: bearer tokens, Content-Range, and how far an upload got (docs/spec.md §4 "Upload").
import { createHmac, timingSafeEqual } from 'node:crypto'
import { type UploadRanges } from '../../common/api/uploads.js'
import { type Chunk, type UploadSession } from '../db/repositories/index.js'

/** A token is short-lived (asking again gives a fresh one for the same session). */
export const UPLOAD_TOKEN_TTL_MS = 30 * 60_000
/** A chunk moves the idle clock on only when it is this much behind (one write a minute, not a chunk). */
export const UPLOAD_TOUCH_MS = 60_000

const mac = (session: UploadSession, expires: number): string =>
  createHmac('sha256', session.secret)
    .update(`${session.id}.${session.hash}.${session.size}.${expires}`)
    .digest('base64url')

/** A token scoped to this session, hence to its hash and size. */
export const issueToken = (session: UploadSession, now: number): string => {
  const expires = now + UPLOAD_TOKEN_TTL_MS
  return `${expires}.${mac(session, expires)}`
}

export const tokenValid = (session: UploadSession, header: string | undefined, now: number): boolean => {
  const match = /^Bearer ([0-9]{1,15})\.([A-Za-z0-9_-]{43})$/.exec(header ?? '')
  if (!match) return false
  const expires = Number(match[1])
  if (!(expires > now)) return false
  const expected = Buffer.from(mac(session, expires))
  const given = Buffer.from(match[2])
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** `bytes a-b/total`, inclusive (RFC 9110 §14.4). */
export const parseContentRange = (
  header: string | undefined,
): { start: number; end: number; total: number } | undefined => {
  const match = /^bytes ([0-9]{1,12})-([0-9]{1,12})\/([0-9]{1,12})$/.exec(header ?? '')
  if (!match) return undefined
  return { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) }
}

/** The chunks that lay the file end to end from byte 0, in order, and how far they reach. Chunks off that
 *  path (which the overlap rule keeps out anyway) are ignored. */
export const tiling = (chunks: Chunk[], size: number): { path: Chunk[]; received: number } => {
  const byStart = new Map(chunks.map((chunk) => [chunk.start, chunk]))
  const path: Chunk[] = []
  let next = 0
  for (let chunk = byStart.get(0); chunk && next < size; chunk = byStart.get(next)) {
    path.push(chunk)
    next = chunk.end + 1
  }
  return { path, received: Math.min(next, size) }
}

/** Merged inclusive ranges, for the client's view of what is there. */
export const rangesOf = (chunks: Chunk[]): UploadRanges => {
  const ranges: UploadRanges = []
  for (const { start, end } of [...chunks].sort((a, b) => a.start - b.start)) {
    const last = ranges.at(-1)
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end)
    else ranges.push([start, end])
  }
  return ranges
}

/** A new chunk may repeat one exactly, or touch no byte that another chunk holds. */
export const chunkConflict = (chunks: Chunk[], chunk: Chunk): 'repeat' | 'overlap' | undefined => {
  for (const other of chunks) {
    if (other.start === chunk.start && other.end === chunk.end) return 'repeat'
    if (other.start <= chunk.end && chunk.start <= other.end) return 'overlap'
  }
  return undefined
}
