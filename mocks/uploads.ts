// A stateful stand-in for our upload routes and the create/edit calls, in the wire types of
// common/api/uploads.ts: GET {upload base}{sha1}?size&type starts an upload (201 when the file is stored),
// PUT {uploadUrl} takes `Content-Range` chunks with the session's Bearer token, GET {uploadUrl} says how far
// an upload got, and a completed upload is checked against its SHA-1 (and, when a test asks, by its content, as
// the server's commit does) before it counts as stored. Every call is recorded so tests can assert what the
// client sent and where; network failures can be injected per PUT.
import CryptoJS from 'crypto-js'
import { HttpResponse, http } from 'msw'
import {
  type CreateLevelBody,
  type CreateLevelResponse,
  type EditLevelResponse,
  type UploadProgressResponse,
  type UploadStartResponse,
} from '../common/api/uploads'
import { type ErrorBody } from '../common/api/errors'

export type RecordedStart = { sha1: string; size: number; type: string; authorization: string | null }
export type RecordedPut = {
  /** The address the chunk was sent to. */
  url: string
  sha1: string
  range: string | null
  authorization: string | null
  bytes: number
  /** What the mock did with it. */
  outcome: 'stored' | 'lost' | 'unanswered' | 'rejected'
}
export type RecordedEdit = { name: string; values: URLSearchParams }

/** lost: the chunk never reached the server; unanswered: it was kept but the answer was lost. */
export type PutFailure = 'lost' | 'unanswered'

export type UploadBackendOptions = {
  /** Hashes the server holds already (their start answers 201). */
  stored?: string[]
  /** The id a created chart gets. */
  chartId?: string
  /** Decides, per PUT (0-based across all files), whether it fails on the network. */
  failPut?: (index: number, put: Omit<RecordedPut, 'outcome'>) => PutFailure | undefined
  /** The server's PUBLIC_URL, when the page was opened at another address of the same server: the start
   *  names sessions under it, as the server does. Without it, the address the start was asked at. */
  publicUrl?: string
  /** The content check of a completed file (server/media/check.ts): a message refuses it, as the
   *  server's commit does (400 upload_failed with that message), and nothing is kept. */
  refuse?: (file: { type: string; bytes: Uint8Array }) => string | undefined
  /** Runs before each answer, e.g. to look at the page while a call is in flight. */
  before?: (call: { kind: 'start' | 'put' | 'status' | 'create' | 'edit'; type?: string }) => unknown
}

const sha1Hex = (bytes: Uint8Array) =>
  CryptoJS.SHA1(CryptoJS.lib.WordArray.create(bytes as unknown as number[])).toString(CryptoJS.enc.Hex)

type Session = {
  sha1: string
  size: number
  type: string
  token: string
  bytes: Uint8Array
  received: number
}

/** The error bodies here name only their key (the client reads nothing else of them). */
type ShortErrorBody = Pick<ErrorBody, 'error'>

const RANGE = /^bytes (\d+)-(\d+)\/(\d+)$/

