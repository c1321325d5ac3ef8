// GET /sonolus/repository/{sha1}: content-addressed files with immutable caching and byte ranges.
import { AnyQuery, RepositoryParams } from '../../common/api/schemas/content.js'
import { SHA1_REGEX } from '../../common/rules.js'
import { HttpError, notFound } from '../http/errors.js'
import { etagMatches, parseRange } from '../http/range.js'
import { type RouteModule } from './types.js'

// docs/protocol.md §12.3: files never change, so caches may keep them for a year.
const IMMUTABLE = 'public, max-age=31536000, immutable'

// Files are served on the site's own origin (every response also carries nosniff, app.ts), so only
// inert types go out as themselves; anything else
// (an HTML or SVG upload, say) is sent as bytes to download, never as a page that could run script.
const SERVED_AS_IS = new Set([
  'image/png',
  'image/jpeg',
  'image/webp',
  'audio/mpeg',
  'application/gzip',
  'application/zip',
  'application/json',
  'application/octet-stream',
])
export const servedContentType = (stored: string): string =>
  SERVED_AS_IS.has(stored) ? stored : 'application/octet-stream'

export const repository: RouteModule = (app, ctx) => {
  // GET and HEAD in one route: Fastify's automatic HEAD route would report content-length 0.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/sonolus/repository/:hash',
    // Files are bytes, not JSON: no response schema applies.
    schema: { params: RepositoryParams, querystring: AnyQuery },
    handler: async (request, reply) => {
      const { hash } = request.params
      if (!SHA1_REGEX.test(hash)) throw notFound('No such file')
      const file = await ctx.repos.files.get(hash)
      if (!file) throw notFound('No such file')
      // A chart's SUS goes out as its charts allow: to anyone when one lets it be downloaded, else to its
      // author. Others are told there is no such file (they are not to learn it exists). Whether it may
      // be served can change, so no shared cache keeps it.
      const source = file.contentType.startsWith('text/plain')
      if (source) {
        const user = await ctx.auth.userOf(request)
        if (!(await ctx.repos.files.chartSourceServedTo(hash, user?.id))) throw notFound('No such file')
      }

      const etag = `"${hash}"`
      reply
        .header('cache-control', source ? 'private, max-age=0' : IMMUTABLE)
        .header('etag', etag)
        .header('accept-ranges', 'bytes')
        .header('content-type', servedContentType(file.contentType))
        .header('content-security-policy', "default-src 'none'; sandbox")
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send()

      const ifRange = request.headers['if-range']
      const range =
        ifRange === undefined || ifRange === etag
          ? parseRange(request.headers.range, file.size)
          : { kind: 'none' as const }
      if (range.kind === 'unsatisfiable') {
        reply.header('content-range', `bytes */${file.size}`)
        throw new HttpError(416, 'range_not_satisfiable', `The file has ${file.size} bytes`)
      }

      const isHead = request.method === 'HEAD'
      if (range.kind === 'range') {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1)
      } else {
        reply.header('content-length', file.size)
      }
      if (isHead) return reply.send()
      const blob = await ctx.blobStore.get(hash, range.kind === 'range' ? range : undefined)
      if (!blob) {
        request.log.error({ hash }, 'file is recorded but missing from the blob store')
        throw notFound('No such file')
      }
      if (blob.size !== file.size) {
        // A content-length that the body cannot fill would leave the client waiting forever.
        ;(blob.stream as Partial<{ destroy: () => void }>).destroy?.()
        request.log.error(
          { hash, recorded: file.size, stored: blob.size },
          'stored file size differs from its record',
        )
        throw new HttpError(500, 'internal_error', 'The file is damaged')
      }
      return reply.send(blob.stream)
    },
  })
}
