// The web create/edit form (docs/spec.md §3 "Create/edit form fields", §5): the fields checked, and the files
// checked by content and turned into the chart's stored files. The server re-checks everything the
// browser checked, and converts the SUS itself (docs/protocol.md §15.3).
import fsp from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { isGzip } from '../../../common/inflate.js'
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  MAX_TITLE_LENGTH,
  SCHEDULE_MAX_MS,
  type LevelFormInput,
} from '../../../common/api/uploads.js'
import { GZIP_LEVEL, LEVEL_MIN, SHA1_REGEX, levelMax } from '../../../common/rules.js'
import {
  type TextKind,
  codePointLength,
  hasForbiddenChars,
  normalizeNewlines,
  sliceCodePoints,
} from '../../../common/text.js'
import { type AppContext } from '../../context.js'
import { type ChartRow, type User, statsColumns } from '../../db/repositories/index.js'
import { type ChartStats } from '../../../common/chart/index.js'
import { HttpError, emptyField } from '../../http/errors.js'
import { composeBackground } from '../../media/background.js'
import { FileCheckError, checkImage, checkLevelData, checkMusic, convertChart } from '../../media/check.js'
import { blobToFile, putBuffer, readBlob } from '../../storage/putFile.js'
import { workOwnerOf } from '../../work/pool.js'

/** 400 create_failed with what was wrong (docs/spec.md §8's key for a failed create or update). */
export const createRejected = (message: string): HttpError => new HttpError(400, 'create_failed', message)

export const FILE_FIELDS = ['coverHash', 'backgroundHash', 'musicHash', 'susHash', 'dataHash'] as const
export type FileField = (typeof FILE_FIELDS)[number]

export type LevelForm = {
  title: string
  composer: string
  artists: string
  /** The display name before '#handle'. */
  authorName: string
  description: string
  level: number
  isOliver: 0 | 1
  isPublic: 0 | 1
  allowSusDownload: 0 | 1
  tags: string[]
  files: Partial<Record<FileField, string>>
  /** When to publish: a time, null for none, undefined to keep the chart's (edit). */
  publishAt: number | null | undefined
}

const TEXT_LIMITS = { title: MAX_TITLE_LENGTH, composer: MAX_TITLE_LENGTH, artists: MAX_TITLE_LENGTH }

/** A text field, trimmed. Limits count code points, as the browser's counters do (common/text.ts);
 *  control characters (but a description's line breaks and tabs), lone surrogates and noncharacters are
 *  refused, not stored. */
const text = (raw: Record<string, unknown>, field: string, max: number, kind: TextKind = 'line'): string => {
  const value = raw[field] ?? ''
  if (typeof value !== 'string') throw createRejected(`${field} must be text`)
  const normalized = kind === 'multiline' ? normalizeNewlines(value) : value
  if (hasForbiddenChars(normalized, kind)) throw createRejected(`${field} holds a control character`)
  const trimmed = normalized.trim()
  if (codePointLength(trimmed) > max) throw createRejected(`${field} is at most ${max} characters`)
  return trimmed
}

const flag = (raw: Record<string, unknown>, field: string, fallback: 0 | 1): 0 | 1 => {
  const value = raw[field]
  if (value === undefined || value === null || value === '') return fallback
  if (value === 1 || value === true || value === '1' || value === 'true') return 1
  if (value === 0 || value === false || value === '0' || value === 'false') return 0
  throw createRejected(`${field} must be 0 or 1`)
}

/** Checks the fields (docs/spec.md §5). `existing` is the chart being edited: its author and files stand in for
 *  what the form leaves out. */
