// Chunked, resumable, content-addressed uploads (docs/spec.md §4 "Upload", §7 "upload base"):
//   GET  /upload/{sha1}?size=N&type=K   start (or resume); 201 when the asker has the file stored
//   PUT  /upload/sessions/{id}          one chunk: Bearer token, Content-Range, Content-Length
//   GET  /upload/sessions/{id}          how far the upload got (same token)
// Chunks go to the blob store's scratch area and their ranges to the database, so any instance can take
// any chunk. The chunk that completes the file triggers the commit (commit.ts).
import { AnyQuery } from '../../common/api/schemas/content.js'
import {
  ChunkBody,
  UploadProgressResponseSchema,
  UploadSessionParams,
  UploadStartParams,
  UploadStartQuery,
  UploadStartResponseSchema,
} from '../../common/api/schemas/uploads.js'
import { type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { randomBytes } from 'node:crypto'
import { type IncomingMessage } from 'node:http'
import { type UploadProgressResponse, type UploadStartResponse } from '../../common/api/uploads.js'
import { MAX_UPLOAD_BYTES, UPLOAD_CHUNK_BYTES } from '../../common/rules.js'
import { type AppContext } from '../context.js'
import { type Chunk, type UploadSession } from '../db/repositories/index.js'
import { HttpError, actionDenied, fileTooLarge, isRefusal, notFound } from '../http/errors.js'
import { type RuleError } from '../domain/errors.js'
import { type App } from '../http/types.js'
import { assertActive } from '../moderation/service.js'
import { commitUpload, isStored, uploadRejected } from './commit.js'
import {
  UPLOAD_TOUCH_MS,
  chunkConflict,
  issueToken,
  parseContentRange,
  rangesOf,
  tiling,
  tokenValid,
} from './session.js'
import { callerOf } from '../auth/rules.js'
import { UPLOAD_IDLE_MS } from '../domain/uploads.js'

const progressOf = (session: UploadSession, chunks: Chunk[]): UploadProgressResponse => {
  const { received } = tiling(chunks, session.size)
  return { code: 200, size: session.size, received, ranges: rangesOf(chunks), complete: false }
}

const progress = async (ctx: AppContext, session: UploadSession): Promise<UploadProgressResponse> =>
  progressOf(session, await ctx.repos.uploads.chunks(session.id))

const stored = (size: number): UploadProgressResponse => ({
  code: 201,
  size,
  received: size,
  ranges: [[0, size - 1]],
  complete: true,
})

/** Commits when the chunks cover the file; answers how far it got either way. */
const advance = async (
  ctx: AppContext,
  session: UploadSession,
  known?: UploadProgressResponse,
): Promise<UploadProgressResponse> => {
  const state = known ?? (await progress(ctx, session))
  if (state.received < session.size) return state
  await commitUpload(ctx, session)
  return stored(session.size)
}

/** Chunk buffers are reused: a 20 MB upload would otherwise leave 20 MB of garbage behind it. */
const chunkBuffers: Buffer[] = []
const KEPT_CHUNK_BUFFERS = 4

/** Reads exactly `length` bytes of the request body (at most one chunk) into a buffer of the pool; the
 *  caller gives it back with `release` once the bytes are written. */
const readBody = (
  raw: IncomingMessage,
  length: number,
  deadlineMs: number,
): Promise<{ body: Buffer; release: () => void }> =>
  new Promise((resolve, reject) => {
    // The buffer is taken when the first bytes arrive: a connection that sends nothing holds nothing.
    let buffer: Buffer | undefined
    let released = false
    const release = () => {
      if (released || !buffer) return
      released = true
      if (chunkBuffers.length < KEPT_CHUNK_BUFFERS) chunkBuffers.push(buffer)
    }
    let got = 0
    let settled = false
    // A chunk must arrive whole within its deadline, however slowly its bytes trickle in.
    const deadline = setTimeout(() => {
      fail(
        new HttpError(
          408,
          'upload_failed',
          `The chunk did not arrive within ${Math.round(deadlineMs / 1000)} s; send it again`,
        ),
      )
    }, deadlineMs)
    const fail = (error: Error) => {
      clearTimeout(deadline)
      raw.removeAllListeners('data')
      if (settled) return
      settled = true
      release()
      reject(error)
    }
    raw.on('data', (data: Buffer) => {
      if (got + data.length > length) {
        fail(uploadRejected('The body is longer than the range it claims'))
        raw.resume()
        return
      }
      buffer ??= chunkBuffers.pop() ?? Buffer.allocUnsafeSlow(UPLOAD_CHUNK_BYTES)
      data.copy(buffer, got)
      got += data.length
    })
    raw.on('end', () => {
      clearTimeout(deadline)
      if (got !== length) return fail(uploadRejected('The body is shorter than its Content-Length'))
      if (settled) return
      settled = true
      buffer ??= Buffer.alloc(0)
      resolve({ body: buffer.subarray(0, length), release })
    })
    raw.on('aborted', () => fail(uploadRejected('The connection closed before the chunk arrived')))
    raw.on('error', fail)
  })

/** The session a token opens, with its chunks: 404 when there is none (or it expired), 401 for a wrong
 *  token. */
const sessionOf = async (ctx: AppContext, id: string, authorization: string | undefined, now: number) => {
  const found = /^[0-9a-f]{32}$/.test(id) ? await ctx.repos.uploads.getWithChunks(id) : undefined
  if (!found || Number(found.session.expiresTime) <= now)
    throw notFound('No such upload (it may have expired)')
  if (!tokenValid(found.session, authorization, now)) throw actionDenied()
  return { session: { ...found.session, size: Number(found.session.size) }, chunks: found.chunks }
}

export const registerUploads = (app: App, ctx: AppContext): void => {
  app.get(
    '/upload/:hash',
    {
      schema: {
        params: UploadStartParams,
        querystring: UploadStartQuery,
        response: { 200: UploadStartResponseSchema, 201: UploadStartResponseSchema },
      },
      // The file name is its SHA-1, size its bytes, type one of UPLOAD_KINDS: else upload_failed.
      // Who asks comes first: a visitor is told to log in, whatever the request.
      config: { invalidKey: 'upload_failed', auth: 'user-login' },
    },
    async (request, reply) => {
      const { hash } = request.params
      const { size, type: kind } = request.query
      const user = callerOf(request)
      if (size > MAX_UPLOAD_BYTES) throw fileTooLarge()

      // Stored already: said only to someone who uploaded the file or whose chart uses it. Anyone else
      // uploads it (and the commit finds it stored), so that nobody learns which files are held by asking.
      if ((await ctx.repos.files.ownedBy(hash, user.id)) && (await isStored(ctx, hash)))
        return reply.code(201).send({ code: 201 } satisfies UploadStartResponse)
      const now = Date.now()
      let session = await ctx.repos.uploads.findResumable(user.id, hash, size, kind, now)
      // A new session holds nothing yet; a resumed one says what it holds (and commits, if that is all).
      let state: UploadProgressResponse = { code: 200, size, received: 0, ranges: [], complete: false }
      if (session) {
        session = { ...session, size: Number(session.size) }
        state = await advance(ctx, session)
        if (state.complete) return reply.code(201).send({ code: 201 } satisfies UploadStartResponse)
        await ctx.repos.uploads.touch(session.id, now + UPLOAD_IDLE_MS)
      } else {
        // Each unfinished upload may hold up to 20 MB of scratch bytes for an hour: a user holds a few.
        const open = await ctx.repos.uploads.countOpen(user.id, now)
        if (open >= ctx.config.limits.uploadSessionsPerUser)
          throw new HttpError(
            429,
            'rate_limited',
            `You have ${open} unfinished uploads (the limit is ${ctx.config.limits.uploadSessionsPerUser}); finish them or wait an hour`,
          )
        session = {
          id: randomBytes(16).toString('hex'),
          userId: user.id,
          hash,
          size,
          kind,
          secret: randomBytes(32).toString('base64url'),
          createdTime: now,
          expiresTime: now + UPLOAD_IDLE_MS,
        }
        await ctx.repos.uploads.create(session)
      }
      const response: UploadStartResponse = {
        code: 200,
        uploadUrl: `${ctx.config.publicUrl}/upload/sessions/${session.id}`,
        token: issueToken(session, now),
        received: state.received,
        ranges: state.ranges,
      }
      return response
    },
  )

  app.get(
    '/upload/sessions/:id',
    {
      schema: {
        params: UploadSessionParams,
        querystring: AnyQuery,
        response: { 200: UploadProgressResponseSchema, 201: UploadProgressResponseSchema },
      },
    },
    async (request) => {
      const now = Date.now()
      const { session, chunks } = await sessionOf(ctx, request.params.id, request.headers.authorization, now)
      return advance(ctx, session, progressOf(session, chunks))
    },
  )

  // The body is read here, chunk by chunk, never by a content-type parser.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))

    scope.withTypeProvider<TypeBoxTypeProvider>().put(
      '/upload/sessions/:id',
      {
        config: { auth: 'secret' },
        schema: {
          params: UploadSessionParams,
          querystring: AnyQuery,
          body: ChunkBody,
          response: { 200: UploadProgressResponseSchema, 201: UploadProgressResponseSchema },
        },
      },
      async (request, reply) => {
        const now = Date.now()
        const fail = (error: HttpError | RuleError) => {
          // The body was not read: close the connection rather than read a chunk we refused.
          reply.header('connection', 'close')
          return error
        }
        let found: Awaited<ReturnType<typeof sessionOf>>
        try {
          found = await sessionOf(ctx, request.params.id, request.headers.authorization, now)
        } catch (error) {
          throw isRefusal(error) ? fail(error) : error
        }
        const { session, chunks } = found
        // A suspension since the upload began stops it: the token no longer takes chunks.
        const owner = await ctx.repos.users.findById(session.userId)
        if (!owner) throw fail(actionDenied())
        try {
          assertActive(owner, now)
        } catch (error) {
          throw isRefusal(error) ? fail(error) : error
        }
        const range = parseContentRange(request.headers['content-range'])
        if (!range) throw fail(uploadRejected('Content-Range must be "bytes a-b/total"'))
        const { start, end, total } = range
        if (total !== session.size)
          throw fail(uploadRejected(`The total ${total} is not the announced size ${session.size}`))
        if (start > end || end >= total) throw fail(uploadRejected('The range runs past the end of the file'))
        const length = end - start + 1
        if (length > UPLOAD_CHUNK_BYTES)
          throw fail(uploadRejected(`A chunk is at most ${UPLOAD_CHUNK_BYTES} bytes`))
        const declared = request.headers['content-length']
        if (declared === undefined)
          throw fail(new HttpError(411, 'upload_failed', 'Content-Length is required'))
        if (Number(declared) !== length)
          throw fail(uploadRejected('Content-Length must equal the length of the range'))
        if (chunkConflict(chunks, { start, end }) === 'overlap')
          throw fail(uploadRejected('The range overlaps a chunk already received'))

        let read: Awaited<ReturnType<typeof readBody>>
        try {
          read = await readBody(request.raw, length, ctx.config.limits.chunkTimeoutMs)
        } catch (error) {
          // The rest of a refused body is not read: the connection closes after the answer.
          throw isRefusal(error) ? fail(error) : error
        }
        const { body, release } = read
        try {
          await ctx.blobStore.putChunk(session.id, start, body)
        } finally {
          release()
        }
        // The bytes first, then the row: a row always stands for bytes that were written. Chunks sent side
        // by side are checked again as their rows are written: of two that overlap, the later is refused.
        const conflict = await ctx.repos.transaction((trx) =>
          trx.uploads.lockedChunks(session.id).then(async (recorded) => {
            const conflict = chunkConflict(recorded, { start, end })
            if (!conflict) await trx.uploads.addChunk(session.id, { start, end })
            return conflict
          }),
        )
        if (conflict === 'overlap') throw uploadRejected('The range overlaps a chunk already received')
        // The idle clock moves at most once a minute, not on every chunk.
        if (now + UPLOAD_IDLE_MS - Number(session.expiresTime) > UPLOAD_TOUCH_MS)
          await ctx.repos.uploads.touch(session.id, now + UPLOAD_IDLE_MS)
        // The chunks as they now are, without asking again (a parallel request's chunk shows next time).
        const present = [...chunks.filter((chunk) => chunk.start !== start), { start, end }]
        const state = await advance(ctx, session, progressOf(session, present))
        return reply.code(state.code).send(state)
      },
    )
  })
}
