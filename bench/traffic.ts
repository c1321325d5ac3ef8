// Realistic traffic for bench:server: what a community's server answers on an ordinary evening, drawn
// request by request rather than warmed. A thousand people, seven in ten signed in (each with a session of
// their own), the rest visitors; each request one of the site's and the app's reads, its subject drawn from
// a Zipf-like distribution: a few list pages, filter combinations, search terms and charts are asked for
// often, and a long tail once. The filter bar puts its combination in the address and every person types
// their own search, so most of the tail is a first time for the server.
import { CHART_SORTS } from '../common/rules.js'

/** What the seed made that the traffic reads. */
export type TrafficSeed = {
  /** Public charts, the most asked-for first (Zipf ranks). */
  popular: string[]
  /** The chart with 10k comments and a board of 1,000 records. */
  level: string
  /** Sessions of the signed-in people. */
  people: string[]
}

export const PEOPLE = 1000
export const SIGNED_IN_SHARE = 0.7
export const SEARCH_TERMS = 10_000

/** A small, fast PRNG (mulberry32): the n-th request's draws are the same on every run. */
const random = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Ranks 0..size-1 drawn with weight 1/(rank+1)^s: the cumulative weights, searched by halving. */
export const zipf = (size: number, s = 1) => {
  const cumulative = new Float64Array(size)
  let total = 0
  for (let rank = 0; rank < size; rank++) cumulative[rank] = total += 1 / Math.pow(rank + 1, s)
  return (u: number): number => {
    const target = u * total
    let low = 0
    let high = size - 1
    while (low < high) {
      const middle = (low + high) >>> 1
      if (cumulative[middle] < target) low = middle + 1
      else high = middle
    }
    return low
  }
}

