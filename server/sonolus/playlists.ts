// Playlists (issue 19, docs/protocol.md §15.11): anyone's ordered lists of charts, public or private, and
// the moderators' staff picks.
// - The app: GET /sonolus/playlists/info (staff picks, the newest, one's own), /list (keywords, type=mine,
//   user={handle}) and /{name} (core PlaylistItem with its levels; a list's items carry the first
//   PLAYLIST_LIST_LEVELS, the details all of them). The site reads the same calls' rawItem(s).
// - The site: POST /sonolus/playlists/create {title, description, isPublic}, /{name}/edit (the whole
//   playlist: its charts in their new order), /{name}/add {chartId}, /{name}/delete; GET
//   /sonolus/user/playlists?chart= for the "add to playlist" menu.
// Someone else's private playlist does not exist (404), nor does a chart the editor cannot see; a playlist
// over PLAYLIST_CHARTS_MAX charts is create_failed, naming the limit.
import { randomBytes } from 'node:crypto'
import { type FastifyRequest } from 'fastify'
import {
  PLAYLISTS_PER_PAGE,
  PLAYLISTS_PER_USER_MAX,
  PLAYLIST_CHARTS_MAX,
  PLAYLIST_COVERS,
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_LIST_LEVELS,
  PLAYLIST_TITLE_MAX,
  type RawPlaylist,
  STAFF_PICKS,
  playlistIdOf,
  playlistName,
} from '../../common/api/playlists.js'
import {
  MyPlaylistsQuery,
  MyPlaylistsSchema,
  PlaylistAddBody,
  PlaylistCreateBody,
  PlaylistDetailsSchema,
  PlaylistEditBody,
  PlaylistInfoSchema,
  PlaylistListQuery,
  PlaylistListSchema,
  PlaylistSavedSchema,
} from '../../common/api/schemas/playlists.js'
import { LocalizationQuery, NameParams, NoBody } from '../../common/api/schemas/protocol.js'
import { codePointLength, normalizeNewlines, stripControl } from '../../common/text.js'
import { type AppContext } from '../context.js'
import { type ChartRow, type PlaylistRow, type User } from '../db/repositories/index.js'
import { HttpError, actionDenied, emptyField, notFound } from '../http/errors.js'
import { sendJsonText } from '../http/jsonText.js'
import { assertActive } from '../moderation/service.js'
import { isModerator } from '../moderation/roles.js'
import { chartAccess } from './levels/access.js'
import { levelJson, srl, toRawChart, withUser } from './levels/item.js'
import { ownText } from './texts.js'
import { type RouteModule } from './types.js'

const createFailed = (message: string) => new HttpError(400, 'create_failed', message)
const LEVELS_SLOT = '"\\u0000levels\\u0000"'

/** Whether the viewer may see the playlist: its owner, or anyone while it is public. */
const canSee = (row: PlaylistRow, user: User | undefined) => row.isPublic === 1 || row.ownerId === user?.id

/** Whether the viewer may change it: its owner (not suspended: checked by the route), or a moderator for the
 *  staff picks. */
const canEdit = async (ctx: AppContext, row: PlaylistRow, user: User | undefined) =>
  user !== undefined && (row.ownerId === null ? await isModerator(ctx, user) : row.ownerId === user.id)

/** Trimmed text without control characters (line breaks kept in the description). */
const cleanText = (value: string, multiline: boolean) =>
  stripControl(normalizeNewlines(value), multiline ? 'multiline' : 'line').trim()

const readFields = (body: { title: string; description: string; isPublic: boolean }) => {
  const title = cleanText(body.title, false)
  const description = cleanText(body.description, true)
  if (!title) throw emptyField()
  if (codePointLength(title) > PLAYLIST_TITLE_MAX)
    throw createFailed(`A playlist title has at most ${PLAYLIST_TITLE_MAX} characters`)
  if (codePointLength(description) > PLAYLIST_DESCRIPTION_MAX)
    throw createFailed(`A playlist description has at most ${PLAYLIST_DESCRIPTION_MAX} characters`)
  return { title, description, isPublic: body.isPublic ? 1 : 0 }
}

const tooMany = () => createFailed(`A playlist holds at most ${PLAYLIST_CHARTS_MAX} charts`)

