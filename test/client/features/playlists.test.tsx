// Playlists on the site against msw handlers in our wire types: a playlist's page shows its
// charts in order and its owner moves and removes them (each change saved as the whole new order); the
// "add to playlist" dialog on chart info adds the chart to a playlist or to a new one; someone else's
// private playlist (a 404) is "no such playlist"; the home page shows the staff picks.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import {
  type MyPlaylists,
  type PlaylistDetailsResponse,
  type PlaylistEdit,
} from '../../../common/api/playlists'
import { type RawChart } from '../../../common/api/levels'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { detailsResponse, sampleChart, sampleUser } from '../../../mocks/data'
import { renderWithProviders } from '../renderWithProviders'
import { chartDetailsHandler } from '../chartHandlers'

const loggedIn = () => server.use(http.get('*/sonolus/user/mine', () => HttpResponse.json(sampleUser)))
const PLAYLIST = 'ab'.repeat(16)

const details = (id: string, charts: RawChart[], canEdit: boolean): PlaylistDetailsResponse => ({
  item: {
    name: `wbp-${id}`,
    version: 1,
    title: 'Road trip',
    subtitle: `${charts.length} charts`,
    author: 'Sample#123456',
    tags: [],
    levels: charts.map((chart) => detailsResponse(chart).item),
  },
  actions: [],
  hasCommunity: false,
  leaderboards: [],
  sections: [],
  rawItem: {
    id,
    title: id === 'staff-picks' ? 'Staff picks' : 'Road trip',
    description: 'Songs for the car',
    isPublic: true,
    owner: id === 'staff-picks' ? '' : 'Sample#123456',
    staff: id === 'staff-picks',
    chartCount: charts.length,
    covers: charts.slice(0, 4).map((chart) => chart.coverHash),
    updatedTime: 1,
    canEdit,
  },
  rawCharts: charts,
})

/** One playlist on the server; edits replace its order. */
const servePlaylist = (charts: RawChart[], canEdit = true) => {
  const state = { charts, edits: [] as PlaylistEdit[] }
  server.use(
    http.get(`*/sonolus/playlists/wbp-${PLAYLIST}`, () =>
      HttpResponse.json(details(PLAYLIST, state.charts, canEdit)),
    ),
    http.post(`*/sonolus/playlists/wbp-${PLAYLIST}/edit`, async ({ request }) => {
      const edit = (await request.json()) as PlaylistEdit
      state.edits.push(edit)
      state.charts = edit.chartIds.map((id) => charts.find((chart) => chart.id === id)!)
      return HttpResponse.json({ code: 200, id: PLAYLIST })
    }),
  )
  return state
}
const titles = () => screen.getAllByTestId('playlist-chart-title').map((title) => title.textContent)