export const uploadBackend = (options: UploadBackendOptions = {}) => {
  const state = {
    /** Stored files by hash. */
    files: new Map<string, { type: string; bytes?: Uint8Array }>(
      (options.stored ?? []).map((hash) => [hash, { type: 'stored' }]),
    ),
    starts: [] as RecordedStart[],
    puts: [] as RecordedPut[],
    statusChecks: [] as { url: string; sha1: string; authorization: string | null }[],
    created: [] as { body: CreateLevelBody; authorization: string | null }[],
    edits: [] as RecordedEdit[],
  }
  const sessions = new Map<string, Session>()
  let opened = 0
  const chartId = options.chartId ?? 'c0de'.padStart(32, '0')

  const progress = (session: Session, complete: boolean): UploadProgressResponse => ({
    code: complete ? 201 : 200,
    size: session.size,
    received: session.received,
    ranges: session.received > 0 ? [[0, session.received - 1]] : [],
    complete,
  })

  const sessionOf = (request: Request, id: string) => {
    const session = sessions.get(id)
    if (!session) return undefined
    return request.headers.get('authorization') === `Bearer ${session.token}` ? session : undefined
  }

  const handlers = [
    http.get('*/upload/:sha1', async ({ request, params }) => {
      const url = new URL(request.url)
      const sha1 = String(params.sha1)
      const size = Number(url.searchParams.get('size'))
      const type = url.searchParams.get('type') ?? ''
      const authorization = request.headers.get('authorization')
      state.starts.push({ sha1, size, type, authorization })
      await options.before?.({ kind: 'start', type })
      if (!authorization)
        return HttpResponse.json({ error: 'not_login' } satisfies ShortErrorBody, { status: 401 })
      if (state.files.has(sha1)) return HttpResponse.json({ code: 201 } satisfies UploadStartResponse)
      // One session per file and user: a second start resumes it.
      let session = [...sessions.values()].find((open) => open.sha1 === sha1)
      if (!session) {
        opened++
        session = { sha1, size, type, token: `token-${opened}`, bytes: new Uint8Array(size), received: 0 }
        sessions.set(`s${opened}`, session)
      }
      const id = [...sessions.entries()].find(([, open]) => open === session)![0]
      const answer: UploadStartResponse = {
        code: 200,
        uploadUrl: `${options.publicUrl ?? url.origin}/upload/sessions/${id}`,
        token: session.token,
        received: session.received,
        ranges: progress(session, false).ranges,
      }
      return HttpResponse.json(answer)
    }),

    http.put('*/upload/sessions/:id', async ({ request, params }) => {
      const session = sessionOf(request, String(params.id))
      const range = request.headers.get('content-range')
      const body = new Uint8Array(await request.arrayBuffer())
      const put = {
        url: request.url,
        sha1: session?.sha1 ?? '',
        range,
        authorization: request.headers.get('authorization'),
        bytes: body.length,
      }
      if (!session) {
        state.puts.push({ ...put, outcome: 'rejected' })
        return HttpResponse.json({ error: 'permission_denied2' } satisfies ShortErrorBody, { status: 401 })
      }
      const match = RANGE.exec(range ?? '')
      const start = Number(match?.[1])
      const end = Number(match?.[2])
      if (
        !match ||
        Number(match[3]) !== session.size ||
        end - start + 1 !== body.length ||
        start > session.received
      ) {
        state.puts.push({ ...put, outcome: 'rejected' })
        return HttpResponse.json({ error: 'upload_failed' } satisfies ShortErrorBody, { status: 416 })
      }
      const failure = options.failPut?.(state.puts.length, put)
      await options.before?.({ kind: 'put', type: session.type })
      if (failure === 'lost') {
        state.puts.push({ ...put, outcome: 'lost' })
        return HttpResponse.error()
      }
      session.bytes.set(body, start)
      session.received = Math.max(session.received, end + 1)
      let complete = false
      if (session.received === session.size) {
        if (sha1Hex(session.bytes) !== session.sha1) {
          state.puts.push({ ...put, outcome: 'rejected' })
          return HttpResponse.json({ error: 'upload_failed' } satisfies ShortErrorBody, { status: 400 })
        }
        const refused = options.refuse?.({ type: session.type, bytes: session.bytes })
        if (refused !== undefined) {
          state.puts.push({ ...put, outcome: 'rejected' })
          sessions.delete(String(params.id))
          return HttpResponse.json(
            { code: 400, error: 'upload_failed', message: refused } satisfies ErrorBody,
            { status: 400 },
          )
        }
        state.files.set(session.sha1, { type: session.type, bytes: session.bytes })
        sessions.delete(String(params.id))
        complete = true
      }
      state.puts.push({ ...put, outcome: failure === 'unanswered' ? 'unanswered' : 'stored' })
      if (failure === 'unanswered') return HttpResponse.error()
      return HttpResponse.json(progress(session, complete))
    }),

    http.get('*/upload/sessions/:id', async ({ request, params }) => {
      const session = sessionOf(request, String(params.id))
      state.statusChecks.push({
        url: request.url,
        sha1: session?.sha1 ?? '',
        authorization: request.headers.get('authorization'),
      })
      await options.before?.({ kind: 'status', type: session?.type })
      if (!session)
        return HttpResponse.json({ error: 'permission_denied2' } satisfies ShortErrorBody, { status: 401 })
      return HttpResponse.json(progress(session, false))
    }),

    http.post('*/sonolus/levels/create', async ({ request }) => {
      const body = (await request.json()) as CreateLevelBody
      state.created.push({ body, authorization: request.headers.get('authorization') })
      await options.before?.({ kind: 'create' })
      // As the server: no chart without the upload rules accepted.
      if (body.rulesAccepted !== true)
        return HttpResponse.json(
          { code: 400, error: 'empty_field', message: 'rulesAccepted is required' } satisfies ErrorBody,
          { status: 400 },
        )
      return HttpResponse.json({ code: 200, id: chartId } satisfies CreateLevelResponse)
    }),

    http.post('*/sonolus/levels/:name/submit', async ({ request, params }) => {
      const values = new URLSearchParams(((await request.json()) as { values: string }).values)
      state.edits.push({ name: String(params.name), values })
      await options.before?.({ kind: 'edit' })
      const answer: EditLevelResponse = { code: 200, key: '', hashes: [], shouldUpdateItem: true }
      return HttpResponse.json(answer)
    }),
  ]

  return { state, handlers, chartId }
}
