// Settings → Sonolus: "Your data" (docs/protocol.md §15.16): the archive's link is followed, and an account is
// deleted only once the handle is typed, with the chosen fate of the charts; the session is then forgotten.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import Cookies from 'js-cookie'
import { HttpResponse, http } from 'msw'
import { AppRoutes } from '../../../src/shell/router'
import { browser } from '../../../src/app/browser'
import { server } from '../../../mocks/node'
import { sampleUser } from '../../../mocks/data'
import { renderWithProviders } from '../renderWithProviders'

const open = () => renderWithProviders(<AppRoutes />, { route: '/settings/sonolus' })

describe('your data', () => {
  afterEach(() => {
    Cookies.remove('sessionId')
    vi.restoreAllMocks()
  })

  it('downloads the archive by following its single-use link', async () => {
    Cookies.set('sessionId', 'the-secret')
    server.use(http.get('*/sonolus/user/mine', () => HttpResponse.json(sampleUser)))
    const download = vi.spyOn(browser, 'download').mockImplementation(() => {})
    const { user } = open()
    const card = await screen.findByTestId('your-data')
    await user.click(within(card).getByRole('button', { name: /Download my data/ }))
    await waitFor(() => expect(download).toHaveBeenCalledWith('http://localhost/sonolus/user/export/k3y'))
    expect(await screen.findByText('Your download has started')).toBeInTheDocument()
  })

  it('deletes the account only with the handle typed, keeping the charts when chosen, then signs out', async () => {
    Cookies.set('sessionId', 'the-secret')
    let body: unknown
    server.use(
      http.get('*/sonolus/user/mine', () => HttpResponse.json(sampleUser)),
      http.post('*/sonolus/user/delete', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ code: 200, chartsDeleted: 0, chartsKept: 2 })
      }),
    )
    const { user } = open()
    const card = await screen.findByTestId('your-data')
    await user.click(within(card).getByRole('button', { name: /Delete my account/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' })
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account for good' })
    expect(confirm).toBeDisabled()
    // Charts are deleted unless the owner says otherwise.
    expect(within(dialog).getByRole('radio', { name: /Delete my charts/ })).toBeChecked()
    await user.click(within(dialog).getByRole('radio', { name: /Keep my charts/ }))
    const field = within(dialog).getByRole('textbox', { name: 'Type your handle (#123456) to confirm' })
    await user.type(field, '#12345')
    expect(confirm).toBeDisabled()
    await user.type(field, '6')
    expect(confirm).toBeEnabled()
    // Signed out from then on: the mine check answers as for a visitor.
    server.use(http.get('*/sonolus/user/mine', () => HttpResponse.json({ code: 401 }, { status: 401 })))
    await user.click(confirm)
    expect(await screen.findByText('Your account was deleted')).toBeInTheDocument()
    expect(body).toEqual({ handle: '#123456', charts: 'keep' })
    expect(Cookies.get('sessionId')).not.toBe('the-secret')
    await waitFor(() => expect(screen.queryByTestId('your-data')).not.toBeInTheDocument())
  })

  it('does not offer deletion during a suspension', async () => {
    Cookies.set('sessionId', 'the-secret')
    server.use(
      http.get('*/sonolus/user/mine', () =>
        HttpResponse.json({
          ...sampleUser,
          suspension: { kind: 'suspend', until: Date.now() + 3_600_000, reason: 'spam' },
        }),
      ),
    )
    open()
    const card = await screen.findByTestId('your-data')
    expect(within(card).getByRole('button', { name: /Delete my account/ })).toBeDisabled()
    expect(
      within(card).getByText('You cannot delete your account while it is suspended.'),
    ).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: /Download my data/ })).toBeEnabled()
  })
})
