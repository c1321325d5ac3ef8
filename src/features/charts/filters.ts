// The chart list's search, filters and sort in the address: read from the URL (shareable; Back
// works), written back with only what differs from "everything, newest first", and passed to /levels/list
// under the same names. What the address holds that the list does not know is reported, so the page can
// drop it from the address, say so, and keep the rest: an unknown parameter, an unknown choice, a number
// that is not one, tags past the limit, or a range whose minimum passes its maximum. Numbers outside the
// rules' bounds are clamped (the server answers them with a 400 instead).
import {
  CHART_SORTS,
  type ChartSort,
  DIFFICULTY_MAX,
  FEATURE_FILTERS,
  type FeatureFilter,
  LENGTH_FILTER_MAX,
  NPS_FILTER_MAX,
  NPS_FILTER_STEP,
  OLIVIER_FILTERS,
  TAG_FILTER_MAX,
} from '../../../common/rules'
import { MAX_TAG_LENGTH } from '../../../common/api/uploads'
import { type ChartScope, type LevelListArgs } from '../../api/levels'

export type OlivierFilter = (typeof OLIVIER_FILTERS)[number]
export type Range = [number, number]

export type ChartFilters = {
  /** A title-only search: the search box wrote `title=` once, and those addresses still mean it. */
  title: string
  /** The search box: words over title, artists, composer, author and tags. */
  keywords: string
  /** Whole tags; the chart has every one. */
  tags: string[]
  level: Range
  length: Range
  nps: Range
  olivier: OlivierFilter
  scratches: FeatureFilter
  splitLines: FeatureFilter
  speedChanges: FeatureFilter
  /** One card per song (its easiest public chart). */
  songs: boolean
  sort: ChartSort
}

/** The bounds of each range: the full range filters nothing. */
export const RANGES = {
  level: { min: 1, max: DIFFICULTY_MAX, step: 1 },
  length: { min: 0, max: LENGTH_FILTER_MAX, step: 10 },
  nps: { min: 0, max: NPS_FILTER_MAX, step: NPS_FILTER_STEP },
} as const
export type RangeName = keyof typeof RANGES

export const FEATURES = ['scratches', 'splitLines', 'speedChanges'] as const
export type FeatureName = (typeof FEATURES)[number]

export const DEFAULT_FILTERS: ChartFilters = {
  title: '',
  keywords: '',
  tags: [],
  level: [RANGES.level.min, RANGES.level.max],
  length: [RANGES.length.min, RANGES.length.max],
  nps: [RANGES.nps.min, RANGES.nps.max],
  olivier: 'any',
  scratches: 'any',
  splitLines: 'any',
  speedChanges: 'any',
  songs: false,
  sort: 'newest',
}

/** Address parameters: the API's names (a range's bounds are `{name}Min` and `{name}Max`). */
const RANGE_PARAMS = Object.keys(RANGES).flatMap((name) => [`${name}Min`, `${name}Max`])
export const KNOWN_PARAMS = new Set([
  'page',
  'title',
  'keywords',
  'tags',
  'olivier',
  'sort',
  'songs',
  ...FEATURES,
  ...RANGE_PARAMS,
])

/** A text parameter's length at most (the server's forms take 100 code points). */
const TEXT_MAX = 100

export type Ignored = { param: string; value: string }

const clamp = (value: number, name: RangeName) => {
  const { min, max, step } = RANGES[name]
  const stepped = Math.round(value / step) * step
  return Math.min(max, Math.max(min, Number(stepped.toFixed(2))))
}

/** Tags as the address and the API write them: trimmed, no empty ones, no repeats, at most TAG_FILTER_MAX. */
export const cleanTags = (tags: readonly string[], max: number = TAG_FILTER_MAX): string[] =>
  [...new Set(tags.map((tag) => tag.replace(/,/g, ' ').trim().slice(0, MAX_TAG_LENGTH)))]
    .filter(Boolean)
    .slice(0, max)