/** A fixed shuffle of 0..size-1, so that a popular rank is not also a neighbour of the next one. */
const shuffled = (size: number, seed: number): Uint32Array => {
  const order = Uint32Array.from({ length: size }, (_, i) => i)
  const next = random(seed)
  for (let i = size - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  return order
}

/** Search words: most are in the seeded titles and tags, a few in none. */
export const WORDS = [
  'star',
  'light',
  'night',
  'relay',
  'dream',
  'blue',
  'red',
  'gold',
  'silver',
  'echo',
  'rain',
  'snow',
  'wind',
  'fire',
  'ocean',
  'river',
  'sky',
  'moon',
  'sun',
  'dawn',
  'dusk',
  'spark',
  'pulse',
  'wave',
  'drift',
  'orbit',
  'nova',
  'comet',
  'aurora',
  'prism',
  'crystal',
  'bloom',
  'shadow',
  'ember',
  'frost',
  'glow',
  'haze',
  'iris',
  'jade',
  'karma',
]
/** 10,000 distinct search terms: one word, two words, and a word with a prefix being typed. */
export const searchTerms = (): string[] => {
  const terms = new Set<string>(WORDS)
  for (const first of WORDS) for (const second of WORDS) if (first !== second) terms.add(`${first} ${second}`)
  for (const word of WORDS) for (let cut = 2; cut < word.length; cut++) terms.add(word.slice(0, cut))
  for (let n = 0; terms.size < SEARCH_TERMS; n++)
    terms.add(`${WORDS[n % WORDS.length]} ${WORDS[Math.floor(n / WORDS.length) % WORDS.length]} ${n}`)
  const unique = [...terms]
  return Array.from(shuffled(unique.length, 7), (i) => unique[i])
}

/** The filter bar's combinations: level range × Olivier × sort × tag × NPS minimum. */
const LEVEL_RANGES: [number, number][] = [
  [0, 0],
  [1, 10],
  [10, 20],
  [20, 30],
  [25, 30],
  [15, 25],
  [28, 40],
  [1, 5],
]
const OLIVIER = ['any', 'exclude', 'only']
const NPS_MINIMA = [0, 2, 4, 6, 8]
const TAGS = ['', ...WORDS.slice(0, 30)]
const COMBINATIONS =
  LEVEL_RANGES.length * OLIVIER.length * CHART_SORTS.length * TAGS.length * NPS_MINIMA.length
const filterQuery = (index: number, page: number): string => {
  let rest = index
  const take = (count: number) => {
    const value = rest % count
    rest = Math.floor(rest / count)
    return value
  }
  const [min, max] = LEVEL_RANGES[take(LEVEL_RANGES.length)]
  const olivier = OLIVIER[take(OLIVIER.length)]
  const sort = CHART_SORTS[take(CHART_SORTS.length)]
  const tag = TAGS[take(TAGS.length)]
  const nps = NPS_MINIMA[take(NPS_MINIMA.length)]
  return (
    `sort=${sort}` +
    (min ? `&levelMin=${min}&levelMax=${max}` : '') +
    (olivier === 'any' ? '' : `&olivier=${olivier}`) +
    (tag ? `&tags=${tag}` : '') +
    (nps ? `&npsMin=${nps}` : '') +
    (page ? `&page=${page}` : '')
  )
}

const LOCALES: [string, number][] = [
  ['en', 0.6],
  ['ja', 0.25],
  ['zhs', 0.1],
  ['ko', 0.05],
]
const localeOf = (u: number): string => {
  let sum = 0
  for (const [locale, share] of LOCALES) if (u < (sum += share)) return locale
  return 'en'
}

/** The kinds of request and their shares of the traffic. */
export const MIX = [
  ['list page', 0.3],
  ['filtered list', 0.2],
  ['search', 0.15],
  ['details', 0.2],
  ['comments', 0.1],
  ['records', 0.05],
] as const
export type Kind = (typeof MIX)[number][0]

export type TrafficRequest = { path: string; session: string | undefined; kind: Kind }

/** The n-th request of the traffic: the same n gives the same request on every run. */
export const traffic = (seed: TrafficSeed) => {
  const terms = searchTerms()
  const termRank = zipf(terms.length)
  const pageRank = zipf(400, 1.1)
  const shortPageRank = zipf(10, 1.5)
  const combinationOrder = shuffled(COMBINATIONS, 11)
  const combinationRank = zipf(COMBINATIONS)
  const chartRank = zipf(seed.popular.length)
  const commentPageRank = zipf(1000, 1.2)
  const recordPageRank = zipf(20, 1.5)
  return (n: number): TrafficRequest => {
    const draw = random(n * 2654435761)
    const person = Math.floor(draw() * PEOPLE)
    const session = person < PEOPLE * SIGNED_IN_SHARE ? seed.people[person % seed.people.length] : undefined
    const locale = `localization=${localeOf(draw())}`
    let pick = draw()
    let kind: Kind = MIX[MIX.length - 1][0]
    for (const [name, share] of MIX)
      if ((pick -= share) < 0) {
        kind = name
        break
      }
    const chart = () => seed.popular[chartRank(draw())]
    const path = (() => {
      switch (kind) {
        case 'list page': {
          const page = pageRank(draw())
          return `/sonolus/levels/list?${locale}${page ? `&page=${page}` : ''}`
        }
        case 'filtered list':
          return `/sonolus/levels/list?${locale}&${filterQuery(combinationOrder[combinationRank(draw())], shortPageRank(draw()))}`
        case 'search':
          return `/sonolus/levels/list?${locale}&type=quick&keywords=${encodeURIComponent(terms[termRank(draw())])}`
        case 'details':
          return `/sonolus/levels/wbs-${chart()}?${locale}`
        case 'comments': {
          // Half on the chart everyone talks about (10k comments), half on another chart's first page.
          if (draw() < 0.5) {
            const page = commentPageRank(draw())
            return `/sonolus/levels/wbs-${seed.level}/community/comments/list?${locale}${page ? `&page=${page}` : ''}`
          }
          return `/sonolus/levels/wbs-${chart()}/community/comments/list?${locale}`
        }
        case 'records': {
          if (draw() < 0.5) {
            const page = recordPageRank(draw())
            return `/sonolus/levels/wbs-${seed.level}/leaderboards/arcScore/records/list?${locale}${page ? `&page=${page}` : ''}`
          }
          return `/sonolus/levels/wbs-${chart()}/leaderboards/arcScore/records/list?${locale}`
        }
      }
    })()
    return { path, session, kind }
  }
}

/** A filter bar used by one person after another: a combination of level range, NPS minimum, Olivier and
 *  sort that no request before asked for (1..40 × NPS 0–10 by halves × 3 × 8 sorts: 400k of them). */
export const newFilterCombination = (n: number): string => {
  const draw = random(n * 40503 + 1)
  const sort = CHART_SORTS[n % CHART_SORTS.length]
  const olivier = OLIVIER[Math.floor(n / CHART_SORTS.length) % OLIVIER.length]
  const rest = Math.floor(n / (CHART_SORTS.length * OLIVIER.length))
  const nps = (rest % 21) / 2
  const pair = Math.floor(rest / 21) % 820
  // The pair-th (min, max) with 1 ≤ min ≤ max ≤ 40.
  let min = 1
  let left = pair
  while (left >= 41 - min) left -= 41 - min++
  const max = min + left
  const page = draw() < 0.8 ? 0 : 1 + Math.floor(draw() * 4)
  return (
    `/sonolus/levels/list?levelMin=${min}&levelMax=${max}&npsMin=${nps}&olivier=${olivier}&sort=${sort}` +
    (page ? `&page=${page}` : '')
  )
}
