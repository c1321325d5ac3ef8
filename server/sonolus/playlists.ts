// Playlists (docs/protocol.md §15.11): anyone's ordered lists of charts, public or private, and
// the moderators' staff picks.
// - The app: GET /sonolus/playlists/info (staff picks, the newest, one's own), /list (keywords, type=mine,
//   user={handle}) and /{name} (core PlaylistItem with its levels; a list's items carry the first
//   PLAYLIST_LIST_LEVELS, the details all of them). The site reads the same calls' rawItem(s), and the
//   details with view=site, which carry the charts as rows instead of levels.
// - The site: POST /sonolus/playlists/create {title, description, isPublic}, /{name}/edit (the whole
//   playlist: its charts in their new order), /{name}/add {chartId}, /{name}/delete; GET
//   /sonolus/user/playlists?chart= for the "add to playlist" menu.
// Someone else's private playlist does not exist (404), nor does a chart the editor cannot see; a playlist
// over PLAYLIST_CHARTS_MAX charts is create_failed, naming the limit.
import { type FastifyRequest } from 'fastify'
import {
  PLAYLISTS_PER_PAGE,
  PLAYLISTS_PER_USER_MAX,
  PLAYLIST_CHARTS_MAX,
  PLAYLIST_COVERS,
  PLAYLIST_LIST_LEVELS,
  type RawPlaylist,
  STAFF_PICKS,
  playlistName,
} from '../../common/api/playlists.js'
import {
  MyPlaylistsQuery,
  MyPlaylistsSchema,
  PlaylistAddBody,
  PlaylistCreateBody,
  PlaylistDetailsQuery,
  PlaylistDetailsSchema,
  PlaylistEditBody,
  PlaylistInfoSchema,
  PlaylistListQuery,
  PlaylistListSchema,
  PlaylistSavedSchema,
} from '../../common/api/schemas/playlists.js'
import { LocalizationQuery, NameParams, NoBody } from '../../common/api/schemas/protocol.js'
import { markdownToPlain } from '../../common/plainText.js'
import { sliceCodePoints, stripControl } from '../../common/text.js'
import { type ChartRow, type PlaylistRow, type User } from '../db/repositories/index.js'
import { actionDenied } from '../http/errors.js'
import { isModerator } from '../moderation/roles.js'
import { cacheTags } from '../cache/tags.js'
import { sendVisitorJson } from '../cache/send.js'
import { levelJson, srl, toRawChart, withUser } from './levels/item.js'
import { ownText } from './texts.js'
import { type RouteModule } from './types.js'
import { callerOf } from '../auth/rules.js'
import {
  addToPlaylist,
  canEdit,
  createPlaylist,
  deletePlaylist,
  editPlaylist,
  visiblePlaylist,
} from '../services/playlists.js'

const LEVELS_SLOT = '"\\u0000levels\\u0000"'

