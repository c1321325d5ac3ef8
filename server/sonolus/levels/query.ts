// Reading the level list's query: the app's quick and advanced searches and the spec's web parameters
// (title, in=my|2) share one parser (docs/protocol.md §6).
import { LEVELS_PER_PAGE } from '../../../common/api/levels.js'
import { type ChartListQuery } from '../../db/repositories/index.js'
import { type Static } from '@sinclair/typebox'
import { type LevelListQuery } from '../../../common/api/schemas/levels.js'
import { stripControl, searchText } from '../../../common/text.js'
import {
  DIFFICULTY_MAX,
  type FeatureFilter,
  LENGTH_FILTER_MAX,
  NPS_FILTER_MAX,
  TAG_FILTER_MAX,
} from '../../../common/rules.js'
import { HttpError } from '../../http/errors.js'

/** The query as its schema (LevelListQuery) let it through: numbers are numbers, ranges checked. */
export type LevelListParams = Static<typeof LevelListQuery>

/** An empty level bound (the app's slider cleared) filters nothing. */
const int = (value: number | '' | undefined): number | undefined => (value === '' ? undefined : value)

/** A 400 that names the query field, as a schema failure does. */
const invalid = (field: string, message: string) =>
  new HttpError(400, 'bad_request', `querystring/${field}: ${message}`, { field: `querystring/${field}` })

/** A range's bounds, each undefined where it filters nothing (at the rules' ends); min > max is a 400. */
const range = (
  name: 'level' | 'length' | 'nps',
  min: number | '' | undefined,
  max: number | '' | undefined,
  floor: number,
  ceiling: number,
): [number | undefined, number | undefined] => {
  const low = int(min)
  const high = int(max)
  if (low !== undefined && high !== undefined && low > high)
    throw invalid(`${name}Min`, `must not be greater than ${name}Max`)
  return [
    low !== undefined && low > floor ? low : undefined,
    high !== undefined && high < ceiling ? high : undefined,
  ]
}

const feature = (value: FeatureFilter | undefined): boolean | undefined =>
  value === 'with' ? true : value === 'without' ? false : undefined

/** Whole tags, comma-separated; at most TAG_FILTER_MAX. */
const tagList = (value: string | undefined): string[] | undefined => {
  const tags = [...new Set((value ?? '').split(',').map((tag) => stripControl(tag).trim()))].filter(Boolean)
  if (tags.length > TAG_FILTER_MAX) throw invalid('tags', `at most ${TAG_FILTER_MAX} tags`)
  return tags.length ? tags : undefined
}
/** A search field's text (the forms' limit is 100): control characters, lone surrogates and noncharacters,
 *  which FTS5 and PostgreSQL refuse (a NUL ends an FTS5 query; PostgreSQL takes no NUL in text), are
 *  stripped rather than refused: search is a filter, and the rest of the text still means something. */
const text = (value: string | undefined) => searchText(value).trim()

/** Whose charts a list shows: everyone's, one's own (`in=my`) or one's liked (`in=2`). */
export const scopeOf = (param: unknown): ChartListQuery['scope'] =>
  param === 'my' ? 'mine' : param === '2' ? 'liked' : 'all'

export const parseLevelList = (
  params: LevelListParams,
  viewerId: string | undefined,
): ChartListQuery & { page: number } => {
  const page = params.page ?? 0
  const scope = scopeOf(params.in)
  const sort = params.sort ?? 'newest'
  const search: ChartListQuery['search'] = []
  if (params.type === 'quick' || params.keywords) search.push({ field: 'all', text: text(params.keywords) })
  if (params.title) search.push({ field: 'title', text: text(params.title) })
  if (params.artists) search.push({ field: 'artists', text: text(params.artists) })
  if (params.author) search.push({ field: 'author', text: text(params.author) })
  if (params.tag) search.push({ field: 'tags', text: text(params.tag) })
  // The app's sliders send 1 and 40 for "any": those bounds filter nothing. Both are the app's
  // difficulty, the number each level shows (common/rules.ts difficultyOf).
  const [levelMin, levelMax] = range('level', params.levelMin, params.levelMax, 1, DIFFICULTY_MAX)
  const [lengthMin, lengthMax] = range('length', params.lengthMin, params.lengthMax, 0, LENGTH_FILTER_MAX)
  const [npsMin, npsMax] = range('nps', params.npsMin, params.npsMax, 0, NPS_FILTER_MAX)
  const olivier =
    params.olivier === 'only' || params.olivier === '1'
      ? true
      : params.olivier === 'exclude'
        ? false
        : undefined
  return {
    viewerId,
    scope,
    search,
    levelMin,
    levelMax,
    lengthMin,
    lengthMax,
    npsMin,
    npsMax,
    olivier,
    tags: tagList(params.tags),
    scratches: feature(params.scratches),
    splitLines: feature(params.splitLines),
    speedChanges: feature(params.speedChanges),
    oneASong: params.songs === '1' || undefined,
    sort,
    page,
    offset: page * LEVELS_PER_PAGE,
    limit: LEVELS_PER_PAGE,
  }
}
