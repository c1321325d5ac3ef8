// The chart list's filters (src/features/charts/filters.ts): the filters in the address (read, cleaned,
// written back, what is unknown left out with a notice), the filter bar's calls, the stats they filter on as
// a card and chart info show them, and tags that open the filtered list.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { detailsResponse, listResponse, sampleChart } from '../../../mocks/data'
import {
  DEFAULT_FILTERS,
  chartListPath,
  filterParams,
  readFilters,
} from '../../../src/features/charts/filters'
import { expectLocation, renderWithProviders } from '../renderWithProviders'
import { chartDetailsHandler } from '../chartHandlers'

const search = () => new URLSearchParams(screen.getByTestId('location').dataset.search ?? '')

describe('the filters in the address', () => {
  it('reads every filter, and writes back only what differs from the defaults', () => {
    const params = new URLSearchParams(
      'keywords=star&tags=rock,live&levelMin=5&levelMax=20&lengthMin=60&lengthMax=300&npsMin=2.5&npsMax=8' +
        '&olivier=exclude&scratches=with&splitLines=without&speedChanges=any&songs=1&sort=trending&title=Night',
    )
    const { filters, ignored } = readFilters(params)
    expect(ignored).toEqual([])
    expect(filters).toEqual({
      title: 'Night',
      keywords: 'star',
      tags: ['rock', 'live'],
      level: [5, 20],
      length: [60, 300],
      nps: [2.5, 8],
      olivier: 'exclude',
      scratches: 'with',
      splitLines: 'without',
      speedChanges: 'any',
      songs: true,
      sort: 'trending',
    })
    expect(filterParams(filters)).toEqual({
      title: 'Night',
      keywords: 'star',
      tags: 'rock,live',
      levelMin: '5',
      levelMax: '20',
      lengthMin: '60',
      lengthMax: '300',
      npsMin: '2.5',
      npsMax: '8',
      olivier: 'exclude',
      scratches: 'with',
      splitLines: 'without',
      songs: '1',
      sort: 'trending',
    })
    expect(filterParams(DEFAULT_FILTERS)).toEqual({})
    expect(readFilters(new URLSearchParams(new URLSearchParams(filterParams(filters)))).filters).toEqual(
      filters,
    )
  })

  it('leaves out unknown parameters and choices, not-numbers and crossed ranges; clamps numbers to the bounds', () => {
    const { filters, ignored } = readFilters(
      new URLSearchParams(
        'foo=1&sort=hottest&olivier=1&scratches=maybe&songs=yes&npsMin=x&lengthMin=500&lengthMax=100&levelMin=0&levelMax=99&npsMax=7.26',
      ),
    )
    expect(ignored).toEqual([
      { param: 'foo', value: '1' },
      { param: 'sort', value: 'hottest' },
      { param: 'scratches', value: 'maybe' },
      { param: 'songs', value: 'yes' },
      { param: 'lengthMin', value: '500' },
      { param: 'lengthMax', value: '100' },
      { param: 'npsMin', value: 'x' },
    ])
    expect(filters).toMatchObject({
      sort: 'newest',
      // The spec's spelling of Olivier charts only.
      olivier: 'only',
      scratches: 'any',
      length: [0, 600],
      level: [1, 40],
      // To the nearest step of 0.5.
      nps: [0, 7.5],
    })
    const tooMany = readFilters(new URLSearchParams('tags=a,b,c,d,e,f,g'))
    expect(tooMany.filters.tags).toEqual(['a', 'b', 'c', 'd', 'e'])
    // Only the tags past the limit are left out.
    expect(tooMany.ignored).toEqual([{ param: 'tags', value: 'f,g' }])
    expect(chartListPath({ tags: ['jazz fusion'] })).toBe('/chart/list?tags=jazz+fusion')
  })
})

