// What a new user trips over, against msw handlers in our wire types: a 429 says when to try
// again; Login settings recovers from a failed /user/login; visitors get one login prompt; links between
// docs stay in the tab; dangerous confirmations look dangerous; an empty search says nothing matched;
// cards mark private charts and show the rating; external images are shown as links; the rating slider
// sits in the comment form; cards play a preview clip, one at a time.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { AppRoutes } from '../../../src/app/router'
import { Markdown } from '../../../src/components/Markdown'
import { server } from '../../../mocks/node'
import { detailsResponse, listResponse, sampleChart, sampleUser } from '../../../mocks/data'
import { expectLocation, renderWithProviders } from '../renderWithProviders'

const NOT_LOGIN = 'You are not logged in, please login with Sonolus and try again'
afterEach(() => vi.restoreAllMocks())
const loggedIn = () => server.use(http.get('*/sonolus/user/mine', () => HttpResponse.json(sampleUser)))
const loggedOut = () =>
  server.use(http.get('*/sonolus/user/mine', () => HttpResponse.json({ code: 401 }, { status: 401 })))
/** The error message bar (docs/spec.md §8's snackbar for errors), apart from any inline alert. */
const messageBar = () =>
  waitFor(
    () => {
      const bar = document.querySelector('.message-alert')
      expect(bar).not.toBeNull()
      return bar as HTMLElement
    },
    { timeout: 3000 },
  )