export const readLevelForm = (body: LevelFormInput, existing?: ChartRow): LevelForm => {
  // Shapes and types were checked by LevelFormBodySchema; what follows are the rules.
  const raw: Record<string, unknown> = body
  const fields = {
    title: text(raw, 'title', TEXT_LIMITS.title),
    composer: text(raw, 'composer', TEXT_LIMITS.composer),
    artists: text(raw, 'artists', TEXT_LIMITS.artists),
  }
  const files: Partial<Record<FileField, string>> = {}
  for (const field of FILE_FIELDS) {
    const value = raw[field]
    if (value === undefined || value === null || value === '') continue
    if (typeof value !== 'string' || !SHA1_REGEX.test(value))
      throw createRejected(`${field} must be a file's SHA-1 in lower-case hex`)
    files[field] = value
  }
  const levelRaw = raw.level
  // docs/spec.md §5: required fields, else empty_field. The cover is the one file the user must give.
  if (
    !fields.title ||
    !fields.composer ||
    !fields.artists ||
    levelRaw === undefined ||
    levelRaw === null ||
    levelRaw === '' ||
    !(files.coverHash ?? existing?.coverHash)
  )
    throw emptyField()
  const isOliver = flag(raw, 'isOliver', 0)
  const level =
    typeof levelRaw === 'number' ? levelRaw : typeof levelRaw === 'string' ? Number(levelRaw) : NaN
  const max = levelMax(isOliver === 1)
  if (!Number.isInteger(level) || level < LEVEL_MIN || level > max)
    throw createRejected(
      `level must be a whole number from ${LEVEL_MIN} to ${max}${isOliver ? ' for Olivier charts' : ''}`,
    )

  const tagsRaw = raw.tags ?? []
  if (!Array.isArray(tagsRaw) || tagsRaw.some((tag) => typeof tag !== 'string'))
    throw createRejected('tags must be an array of strings')
  if ((tagsRaw as string[]).some((tag) => hasForbiddenChars(tag)))
    throw createRejected('A tag holds a control character')
  const tags = [...new Set((tagsRaw as string[]).map((tag) => tag.trim()).filter((tag) => tag !== ''))]
  if (tags.length > MAX_TAGS) throw createRejected(`At most ${MAX_TAGS} tags`)
  if (tags.some((tag) => codePointLength(tag) > MAX_TAG_LENGTH))
    throw createRejected(`A tag is at most ${MAX_TAG_LENGTH} characters`)

  const publishAt = scheduleOf(raw.publishAt, Date.now())
  const author = text(raw, 'author', MAX_TITLE_LENGTH)
  const hash = author.lastIndexOf('#')
  return {
    ...fields,
    authorName: sliceCodePoints((hash >= 0 ? author.slice(0, hash) : author).trim(), 64).trim(),
    description: text(raw, 'description', MAX_DESCRIPTION_LENGTH, 'multiline'),
    level,
    isOliver,
    isPublic: flag(raw, 'isPublic', existing ? (existing.isPublic ? 1 : 0) : 1),
    allowSusDownload: flag(raw, 'allowSusDownload', existing?.allowSusDownload ? 1 : 0),
    tags,
    files,
    publishAt,
  }
}

/** A publish time: '' or null for none; otherwise a whole ms time after `now` and at most
 *  SCHEDULE_MAX_MS ahead, else create_failed. */
const scheduleOf = (raw: unknown, now: number): number | null | undefined => {
  if (raw === undefined) return undefined
  if (raw === null || raw === '') return null
  const time =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,16}$/.test(raw) ? Number(raw) : NaN
  if (!Number.isSafeInteger(time)) throw createRejected('publishAt must be a time in milliseconds')
  if (time <= now) throw createRejected('The publish time must be in the future')
  if (time > now + SCHEDULE_MAX_MS) throw createRejected('The publish time must be at most a year ahead')
  return time
}

/** 'name#handle' with the caller's handle: the author is always the one who creates (docs/spec.md §6). */
export const authorOf = (form: LevelForm, user: User): string =>
  `${form.authorName || user.name}#${user.handle}`

const WHAT: Record<FileField, string> = {
  coverHash: 'cover',
  backgroundHash: 'background',
  musicHash: 'music',
  susHash: 'chart file',
  dataHash: 'level data',
}

/** A stored file's bytes; create_failed when it is gone. */
const stored = async (ctx: AppContext, hash: string): Promise<Buffer> => {
  const bytes = await readBlob(ctx.blobStore, hash)
  if (!bytes) throw createRejected('A file is missing; upload it again')
  return bytes
}

/** Checks a stored mp3 with the tools that read files (streamed to a temp file, not held in memory). */
const checkStoredMusic = async (ctx: AppContext, hash: string): Promise<void> => {
  const dir = path.join(ctx.config.dataDir, 'tmp')
  await fsp.mkdir(dir, { recursive: true })
  // No .mp3 name: ffprobe would take it as a hint and read a file it otherwise refuses (probe.ts).
  const file = path.join(dir, `check-${randomBytes(8).toString('hex')}.input`)
  try {
    if (!(await blobToFile(ctx.blobStore, hash, file)))
      throw createRejected('A file is missing; upload it again')
    await checkMusic(file)
  } finally {
    await fsp.rm(file, { force: true })
  }
}

export type ChartFiles = {
  coverHash: string
  backgroundHash: string | null
  musicHash: string | null
  susHash: string | null
  dataHash: string | null
  /** The music changed: its re-encode (and preview) must be made again. */
  musicChanged: boolean
  /** What the new level data is like; undefined when the level data did not change. */
  stats?: ChartStats
  /** The new level data's bytes, when it changed (an edit compares them with the old). */
  data?: Uint8Array
}

