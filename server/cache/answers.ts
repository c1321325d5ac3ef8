// A kept answer as the cache holds it: its gzip once worth compressing, and whom it would be wrong for.
import { gunzipSync } from 'node:zlib'
import { CACHED_LEVEL, gzip, MIN_COMPRESS_BYTES } from '../http/compression.js'

/** An answer as the cache keeps it: its gzip alone once it is worth compressing (the JSON is unpacked again
 *  for the rare client that refuses gzip), and who must not be served it. */
export type SharedAnswer = {
  text?: string
  gzip?: Buffer
  personal?: ReadonlySet<string>
  /** Compressed fast (gzip's level 1) when built; made smaller (CACHED_LEVEL) once it is served again. */
  light?: boolean
}
/** What an answer weighs in memory. */
export const answerBytes = (answer: SharedAnswer): number =>
  (answer.text?.length ?? 0) * 2 + (answer.gzip?.length ?? 0) + 16 * (answer.personal?.size ?? 0) + 200

/** What a builder answers: the JSON text, as a string or as UTF-8 bytes, or its gzip made already (a filled
 *  template: template.ts). */
export type BuiltBody = string | Buffer | { gzip: Buffer }

export const keep = (body: BuiltBody, personal?: ReadonlySet<string>): SharedAnswer => {
  if (!Buffer.isBuffer(body) && typeof body !== 'string') return { gzip: body.gzip, personal }
  // A copy of its own size: zlib's output is a view of a larger block it allocated (16 KB and more), which
  // the cache would keep whole. Level 1 first (much faster than level 6): most searches are asked once, and
  // their answer is sent once.
  if (body.length >= MIN_COMPRESS_BYTES) return { gzip: Buffer.from(gzip(body)), personal, light: true }
  return { text: typeof body === 'string' ? body : body.toString('utf8'), personal }
}

/** An answer served a second time is worth its smaller gzip: made after this turn, off the request's way,
 *  once. The new bytes hold the same JSON; a request already sending the old ones sends them whole. */
export const compressHarder = (answer: SharedAnswer): void => {
  answer.light = false
  setImmediate(() => {
    if (answer.gzip) answer.gzip = Buffer.from(gzip(gunzipSync(answer.gzip), CACHED_LEVEL))
  })
}
