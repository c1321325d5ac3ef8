// Chart info in the states a chart passes through: scheduled (not published yet, so it says when it will be,
// never how long ago it was made), and gone (deleted while its page was open: its leaderboard is not a
// network failure). Against msw handlers in our wire types; a 404 is the server's catalogue body.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { type ErrorBody } from '../../../common/api/errors'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { detailsResponse, sampleChart, sampleUser } from '../../../mocks/data'
import { expectLocation, pastMessageDelay, renderWithProviders } from '../renderWithProviders'
import { chartDetailsHandler } from '../chartHandlers'

const NETWORK = /Network connection error/
const GONE = 'There is no chart with this id'
const noSuchChart = () =>
  HttpResponse.json({ code: 404, error: 'not_found', message: 'No such chart' } satisfies ErrorBody, {
    status: 404,
  })

const loggedIn = () => server.use(http.get('*/sonolus/user/mine', () => HttpResponse.json(sampleUser)))
const leaderboard = () => screen.getByText('Leaderboard').closest('.ant-card') as HTMLElement

describe('chart info: a scheduled chart', () => {
  // Made a few seconds ago, to be published in two days.
  const scheduledTime = Date.now() + 2 * 86_400_000
  const chart = sampleChart(41, {
    title: 'Later chart',
    isPublic: 0,
    publishTime: Date.now() - 4000,
    scheduledTime,
  })

  it('says when it will be published, with the date, and never that it was published', async () => {
    loggedIn()
    server.use(chartDetailsHandler(() => HttpResponse.json(detailsResponse(chart))))
    renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    const tag = await screen.findByTestId('chart-scheduled')
    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      scheduledTime,
    )
    expect(tag).toHaveTextContent(`Scheduled for ${date}`)
    expect(screen.queryByText('Published')).not.toBeInTheDocument()
    expect(screen.queryByText(/seconds? ago/)).not.toBeInTheDocument()
  })

  it('shows its publish time as before once it is published', async () => {
    const published = { ...chart, isPublic: 1 as const, scheduledTime: null, publishTime: Date.now() - 4000 }
    server.use(chartDetailsHandler(() => HttpResponse.json(detailsResponse(published))))
    renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    expect(await screen.findByText('Published')).toBeInTheDocument()
    expect(screen.getByText(/^\d+ seconds ago$/)).toBeInTheDocument()
    expect(screen.queryByTestId('chart-scheduled')).not.toBeInTheDocument()
  })
})

describe('chart info: a chart that is gone', () => {
  const chart = sampleChart(42, { title: 'Doomed chart' })
  // On a clock the tests move past the message bar's delay (pastMessageDelay).
  afterEach(() => vi.useRealTimers())

  it('says the chart is gone in its leaderboard when the board answers 404, not a network error', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    server.use(
      chartDetailsHandler(() => HttpResponse.json(detailsResponse(chart))),
      http.get('*/sonolus/levels/:name/leaderboards/:board/records/list', noSuchChart),
    )
    renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    expect(await screen.findByText(GONE)).toBeInTheDocument()
    expect(within(leaderboard()).getByText(GONE)).toBeInTheDocument()
    // The message bar comes MESSAGE_DELAY_MS after a failure: give it that.
    await pastMessageDelay()
    expect(screen.queryByText(NETWORK)).not.toBeInTheDocument()
    expect(document.querySelector('.message-alert')).toBeNull()
  })

  it('shows no network error anywhere after its owner deletes it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    loggedIn()
    let deleted = false
    // The chart's own calls: '*/sonolus/levels/:name' also matches the list the page goes to after.
    const unlessDeleted =
      (answer: () => Response) =>
      ({ params }: { params: Record<string, unknown> }) =>
        // Another name falls through to the default handlers.
        params.name !== `wbs-${chart.id}` ? undefined : deleted ? noSuchChart() : answer()
    server.use(
      http.get(
        '*/sonolus/levels/:name',
        unlessDeleted(() => HttpResponse.json(detailsResponse(chart))),
      ),
      http.get(
        '*/sonolus/levels/:name/leaderboards/:board/records/list',
        unlessDeleted(() =>
          HttpResponse.json({
            pageCount: 1,
            records: [{ name: 'r1', rank: '#1', player: 'Ann#1', value: '990000', replay: 'replay-r1' }],
          }),
        ),
      ),
      http.get(
        '*/sonolus/levels/:name/versions',
        unlessDeleted(() =>
          HttpResponse.json({ current: { version: 1, time: chart.publishTime, players: 1 }, earlier: [] }),
        ),
      ),
      http.post('*/sonolus/levels/:name/submit', () => {
        deleted = true
        return HttpResponse.json({ key: '', hashes: [], shouldRemoveItem: true })
      }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    expect(await screen.findByTestId('record')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /Delete/ }))
    await act(async () => user.click(screen.getAllByRole('button', { name: /Delete/ }).at(-1)!))
    // Its board is asked again, and is gone with the chart.
    await waitFor(() => expect(within(leaderboard()).getByText(GONE)).toBeInTheDocument())
    expect(screen.queryByTestId('record')).not.toBeInTheDocument()
    expect(screen.queryByText(NETWORK)).not.toBeInTheDocument()
    await expectLocation('/chart/list')
    // Past the message bar's delay for anything the deletion set off.
    await pastMessageDelay()
    expect(screen.queryByText(NETWORK)).not.toBeInTheDocument()
  })
})
