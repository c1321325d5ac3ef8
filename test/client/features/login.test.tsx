// docs/spec.md §2 "Login settings (Sonolus)" and §4 "Login flow".
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import Cookies from 'js-cookie'
import { HttpResponse, delay, http } from 'msw'
import { LOGIN_POLL_MS } from '../../../common/rules'
import { AppRoutes } from '../../../src/shell/router'
import { browser } from '../../../src/app/browser'
import { server } from '../../../mocks/node'
import { sampleLogin, sampleUser } from '../../../mocks/data'
import { advanceClock, renderWithProviders } from '../renderWithProviders'

const open = () => renderWithProviders(<AppRoutes />, { route: '/settings/sonolus' })

describe('/settings/sonolus', () => {
  afterEach(() => {
    Cookies.remove('sessionId')
    vi.restoreAllMocks()
    vi.useRealTimers()
  })

  it('shows the account read-only when logged in, and logs out', async () => {
    Cookies.set('sessionId', 'the-secret')
    let authorization: string | null = null
    let loggedOut = false
    server.use(
      http.get('*/sonolus/user/mine', ({ request }) => {
        authorization = request.headers.get('authorization')
        return HttpResponse.json(sampleUser)
      }),
      http.post('*/sonolus/user/logout', () => {
        loggedOut = true
        return HttpResponse.json({ code: 200 })
      }),
    )
    const reload = vi.spyOn(browser, 'reloadPage').mockImplementation(() => {})
    const { user } = open()
    expect(await screen.findByText('#123456')).toBeInTheDocument()
    expect(screen.getByText('user-1')).toBeInTheDocument()
    expect(screen.getByText('Player One')).toBeInTheDocument()
    expect(authorization).toBe('the-secret')
    await user.click(screen.getByRole('button', { name: /Logout$/ }))
    await waitFor(() => expect(reload).toHaveBeenCalled())
    expect(loggedOut).toBe(true)
    expect(Cookies.get('sessionId')).toBeUndefined()
  })

  it('starts a login when logged out: cookie, 192 px QR code, and the link enabled once the session exists', async () => {
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.get('*/sonolus/user/login', async () => {
        await gate
        return HttpResponse.json(sampleLogin)
      }),
    )
    open()
    // Until the session id arrives, the link button is a disabled button with nowhere to go.
    const pending = await screen.findByRole('button', { name: /Open in Sonolus$/ })
    expect(pending).toBeDisabled()
    expect(pending).not.toHaveAttribute('href')
    release()
    const qr = await screen.findByRole('img', { name: 'QR code to log in with Sonolus' })
    expect(qr).toHaveAttribute('width', '192')
    expect(screen.getByRole('link', { name: /Open in Sonolus$/ })).toHaveAttribute('href', sampleLogin.url)
    expect(Cookies.get('sessionId')).toBe(sampleLogin.sessionId)
    expect(screen.getByText(/Scan the QR code/)).toBeInTheDocument()
  })

  it('polls every second and reloads 2 s after the login is finished', async () => {
    // On a clock the test moves on at the end, past a few polling intervals.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let confirmed = false
    let checks = 0
    server.use(
      http.get('*/sonolus/user/mine', () => {
        checks++
        return confirmed ? HttpResponse.json(sampleUser) : HttpResponse.json({ code: 401 }, { status: 401 })
      }),
    )
    const reload = vi.spyOn(browser, 'reloadPage').mockImplementation(() => {})
    open()
    await screen.findByRole('img', { name: 'QR code to log in with Sonolus' })
    await waitFor(() => expect(checks).toBeGreaterThanOrEqual(3))
    confirmed = true
    expect(await screen.findByText('#123456')).toBeInTheDocument()
    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument()
    expect(reload).not.toHaveBeenCalled()
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1))
    const settled = checks
    await advanceClock(3 * LOGIN_POLL_MS)
    expect(checks).toBe(settled)
  })

  it('shows the error banner when the server cannot be reached', async () => {
    server.use(http.get('*/sonolus/user/mine', () => HttpResponse.error()))
    open()
    expect(
      await screen.findByText('Network connection error, please check your network connection'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Open in Sonolus$/ })).not.toBeInTheDocument()
  })

  it('shows a loading state first', async () => {
    server.use(
      http.get('*/sonolus/user/mine', async () => {
        await delay(300)
        return HttpResponse.json(sampleUser)
      }),
    )
    open()
    expect(await screen.findByLabelText('Loading…')).toBeInTheDocument()
    expect(await screen.findByText('#123456')).toBeInTheDocument()
  })

  it('finishes the login with the code the app showed: a wrong code says so, the right one logs in', async () => {
    let finished = false
    const given: string[] = []
    server.use(
      http.get('*/sonolus/user/mine', () =>
        finished ? HttpResponse.json(sampleUser) : HttpResponse.json({ code: 401 }, { status: 401 }),
      ),
      http.post('*/sonolus/user/login/code', async ({ request }) => {
        given.push(request.headers.get('authorization') ?? '')
        const { code } = (await request.json()) as { code: string }
        if (code !== '123 456')
          return HttpResponse.json(
            { code: 400, error: 'login_code', message: 'That is not the code Sonolus showed for this login' },
            { status: 400 },
          )
        finished = true
        return HttpResponse.json({ code: 200 })
      }),
    )
    const reload = vi.spyOn(browser, 'reloadPage').mockImplementation(() => {})
    const { user } = open()
    const input = await screen.findByRole('textbox', { name: 'Code from Sonolus' })
    const finish = screen.getByRole('button', { name: 'Finish login' })
    await waitFor(() => expect(input).toBeEnabled())
    // Six digits, spaces allowed.
    await user.type(input, '12345')
    expect(finish).toBeDisabled()
    await user.type(input, '7')
    await user.click(finish)
    expect(
      await screen.findByText('That is not the code Sonolus showed. Check it and try again'),
    ).toBeInTheDocument()
    expect(given).toEqual([sampleLogin.sessionId])
    await user.clear(input)
    await user.type(input, '123 456{Enter}')
    expect(await screen.findByText('Logged in successfully')).toBeInTheDocument()
    await waitFor(() => expect(reload).toHaveBeenCalled())
  })

  it('starts a new login when the code can no longer finish this one', async () => {
    let starts = 0
    server.use(
      http.get('*/sonolus/user/login', () => {
        starts++
        return HttpResponse.json({ ...sampleLogin, url: `${sampleLogin.url}?n=${starts}` })
      }),
      http.post('*/sonolus/user/login/code', () =>
        HttpResponse.json({ code: 401, error: 'not_login', message: 'expired' }, { status: 401 }),
      ),
    )
    const { user } = open()
    const input = await screen.findByRole('textbox', { name: 'Code from Sonolus' })
    await waitFor(() => expect(input).toBeEnabled())
    await user.type(input, '123456{Enter}')
    await waitFor(() => expect(starts).toBe(2))
    expect(input).toHaveValue('')
    expect(
      await screen.findByText('You are not logged in, please login with Sonolus and try again'),
    ).toBeInTheDocument()
  })
})