describe('a 429 says what happened and when to try again', () => {
  const chart = sampleChart(61, { title: 'Busy chart' })
  const comment = async (answer: () => Response) => {
    loggedIn()
    server.use(
      http.get('*/sonolus/levels/:name', () => HttpResponse.json(detailsResponse(chart))),
      http.post('*/sonolus/levels/:name/community/submit', answer),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    // The first test here loads chart info's chunk cold: on a busy machine that takes more than a second.
    const box = await screen.findByRole(
      'textbox',
      { name: 'Write a comment (markdown)' },
      { timeout: 10_000 },
    )
    await waitFor(() => expect(box).toBeEnabled())
    await user.type(box, 'one more')
    await user.click(screen.getByRole('button', { name: /Submit$/ }))
  }

  it("reads the server's retryAfter", async () => {
    await comment(() =>
      HttpResponse.json(
        { code: 429, error: 'rate_limited', message: 'At most 10 comments a minute', retryAfter: 42 },
        { status: 429, headers: { 'retry-after': '42' } },
      ),
    )
    expect(await messageBar()).toHaveTextContent('Too many requests. Try again in 42 seconds.')
  })

  it('on a page that failed to load as well', async () => {
    server.use(
      http.get('*/sonolus/levels/list', () =>
        HttpResponse.json(
          { code: 429, error: 'rate_limited', message: 'slow', retryAfter: 7 },
          { status: 429 },
        ),
      ),
    )
    renderWithProviders(<AppRoutes />, { route: '/chart/list' })
    expect(await messageBar()).toHaveTextContent('Too many requests. Try again in 7 seconds.')
  })

  it("is never a network error, even with a proxy's page for a body", async () => {
    await comment(() => new HttpResponse('<html>slow down</html>', { status: 429 }))
    const bar = await messageBar()
    expect(bar).toHaveTextContent('Too many requests, please wait a moment and try again')
    expect(bar).not.toHaveTextContent('Network connection error')
  })
})

describe('Login settings when /user/login fails', () => {
  it('stops spinning, says so in the message bar, and tries again on request', async () => {
    loggedOut()
    let fail = true
    server.use(
      http.get('*/sonolus/user/login', () =>
        fail
          ? HttpResponse.error()
          : HttpResponse.json({ code: 200, sessionId: 's'.repeat(32), url: 'https://open.sonolus.com/x' }),
      ),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/settings/sonolus' })
    const qr = await screen.findByTestId('login-qr')
    const retry = await within(qr).findByRole('button', { name: 'Try again' }, { timeout: 3000 })
    expect(qr.querySelector('.ant-spin')).toBeNull()
    expect(await messageBar()).toHaveTextContent('Network connection error')
    fail = false
    await user.click(retry)
    expect(await within(qr).findByRole('img', { name: /QR/i })).toBeInTheDocument()
  })
})

describe('every fetch failure shows the error message bar', () => {
  it('on the home page, beside the card’s own alert', async () => {
    server.use(http.get('*/sonolus/server/info', () => HttpResponse.error()))
    renderWithProviders(<AppRoutes />, { route: '/home' })
    expect(await messageBar()).toHaveTextContent('Network connection error')
  })

  it('on the chart list', async () => {
    server.use(http.get('*/sonolus/levels/list', () => HttpResponse.error()))
    renderWithProviders(<AppRoutes />, { route: '/chart/list' })
    expect(await messageBar()).toHaveTextContent('Network connection error')
  })
})

describe('visitors on pages that need a login', () => {
  it.each(['/chart/mine', '/chart/like'])('%s shows one message, with the way to log in', async (route) => {
    loggedOut()
    const { user } = renderWithProviders(<AppRoutes />, { route })
    const prompt = await screen.findByTestId('login-prompt')
    expect(within(prompt).getByText(NOT_LOGIN)).toBeInTheDocument()
    // Not also as an error bar.
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(screen.getAllByText(NOT_LOGIN)).toHaveLength(1)
    await user.click(within(prompt).getByRole('button', { name: /Log in with Sonolus/ }))
    await expectLocation('/settings/sonolus')
  })
})

describe('markdown', () => {
  it('opens links to other docs in the same tab, and other sites in a new one', async () => {
    const { user } = renderWithProviders(
      <Markdown>{'See [logging in](/docs/login) and [Sonolus](https://sonolus.com).'}</Markdown>,
      { route: '/docs/error' },
    )
    const internal = screen.getByRole('link', { name: 'logging in' })
    expect(internal).not.toHaveAttribute('target')
    expect(screen.getByRole('link', { name: 'Sonolus' })).toHaveAttribute('target', '_blank')
    await user.click(internal)
    await expectLocation('/docs/login')
  })

  it('shows an image from another site as a link to it (the content policy would block it)', () => {
    renderWithProviders(<Markdown>{'![jacket](https://images.example.com/a.png)'}</Markdown>)
    expect(document.querySelector('img')).toBeNull()
    expect(screen.getByRole('link', { name: /jacket/ })).toHaveAttribute(
      'href',
      'https://images.example.com/a.png',
    )
  })
})

describe('chart list and cards', () => {
  it('says that nothing matched a search, rather than that there are no charts', async () => {
    server.use(http.get('*/sonolus/levels/list', () => HttpResponse.json(listResponse([], 1))))
    renderWithProviders(<AppRoutes />, { route: '/chart/list?title=zzz' })
    expect(await screen.findByText('No charts match “zzz”')).toBeInTheDocument()
    expect(screen.queryByText('No charts here yet')).not.toBeInTheDocument()
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

  it("styles the chart's delete confirmation as dangerous", async () => {
    loggedIn()
    const chart = sampleChart(64, { title: 'Mine to delete' })
    server.use(http.get('*/sonolus/levels/:name', () => HttpResponse.json(detailsResponse(chart))))
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    expect(await screen.findByRole('button', { name: /Edit/ }, { timeout: 5000 })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /Delete/ }))
    expect(await screen.findByText('Do you really want to delete it?')).toBeInTheDocument()
    const confirm = screen.getAllByRole('button', { name: /Delete/ }).at(-1)!
    expect(confirm).toHaveClass('ant-btn-dangerous')
  })
})

describe('the whole song on chart info (beyond the spec)', () => {
  it('plays the music in a player of its own; starting it stops a preview clip', async () => {
    const chart = sampleChart(71, { musicHash: 'e'.repeat(40), previewHash: 'f'.repeat(40) })
    server.use(http.get('*/sonolus/levels/:name', () => HttpResponse.json(detailsResponse(chart))))
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve())
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    const listen = await screen.findByTestId('chart-listen', {}, { timeout: 5000 })
    const song = listen.querySelector('audio')!
    expect(song).toHaveAttribute('src', expect.stringMatching(new RegExp(`${'e'.repeat(40)}$`)))
    expect(song).toHaveAttribute('controls')
    await user.click(within(listen).getByRole('button', { name: /Play the preview of/ }))
    expect(within(listen).getByRole('button', { name: /Pause the preview of/ })).toBeInTheDocument()
    song.dispatchEvent(new Event('play'))
    await waitFor(() =>
      expect(within(listen).getByRole('button', { name: /Play the preview of/ })).toBeInTheDocument(),
    )
  })
})

describe("getting a chart's source (beyond the spec)", () => {
  it('offers the SUS when the creator allows it, and not otherwise', async () => {
    const allowed = sampleChart(69, { title: 'Open source', susHash: 'c'.repeat(40), allowSusDownload: 1 })
    const kept = sampleChart(70, { title: 'Kept', susHash: null, allowSusDownload: 0 })
    server.use(
      http.get('*/sonolus/levels/:name', ({ params }) =>
        HttpResponse.json(detailsResponse(String(params.name).endsWith(allowed.id) ? allowed : kept)),
      ),
    )
    const first = renderWithProviders(<AppRoutes />, { route: `/chart/${allowed.id}/info` })
    const download = await screen.findByRole('link', { name: /Download SUS/ }, { timeout: 5000 })
    expect(download).toHaveAttribute('href', expect.stringMatching(new RegExp(`${'c'.repeat(40)}$`)))
    expect(download).toHaveAttribute('download', 'Open source.sus')
    first.unmount()
    renderWithProviders(<AppRoutes />, { route: `/chart/${kept.id}/info` })
    expect(await screen.findByTestId('chart-title', {}, { timeout: 5000 })).toHaveTextContent('Kept')
    expect(screen.queryByRole('link', { name: /Download SUS/ })).not.toBeInTheDocument()
  })
})

describe('the rating slider sits in the comment form', () => {
  it('with rate and remove rating beside it', async () => {
    loggedIn()
    const chart = sampleChart(65)
    server.use(http.get('*/sonolus/levels/:name', () => HttpResponse.json(detailsResponse(chart))))
    renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    const form = await screen.findByRole('form', { name: 'Comment form' })
    expect(within(form).getByRole('slider', { name: 'Your rating' })).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Write a comment (markdown)' })).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: /Rate$/ })).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: /Remove rating$/ })).toBeInTheDocument()
  })
})

describe('listening before opening (beyond the spec)', () => {
  const played: string[] = []
  afterEach(() => {
    vi.restoreAllMocks()
    played.length = 0
  })

  it('plays a card’s clip, stops it on a second press, and plays one clip at a time', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this.src)
      return Promise.resolve()
    })
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
    server.use(
      http.get('*/sonolus/levels/list', () =>
        HttpResponse.json(
          listResponse(
            [
              sampleChart(66, { title: 'First', previewHash: 'a'.repeat(40) }),
              sampleChart(67, { title: 'Second', previewHash: 'b'.repeat(40) }),
              sampleChart(68, { title: 'Silent', previewHash: null }),
            ],
            1,
          ),
        ),
      ),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/chart/list' })
    const [first, second, silent] = await screen.findAllByTestId('chart-card')
    expect(within(silent).queryByTestId('preview-button')).not.toBeInTheDocument()
    await user.click(within(first).getByRole('button', { name: 'Play the preview of First' }))
    expect(played.at(-1)).toMatch(new RegExp(`${'a'.repeat(40)}$`))
    expect(within(first).getByRole('button', { name: 'Pause the preview of First' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    // A second card's clip replaces the first.
    await user.click(within(second).getByRole('button', { name: 'Play the preview of Second' }))
    expect(played.at(-1)).toMatch(new RegExp(`${'b'.repeat(40)}$`))
    expect(within(first).getByRole('button', { name: 'Play the preview of First' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    // Pressing it again stops it, and the card was not opened.
    const pausesBefore = pause.mock.calls.length
    await user.click(within(second).getByRole('button', { name: 'Pause the preview of Second' }))
    expect(pause.mock.calls.length).toBeGreaterThan(pausesBefore)
    expect(within(second).getByRole('button', { name: 'Play the preview of Second' })).toBeInTheDocument()
    await expectLocation('/chart/list')
  })
})
