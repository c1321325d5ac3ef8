// A chart as a Sonolus LevelItem (docs/protocol.md §12.1) and as the site's raw chart row (docs/spec.md §3).
import { type BackgroundItem, type LevelItem, type Srl } from '@sonolus/core'
import { type RawChart, type RawChartStats } from '../../../common/api/levels.js'
import { LEVEL_NAME_PREFIX, difficultyOf } from '../../../common/rules.js'
import { formatLength, formatNps, levelLabel } from '../../../common/format.js'
import { userItemOf } from '../userItems.js'
import { ownText, timeRelative } from '../texts.js'

/** `{[field]: UserItem}` when the 'name#handle' names someone, else nothing. */
export const withUser = <K extends string>(field: K, author: string, publicUrl: string) => {
  const user = userItemOf(author, publicUrl)
  return (user ? { [field]: user } : {}) as Partial<Record<K, NonNullable<typeof user>>>
}
import { type ChartRow } from '../../db/repositories/index.js'
import { type PackCatalog } from '../../packs/catalog.js'
import { CHART_BACKGROUND_DATA } from '../../packs/builtInEngine.js'

export const levelName = (id: string) => `${LEVEL_NAME_PREFIX}${id}`

/** Relative SRLs resolve against the server address (docs/protocol.md §2.6). */
export const srl = (hash: string | null | undefined): Srl =>
  hash ? { hash, url: `/sonolus/repository/${hash}` } : { hash: null, url: null }

export const parseTags = (tags: string): string[] => {
  try {
    const value = JSON.parse(tags) as unknown
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : []
  } catch {
    return []
  }
}

/** The chart's stats, when its level data was read. */
export const statsOf = (row: ChartRow): RawChartStats | null => {
  if (row.noteCount === null || row.duration === null) return null
  let counts: Record<string, number> = {}
  try {
    counts = JSON.parse(row.noteCounts ?? '{}') as Record<string, number>
  } catch {
    // A row written by hand: the kinds are left out, the rest still holds.
  }
  return {
    noteCount: row.noteCount,
    counts,
    duration: row.duration,
    npsAverage: row.npsAverage ?? 0,
    npsPeak: row.npsPeak ?? 0,
    bpmMin: row.bpmMin,
    bpmMax: row.bpmMax,
    hasScratches: !!row.hasScratches,
    hasSplitLines: !!row.hasSplitLines,
    hasSpeedChanges: !!row.hasSpeedChanges,
  }
}

/** The accepted co-authors' 'name#handle' texts. */
export const coauthorsOf = (row: Pick<ChartRow, 'coauthors'>): string[] =>
  row.coauthors ? row.coauthors.split('\n') : []

/** The chart row as the site reads it. The SUS's hash is for its owner, and for everyone once the creator
 *  allows downloading it: a content address cannot be guessed, so withholding it withholds the
 *  file. A `coauthor` (whose details are their own) sees what the owner sees: the source and the schedule,
 *  which their edit form keeps. */
export const toRawChart = (row: ChartRow, viewerId?: string, coauthor = false): RawChart => ({
  id: row.id,
  title: row.title,
  artists: row.artists,
  composer: row.composer,
  author: row.author,
  coauthors: coauthorsOf(row),
  description: row.description,
  level: row.level,
  isOliver: row.isOliver ? 1 : 0,
  isPublic: row.isPublic ? 1 : 0,
  tags: parseTags(row.tags),
  coverHash: row.coverHash,
  backgroundHash: row.backgroundHash,
  musicHash: row.musicHash,
  previewHash: row.previewHash,
  susHash: row.allowSusDownload || row.authorId === viewerId || coauthor ? row.susHash : null,
  allowSusDownload: row.allowSusDownload ? 1 : 0,
  dataHash: row.dataHash,
  likeNumber: row.likeNumber,
  commentNumber: row.commentNumber,
  rating: row.rating,
  ratingNumber: row.ratingNumber,
  publishTime: row.publishTime,
  updatedTime: row.updatedTime,
  playCount: row.playCount,
  trending: row.trending,
  stats: statsOf(row),
  scheduledTime: row.authorId === viewerId || coauthor ? row.scheduledTime : null,
})

/** The per-chart background: our 1920×1180 composite as the image, with data of its own aspect ratio
 *  and the engine background's configuration (docs/protocol.md §12.1). Named like its level; served
 *  at /sonolus/backgrounds/{name} (what a level names resolves). None without a composite. */
