// Serves an anonymous GET from the response cache; requests with a session are answered fresh, since
// what they see depends on who they are (private charts, My charts, the delete action).
import { type FastifyReply, type FastifyRequest } from 'fastify'
import { Auth } from '../../auth/auth.js'
import { type AppContext } from '../../context.js'

export const sendJson = async (
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  build: () => Promise<string>,
): Promise<FastifyReply> => {
  const anonymous = Auth.tokenOf(request) === undefined
  const key = request.url
  let body = anonymous ? ctx.cache.get(key) : undefined
  if (body === undefined) {
    body = await build()
    if (anonymous) ctx.cache.set(key, body)
  }
  return reply.type('application/json; charset=utf-8').send(body)
}