/** The filters an address holds, and what of it was left out. */
export const readFilters = (params: URLSearchParams): { filters: ChartFilters; ignored: Ignored[] } => {
  const filters: ChartFilters = { ...DEFAULT_FILTERS }
  const ignored: Ignored[] = []
  for (const [param, value] of params) if (!KNOWN_PARAMS.has(param)) ignored.push({ param, value })
  const choice = <T extends string>(param: string, values: readonly T[], fallback: T): T => {
    const value = params.get(param)
    if (value === null || value === '') return fallback
    // '1' is the spec's spelling of Olivier charts only.
    if (param === 'olivier' && value === '1') return 'only' as T
    if ((values as readonly string[]).includes(value)) return value as T
    ignored.push({ param, value })
    return fallback
  }
  filters.title = (params.get('title') ?? '').trim().slice(0, TEXT_MAX)
  filters.keywords = (params.get('keywords') ?? '').trim().slice(0, TEXT_MAX)
  // Only the tags past the limit are left out: the rest still filter.
  const tags = cleanTags(params.get('tags')?.split(',') ?? [], Infinity)
  filters.tags = tags.slice(0, TAG_FILTER_MAX)
  if (tags.length > TAG_FILTER_MAX)
    ignored.push({ param: 'tags', value: tags.slice(TAG_FILTER_MAX).join(',') })
  filters.sort = choice('sort', CHART_SORTS, 'newest')
  filters.olivier = choice('olivier', OLIVIER_FILTERS, 'any')
  for (const feature of FEATURES) filters[feature] = choice(feature, FEATURE_FILTERS, 'any')
  filters.songs = choice('songs', ['1'], '0' as '1') === '1'
  for (const name of Object.keys(RANGES) as RangeName[]) {
    const bound = (param: string, fallback: number) => {
      const text = params.get(param)
      if (text === null || text.trim() === '') return fallback
      const value = Number(text)
      if (!Number.isFinite(value)) {
        ignored.push({ param, value: text })
        return fallback
      }
      return clamp(value, name)
    }
    const low = bound(`${name}Min`, RANGES[name].min)
    const high = bound(`${name}Max`, RANGES[name].max)
    if (low > high) {
      ignored.push({ param: `${name}Min`, value: params.get(`${name}Min`) ?? '' })
      ignored.push({ param: `${name}Max`, value: params.get(`${name}Max`) ?? '' })
    } else filters[name] = [low, high]
  }
  return { filters, ignored }
}

/** The parameters that say these filters: only what differs from the defaults, in a stable order. */
export const filterParams = (filters: ChartFilters): Record<string, string> => {
  const params: Record<string, string> = {}
  if (filters.title) params.title = filters.title
  if (filters.keywords) params.keywords = filters.keywords
  const tags = cleanTags(filters.tags)
  if (tags.length) params.tags = tags.join(',')
  for (const name of Object.keys(RANGES) as RangeName[]) {
    const [low, high] = filters[name]
    if (low !== RANGES[name].min) params[`${name}Min`] = String(low)
    if (high !== RANGES[name].max) params[`${name}Max`] = String(high)
  }
  if (filters.olivier !== 'any') params.olivier = filters.olivier
  for (const feature of FEATURES) if (filters[feature] !== 'any') params[feature] = filters[feature]
  if (filters.songs) params.songs = '1'
  if (filters.sort !== 'newest') params.sort = filters.sort
  return params
}

/** The search box's words: its keywords, or an older address's title search. */
/** The list call for these filters, page and scope: the list page's, and the first paint's (shell/firstPaint.ts). */
export const listQueryArgs = (filters: ChartFilters, page: number, scope: ChartScope): LevelListArgs => ({
  page,
  title: filters.title,
  scope,
  filters: filterParams({ ...filters, title: '' }),
})

export const searchText = (filters: ChartFilters): string => filters.keywords || filters.title

/** True when the filter bar narrows the list (beyond the search box and the sort). */
export const isFiltered = (filters: ChartFilters): boolean =>
  Object.keys(filterParams({ ...filters, title: '', keywords: '', sort: 'newest' })).length > 0

/** The address of the list for these filters (a tag chip's link, say). */
export const chartListPath = (filters: Partial<ChartFilters>): string => {
  const search = new URLSearchParams(filterParams({ ...DEFAULT_FILTERS, ...filters })).toString()
  return `/chart/list${search ? `?${search}` : ''}`
}
