// Playlists' rules: who sees and who changes one, what each list of them shows, what a title, a description
// and a list of charts may be, how many one person keeps, and the kept pages each change drops. The routes
// (sonolus/playlists.ts) read the request, call these and present the answer.
import { randomBytes } from 'node:crypto'
import {
  PLAYLISTS_PER_PAGE,
  PLAYLISTS_PER_USER_MAX,
  PLAYLIST_CHARTS_MAX,
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_LIST_LEVELS,
  PLAYLIST_TITLE_MAX,
  STAFF_PICKS,
  playlistIdOf,
} from '../../common/api/playlists.js'
import { CHART_ID_REGEX } from '../../common/rules.js'
import { codePointLength, normalizeNewlines, stripControl, searchText } from '../../common/text.js'
import { cacheTags } from '../cache/tags.js'
import { type AppContext } from '../context.js'
import { type ChartRow, type PlaylistRow, type User } from '../db/repositories/index.js'
import { RuleError, denied, missing, required } from '../domain/errors.js'
import { assertActive } from '../moderation/service.js'
import { isModerator } from '../auth/roles.js'
import { chartAccess } from '../policy/chartAccess.js'
import { can, permit, viewerOf } from '../policy/can.js'

type Fields = { title: string; description: string; isPublic: boolean }

const refused = (message: string) => new RuleError('create_failed', message)
const tooMany = () => refused(`A playlist holds at most ${PLAYLIST_CHARTS_MAX} charts`)

/** Whether the viewer may see the playlist: its owner, or anyone while it is public. */
const canSee = (row: PlaylistRow, user: User | undefined): boolean =>
  row.isPublic === 1 || row.ownerId === user?.id

/** Whether the viewer may change it (not suspended: checked when they do). */
const canEdit = async (ctx: AppContext, row: PlaylistRow, user: User | undefined): Promise<boolean> =>
  can(await viewerOf(ctx, user), 'edit', { playlist: row })

/** After a playlist changes: its page and every playlist list (their order and counts). */
const changed = (ctx: AppContext, id: string) => ctx.dropTags([cacheTags.playlist(id), cacheTags.playlists])

/** Trimmed text without control characters (line breaks kept in the description). */
const cleanText = (value: string, multiline: boolean) =>
  stripControl(normalizeNewlines(value), multiline ? 'multiline' : 'line').trim()

const readFields = (body: Fields) => {
  const title = cleanText(body.title, false)
  const description = cleanText(body.description, true)
  if (!title) throw required()
  if (codePointLength(title) > PLAYLIST_TITLE_MAX)
    throw refused(`A playlist title has at most ${PLAYLIST_TITLE_MAX} characters`)
  if (codePointLength(description) > PLAYLIST_DESCRIPTION_MAX)
    throw refused(`A playlist description has at most ${PLAYLIST_DESCRIPTION_MAX} characters`)
  return { title, description, isPublic: body.isPublic ? 1 : 0 }
}

/** The playlist a name names, if the viewer may see it (else none: someone else's private one too). */
export const visiblePlaylist = async (ctx: AppContext, name: string, user: User | undefined) => {
  const id = playlistIdOf(name)
  const row = id ? await ctx.repos.playlists.find(id) : undefined
  if (!row || !canSee(row, user)) throw missing('No such playlist')
  return row
}

/** Who playlist answers are built for: a signed-in user whom playlists show something a visitor does not
 *  see (their own playlists, or their own charts that only they see in someone's playlist; the staff picks'
 *  edit rights for a moderator), else nobody, so that they are served the visitors' shared answer. */
const playlistViewer = async (ctx: AppContext, user: User | undefined): Promise<User | undefined> => {
  if (!user) return undefined
  return (await isModerator(ctx, user)) || (await ctx.repos.playlists.personalTo(user.id)) ? user : undefined
}

/** A playlists answer: whom it is built for (nobody: the visitors' answer, which the response cache shares)
 *  and the read that builds it, run only when no kept answer serves. */
