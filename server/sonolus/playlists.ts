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
import {
  PLAYLISTS_PER_PAGE,
  PLAYLIST_COVERS,
  type RawPlaylist,
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
import { type ChartRow, type PlaylistRow } from '../db/repositories/index.js'
import { cacheTags } from '../cache/tags.js'
import { sendVisitorJson } from '../cache/send.js'
import { levelJson, srl, toRawChart, withUser } from './levels/item.js'
import { ownText } from './texts.js'
import { type RouteModule } from './types.js'
import { callerOf } from '../auth/rules.js'
import {
  type PlaylistView,
  addToPlaylist,
  createPlaylist,
  deletePlaylist,
  editPlaylist,
  ownPlaylists,
  playlistDetails,
  playlistInfo,
  playlistPage,
} from '../services/playlists.js'

const LEVELS_SLOT = '"\\u0000levels\\u0000"'

export const playlists: RouteModule = (app, ctx) => {
  const publicUrl = ctx.config.publicUrl
  /** The staff picks' title (fixed) in the app's language. */
  const titleOf = (row: PlaylistRow, locale: string) =>
    row.ownerId === null ? ownText('staffPicks', locale) : row.title

  const raw = ({ row, charts, editable }: PlaylistView): RawPlaylist => ({
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
  const page = (views: PlaylistView[], locale: string, tags: Set<string>) => {
    for (const { row } of views) tags.add(cacheTags.playlist(row.id))
    for (const { charts } of views) for (const chart of charts) tags.add(cacheTags.chart(chart.id))
    return {
      items: views.map(({ row, charts }) => itemJson(row, charts, locale)),
      rawItems: views.map(raw),
    }
  }

  app.get(
    '/sonolus/playlists/info',
    { schema: { querystring: LocalizationQuery, response: { 200: PlaylistInfoSchema } } },
    async (request, reply) => {
      // Shared by every visitor (the response cache); a player's own section makes theirs fresh.
      const answer = await playlistInfo(ctx, await ctx.auth.userOf(request))
      return sendVisitorJson(
        ctx,
        request,
        reply,
        async (tags) => {
          const locale = request.query.localization ?? 'en'
          tags.add(cacheTags.playlists)
          const { staff, newest, mine } = await answer.read()
          const sections: string[] = []
          const section = (title: string, icon: string, views: PlaylistView[], searchValues: string) => {
            if (views.length === 0) return
            const { items } = page(views, locale, tags)
            sections.push(
              `{"title":${JSON.stringify(title)},"icon":"${icon}","itemType":"playlist","items":[${items.join(',')}],"searchValues":${JSON.stringify(searchValues)}}`,
            )
          }
          section(ownText('staffPicks', locale), 'crown', staff, '')
          section('#NEWEST', 'clock', newest, '')
          section(ownText('myPlaylists', locale), 'playlist', mine, 'type=mine')
          // The app's quick search (keywords over titles and descriptions), no form of ours.
          return `{"searches":[],"sections":[${sections.join(',')}]}`
        },
        answer.viewer === undefined,
      )
    },
  )

  app.get(
    '/sonolus/playlists/list',
    {
      // One's own playlists are one's own.
      config: { authWhen: { rule: 'user', query: (query) => query.type === 'mine' } },
      schema: { querystring: PlaylistListQuery, response: { 200: PlaylistListSchema } },
    },
    async (request, reply) => {
      const { page: number = 0, keywords, type, user: handle, localization } = request.query
      const answer = await playlistPage(
        ctx,
        { mine: type === 'mine', handle, keywords },
        number,
        request.viewer ?? (await ctx.auth.userOf(request)),
      )
      return sendVisitorJson(
        ctx,
        request,
        reply,
        async (tags) => {
          const locale = localization ?? 'en'
          tags.add(cacheTags.playlists)
          const { playlists, total } = await answer.read()
          const { items, rawItems } = page(playlists, locale, tags)
          const pageCount = Math.max(1, Math.ceil(total / PLAYLISTS_PER_PAGE))
          return `{"pageCount":${pageCount},"items":[${items.join(',')}],"searches":[],"rawItems":${JSON.stringify(rawItems)}}`
        },
        answer.viewer === undefined,
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
      const all = await ownPlaylists(ctx, callerOf(request), request.query.chart)
      reply.header('cache-control', 'no-store')
      return {
        playlists: all.map(({ row, hasChart }) => ({
          id: row.id,
          title: row.title,
          isPublic: row.isPublic === 1,
          staff: row.ownerId === null,
          chartCount: Number(row.chartCount),
          hasChart,
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
      const answer = await playlistDetails(ctx, request.params.name, await ctx.auth.userOf(request))
      const user = answer.viewer
      return sendVisitorJson(
        ctx,
        request,
        reply,
        async (tags) => {
          const locale = request.query.localization ?? 'en'
          const site = request.query.view === 'site'
          const view = await answer.read()
          const { row, charts } = view
          tags.add(cacheTags.playlist(row.id))
          for (const chart of charts) tags.add(cacheTags.chart(chart.id))
          const rawItem = raw(view)
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
        answer.viewer === undefined,
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