describe('playlists', () => {
  it('shows a playlist’s charts in order; its owner moves one down and removes one, each saved', async () => {
    loggedIn()
    const state = servePlaylist([sampleChart(1), sampleChart(2), sampleChart(3)])
    const { user } = renderWithProviders(<AppRoutes />, { route: `/playlist/${PLAYLIST}` })
    expect(await screen.findByTestId('playlist-title')).toHaveTextContent('Road trip')
    expect(titles()).toEqual(['Sample chart 1', 'Sample chart 2', 'Sample chart 3'])
    expect(screen.getAllByTestId('playlist-cover')[0].querySelectorAll('img')).toHaveLength(1)
    const first = screen.getAllByTestId('playlist-chart')[0]
    await user.click(within(first).getByRole('button', { name: 'Move down' }))
    await waitFor(() => expect(titles()).toEqual(['Sample chart 2', 'Sample chart 1', 'Sample chart 3']))
    expect(state.edits[0]).toMatchObject({
      title: 'Road trip',
      description: 'Songs for the car',
      isPublic: true,
      chartIds: [sampleChart(2).id, sampleChart(1).id, sampleChart(3).id],
    })
    expect(await screen.findByText('The playlist was saved')).toBeInTheDocument()
    const last = screen.getAllByTestId('playlist-chart')[2]
    await user.click(within(last).getByRole('button', { name: 'Remove from the playlist' }))
    await waitFor(() => expect(titles()).toEqual(['Sample chart 2', 'Sample chart 1']))
    expect(state.edits[1].chartIds).toEqual([sampleChart(2).id, sampleChart(1).id])
  })

  it('offers no editing to someone else', async () => {
    servePlaylist([sampleChart(1)], false)
    renderWithProviders(<AppRoutes />, { route: `/playlist/${PLAYLIST}` })
    await screen.findByTestId('playlist-title')
    expect(screen.queryByRole('button', { name: 'Move down' })).toBeNull()
    expect(screen.queryByTestId('playlist-edit')).toBeNull()
  })

  it('a private playlist of someone else is “no such playlist”', async () => {
    renderWithProviders(<AppRoutes />, { route: `/playlist/${'cd'.repeat(16)}` })
    expect(await screen.findByText('No such playlist')).toBeInTheDocument()
  })

  it('adds a chart from its page to a playlist, or to a new one', async () => {
    loggedIn()
    const chart = sampleChart(5)
    const added: { playlist: string; chartId: string }[] = []
    const created: unknown[] = []
    server.use(
      chartDetailsHandler(() => HttpResponse.json(detailsResponse(chart))),
      http.get('*/sonolus/user/playlists', () =>
        HttpResponse.json({
          playlists: [
            {
              id: PLAYLIST,
              title: 'Road trip',
              isPublic: true,
              staff: false,
              chartCount: 3,
              hasChart: false,
            },
            {
              id: 'ef'.repeat(16),
              title: 'Already',
              isPublic: false,
              staff: false,
              chartCount: 1,
              hasChart: true,
            },
          ],
        } satisfies MyPlaylists),
      ),
      http.post('*/sonolus/playlists/create', async ({ request }) => {
        created.push(await request.json())
        return HttpResponse.json({ code: 200, id: '12'.repeat(16) })
      }),
      http.post('*/sonolus/playlists/:name/add', async ({ request, params }) => {
        added.push({ playlist: String(params.name), ...((await request.json()) as { chartId: string }) })
        return HttpResponse.json({ code: 200, id: String(params.name).slice(4) })
      }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    await user.click(await screen.findByRole('button', { name: /Add to playlist/ }))
    const choices = await screen.findAllByTestId('playlist-choice')
    expect(choices.map((choice) => choice.textContent)).toEqual([
      expect.stringMatching(/^Road trip \(3\)Add$/),
      expect.stringMatching(/^Already \(1\).*In it$/),
    ])
    await user.click(within(choices[0]).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(added).toEqual([{ playlist: `wbp-${PLAYLIST}`, chartId: chart.id }]))
    expect(await screen.findByText('Added to the playlist')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: /Add to playlist/ }))
    await user.type(await screen.findByRole('textbox', { name: 'New playlist title' }), 'Fresh')
    await user.click(screen.getByRole('button', { name: /Create and add/ }))
    await waitFor(() => expect(added).toHaveLength(2))
    expect(created).toEqual([{ title: 'Fresh', description: '', isPublic: true }])
    expect(added[1]).toEqual({ playlist: `wbp-${'12'.repeat(16)}`, chartId: chart.id })
  })

  it('the home page shows the staff picks when there are some', async () => {
    server.use(
      http.get('*/sonolus/playlists/wbp-staff-picks', () =>
        HttpResponse.json(details('staff-picks', [sampleChart(7), sampleChart(8)], false)),
      ),
    )
    renderWithProviders(<AppRoutes />, { route: '/home' })
    const card = await screen.findByTestId('home-staff-picks')
    expect(within(card).getAllByTestId('chart-card')).toHaveLength(2)
    expect(within(card).getByText('Sample chart 7')).toBeInTheDocument()
  })
})