/** Checks every new file by content and works out the chart's files: the server's own level data from
 *  the SUS, the given level data only when there is no SUS, and a background composed from the cover
 *  when none was given. Files the chart already has were checked when it got them. */
export const prepareFiles = async (
  ctx: AppContext,
  form: LevelForm,
  existing: ChartRow | undefined,
  user: User,
): Promise<ChartFiles> => {
  const given = form.files
  const isNew = (field: FileField) => given[field] !== undefined && given[field] !== existing?.[field]
  const derived = (bytes: Uint8Array, contentType: string) =>
    putBuffer(ctx.blobStore, ctx.repos, Buffer.from(bytes), contentType, Date.now(), 'derived')
  try {
    const coverHash = given.coverHash ?? existing!.coverHash
    let coverBytes: Buffer | undefined
    if (isNew('coverHash')) {
      coverBytes = await stored(ctx, coverHash)
      await checkImage(coverBytes, WHAT.coverHash)
    }
    let backgroundHash = given.backgroundHash ?? null
    if (isNew('backgroundHash')) await checkImage(await stored(ctx, backgroundHash!), WHAT.backgroundHash)
    else if (!backgroundHash) {
      // Keep the old background unless the cover changed; then compose one from the new cover.
      backgroundHash = coverBytes === undefined ? (existing?.backgroundHash ?? null) : null
      if (!backgroundHash) {
        coverBytes ??= await stored(ctx, coverHash)
        backgroundHash = await derived(await composeBackground(coverBytes), 'image/png')
      }
    }
    const musicHash = given.musicHash ?? existing?.musicHash ?? null
    if (isNew('musicHash')) await checkStoredMusic(ctx, musicHash!)
    const susHash = given.susHash ?? existing?.susHash ?? null
    let dataHash = existing?.dataHash ?? null
    let stats: ChartStats | undefined
    let data: Uint8Array | undefined
    if (isNew('susHash')) {
      const converted = await convertChart(ctx.work, await stored(ctx, susHash!), workOwnerOf(user.id))
      dataHash = await derived(converted.gzipped, 'application/gzip')
      stats = converted.stats
      data = converted.gzipped
    } else if (!susHash && isNew('dataHash')) {
      const bytes = await stored(ctx, given.dataHash!)
      stats = (await checkLevelData(ctx.work, bytes, workOwnerOf(user.id))).stats
      // The app reads level data gzipped only (the level specs); plain JSON is kept gzipped in its place.
      data = isGzip(bytes) ? bytes : gzipSync(bytes, { level: GZIP_LEVEL })
      dataHash = data === bytes ? given.dataHash! : await derived(data, 'application/gzip')
    }
    return {
      coverHash,
      backgroundHash,
      musicHash,
      susHash,
      dataHash,
      musicChanged: isNew('musicHash'),
      stats,
      data,
    }
  } catch (error) {
    if (error instanceof FileCheckError) throw createRejected(error.message)
    throw error
  }
}

/** The chart's visibility and schedule: a scheduled chart is private until its time; making it
 *  public now cancels the schedule; an edit that says nothing of it keeps the chart's. */
const visibility = (form: LevelForm, existing?: Pick<ChartRow, 'scheduledTime'>) => {
  const scheduledTime =
    form.publishAt !== undefined
      ? form.publishAt
      : form.isPublic === 1
        ? null
        : (existing?.scheduledTime ?? null)
  return { isPublic: scheduledTime === null ? form.isPublic : (0 as const), scheduledTime }
}

/** The chart's columns that a create and an edit both write. */
export const chartColumns = (
  form: LevelForm,
  files: ChartFiles,
  existing?: Pick<ChartRow, 'scheduledTime'>,
) => ({
  ...visibility(form, existing),
  title: form.title,
  artists: form.artists,
  composer: form.composer,
  description: form.description,
  level: form.level,
  isOliver: form.isOliver,
  allowSusDownload: form.allowSusDownload,
  tags: JSON.stringify(form.tags),
  coverHash: files.coverHash,
  backgroundHash: files.backgroundHash,
  musicHash: files.musicHash,
  susHash: files.susHash,
  dataHash: files.dataHash,
  // New level data brings its stats; a chart created without level data has none to compute.
  ...(files.stats !== undefined
    ? statsColumns(files.stats)
    : files.dataHash === null
      ? statsColumns(null)
      : {}),
})

export const fileHashes = (files: ChartFiles): string[] =>
  [files.coverHash, files.backgroundHash, files.musicHash, files.susHash, files.dataHash].filter(
    (hash): hash is string => !!hash,
  )