export type PlaylistAnswer<T> = { viewer: User | undefined; read: () => Promise<T> }

/** A playlist as the viewer is shown it: its charts they may see (a list's first few, a page's all), and
 *  whether they may change it. */
export type PlaylistView = { row: PlaylistRow; charts: ChartRow[]; editable: boolean }

/** These playlists as a list shows them: their first charts (covers and levels) in one read. */
const listed = async (
  ctx: AppContext,
  rows: PlaylistRow[],
  user: User | undefined,
): Promise<PlaylistView[]> => {
  const first = await ctx.repos.playlists.firstCharts(
    rows.map((row) => row.id),
    user?.id,
    PLAYLIST_LIST_LEVELS,
  )
  // Asked only when the staff picks are listed.
  const viewer = {
    user,
    moderator: rows.some((row) => row.ownerId === null) && (await isModerator(ctx, user)),
  }
  return rows.map((row) => ({
    row,
    charts: first.get(row.id) ?? [],
    editable: can(viewer, 'edit', { playlist: row }),
  }))
}

/** The playlists' front page: the staff picks (once they hold a chart), the newest five and, for a viewer,
 *  their own five. */
export const playlistInfo = async (
  ctx: AppContext,
  session: User | undefined,
): Promise<PlaylistAnswer<Record<'staff' | 'newest' | 'mine', PlaylistView[]>>> => {
  const user = await playlistViewer(ctx, session)
  const read = async () => {
    const [staff, newest, mine] = await Promise.all([
      ctx.repos.playlists.find(STAFF_PICKS),
      ctx.repos.playlists.list({ viewerId: undefined }, 0, 5),
      user ? ctx.repos.playlists.list({ viewerId: user.id, ownerId: user.id }, 0, 5) : undefined,
    ])
    const [picks, latest, own] = await Promise.all(
      [staff && Number(staff.chartCount) > 0 ? [staff] : [], newest.rows, mine?.rows ?? []].map((rows) =>
        listed(ctx, rows, user),
      ),
    )
    return { staff: picks, newest: latest, mine: own }
  }
  return { viewer: user, read }
}

/** Which playlists a list shows: the viewer's own, or one user's (by handle), or anyone's; each with these
 *  words in its title or description. */
export type PlaylistQuery = { mine: boolean; handle?: string; keywords?: string }

/** A page of the playlists the viewer may see, the latest changed first, and how many there are in all.
 *  One's own list is one's own (a visitor is refused); another list is a visitor's unless playlists show
 *  this user more. */
export const playlistPage = async (
  ctx: AppContext,
  query: PlaylistQuery,
  page: number,
  session: User | undefined,
): Promise<PlaylistAnswer<{ playlists: PlaylistView[]; total: number }>> => {
  if (query.mine && !session) throw denied('action')
  const user = query.mine ? session : await playlistViewer(ctx, session)
  const read = async () => {
    // An unknown handle owns nothing: an owner id no playlist has.
    const ownerId = query.mine
      ? (user?.id ?? '')
      : query.handle !== undefined
        ? ((await ctx.repos.users.findByHandle(query.handle))?.id ?? '')
        : undefined
    const { rows, total } = await ctx.repos.playlists.list(
      { viewerId: user?.id, ownerId, keywords: searchText(query.keywords) },
      page * PLAYLISTS_PER_PAGE,
      PLAYLISTS_PER_PAGE,
    )
    return { playlists: await listed(ctx, rows, user), total }
  }
  return { viewer: user, read }
}

/** The playlists a user may add a chart to (a moderator's staff picks first), each saying whether it holds
 *  that chart already (none without one). */
export const ownPlaylists = async (ctx: AppContext, user: User, chartId: string | undefined) => {
  const { rows } = await ctx.repos.playlists.list(
    { viewerId: user.id, ownerId: user.id },
    0,
    PLAYLISTS_PER_USER_MAX,
  )
  const staff = (await isModerator(ctx, user)) ? await ctx.repos.playlists.find(STAFF_PICKS) : undefined
  const all = staff ? [staff, ...rows] : rows
  const holding = chartId
    ? await ctx.repos.playlists.holding(
        all.map((row) => row.id),
        chartId,
      )
    : new Set<string>()
  return all.map((row) => ({ row, hasChart: holding.has(row.id) }))
}

