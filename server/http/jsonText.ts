// An answer built as JSON text (level items spliced in, or a body JSON.stringify writes faster than the
// schema's serializer), for a viewer's own data: never cached. The suites still check it against the
// route's response schema (CHECK_RESPONSES).
import { type FastifyReply } from 'fastify'

export const sendJsonText = (reply: FastifyReply, body: string): FastifyReply =>
  reply.type('application/json; charset=utf-8').header('cache-control', 'no-store').send(body)
