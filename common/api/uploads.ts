// Wire types of chunked uploads and of the web create/edit calls (docs/spec.md §4 "Upload", §7; docs/protocol.md §15).
// The server and the SPA both build on these, so the two sides cannot drift.
import { type RawChart } from './levels.js'
import { type Static } from '@sinclair/typebox'
import type * as U from './schemas/uploads.js'
import { UPLOAD_KINDS, MAX_TAGS, MAX_TAG_LENGTH } from './constants.js'

export { UPLOAD_KINDS, MAX_TAGS, MAX_TAG_LENGTH }

export type UploadKind = (typeof UPLOAD_KINDS)[number]

/** Which byte ranges of an upload the server holds, as inclusive [start, end] pairs, sorted. */
export type UploadRanges = Static<typeof U.UploadProgressResponseSchema>['ranges']

/**
 * GET {upload base}{sha1}?size=N&type=K (needs a login).
 * - 201: the file is stored already; nothing is uploaded.
 * - 200: PUT the bytes to `uploadUrl` (absolute) with `Authorization: Bearer <token>`.
 *   `received` is how many bytes from the start the server already holds (0 for a new upload; more when
 *   the same user resumes an unfinished upload of this file), so the client continues from there.
 */
export type UploadStartResponse = Static<typeof U.UploadStartResponseSchema>

/**
 * PUT uploadUrl with `Content-Range: bytes a-b/total` and `Content-Length: b-a+1`, at most
 * UPLOAD_CHUNK_BYTES a chunk. The answer says how far the upload got; `complete` is true once the file is
 * verified (SHA-1 and content) and stored, at which point the session is gone.
 * GET uploadUrl with the same token answers the same shape (how far an upload got, to resume).
 */
export type UploadProgressResponse = Static<typeof U.UploadProgressResponseSchema>

/** POST {sonolus base}/levels/create: the web create's JSON body (docs/spec.md §3 "Create/edit form fields"): the
 *  chart's own fields, and the files by hash. `author` is 'name#handle' or just a name; the server always
 *  stores '{name}#{the caller's handle}'. */
export type LevelFormBody = Pick<
  RawChart,
  | 'title'
  | 'composer'
  | 'artists'
  | 'author'
  | 'description'
  | 'level'
  | 'isOliver'
  | 'isPublic'
  | 'tags'
  | 'coverHash'
> & {
  /** Absent: the server composes the background from the cover. */
  backgroundHash?: string
  musicHash?: string
  /** The SUS file. The server converts it again itself and stores its own level data. */
  susHash?: string
  /** Level data (gzip JSON). Used only when there is no SUS; then it is checked by the level-data reader. */
  dataHash?: string
  /** Others may download the SUS; absent: off on create, unchanged on edit. */
  allowSusDownload?: 0 | 1
  /** When to publish (ms): the chart stays private until then. null: no schedule (an edit's
   *  cancels one); absent: none on create, unchanged on edit. At most SCHEDULE_MAX_MS ahead. */
  publishAt?: number | null
}

/** How far ahead a chart may be scheduled: a year. */
export const SCHEDULE_MAX_MS = 365 * 24 * 60 * 60_000

/** The web create's body: the form, and the creator's acceptance of the upload rules (/docs/rules),
 *  without which the server refuses with empty_field. */
export type CreateLevelBody = LevelFormBody & { rulesAccepted: true }

export type CreateLevelResponse = Static<typeof U.CreateLevelResponseSchema>
/** What the server's form schema accepts (looser than what the site sends: the app's values are text). */
export type LevelFormInput = Static<typeof U.LevelFormBodySchema>

type Assert<T extends true> = T
type Extends<A, B> = [A] extends [B] ? true : false
/** The site's form always passes the server's schema. */
export type _SiteFormCheck = Assert<Extends<CreateLevelBody, Static<typeof U.CreateLevelBodySchema>>>

/** The field names carried in an edit's `values` (besides type=edit). Tags are a JSON string array. */
const EDIT_FIELDS = [
  'title',
  'composer',
  'artists',
  'author',
  'description',
  'level',
  'isOliver',
  'isPublic',
  'tags',
  'coverHash',
  'backgroundHash',
  'musicHash',
  'susHash',
  'dataHash',
  'allowSusDownload',
  'publishAt',
] as const

/** POST {sonolus base}/levels/wbs-{id}/submit body: `{values: editValues(form)}` (docs/protocol.md §15). An
 *  absent or empty hash keeps the chart's current file. */
export const editValues = (form: LevelFormBody): string => {
  const params = new URLSearchParams({ type: 'edit' })
  for (const field of EDIT_FIELDS) {
    const value = form[field]
    if (value === undefined) continue
    // null (a cancelled schedule) travels as an empty value.
    params.set(field, field === 'tags' ? JSON.stringify(value) : value === null ? '' : String(value))
  }
  return params.toString()
}

/** The server's reading of an edit's values: each field as the text it came as (the form reader checks
 *  and converts them, as it does for create), tags parsed from their JSON. */
export const readEditValues = (values: URLSearchParams): Record<string, unknown> => {
  const body: Record<string, unknown> = {}
  for (const field of EDIT_FIELDS) {
    const value = values.get(field)
    if (value === null) continue
    if (field !== 'tags') body[field] = value
    else {
      try {
        body.tags = JSON.parse(value) as unknown
      } catch {
        body.tags = value
      }
    }
  }
  return body
}

export type EditLevelResponse = Static<typeof U.EditLevelResponseSchema>

/** docs/spec.md §4: the stages of the create/edit pipeline. */
export const CREATE_STAGES = {
  waiting: 0,
  cover: 1,
  background: 2,
  music: 3,
  chart: 4,
  data: 5,
  create: 6,
  finished: 7,
} as const
export type CreateStage = (typeof CREATE_STAGES)[keyof typeof CREATE_STAGES]

/** Text fields' limits. */
export const MAX_TITLE_LENGTH = 200
export const MAX_DESCRIPTION_LENGTH = 5000