/** A playlist's page: the playlist a name names if the viewer may see it, all its charts they may see, and
 *  whether they may change it. */
export const playlistDetails = async (
  ctx: AppContext,
  name: string,
  session: User | undefined,
): Promise<PlaylistAnswer<PlaylistView>> => {
  const user = await playlistViewer(ctx, session)
  const read = async () => {
    const row = await visiblePlaylist(ctx, name, user)
    const charts = await ctx.repos.playlists.charts(row.id, user?.id, PLAYLIST_CHARTS_MAX)
    return { row, charts, editable: await canEdit(ctx, row, user) }
  }
  return { viewer: user, read }
}

/** The playlist a name names, if the caller may change it now. */
const editable = async (ctx: AppContext, name: string, user: User) => {
  const row = await visiblePlaylist(ctx, name, user)
  permit(await viewerOf(ctx, user), 'edit', { playlist: row })
  assertActive(user)
  return row
}

/** Charts the editor may see: each must be (the first that is not is named), once each. */
const checkCharts = async (ctx: AppContext, ids: string[], user: User) => {
  const unique = [...new Set(ids)]
  if (unique.length > PLAYLIST_CHARTS_MAX) throw tooMany()
  if (unique.some((id) => !CHART_ID_REGEX.test(id))) throw missing('No such chart')
  const found = await ctx.repos.charts.findByIds(unique)
  for (const id of unique) {
    const chart = found.get(id)
    if (!chart || (await chartAccess(ctx, chart, user)) !== 'visible') throw missing(`No such chart: ${id}`)
  }
  return unique
}

export const createPlaylist = async (ctx: AppContext, user: User, body: Fields, now: number) => {
  assertActive(user)
  const fields = readFields(body)
  if ((await ctx.repos.playlists.countByOwner(user.id)) >= PLAYLISTS_PER_USER_MAX)
    throw refused(`One person may keep at most ${PLAYLISTS_PER_USER_MAX} playlists`)
  const id = randomBytes(16).toString('hex')
  await ctx.repos.playlists.create({
    id,
    ownerId: user.id,
    owner: `${user.name}#${user.handle}`,
    ...fields,
    createdTime: now,
    updatedTime: now,
  })
  changed(ctx, id)
  return id
}

/** The whole playlist again: its fields and its charts in their new order. */
export const editPlaylist = async (
  ctx: AppContext,
  name: string,
  user: User,
  body: Fields & { chartIds: string[] },
  now: number,
) => {
  const row = await editable(ctx, name, user)
  const fields = readFields(body)
  const ids = await checkCharts(ctx, body.chartIds, user)
  // The staff picks keep their name.
  if (row.ownerId === null) Object.assign(fields, { title: row.title, isPublic: 1 })
  await ctx.repos.transaction(async (trx) => {
    await trx.playlists.update(row.id, fields, now)
    await trx.playlists.setCharts(row.id, ids, now)
  })
  changed(ctx, row.id)
  return row.id
}

export const addToPlaylist = async (
  ctx: AppContext,
  name: string,
  user: User,
  chart: string,
  now: number,
) => {
  const row = await editable(ctx, name, user)
  const [chartId] = await checkCharts(ctx, [chart], user)
  const outcome = await ctx.repos.playlists.add(row.id, chartId, PLAYLIST_CHARTS_MAX, now)
  if (outcome === 'full') throw tooMany()
  changed(ctx, row.id)
  return row.id
}

export const deletePlaylist = async (ctx: AppContext, name: string, user: User) => {
  const row = await editable(ctx, name, user)
  if (row.ownerId === null) throw refused('The staff picks cannot be deleted')
  await ctx.repos.playlists.delete(row.id)
  changed(ctx, row.id)
  return row.id
}
