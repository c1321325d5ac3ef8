// docs/spec.md §2 "Login settings (Sonolus)" and §4 "Login flow".
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import Cookies from 'js-cookie'
import { HttpResponse, delay, http } from 'msw'
import { AppRoutes } from '../../../src/app/router'
import { browser } from '../../../src/app/browser'
import { server } from '../../../mocks/node'
import { sampleLogin, sampleUser } from '../../../mocks/data'
import { renderWithProviders } from '../renderWithProviders'

const open = () => renderWithProviders(<AppRoutes />, { route: '/settings/sonolus' })

describe('/settings/sonolus', () => {
  afterEach(() => {
    Cookies.remove('sessionId')
    vi.restoreAllMocks()
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

  it('polls every second and reloads 2 s after the app confirms', async () => {
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
    await waitFor(() => expect(checks).toBeGreaterThanOrEqual(3), { timeout: 4000 })
    confirmed = true
    expect(await screen.findByText('#123456', {}, { timeout: 3000 })).toBeInTheDocument()
    expect(await screen.findByText('Logged in successfully', {}, { timeout: 2000 })).toBeInTheDocument()
    expect(reload).not.toHaveBeenCalled()
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 3000 })
    const settled = checks
    await new Promise((resolve) => setTimeout(resolve, 1500))
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
})