export const chartBackground = (
  row: ChartRow,
  engineBackground: BackgroundItem,
  publicUrl: string,
): BackgroundItem | undefined =>
  row.backgroundHash
    ? {
        ...engineBackground,
        name: levelName(row.id),
        source: publicUrl,
        title: row.title,
        subtitle: row.artists,
        author: row.author,
        tags: [],
        thumbnail: srl(row.coverHash),
        data: srl(CHART_BACKGROUND_DATA.hash),
        image: srl(row.backgroundHash),
      }
    : undefined

/** The counters as the level's tags show them (a details template puts slots there: template.ts). */
export type CounterTitles = { likes: string; rating: string }
const counterTitles = (row: ChartRow): CounterTitles => ({
  likes: `${row.likeNumber}`,
  rating: row.rating.toFixed(1),
})

/** Level without its engine, which the caller splices in from the per-locale cache. */
const levelWithoutEngine = (
  row: ChartRow,
  engineBackground: BackgroundItem,
  publicUrl: string,
  locale: string,
  counters: CounterTitles,
): Omit<LevelItem, 'engine'> => {
  const tags = parseTags(row.tags)
  const background = chartBackground(row, engineBackground, publicUrl)
  return {
    name: levelName(row.id),
    source: publicUrl,
    version: 1,
    // docs/protocol.md §12.1: the app's difficulty, level or 30 + level for Olivier charts; its search
    // filters on the same number (common/rules.ts difficultyOf).
    rating: difficultyOf(row.level, !!row.isOliver),
    title: row.title,
    artists: row.composer ? `${row.composer} / ${row.artists}` : row.artists,
    author: row.author,
    ...withUser('authorUser', row.author, publicUrl),
    tags: [
      { title: counters.likes, icon: 'heart' },
      // Its co-authors by name: the app shows one author (and authorUser); they are credited here.
      ...coauthorsOf(row).map((coauthor) => ({
        title: coauthor.slice(0, coauthor.lastIndexOf('#')),
        icon: 'user' as const,
      })),
      ...(row.ratingNumber > 0 ? [{ title: counters.rating, icon: 'star' }] : []),
      // A scheduled chart (private, so its owner's alone) shows when it goes public, in the app's words.
      ...(row.scheduledTime !== null
        ? [{ title: timeRelative(Number(row.scheduledTime)), icon: 'clock' }]
        : []),
      // The level chip's label, Olivier III (docs/spec.md §2), beside the difficulty number 33.
      ...(row.isOliver ? [{ title: levelLabel(row.level, true) }] : []),
      // What the level data is like: notes, length, average notes per second.
      ...(row.noteCount !== null && row.duration !== null
        ? [
            { title: `${row.noteCount} ${ownText('notesUnit', locale)}` },
            { title: formatLength(row.duration), icon: 'stopwatch' },
            { title: `${formatNps(row.npsAverage ?? 0)} ${ownText('npsUnit', locale)}` },
          ]
        : []),
      ...tags.map((tag) => ({ title: tag })),
    ],
    useSkin: { useDefault: true },
    useBackground: background ? { useDefault: false, item: background } : { useDefault: true },
    useEffect: { useDefault: true },
    useParticle: { useDefault: true },
    cover: srl(row.coverHash),
    bgm: srl(row.bgmHash ?? row.musicHash),
    ...(row.previewHash ? { preview: srl(row.previewHash) } : {}),
    data: srl(row.dataHash),
  }
}

/** The LevelItem as JSON text, with the cached engine JSON spliced in. */
export const levelJson = (
  row: ChartRow,
  packs: PackCatalog,
  locale: string,
  publicUrl: string,
  counters = counterTitles(row),
): string => {
  const { before, after } = levelJsonAround(row, packs, locale, publicUrl, counters)
  return before + packs.engine(locale).json + after
}

/** The LevelItem's JSON text before its engine and after it (a list page puts the engine's bytes,
 *  encoded once, between them). */
export const levelJsonAround = (
  row: ChartRow,
  packs: PackCatalog,
  locale: string,
  publicUrl: string,
  counters = counterTitles(row),
): { before: string; after: string } => {
  const level = levelWithoutEngine(row, packs.engine(locale).item.background, publicUrl, locale, counters)
  // The tags last (after the engine): a details template's slots are there (template.ts), and what comes
  // before them is compressed as one.
  const { tags, ...rest } = level
  // Written in two parts, not found by searching the text: a title could hold anything.
  const fields = JSON.stringify(rest)
  return { before: `${fields.slice(0, -1)},"engine":`, after: `,"tags":${JSON.stringify(tags)}}` }
}
