// Reading the level list's query: the app's quick and advanced searches and the spec's web parameters
// (title, in=my|2) share one parser (docs/protocol.md §6).
import { LEVELS_PER_PAGE } from '../../../common/api/levels.js'
import { type ChartListQuery, type ChartSort } from '../../db/repositories/index.js'
import { type Static } from '@sinclair/typebox'
import { type LevelListQuery } from '../../../common/api/schemas/levels.js'
import { sliceCodePoints, stripControl } from '../../../common/text.js'
import { DIFFICULTY_MAX } from '../../../common/rules.js'

/** The query as its schema (LevelListQuery) let it through: numbers are numbers, ranges checked. */
export type LevelListParams = Static<typeof LevelListQuery>

/** An empty level bound (the app's slider cleared) filters nothing. */
const int = (value: number | '' | undefined): number | undefined => (value === '' ? undefined : value)

const SORTS: ChartSort[] = ['newest', 'likes', 'rating', 'title']
/** A search field's text (the forms' limit is 100): control characters, lone surrogates and noncharacters,
 *  which FTS5 and PostgreSQL refuse (a NUL ends an FTS5 query; PostgreSQL takes no NUL in text), are
 *  stripped rather than refused: search is a filter, and the rest of the text still means something. */
const text = (value: string | undefined) => sliceCodePoints(stripControl(value ?? ''), 100).trim()

export const parseLevelList = (
  params: LevelListParams,
  viewerId: string | undefined,
): ChartListQuery & { page: number; scopeNeedsLogin: boolean } => {
  const page = params.page ?? 0
  const scopeParam = params.in ?? 'all'
  const scope = scopeParam === 'my' ? 'mine' : scopeParam === '2' ? 'liked' : 'all'
  const sort = SORTS.includes(params.sort as ChartSort) ? (params.sort as ChartSort) : 'newest'
  const search: ChartListQuery['search'] = []
  if (params.type === 'quick' || params.keywords) search.push({ field: 'all', text: text(params.keywords) })
  if (params.title) search.push({ field: 'title', text: text(params.title) })
  if (params.artists) search.push({ field: 'artists', text: text(params.artists) })
  if (params.author) search.push({ field: 'author', text: text(params.author) })
  if (params.tag) search.push({ field: 'tags', text: text(params.tag) })
  const levelMin = int(params.levelMin)
  const levelMax = int(params.levelMax)
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
    // The app's sliders send 1 and 40 for "any": those bounds filter nothing. Both are the app's
    // difficulty, the number each level shows (common/rules.ts difficultyOf).
    levelMin: levelMin !== undefined && levelMin > 1 ? levelMin : undefined,
    levelMax: levelMax !== undefined && levelMax < DIFFICULTY_MAX ? levelMax : undefined,
    olivier,
    sort,
    page,
    offset: page * LEVELS_PER_PAGE,
    limit: LEVELS_PER_PAGE,
    scopeNeedsLogin: scope !== 'all',
  }
}
