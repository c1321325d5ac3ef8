// The chart list's one search box (titles and more, the list's keywords; an older title= address still
// searches titles), and the address without what the list does not know (as its notice says). Against msw
// handlers in our wire types.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { listResponse, sampleChart } from '../../../mocks/data'
import { renderWithProviders } from '../renderWithProviders'

const search = () => new URLSearchParams(screen.getByTestId('location').dataset.search ?? '')
const record = () => {
  const calls: URLSearchParams[] = []
  server.use(
    http.get('*/sonolus/levels/list', ({ request }) => {
      calls.push(new URL(request.url).searchParams)
      return HttpResponse.json(listResponse([sampleChart(1), sampleChart(2)], 1))
    }),
  )
  return calls
}
const searchBox = () => screen.getByRole('searchbox', { name: /^Search by title/ })

describe('the chart list’s search', () => {
  it('has one search box, which searches titles, artists, composer, author and tags', async () => {
    const calls = record()
    const { user } = renderWithProviders(<AppRoutes />, { route: '/chart/list?sort=plays' })
    await screen.findAllByTestId('chart-card')
    expect(screen.getAllByRole('searchbox')).toHaveLength(1)
    expect(searchBox()).toHaveAccessibleName('Search by title, artist, composer, author or tag')
    expect(within(screen.getByTestId('chart-filters')).queryByRole('searchbox')).toBeNull()
    expect(within(screen.getByTestId('chart-filters')).queryByText('Keywords')).toBeNull()
    await user.type(searchBox(), 'night drive')
    await user.click(screen.getByRole('button', { name: /Search$/ }))
    await waitFor(() =>
      expect(Object.fromEntries(search())).toEqual({ keywords: 'night drive', sort: 'plays' }),
    )
    await waitFor(() => expect(calls.at(-1)!.get('keywords')).toBe('night drive'))
    expect(calls.at(-1)!.has('title')).toBe(false)
  })

  it('still searches titles alone for an older title= address, and a new search replaces it', async () => {
    const calls = record()
    const { user } = renderWithProviders(<AppRoutes />, { route: '/chart/list?title=Night' })
    await screen.findAllByTestId('chart-card')
    expect(calls.at(-1)!.get('title')).toBe('Night')
    expect(calls.at(-1)!.has('keywords')).toBe(false)
    expect(searchBox()).toHaveValue('Night')
    await user.clear(searchBox())
    await user.type(searchBox(), 'Day{Enter}')
    await waitFor(() => expect(Object.fromEntries(search())).toEqual({ keywords: 'Day' }))
    await waitFor(() => expect(calls.at(-1)!.get('keywords')).toBe('Day'))
    expect(calls.at(-1)!.has('title')).toBe(false)
  })

  it('says nothing matched the words when a search finds nothing', async () => {
    server.use(http.get('*/sonolus/levels/list', () => HttpResponse.json(listResponse([], 1))))
    renderWithProviders(<AppRoutes />, { route: '/chart/list?keywords=zzz' })
    expect(await screen.findByText('No charts match “zzz”')).toBeInTheDocument()
  })

  it('says that nothing matched an older title= search, rather than that there are no charts', async () => {
    server.use(http.get('*/sonolus/levels/list', () => HttpResponse.json(listResponse([], 1))))
    renderWithProviders(<AppRoutes />, { route: '/chart/list?title=zzz' })
    expect(await screen.findByText('No charts match “zzz”')).toBeInTheDocument()
    expect(screen.queryByText('No charts here yet')).not.toBeInTheDocument()
  })
})

describe('what the address holds that the list does not know', () => {
  it('is removed from the address, as the notice says, and the rest is kept', async () => {
    const calls = record()
    renderWithProviders(<AppRoutes />, {
      route: '/chart/list?tags=pop&bogus=1&sort=hottest&levelMin=9&levelMax=3&page=1',
    })
    const notice = await screen.findByTestId('filters-ignored')
    expect(notice).toHaveTextContent('Removed from the address')
    expect(notice).toHaveTextContent('bogus=1')
    expect(notice).toHaveTextContent('sort=hottest')
    expect(notice).toHaveTextContent('levelMin=9, levelMax=3')
    await waitFor(() => expect(Object.fromEntries(search())).toEqual({ tags: 'pop', page: '1' }))
    // The notice stays after the address is cleaned, and the list was asked for what was kept.
    expect(screen.getByTestId('filters-ignored')).toHaveTextContent('bogus=1')
    expect(Object.fromEntries(calls.at(-1)!)).toEqual({ tags: 'pop', page: '1' })
  })

  it('leaves the notice with the next change', async () => {
    record()
    const { user } = renderWithProviders(<AppRoutes />, { route: '/chart/list?bogus=1' })
    await screen.findByTestId('filters-ignored')
    await waitFor(() => expect(search().toString()).toBe(''))
    await user.type(searchBox(), 'star{Enter}')
    await waitFor(() => expect(search().get('keywords')).toBe('star'))
    expect(screen.queryByTestId('filters-ignored')).toBeNull()
  })
})
