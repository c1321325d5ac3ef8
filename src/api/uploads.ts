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
import { type MessageKey, catalogueKeyOf } from './errors'
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
    // Create carries the creator's acceptance of the upload rules (issue 14); edits do not.
    createLevel: build.mutation<CreateLevelResponse, CreateLevelBody>({
      query: (body) => ({ url: '/levels/create', method: 'POST', body }),
      invalidatesTags: ['LevelList'],
    }),
  }),
})

export const { useStartUploadMutation, useCreateLevelMutation } = uploadsApi

/** A failed upload and the catalogue key (docs/spec.md §8) it shows. */
export class UploadError extends Error {
  constructor(
    readonly key: MessageKey,
    message: string,
  ) {
    super(message)
    this.name = 'UploadError'
  }
}

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
  /** The upload base; a relative uploadUrl resolves against it. */
  uploadBase: string
  /** Bytes the server holds, and the end of the chunk in flight. */
  onProgress?: (received: number, sending: number) => void
  signal?: AbortSignal
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
    throw new UploadError(
      catalogueKeyOf(data) ?? 'upload_failed',
      `the upload answered HTTP ${response.status}`,
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
  const url = new URL(uploadUrl, uploadBase).href
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