export const playlists: RouteModule = (app, ctx) => {
  const { repos } = ctx
  const publicUrl = ctx.config.publicUrl

  const titleOf = (row: PlaylistRow, locale: string) =>
    row.id === STAFF_PICKS && row.title === 'Staff picks' ? ownText('staffPicks', locale) : row.title

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
  const itemJson = (row: PlaylistRow, charts: ChartRow[], locale: string) => {
    const item = {
      name: playlistName(row.id),
      source: publicUrl,
      version: 1,
      title: titleOf(row, locale),
      subtitle: `${Number(row.chartCount)} ${ownText('chartsUnit', locale)}`,
      author: row.owner || ctx.config.siteTitle,
      ...(row.owner ? withUser('authorUser', row.owner, publicUrl) : {}),
      tags: [
        ...(row.ownerId === null ? [{ title: ownText('staffPicks', locale), icon: 'crown' }] : []),
        ...(row.isPublic ? [] : [{ title: '#PRIVATE', icon: 'lock' }]),
      ],
      levels: '\u0000levels\u0000',
      ...(charts[0] ? { thumbnail: srl(charts[0].coverHash) } : {}),
    }
    const levels = charts.map((chart) => levelJson(chart, ctx.packs, locale, publicUrl)).join(',')
    return JSON.stringify(item).replace(LEVELS_SLOT, () => `[${levels}]`)
  }

  /** A page of playlists as list items and site rows. */
  const page = async (rows: PlaylistRow[], user: User | undefined, locale: string) => {
    const first = await repos.playlists.firstCharts(
      rows.map((row) => row.id),
      user?.id,
      PLAYLIST_LIST_LEVELS,
    )
    const moderator = rows.some((row) => row.ownerId === null) && (await isModerator(ctx, user))
    return {
      items: rows.map((row) => itemJson(row, first.get(row.id) ?? [], locale)),
      rawItems: rows.map((row) =>
        raw(row, first.get(row.id) ?? [], row.ownerId === null ? moderator : row.ownerId === user?.id),
      ),
    }
  }

  /** The playlist a name names, if the viewer may see it (else 404, someone else's private one too). */
  const visible = async (name: string, user: User | undefined) => {
    const id = playlistIdOf(name)
    const row = id ? await repos.playlists.find(id) : undefined
    if (!row || !canSee(row, user)) throw notFound('No such playlist')
    return row
  }
  /** The playlist a name names, if the viewer may change it. */
  const editable = async (request: FastifyRequest, name: string) => {
    const user = await ctx.auth.userOf(request)
    if (!user) throw actionDenied()
    const row = await visible(name, user)
    if (!(await canEdit(ctx, row, user))) throw actionDenied()
    assertActive(user)
    return { user, row }
  }
  /** Charts the editor may see: each must be (404 names the first that is not), once each. */
  const checkCharts = async (ids: string[], user: User) => {
    const unique = [...new Set(ids)]
    if (unique.length > PLAYLIST_CHARTS_MAX) throw tooMany()
    if (unique.some((id) => !/^[0-9a-f]{32}$/.test(id))) throw notFound('No such chart')
    const found = await repos.charts.findByIds(unique)
    for (const id of unique) {
      const chart = found.get(id)
      if (!chart || (await chartAccess(ctx, chart, user)) !== 'visible')
        throw notFound(`No such chart: ${id}`)
    }
    return unique
  }

  app.get(
    '/sonolus/playlists/info',
    { schema: { querystring: LocalizationQuery, response: { 200: PlaylistInfoSchema } } },
    async (request, reply) => {
      const user = await ctx.auth.userOf(request)
      const locale = request.query.localization ?? 'en'
      const staff = await repos.playlists.find(STAFF_PICKS)
      const [newest, mine] = await Promise.all([
        repos.playlists.list({ viewerId: undefined }, 0, 5),
        user ? repos.playlists.list({ viewerId: user.id, ownerId: user.id }, 0, 5) : undefined,
      ])
      const sections: string[] = []
      const section = async (title: string, icon: string, rows: PlaylistRow[], searchValues: string) => {
        if (rows.length === 0) return
        const { items } = await page(rows, user, locale)
        sections.push(
          `{"title":${JSON.stringify(title)},"icon":"${icon}","itemType":"playlist","items":[${items.join(',')}],"searchValues":${JSON.stringify(searchValues)}}`,
        )
      }
      if (staff && Number(staff.chartCount) > 0)
        await section(ownText('staffPicks', locale), 'crown', [staff], '')
      await section('#NEWEST', 'clock', newest.rows, '')
      if (mine) await section(ownText('myPlaylists', locale), 'playlist', mine.rows, 'type=mine')
      return sendJsonText(reply, `{"sections":[${sections.join(',')}]}`)
    },
  )

  app.get(
    '/sonolus/playlists/list',
    { schema: { querystring: PlaylistListQuery, response: { 200: PlaylistListSchema } } },
    async (request, reply) => {
      const user = await ctx.auth.userOf(request)
      const { page: number = 0, keywords, type, user: handle, localization } = request.query
      const locale = localization ?? 'en'
      if (type === 'mine' && !user) throw actionDenied()
      let ownerId: string | undefined
      if (type === 'mine') ownerId = user!.id
      else if (handle !== undefined) ownerId = (await repos.users.findByHandle(handle))?.id ?? ''
      const { rows, total } = await repos.playlists.list(
        { viewerId: user?.id, ownerId, keywords },
        number * PLAYLISTS_PER_PAGE,
        PLAYLISTS_PER_PAGE,
      )
      const { items, rawItems } = await page(rows, user, locale)
      const pageCount = Math.max(1, Math.ceil(total / PLAYLISTS_PER_PAGE))
      return sendJsonText(
        reply,
        `{"pageCount":${pageCount},"items":[${items.join(',')}],"rawItems":${JSON.stringify(rawItems)}}`,
      )
    },
  )

  app.get(
    '/sonolus/user/playlists',
    { schema: { querystring: MyPlaylistsQuery, response: { 200: MyPlaylistsSchema } } },
    async (request, reply) => {
      const user = await ctx.auth.userOf(request)
      if (!user) throw actionDenied()
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
      schema: {
        querystring: LocalizationQuery,
        body: PlaylistCreateBody,
        response: { 200: PlaylistSavedSchema },
      },
    },
    async (request) => {
      const user = await ctx.auth.userOf(request)
      if (!user) throw actionDenied()
      assertActive(user)
      const fields = readFields(request.body)
      if ((await repos.playlists.countByOwner(user.id)) >= PLAYLISTS_PER_USER_MAX)
        throw createFailed(`One person may keep at most ${PLAYLISTS_PER_USER_MAX} playlists`)
      const id = randomBytes(16).toString('hex')
      const now = Date.now()
      await repos.playlists.create({
        id,
        ownerId: user.id,
        owner: `${user.name}#${user.handle}`,
        ...fields,
        createdTime: now,
        updatedTime: now,
      })
      request.log.info({ playlist: id, user: user.id }, 'playlist created')
      return { code: 200 as const, id }
    },
  )

  app.get(
    '/sonolus/playlists/:name',
    {
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        response: { 200: PlaylistDetailsSchema },
      },
    },
    async (request, reply) => {
      const user = await ctx.auth.userOf(request)
      const locale = request.query.localization ?? 'en'
      const row = await visible(request.params.name, user)
      const charts = await repos.playlists.charts(row.id, user?.id, PLAYLIST_CHARTS_MAX)
      const levels = charts.map((chart) => levelJson(chart, ctx.packs, locale, publicUrl)).join(',')
      const rawItem = raw(row, charts, await canEdit(ctx, row, user))
      const body = `{"item":${itemJson(row, charts, locale)},${
        row.description ? `"description":${JSON.stringify(row.description)},` : ''
      }"actions":[],"hasCommunity":false,"leaderboards":[],"sections":${
        charts.length ? `[{"title":"#LEVEL","icon":"level","itemType":"level","items":[${levels}]}]` : '[]'
      },"rawItem":${JSON.stringify(rawItem)},"rawCharts":${JSON.stringify(charts.map((chart) => toRawChart(chart, user?.id)))}}`
      return sendJsonText(reply, body)
    },
  )

  app.post(
    '/sonolus/playlists/:name/edit',
    {
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        body: PlaylistEditBody,
        response: { 200: PlaylistSavedSchema },
      },
    },
    async (request) => {
      const { user, row } = await editable(request, request.params.name)
      const fields = readFields(request.body)
      const ids = await checkCharts(request.body.chartIds, user)
      // The staff picks keep their name.
      if (row.ownerId === null) Object.assign(fields, { title: row.title, isPublic: 1 })
      const now = Date.now()
      await repos.transaction(async (trx) => {
        await trx.playlists.update(row.id, fields, now)
        await trx.playlists.setCharts(row.id, ids, now)
      })
      return { code: 200 as const, id: row.id }
    },
  )

  app.post(
    '/sonolus/playlists/:name/add',
    {
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        body: PlaylistAddBody,
        response: { 200: PlaylistSavedSchema },
      },
    },
    async (request) => {
      const { user, row } = await editable(request, request.params.name)
      const [chartId] = await checkCharts([request.body.chartId], user)
      const outcome = await repos.playlists.add(row.id, chartId, PLAYLIST_CHARTS_MAX, Date.now())
      if (outcome === 'full') throw tooMany()
      return { code: 200 as const, id: row.id }
    },
  )

  app.post(
    '/sonolus/playlists/:name/delete',
    {
      schema: {
        params: NameParams,
        querystring: LocalizationQuery,
        body: NoBody,
        response: { 200: PlaylistSavedSchema },
      },
    },
    async (request) => {
      const { user, row } = await editable(request, request.params.name)
      if (row.ownerId === null) throw createFailed('The staff picks cannot be deleted')
      await repos.playlists.delete(row.id)
      request.log.info({ playlist: row.id, user: user.id }, 'playlist deleted')
      return { code: 200 as const, id: row.id }
    },
  )
}