describe('the chart list’s filter bar', () => {
  const record = () => {
    const calls: URLSearchParams[] = []
    server.use(
      http.get('*/sonolus/levels/list', ({ request }) => {
        calls.push(new URL(request.url).searchParams)
        return HttpResponse.json(listResponse([sampleChart(1, { tags: ['pop', 'jazz'] }), sampleChart(2)], 3))
      }),
    )
    return calls
  }

  it('calls the list with the address’s filters, and a notice names what it left out', async () => {
    const calls = record()
    renderWithProviders(<AppRoutes />, {
      route: '/chart/list?tags=pop&npsMin=3&sort=plays&scratches=with&bogus=1&page=2',
    })
    await screen.findAllByTestId('chart-card')
    const call = calls.at(-1)!
    expect(Object.fromEntries(call)).toEqual({
      tags: 'pop',
      npsMin: '3',
      sort: 'plays',
      scratches: 'with',
      page: '2',
    })
    expect(screen.getByTestId('filters-ignored')).toHaveTextContent('bogus=1')
    expect(within(screen.getByTestId('filter-nps')).getByTestId('filter-nps-value')).toHaveTextContent(
      '3.0 – 30.0+',
    )
  })

  it('writes a change to the address from page 0, and the list follows', async () => {
    const calls = record()
    const { user } = renderWithProviders(<AppRoutes />, { route: '/chart/list?tags=pop&page=2' })
    await screen.findAllByTestId('chart-card')
    // The sort.
    await user.click(within(screen.getByTestId('filter-sort')).getByRole('combobox'))
    await user.click(await screen.findByTitle('Most played'))
    await waitFor(() => expect(Object.fromEntries(search())).toEqual({ tags: 'pop', sort: 'plays' }))
    await waitFor(() => expect(calls.at(-1)!.get('sort')).toBe('plays'))
    expect(calls.at(-1)!.get('page')).toBe('0')
    // Olivier: none.
    await user.click(within(screen.getByTestId('filter-olivier')).getByText('None'))
    await waitFor(() => expect(search().get('olivier')).toBe('exclude'))
    // Words in the search box apply on Enter.
    await user.type(screen.getByRole('searchbox', { name: /^Search by title/ }), 'night drive{Enter}')
    await waitFor(() => expect(search().get('keywords')).toBe('night drive'))
    await waitFor(() => expect(calls.at(-1)!.get('keywords')).toBe('night drive'))
    // A feature.
    await user.click(within(screen.getByTestId('filter-splitLines')).getByRole('combobox'))
    await user.click((await screen.findAllByTitle('Without')).at(-1)!)
    await waitFor(() => expect(search().get('splitLines')).toBe('without'))
    // A tag typed into the tag box.
    await user.type(within(screen.getByTestId('filter-tags')).getByRole('textbox'), 'jazz{Enter}')
    await waitFor(() => expect(search().get('tags')).toBe('pop,jazz'))
    // One card per song.
    await user.click(screen.getByTestId('filter-songs'))
    await waitFor(() => expect(search().get('songs')).toBe('1'))
    await waitFor(() => expect(calls.at(-1)!.get('songs')).toBe('1'))
    // Reset keeps nothing but the search box's words.
    await user.click(screen.getByTestId('filter-reset'))
    await waitFor(() => expect(Object.fromEntries(search())).toEqual({ keywords: 'night drive' }))
  })

  it('shows a card’s notes, length and notes per second, and its tags open the filtered list', async () => {
    record()
    const { user } = renderWithProviders(<AppRoutes />, { route: '/chart/list' })
    const [card] = await screen.findAllByTestId('chart-card')
    expect(within(card).getByTestId('chart-card-notes')).toHaveTextContent('310 notes')
    expect(within(card).getByTestId('chart-card-length')).toHaveTextContent('1:31')
    expect(within(card).getByTestId('chart-card-nps')).toHaveTextContent('3.5 NPS')
    expect(within(card).getByTestId('chart-card-tags')).toHaveTextContent('pop / jazz')
    await user.click(within(card).getByRole('link', { name: 'jazz' }))
    await expectLocation('/chart/list')
    expect(search().get('tags')).toBe('jazz')
  })

  it('says no chart matches the filters when none does', async () => {
    server.use(http.get('*/sonolus/levels/list', () => HttpResponse.json(listResponse([], 1))))
    renderWithProviders(<AppRoutes />, { route: '/chart/list?speedChanges=with' })
    expect(await screen.findByText('No charts match these filters')).toBeInTheDocument()
  })
})

describe('the stats on chart info', () => {
  it('shows the chart’s full stats, and a tag chip opens the filtered list', async () => {
    const chart = sampleChart(4, {
      tags: ['rock'],
      playCount: 12,
      stats: {
        noteCount: 812,
        counts: { tap: 600, flick: 100, hold: 56, holdEnd: 56 },
        duration: 112.4,
        npsAverage: 7.26,
        npsPeak: 15,
        bpmMin: 150,
        bpmMax: 187.5,
        hasScratches: true,
        hasSplitLines: false,
        hasSpeedChanges: true,
      },
    })
    server.use(
      // The list the tag opens ('list' would match :name too).
      http.get('*/sonolus/levels/list', () => HttpResponse.json(listResponse([chart], 1))),
      chartDetailsHandler(() => HttpResponse.json(detailsResponse(chart))),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    const stats = await screen.findByTestId('chart-stats')
    expect(within(stats).getByTestId('chart-stats-notes')).toHaveTextContent('812')
    expect(within(stats).getByTestId('chart-stats-length')).toHaveTextContent('1:52')
    expect(within(stats).getByTestId('chart-stats-nps')).toHaveTextContent('7.3')
    expect(stats).toHaveTextContent('150 – 187.5')
    expect(stats).toHaveTextContent('Plays12')
    expect(within(stats).getByTestId('chart-stats-kinds')).toHaveTextContent(
      'Taps 600 · Flicks 100 · Holds 56 · Hold ends 56',
    )
    await user.click(screen.getByTestId('chart-tag'))
    await expectLocation('/chart/list')
    expect(search().get('tags')).toBe('rock')
  })

  it('says so when a chart has no level data to count', async () => {
    const chart = sampleChart(5, { stats: null })
    server.use(chartDetailsHandler(() => HttpResponse.json(detailsResponse(chart))))
    renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    expect(await screen.findByText('This chart has no level data to count yet')).toBeInTheDocument()
  })
})
