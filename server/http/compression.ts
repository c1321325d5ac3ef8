// HTTP compression of the JSON API responses (docs/protocol.md §14). A level list embeds its engine item in
// every level, so a 20-level page is ~80 KB of JSON that gzip shrinks about tenfold. Repository files are
// never touched: they are served as stored, and their SHA-1 is of those bytes (docs/protocol.md §12.3).
import zlib from 'node:zlib'
import { type FastifyReply, type FastifyRequest } from 'fastify'

/** Smaller bodies gain less than the header and the CPU cost. */
export const MIN_COMPRESS_BYTES = 1024
/** Level 6 for bodies kept in the response cache (compressed once, sent many times); level 1 for fresh
 *  answers: faster, for a slightly larger result. Synchronous: a thread
 *  pool hop costs more than the compression itself at these sizes. */
export const CACHED_LEVEL = 6
const FRESH_LEVEL = 1

/** The last Accept-Encoding read and what it said: a client sends the same one on every request, and most
 *  clients send one of a few, so a kept answer seldom parses it again. */
let lastHeader: string | undefined
let lastAccepts = false

/** True when the request's Accept-Encoding allows gzip (an explicit `q=0` refuses it). */
export const acceptsGzip = (request: Pick<FastifyRequest, 'headers'>): boolean => {
  const header = request.headers['accept-encoding']
  if (!header) return false
  if (header === lastHeader) return lastAccepts
  const accepts = gzipAccepted(String(header))
  lastHeader = String(header)
  lastAccepts = accepts
  return accepts
}

const gzipAccepted = (header: string): boolean => {
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';')
    if (coding !== 'gzip' && coding !== '*') continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  }
  return false
}

export const gzip = (body: string | Buffer, level = FRESH_LEVEL): Buffer => zlib.gzipSync(body, { level })

/** Marks a reply as gzip-encoded (the caller sends the compressed bytes). */
export const markGzip = (reply: FastifyReply): FastifyReply =>
  reply.header('content-encoding', 'gzip').header('vary', varyWith(reply, 'Accept-Encoding'))

const varyWith = (reply: FastifyReply, value: string): string => {
  const current = reply.getHeader('vary')
  if (!current) return value
  const list = String(current)
  return list.toLowerCase().includes(value.toLowerCase()) ? list : `${list}, ${value}`
}

/** onSend step: gzip a JSON payload of at least MIN_COMPRESS_BYTES when the client accepts it. Payloads
 *  already encoded (the response cache sends its stored gzip bytes) and non-JSON bodies pass unchanged. */
export const compressJson = async (
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> => {
  if (request.method === 'HEAD' || reply.getHeader('content-encoding')) return payload
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
  reply.header('vary', varyWith(reply, 'Accept-Encoding'))
  if (Buffer.byteLength(payload) < MIN_COMPRESS_BYTES || !acceptsGzip(request)) return payload
  const compressed = gzip(payload)
  markGzip(reply)
  reply.removeHeader('content-length')
  return compressed
}
