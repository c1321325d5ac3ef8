// Serves an anonymous GET from the response cache; requests with a session are answered fresh, since
// what they see depends on who they are (private charts, My charts, the delete action).
import { type FastifyReply, type FastifyRequest } from 'fastify'
import { Auth } from '../../auth/auth.js'
import { type AppContext } from '../../context.js'
import { acceptsGzip, CACHED_LEVEL, gzip, markGzip, MIN_COMPRESS_BYTES } from '../../http/compression.js'

export const sendJson = async (
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  build: () => Promise<string>,
): Promise<FastifyReply> => {
  reply.type('application/json; charset=utf-8')
  if (Auth.tokenOf(request) !== undefined) return reply.send(await build())
  const key = request.url
  const entry = ctx.cache.get(key) ?? ctx.cache.set(key, await build())
  if (entry.body.length < MIN_COMPRESS_BYTES || request.method === 'HEAD' || !acceptsGzip(request)) {
    return reply.header('vary', 'Accept-Encoding').send(entry.body)
  }
  entry.gzip ??= gzip(entry.body, CACHED_LEVEL)
  return markGzip(reply).send(entry.gzip)
}
