// What a page puts in the error message bar when something fails (useFailureMessage, showFailure), against
// msw handlers in our wire types: a 429 says when to try again; every failed fetch shows the bar; Login
// settings says so and recovers from a failed /user/login; a visitor on a page that needs a login gets one
// prompt with the way to log in, not an error bar as well.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { detailsResponse, sampleChart, sampleUser } from '../../../mocks/data'
import { expectLocation, pastMessageDelay, renderWithProviders } from '../renderWithProviders'
import { chartDetailsHandler } from '../chartHandlers'

const NOT_LOGIN = 'You are not logged in, please login with Sonolus and try again'
afterEach(() => vi.restoreAllMocks())
const loggedIn = () => server.use(http.get('*/sonolus/user/mine', () => HttpResponse.json(sampleUser)))
const loggedOut = () =>
  server.use(http.get('*/sonolus/user/mine', () => HttpResponse.json({ code: 401 }, { status: 401 })))
/** The error message bar (docs/spec.md §8's snackbar for errors), apart from any inline alert. */
const messageBar = () =>
  waitFor(() => {
    const bar = document.querySelector('.message-alert')
    expect(bar).not.toBeNull()
    return bar as HTMLElement
  })

describe('a 429 says what happened and when to try again', () => {
  const chart = sampleChart(61, { title: 'Busy chart' })
  const comment = async (answer: () => Response) => {
    loggedIn()
    server.use(
      chartDetailsHandler(() => HttpResponse.json(detailsResponse(chart))),
      http.post('*/sonolus/levels/:name/community/submit', answer),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    // The first test here loads chart info's chunk cold: on a busy machine that takes more than a second.
    const box = await screen.findByRole('textbox', { name: 'Write a comment (markdown)' })
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
    const retry = await within(qr).findByRole('button', { name: 'Try again' })
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
  afterEach(() => vi.useRealTimers())

  it.each(['/chart/mine', '/chart/like'])('%s shows one message, with the way to log in', async (route) => {
    // On a clock the test moves past the message bar's delay.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    loggedOut()
    const { user } = renderWithProviders(<AppRoutes />, { route })
    const prompt = await screen.findByTestId('login-prompt')
    expect(within(prompt).getByText(NOT_LOGIN)).toBeInTheDocument()
    // Not also as an error bar.
    await pastMessageDelay()
    expect(screen.getAllByText(NOT_LOGIN)).toHaveLength(1)
    await user.click(within(prompt).getByRole('button', { name: /Log in with Sonolus/ }))
    await expectLocation('/settings/sonolus')
  })
})