export const playlists: RouteModule = (app, ctx) => {
  const { repos } = ctx
  const publicUrl = ctx.config.publicUrl
  /** Who the playlist calls are built for: a signed-in user whom playlists show something a visitor does
   *  not see (their own playlists or charts, the staff picks' edit rights for a moderator), else nobody: a
   *  visitor's answer, shared from the response cache. */
  const viewerOf = async (request: FastifyRequest): Promise<User | undefined> => {
    const user = await ctx.auth.userOf(request)
    if (!user) return undefined
    return (await isModerator(ctx, user)) || (await repos.playlists.personalTo(user.id)) ? user : undefined
  }
  /** The staff picks' title (fixed) in the app's language. */
  const titleOf = (row: PlaylistRow, locale: string) =>
    row.ownerId === null ? ownText('staffPicks', locale) : row.title

  const raw = (row: PlaylistRow, charts: ChartRow[], editable: boolean): RawPlaylist => ({
    id: row.id,
    title: row.title,
    description: row.description,
    isPublic: row.isPublic === 1,
    owner: row.owner,
    staff: row.ownerId === null,
    chartCount: Number(row.chartCount),
    covers: charts.slice(0, PLAYLIST_COVERS).map((chart) => chart.coverHash),
    updatedTime: Number(row.updatedTime),
    canEdit: editable,
  })

  /** The core PlaylistItem as JSON text, its levels spliced in as the level list makes them. */
  const itemJson = (row: PlaylistRow, charts: ChartRow[], locale: string, cover = charts[0]) => {
    const item = {
      name: playlistName(row.id),
      source: publicUrl,
      version: 1,
      title: titleOf(row, locale),
      subtitle: `${Number(row.chartCount)} ${ownText('chartsUnit', locale)}`,
      author: row.owner || ctx.config.siteTitle,
      ...(row.owner ? withUser('authorUser', row.owner, publicUrl) : {}),
      tags: [
        // Core's own word for what the moderators chose, which the app translates.
        ...(row.ownerId === null ? [{ title: '#FEATURED', icon: 'crown' }] : []),
        ...(row.isPublic ? [] : [{ title: '#PRIVATE', icon: 'lock' }]),
      ],
      levels: '\u0000levels\u0000',
      ...(cover ? { thumbnail: srl(cover.coverHash) } : {}),
    }
    const levels = charts.map((chart) => levelJson(chart, ctx.packs, locale, publicUrl)).join(',')
    return JSON.stringify(item).replace(LEVELS_SLOT, () => `[${levels}]`)
  }

  /** A page of playlists as list items and site rows; `tags` gains what it shows (the response cache). */
  const page = async (rows: PlaylistRow[], user: User | undefined, locale: string, tags: Set<string>) => {
    const first = await repos.playlists.firstCharts(
      rows.map((row) => row.id),
      user?.id,
      PLAYLIST_LIST_LEVELS,
    )
    for (const row of rows) tags.add(cacheTags.playlist(row.id))
    for (const charts of first.values()) for (const chart of charts) tags.add(cacheTags.chart(chart.id))
    const moderator = rows.some((row) => row.ownerId === null) && (await isModerator(ctx, user))
    return {
      items: rows.map((row) => itemJson(row, first.get(row.id) ?? [], locale)),
      rawItems: rows.map((row) =>
        raw(row, first.get(row.id) ?? [], row.ownerId === null ? moderator : row.ownerId === user?.id),
      ),
    }
  }

  app.get(
    '/sonolus/playlists/info',
    { schema: { querystring: LocalizationQuery, response: { 200: PlaylistInfoSchema } } },
    async (request, reply) => {
      // Shared by every visitor (the response cache); a player's own section makes theirs fresh.
      const user = await viewerOf(request)
      return sendVisitorJson(
        ctx,
        request,
        reply,
        async (tags) => {
          const locale = request.query.localization ?? 'en'
          tags.add(cacheTags.playlists)
          const staff = await repos.playlists.find(STAFF_PICKS)
          const [newest, mine] = await Promise.all([
            repos.playlists.list({ viewerId: undefined }, 0, 5),
            user ? repos.playlists.list({ viewerId: user.id, ownerId: user.id }, 0, 5) : undefined,
          ])
          const sections: string[] = []
          const section = async (title: string, icon: string, rows: PlaylistRow[], searchValues: string) => {
            if (rows.length === 0) return
            const { items } = await page(rows, user, locale, tags)
            sections.push(
              `{"title":${JSON.stringify(title)},"icon":"${icon}","itemType":"playlist","items":[${items.join(',')}],"searchValues":${JSON.stringify(searchValues)}}`,
            )
          }
          if (staff && Number(staff.chartCount) > 0)
            await section(ownText('staffPicks', locale), 'crown', [staff], '')
          await section('#NEWEST', 'clock', newest.rows, '')
          if (mine) await section(ownText('myPlaylists', locale), 'playlist', mine.rows, 'type=mine')
          // The app's quick search (keywords over titles and descriptions), no form of ours.
          return `{"searches":[],"sections":[${sections.join(',')}]}`
        },
        user === undefined,
      )
    },
  )

  app.get(
    '/sonolus/playlists/list',
    { schema: { querystring: PlaylistListQuery, response: { 200: PlaylistListSchema } } },
    async (request, reply) => {
      const { page: number = 0, keywords, type, user: handle, localization } = request.query
      // One's own list is one's own; another list is a visitor's unless playlists show this user more.
      const user = type === 'mine' ? await ctx.auth.userOf(request) : await viewerOf(request)
      if (type === 'mine' && !user) throw actionDenied()
      return sendVisitorJson(
        ctx,
        request,
        reply,
        async (tags) => {
          const locale = localization ?? 'en'
          let ownerId: string | undefined
          if (type === 'mine') ownerId = user!.id
          else if (handle !== undefined) ownerId = (await repos.users.findByHandle(handle))?.id ?? ''
          tags.add(cacheTags.playlists)
          const { rows, total } = await repos.playlists.list(
            { viewerId: user?.id, ownerId, keywords: sliceCodePoints(stripControl(keywords ?? ''), 100) },
            number * PLAYLISTS_PER_PAGE,
            PLAYLISTS_PER_PAGE,
          )
          const { items, rawItems } = await page(rows, user, locale, tags)
          const pageCount = Math.max(1, Math.ceil(total / PLAYLISTS_PER_PAGE))
          return `{"pageCount":${pageCount},"items":[${items.join(',')}],"searches":[],"rawItems":${JSON.stringify(rawItems)}}`
        },
        user === undefined,
      )
    },
  )

  app.get(
    '/sonolus/user/playlists',
    {
      config: { auth: 'user' },
      schema: { querystring: MyPlaylistsQuery, response: { 200: MyPlaylistsSchema } },
    },
    async (request, reply) => {
      const user = callerOf(request)
      const { rows } = await repos.playlists.list(
        { viewerId: user.id, ownerId: user.id },
        0,
        PLAYLISTS_PER_USER_MAX,
      )
      const staff = (await isModerator(ctx, user)) ? await repos.playlists.find(STAFF_PICKS) : undefined
      const all = staff ? [staff, ...rows] : rows
      const holding = request.query.chart
        ? await repos.playlists.holding(
            all.map((row) => row.id),
            request.query.chart,
          )
        : new Set<string>()
      reply.header('cache-control', 'no-store')
      return {
        playlists: all.map((row) => ({
          id: row.id,
          title: row.title,
          isPublic: row.isPublic === 1,
          staff: row.ownerId === null,
          chartCount: Number(row.chartCount),
          hasChart: holding.has(row.id),
        })),
      }
    },
  )

  app.post(
    '/sonolus/playlists/create',
    {
      config: { auth: 'user' },
      schema: {
        querystring: LocalizationQuery,
        body: PlaylistCreateBody,
        response: { 200: PlaylistSavedSchema },
      },
    },
    async (request) => {
      const user = callerOf(request)
      const id = await createPlaylist(ctx, user, request.body, Date.now())
      request.log.info({ playlist: id, user: user.id }, 'playlist created')
      return { code: 200 as const, id }
    },
  )

  app.get(
    '/sonolus/playlists/:name',
    {
      schema: {
        params: NameParams,
        querystring: PlaylistDetailsQuery,
        response: { 200: PlaylistDetailsSchema },
      },
    },
    async (request, reply) => {
      // A visitor's answer is shared (the response cache, dropped when the playlist or one of its charts
      // changes), with signed-in users too unless playlists show them more (their own playlists or
      // charts, a moderator's rights over the staff picks): theirs is built for them.
      const user = await viewerOf(request)
      return sendVisitorJson(
        ctx,
        request,
        reply,
        async (tags) => {
          const locale = request.query.localization ?? 'en'
          const site = request.query.view === 'site'
          const row = await visiblePlaylist(ctx, request.params.name, user)
          const charts = await repos.playlists.charts(row.id, user?.id, PLAYLIST_CHARTS_MAX)
          tags.add(cacheTags.playlist(row.id))
          for (const chart of charts) tags.add(cacheTags.chart(chart.id))
          const rawItem = raw(row, charts, await canEdit(ctx, row, user))
          // The app reads the item's levels; the site its rows (the levels, each with the engine, are
          // megabytes for a full playlist: each answer carries one of the two). The app renders no
          // markdown: its description is plain text (the site renders rawItem.description).
          const description = markdownToPlain(row.description)
          return `{"item":${itemJson(row, site ? [] : charts, locale, charts[0])},${
            description ? `"description":${JSON.stringify(description)},` : ''
          }"actions":[],"hasCommunity":false,"leaderboards":[],"sections":[],"rawItem":${JSON.stringify(rawItem)},"rawCharts":${
            site ? JSON.stringify(charts.map((chart) => toRawChart(chart, user?.id))) : '[]'
          }}`
        },
        user === undefined,
      )
    },
  )

  app.post(
    '/sonolus/playlists/:name/edit',
    {
      config: { auth: 'user' },
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        body: PlaylistEditBody,
        response: { 200: PlaylistSavedSchema },
      },
    },
    async (request) => {
      const id = await editPlaylist(ctx, request.params.name, callerOf(request), request.body, Date.now())
      return { code: 200 as const, id }
    },
  )

  app.post(
    '/sonolus/playlists/:name/add',
    {
      config: { auth: 'user' },
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        body: PlaylistAddBody,
        response: { 200: PlaylistSavedSchema },
      },
    },
    async (request) => {
      const user = callerOf(request)
      const id = await addToPlaylist(ctx, request.params.name, user, request.body.chartId, Date.now())
      return { code: 200 as const, id }
    },
  )

  app.post(
    '/sonolus/playlists/:name/delete',
    {
      config: { auth: 'user' },
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        body: NoBody,
        response: { 200: PlaylistSavedSchema },
      },
    },
    async (request) => {
      const user = callerOf(request)
      const id = await deletePlaylist(ctx, request.params.name, user)
      request.log.info({ playlist: id, user: user.id }, 'playlist deleted')
      return { code: 200 as const, id }
    },
  )
}
