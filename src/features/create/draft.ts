// What a creator typed in the create or edit form, kept in the tab's session storage so that an accidental
// reload does not lose it. Files are not kept (a File cannot be stored there); the rules checkbox is not
// either, since accepting the rules is asked for each time.
import { type ChartFormValues } from './chartForm'
import { type PipelineMode } from './stages'

export type DraftValues = Partial<
  Pick<
    ChartFormValues,
    | 'title'
    | 'composer'
    | 'artists'
    | 'description'
    | 'level'
    | 'isOlivier'
    | 'isPublic'
    | 'allowSusDownload'
    | 'tags'
    | 'publishAt'
  >
>

const STRINGS = ['title', 'composer', 'artists', 'description', 'publishAt'] as const
const BOOLEANS = ['isOlivier', 'isPublic', 'allowSusDownload'] as const
/** Far above any field's limit: a draft is a user's own text, but not a way to fill the storage. */
const MAX_DRAFT_CHARS = 64_000

export const draftKey = (mode: PipelineMode, chartId?: string): string =>
  mode === 'edit' ? `chart-form:edit:${chartId ?? ''}` : 'chart-form:create'

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage
  } catch {
    // Storage switched off by the browser: the form simply does not keep a draft.
    return undefined
  }
}

/** The draft's fields, each only when it has the right type. */
export const readDraft = (key: string): DraftValues => {
  let stored: unknown
  try {
    stored = JSON.parse(storage()?.getItem(key) ?? 'null')
  } catch {
    return {}
  }
  if (typeof stored !== 'object' || stored === null) return {}
  const source = stored as Record<string, unknown>
  const draft: DraftValues = {}
  for (const name of STRINGS) if (typeof source[name] === 'string') draft[name] = source[name]
  for (const name of BOOLEANS) if (typeof source[name] === 'boolean') draft[name] = source[name]
  if (source.level === null || (typeof source.level === 'number' && Number.isFinite(source.level)))
    draft.level = source.level
  if (Array.isArray(source.tags) && source.tags.every((tag) => typeof tag === 'string'))
    draft.tags = source.tags as string[]
  return draft
}

export const writeDraft = (key: string, values: Partial<ChartFormValues>): void => {
  const draft: DraftValues = {}
  for (const name of STRINGS) if (values[name] !== undefined) draft[name] = values[name]
  for (const name of BOOLEANS) if (values[name] !== undefined) draft[name] = values[name]
  if (values.level !== undefined) draft.level = values.level
  if (values.tags !== undefined) draft.tags = values.tags
  const text = JSON.stringify(draft)
  if (text.length > MAX_DRAFT_CHARS) return
  try {
    storage()?.setItem(key, text)
  } catch {
    // A full storage keeps the last draft that fitted.
  }
}

export const clearDraft = (key: string): void => {
  try {
    storage()?.removeItem(key)
  } catch {
    // Nothing to clear.
  }
}
