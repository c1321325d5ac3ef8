// Upload and create calls (docs/spec.md §4 "Upload", §7; common/api/uploads.ts is the wire contract):
// GET {upload base}{sha1}?size&type starts an upload (201: stored already), the bytes go by PUT to the
// session's uploadUrl in UPLOAD_CHUNK_BYTES chunks with its Bearer token, and POST /levels/create makes
// the chart. The start and create calls carry the session (the base query adds Authorization); the chunk
// PUTs carry only the upload token, so they are plain fetches here rather than RTK Query endpoints.
import {
  type CreateLevelBody,
  type CreateLevelResponse,
  type UploadKind,
  type UploadProgressResponse,
  type UploadStartResponse,
} from '../../common/api/uploads'
import { UPLOAD_CHUNK_BYTES } from '../../common/rules'
import { UploadError, catalogueKeyOf, reasonOf } from './errors'
import { sonolusApi } from './sonolusApi'

export type StartUploadArgs = { sha1: string; size: number; type: UploadKind }

export const uploadsApi = sonolusApi.injectEndpoints({
  endpoints: (build) => ({
    startUpload: build.mutation<UploadStartResponse, StartUploadArgs>({
      query: ({ sha1, size, type }) => ({
        base: 'upload',
        url: sha1,
        params: { size: String(size), type },
      }),
      // A 201 means "stored already" whatever its body says (it may have none).
      transformResponse: (body: UploadStartResponse | null, meta): UploadStartResponse =>
        meta?.response?.status === 201 || !body || body.code === 201 ? { code: 201 } : body,
    }),
    // Create carries the creator's acceptance of the upload rules; edits do not.
    createLevel: build.mutation<CreateLevelResponse, CreateLevelBody>({
      query: (body) => ({ url: '/levels/create', method: 'POST', body }),
      invalidatesTags: ['LevelList'],
    }),
  }),
})

export const { useStartUploadMutation, useCreateLevelMutation } = uploadsApi

export { UploadError } from './errors'

/** How often an upload asks the server how far it got after a chunk was lost on the network. */
export const UPLOAD_RETRIES = 3
/** Wait before the n-th retry: n × this. */
export const UPLOAD_RETRY_DELAY_MS = 500

export type ChunkUpload = {
  file: Blob
  /** The session from the start call. */
  uploadUrl: string
  token: string
  /** Bytes from the start the server holds already (a resumed upload). */
  received: number
  /** The upload base: the session is reached on it (sessionUrl). */
  uploadBase: string
  /** Bytes the server holds, and the end of the chunk in flight. */
  onProgress?: (received: number, sending: number) => void
  signal?: AbortSignal
}

/** The session's path on the upload base (`sessions/{id}`) in the server's uploadUrl. */
const SESSION_PATH = /\/upload\/(sessions\/[^/]+)$/

/**
 * Where the chunks of a session go: the session on the upload base this page calls. The server names the
 * session under its PUBLIC_URL, but a page may have been opened at another address of the same server
 * (http://127.0.0.1:8080 for http://localhost:8080), or call it through the proxy: chunks sent to
 * PUBLIC_URL from there are another origin, which the page's policy and CORS refuse, and the upload
 * would fail as if the network had.
 */
export const sessionUrl = (uploadUrl: string, uploadBase: string): string => {
  const url = new URL(uploadUrl, uploadBase)
  const session = SESSION_PATH.exec(url.pathname)?.[1]
  return session ? new URL(session, uploadBase).href : url.href
}

const isAbort = (error: unknown, signal?: AbortSignal) =>
  signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')

const readProgress = async (response: Response): Promise<UploadProgressResponse> => {
  let data: unknown
  try {
    data = await response.json()
  } catch {
    data = undefined
  }
  if (!response.ok) {
    // The server's reason travels with the error: a refusal is shown as one, not as a network failure.
    const reason = reasonOf(data)
    throw new UploadError(
      catalogueKeyOf(data) ?? 'upload_failed',
      `the upload answered HTTP ${response.status}`,
      reason === undefined ? { status: response.status } : { status: response.status, reason },
    )
  }
  const progress = data as Partial<UploadProgressResponse> | undefined
  if (!progress || typeof progress.received !== 'number' || typeof progress.complete !== 'boolean') {
    throw new UploadError('upload_failed', 'the upload answered without its progress')
  }
  return progress as UploadProgressResponse
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(new DOMException('aborted', 'AbortError'))
      },
      { once: true },
    )
  })

/**
 * PUTs the file from `received` on, one chunk at a time, each with `Content-Range: bytes a-b/total`
 * (inclusive) and the session's Bearer token, until the server says the file is complete. When a chunk is
 * lost on the network, it asks the server (GET uploadUrl) how far the upload got and goes on from there, at
 * most UPLOAD_RETRIES times. A server error with a catalogue key fails with that key, else upload_failed.
 */
export const putChunks = async ({
  file,
  uploadUrl,
  token,
  received,
  uploadBase,
  onProgress,
  signal,
}: ChunkUpload): Promise<void> => {
  const url = sessionUrl(uploadUrl, uploadBase)
  const authorization = `Bearer ${token}`
  const size = file.size
  let offset = received
  let retries = 0

  const status = async (): Promise<UploadProgressResponse> => {
    for (;;) {
      if (retries >= UPLOAD_RETRIES) {
        throw new UploadError('upload_failed', `the upload failed after ${UPLOAD_RETRIES} retries`)
      }
      retries++
      await wait(retries * UPLOAD_RETRY_DELAY_MS, signal)
      try {
        return await readProgress(await fetch(url, { headers: { authorization }, signal }))
      } catch (error) {
        if (error instanceof UploadError || isAbort(error, signal)) throw error
      }
    }
  }

  for (;;) {
    if (offset >= size) {
      // Every byte is there but the server has not said so: ask once more, then give up.
      const answer = await status()
      if (answer.complete) break
      throw new UploadError('upload_failed', 'the server holds every byte but did not store the file')
    }
    const end = Math.min(size, offset + UPLOAD_CHUNK_BYTES) - 1
    onProgress?.(offset, end + 1)
    // The chunk goes as bytes, not as a Blob slice: the browser sets Content-Length from either, and
    // bytes also survive fetch implementations that do not know the page's Blob class (jsdom on Node).
    const body = await file.slice(offset, end + 1).arrayBuffer()
    let answer: UploadProgressResponse
    let recovered = false
    try {
      const response = await fetch(url, {
        method: 'PUT',
        headers: { authorization, 'content-range': `bytes ${offset}-${end}/${size}` },
        body,
        signal,
      })
      answer = await readProgress(response)
    } catch (error) {
      if (error instanceof UploadError || isAbort(error, signal)) throw error
      answer = await status()
      recovered = true
    }
    if (answer.complete) break
    // A chunk the server answered for must move the upload on; after a lost chunk it may not have (the
    // retries bound that loop).
    if (!recovered && answer.received <= offset) {
      throw new UploadError('upload_failed', `the server did not take the bytes from ${offset}`)
    }
    offset = Math.max(0, answer.received)
  }
  onProgress?.(size, size)
}
