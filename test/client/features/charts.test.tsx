// docs/spec.md §2 "Chart list, My charts, Liked charts" and "Chart info" against msw handlers in our wire types:
// loading, empty, error, logged in and out, owner and non-owner; a card marks a private chart and shows the
// rating; the delete confirmation looks dangerous; the SUS is offered when its creator allows it.
import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, delay, http } from 'msw'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { detailsResponse, listResponse, sampleChart, sampleUser } from '../../../mocks/data'
import { expectLocation, renderWithProviders } from '../renderWithProviders'
import { chartDetailsHandler } from '../chartHandlers'

const NOT_LOGIN = 'You are not logged in, please login with Sonolus and try again'
const DENIED = 'Sorry, you do not have permission to enter this page'
const loggedIn = () => server.use(http.get('*/sonolus/user/mine', () => HttpResponse.json(sampleUser)))

describe('chart list (docs/spec.md §2)', () => {
  it('shows a card per chart: level chip, title, artists, composer, tags, author, likes', async () => {
    server.use(
      http.get('*/sonolus/levels/list', () =>
        HttpResponse.json(
          listResponse(
            [
              sampleChart(1, { title: 'Plain', level: 12, tags: ['pop', 'demo'], likeNumber: 7 }),
              sampleChart(2, { title: 'Hard', level: 4, isOliver: 1, tags: [] }),
            ],
            1,
          ),
        ),
      ),
    )
    renderWithProviders(<AppRoutes />, { route: '/chart/list' })
    const cards = await screen.findAllByTestId('chart-card')
    expect(cards).toHaveLength(2)
    const [plain, hard] = cards
    expect(within(plain).getByText('Plain')).toBeInTheDocument()
    expect(within(plain).getByTestId('level-chip')).toHaveTextContent('Lv. 12')
    expect(within(plain).getByTestId('level-chip')).toHaveAttribute('data-olivier', '0')
    expect(within(plain).getByTestId('chart-card-tags')).toHaveTextContent('pop / demo')
    expect(within(plain).getByTestId('chart-card-likes')).toHaveTextContent('7')
    expect(within(plain).getByText('Player One#123456')).toBeInTheDocument()
    expect(within(plain).getByText('Sample Artists')).toBeInTheDocument()
    expect(within(plain).getByText('Sample Composer')).toBeInTheDocument()
    expect(within(hard).getByTestId('level-chip')).toHaveTextContent('Olivier IV')
    expect(within(hard).getByTestId('level-chip')).toHaveAttribute('data-olivier', '1')
    expect(within(hard).getByTestId('chart-card-tags')).toHaveTextContent('-')
    // The card holds its link (and, beside it, the preview button and the author's link: neither may sit in
    // a link).
    expect(within(plain).getByRole('link', { name: /Plain/ })).toHaveAttribute(
      'href',
      `/chart/${sampleChart(1).id}/info`,
    )
  })

  it('searches from page 0 and pages with zero-based calls', async () => {
    const calls: URLSearchParams[] = []
    server.use(
      http.get('*/sonolus/levels/list', ({ request }) => {
        const params = new URL(request.url).searchParams
        calls.push(params)
        const page = Number(params.get('page'))
        return HttpResponse.json(listResponse([sampleChart(100 + page)], 12))
      }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/chart/list' })
    expect(await screen.findByText('Sample chart 100')).toBeInTheDocument()
    expect(calls.at(-1)?.get('page')).toBe('0')
    // 12 pages, 7 visible slots: 1 2 3 4 5 … 12.
    const nav = screen.getByRole('navigation', { name: 'Pages' })
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['', '1', '2', '3', '4', '5', '12', ''])
    await user.click(within(nav).getByRole('button', { name: '3' }))
    expect(await screen.findByText('Sample chart 102')).toBeInTheDocument()
    expect(calls.at(-1)?.get('page')).toBe('2')
    // The one search box searches titles and more: the list's keywords.
    await user.type(screen.getByRole('searchbox', { name: /^Search by title/ }), 'star')
    await user.click(screen.getByRole('button', { name: /Search$/ }))
    await waitFor(() => expect(calls.at(-1)?.get('keywords')).toBe('star'))
    expect(calls.at(-1)?.get('page')).toBe('0')
  })

  it('shows a loading state until the page arrives', async () => {
    server.use(
      http.get('*/sonolus/levels/list', async () => {
        await delay(150)
        return HttpResponse.json(listResponse([sampleChart(3, { title: 'Arrived' })], 1))
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/chart/list' })
    expect(await screen.findByLabelText('Loading…')).toBeInTheDocument()
    expect(await screen.findByText('Arrived')).toBeInTheDocument()
  })

  it('says so when the list is empty', async () => {
    server.use(http.get('*/sonolus/levels/list', () => HttpResponse.json(listResponse([], 1))))
    renderWithProviders(<AppRoutes />, { route: '/chart/list' })
    expect(await screen.findByText('No charts here yet')).toBeInTheDocument()
  })

  it('shows fetch_failed when the server cannot be reached', async () => {
    server.use(http.get('*/sonolus/levels/list', () => HttpResponse.error()))
    renderWithProviders(<AppRoutes />, { route: '/chart/list' })
    expect(
      await screen.findByText('Network connection error, please check your network connection'),
    ).toBeInTheDocument()
  })

  it.each(['/chart/mine', '/chart/like'])(
    '%s shows a visitor only the login prompt (not_login once): no search box, filters, list or list call',
    async (route) => {
      let listed = false
      server.use(
        http.get('*/sonolus/levels/list', () => {
          listed = true
          return HttpResponse.json(listResponse([], 1))
        }),
      )
      renderWithProviders(<AppRoutes />, { route })
      // The prompt shows once the login check has answered: what the page shows then is all it shows.
      const prompt = await screen.findByTestId('login-prompt')
      expect(screen.getAllByText(NOT_LOGIN)).toHaveLength(1)
      expect(screen.queryByRole('searchbox')).toBeNull()
      expect(screen.queryByTestId('chart-filters')).toBeNull()
      expect(screen.queryByText('No charts here yet')).toBeNull()
      expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull()
      expect(listed).toBe(false)
      // The picture is decorative, not a second, English "Unauthorized".
      expect(within(prompt).queryByText('Unauthorized')).toBeNull()
      expect(within(prompt).queryByRole('img', { name: /unauthorized|lock/i })).toBeNull()
    },
  )

  it.each([
    ['/chart/mine', 'my'],
    ['/chart/like', '2'],
  ])('%s lists with in=%s once logged in', async (route, scope) => {
    loggedIn()
    let seen: string | null = null
    server.use(
      http.get('*/sonolus/levels/list', ({ request }) => {
        seen = new URL(request.url).searchParams.get('in')
        return HttpResponse.json(listResponse([sampleChart(5, { title: 'Mine or liked' })], 1))
      }),
    )
    renderWithProviders(<AppRoutes />, { route })
    expect(await screen.findByText('Mine or liked')).toBeInTheDocument()
    expect(seen).toBe(scope)
  })

  it('marks private charts and shows the rating on the card', async () => {
    loggedIn()
    server.use(
      http.get('*/sonolus/levels/list', () =>
        HttpResponse.json(
          listResponse(
            [
              sampleChart(62, { title: 'Secret', isPublic: 0, rating: 4.25, ratingNumber: 4 }),
              sampleChart(63, { title: 'Unrated' }),
            ],
            1,
          ),
        ),
      ),
    )
    renderWithProviders(<AppRoutes />, { route: '/chart/mine' })
    const [secret, unrated] = await screen.findAllByTestId('chart-card')
    expect(within(secret).getByTestId('chart-card-private')).toHaveTextContent('Private')
    expect(within(secret).getByTestId('chart-card-rating')).toHaveTextContent('4.3')
    expect(within(unrated).queryByTestId('chart-card-private')).not.toBeInTheDocument()
    expect(within(unrated).queryByTestId('chart-card-rating')).not.toBeInTheDocument()
  })
})

describe('chart info (docs/spec.md §2)', () => {
  const chart = sampleChart(9, {
    title: 'Info chart',
    description: 'Some **bold** text',
    tags: ['pop', 'demo'],
    likeNumber: 3,
    commentNumber: 2,
    rating: 4.5,
    ratingNumber: 2,
  })
  const other = sampleChart(10, { title: 'Another by them', tags: [] })
  const details = () =>
    server.use(chartDetailsHandler(() => HttpResponse.json(detailsResponse(chart, [other]))))

  it('shows the fields, markdown description, counts, Open in Sonolus and other charts', async () => {
    details()
    renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    expect(await screen.findByTestId('chart-title')).toHaveTextContent('Info chart')
    expect(screen.getByText('bold').tagName).toBe('STRONG')
    expect(screen.getByText('pop')).toBeInTheDocument()
    expect(screen.getByText(chart.id)).toBeInTheDocument()
    expect(screen.getByText('4.5 (2 ratings)')).toBeInTheDocument()
    const open = screen.getByRole('link', { name: /Open in Sonolus/ })
    expect(open.getAttribute('href')).toMatch(
      new RegExp(`^https://open\\.sonolus\\.com/.+/levels/wbs-${chart.id}$`),
    )
    expect(screen.getByText('Another by them').closest('a')).toHaveAttribute(
      'href',
      `/chart/${other.id}/info`,
    )
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
  })

  it('shows fetch_failed when the chart cannot be fetched, and a 404 for an unknown id', async () => {
    server.use(chartDetailsHandler(() => HttpResponse.error()))
    const first = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    expect(
      (await screen.findAllByText('Network connection error, please check your network connection')).length,
    ).toBeGreaterThan(0)
    first.unmount()
    server.resetHandlers()
    renderWithProviders(<AppRoutes />, { route: '/chart/nothex/info' })
    expect(await screen.findByText('There is no chart with this id')).toBeInTheDocument()
  })

  it('gates the page behind a loading state', async () => {
    server.use(
      chartDetailsHandler(async () => {
        await delay(150)
        return HttpResponse.json(detailsResponse(chart))
      }),
    )
    renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    expect(await screen.findByLabelText('Loading…')).toBeInTheDocument()
    expect(await screen.findByTestId('chart-title')).toBeInTheDocument()
  })

  it('shows permission_denied for a private chart of someone else (401)', async () => {
    server.use(
      chartDetailsHandler(() =>
        HttpResponse.json({ code: 401, error: 'permission_denied', message: DENIED }, { status: 401 }),
      ),
    )
    renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    expect((await screen.findAllByText(DENIED)).length).toBeGreaterThan(0)
  })

  it('gives the owner Edit and Delete; Delete asks, deletes, then goes to /chart/list after 1000 ms', async () => {
    loggedIn()
    details()
    let deleted: string | null = null
    server.use(
      http.post('*/sonolus/levels/:name/submit', async ({ params, request }) => {
        deleted = `${String(params.name)} ${new URL(request.url).searchParams.get('type')}`
        return HttpResponse.json({ key: '', hashes: [], shouldRemoveItem: true })
      }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    expect(await screen.findByRole('button', { name: /Edit/ })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /Delete/ }))
    expect(await screen.findByText('Do you really want to delete it?')).toBeInTheDocument()
    const started = Date.now()
    const confirm = screen.getAllByRole('button', { name: /Delete/ }).at(-1)!
    await act(async () => user.click(confirm))
    await waitFor(() => expect(deleted).toBe(`wbs-${chart.id} delete`))
    // The redirect waits 1000 ms: give it that and more on a busy machine.
    await expectLocation('/chart/list')
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
  })

  it("styles the chart's delete confirmation as dangerous", async () => {
    loggedIn()
    const chart = sampleChart(64, { title: 'Mine to delete' })
    server.use(chartDetailsHandler(() => HttpResponse.json(detailsResponse(chart))))
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    expect(await screen.findByRole('button', { name: /Edit/ })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /Delete/ }))
    expect(await screen.findByText('Do you really want to delete it?')).toBeInTheDocument()
    const confirm = screen.getAllByRole('button', { name: /Delete/ }).at(-1)!
    expect(confirm).toHaveClass('ant-btn-dangerous')
  })

  it('offers the SUS when the creator allows it, and not otherwise', async () => {
    const allowed = sampleChart(69, { title: 'Open source', susHash: 'c'.repeat(40), allowSusDownload: 1 })
    const kept = sampleChart(70, { title: 'Kept', susHash: null, allowSusDownload: 0 })
    server.use(
      chartDetailsHandler(({ params }) =>
        HttpResponse.json(detailsResponse(String(params.name).endsWith(allowed.id) ? allowed : kept)),
      ),
    )
    const first = renderWithProviders(<AppRoutes />, { route: `/chart/${allowed.id}/info` })
    const download = await screen.findByRole('link', { name: /Download SUS/ })
    expect(download).toHaveAttribute('href', expect.stringMatching(new RegExp(`${'c'.repeat(40)}$`)))
    expect(download).toHaveAttribute('download', 'Open source.sus')
    first.unmount()
    renderWithProviders(<AppRoutes />, { route: `/chart/${kept.id}/info` })
    expect(await screen.findByTestId('chart-title')).toHaveTextContent('Kept')
    expect(screen.queryByRole('link', { name: /Download SUS/ })).not.toBeInTheDocument()
  })
})
