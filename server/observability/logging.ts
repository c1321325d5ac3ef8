// What the access log says of a request. Fastify's own serializer writes the whole URL, and one path
// carries a secret: an archive link's key (/sonolus/user/export/{key}) downloads a person's data once.
// Whoever reads the logs must not be able to use it first, so the key is written as "…".
import { type FastifyRequest } from 'fastify'

const SECRET_SEGMENTS: RegExp[] = [/^(\/sonolus\/user\/export\/)[^/?#]+/]

/** The URL with its secret path segments replaced by "…". */
export const urlForLog = (url: string): string => {
  for (const pattern of SECRET_SEGMENTS) if (pattern.test(url)) return url.replace(pattern, '$1…')
  return url
}

/** The `req` serializer: Fastify's fields, with the URL as `urlForLog` writes it. */
export const requestForLog = (request: FastifyRequest) => ({
  method: request.method,
  url: urlForLog(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
})
