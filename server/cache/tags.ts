// What a kept answer shows, as tags, and what each change drops. Each cached page is tagged with what it shows (cacheTags), and a change drops only the pages tagged with
// what it changed: a like on chart A drops A's details, A's comment pages and every list page that shows A
// (its counters are on them), and keeps chart B's details. A list that would now *include* A (sorted by
// likes, say) is not tagged with A and stays up to the TTL (5 s) stale. A new, edited or deleted chart can
// change any list or search, so those drop every list page. On PostgreSQL a change is announced to the
// other instances, which drop the same tags when the notice arrives.

/** Whatever drops kept answers by tag (the app's context: each instance's cache, and the others through
 *  PostgreSQL). */
export type TagDropper = { dropTags: (tags: string[]) => void }

/** The tags of cached pages. */
export const cacheTags = {
  /** The chart's own data (fields, counters, files) is on the page. */
  chart: (id: string) => `chart:${id}`,
  /** The chart's fields, files and visibility, not its counters (a details page's template). */
  content: (id: string) => `content:${id}`,
  /** The chart's comments are on the page. */
  comments: (id: string) => `comments:${id}`,
  /** The chart's leaderboard records or replays are on the page. */
  records: (id: string) => `records:${id}`,
  /** The page lists charts by this author (a chart's details: "other charts" by its author). */
  author: (authorId: string) => `author:${authorId}`,
  /** Which charts the page shows, and in what order, depends on the whole catalogue (lists, searches,
   *  the info sections). */
  lists: 'lists',
  /** A playlist's own data and charts are on the page. */
  playlist: (id: string) => `playlist:${id}`,
  /** Which playlists the page shows depends on all of them (their lists and info). */
  playlists: 'playlists',
} as const

/** Every tag of what the chart shows. */
const everything = (chartId: string) => [
  cacheTags.chart(chartId),
  cacheTags.content(chartId),
  cacheTags.comments(chartId),
  cacheTags.records(chartId),
]

/** After a change to what a chart shows, or to who may see it (a moderator's action, a review asked
 *  for): every page of it. */
export const chartChanged = (ctx: TagDropper, chartId: string): void => ctx.dropTags(everything(chartId))

/** After a like or a rating: the pages that show the chart's counters (its comment and record pages stay;
 *  its details keep their template and take the new counters). */
export const countersChanged = (ctx: TagDropper, chartId: string): void =>
  ctx.dropTags([cacheTags.chart(chartId)])

/** After a comment is posted, edited or deleted: its comment pages, and the pages that count them. */
export const commentsChanged = (ctx: TagDropper, chartId: string): void =>
  ctx.dropTags([cacheTags.chart(chartId), cacheTags.comments(chartId)])

/** After a result is recorded: its leaderboards and replays, and the pages that count its plays. */
export const recordsChanged = (ctx: TagDropper, chartId: string): void =>
  ctx.dropTags([cacheTags.chart(chartId), cacheTags.records(chartId)])

/** What a chart's creation, edit or deletion changes: its pages, its author's, and every list. */
export const catalogueTags = (chart: { id: string; authorId: string }): string[] => [
  ...everything(chart.id),
  cacheTags.author(chart.authorId),
  cacheTags.lists,
]
export const catalogueChanged = (ctx: TagDropper, chart: { id: string; authorId: string }): void =>
  ctx.dropTags(catalogueTags(chart))
