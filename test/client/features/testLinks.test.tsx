// Test links on the site: the creators' card makes a link for the chosen days, shows it with its state and
// a way to revoke it, and lists testers' feedback with its moment; the link's page shows the chart, takes a
// signed-in tester's feedback (checking the moment first), and says when a link has ended.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { Route, Routes } from 'react-router-dom'
import { type TestLinks } from '../../../common/api/levels'
import { server } from '../../../mocks/node'
import { detailsResponse, sampleChart, sampleUser } from '../../../mocks/data'
import { TestLinksCard } from '../../../src/features/chartInfo/TestLinksCard'
import { TestLinkPage } from '../../../src/features/testLink/TestLinkPage'
import { loginChecked, renderWithProviders } from '../renderWithProviders'

const CHART = sampleChart(61, { title: 'Draft Chart', isPublic: 0 })
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWx'

describe('TestLinksCard', () => {
  it('makes a link for the chosen days, lists it open with a revoke, and shows the feedback', async () => {
    const made: unknown[] = []
    const revoked: string[] = []
    let links: TestLinks = {
      links: [],
      feedback: [{ id: 'f1', linkId: 'l1', author: 'Tess#1003', content: 'Too dense', moment: 83, time: 1 }],
    }
    server.use(
      http.get('*/sonolus/levels/:name/test-links', () => HttpResponse.json(links)),
      http.post('*/sonolus/levels/:name/test-links', async ({ request }) => {
        made.push(await request.json())
        const link = {
          id: 'l1',
          token: TOKEN,
          createdTime: 1,
          expiresTime: Date.now() + 86_400_000,
          revokedTime: null,
        }
        links = { ...links, links: [link] }
        return HttpResponse.json(link)
      }),
      http.post('*/sonolus/levels/:name/test-links/:id/revoke', ({ params }) => {
        revoked.push(String(params.id))
        links = { ...links, links: links.links.map((link) => ({ ...link, revokedTime: 2 })) }
        return HttpResponse.json({ code: 200 })
      }),
    )
    const { user } = renderWithProviders(<TestLinksCard chartId={CHART.id} />)
    const note = await screen.findByTestId('test-feedback-item')
    expect(note).toHaveTextContent('Tess#1003')
    expect(note).toHaveTextContent('at 1:23')
    expect(note).toHaveTextContent('Too dense')

    await user.click(screen.getByRole('combobox', { name: 'How long the link stays open' }))
    await user.click(await screen.findByText('30 days'))
    await user.click(screen.getByRole('button', { name: /Make a test link/ }))
    await waitFor(() => expect(made).toEqual([{ days: 30 }]))
    const row = await screen.findByTestId('test-link')
    expect(row).toHaveAttribute('data-state', 'open')
    expect(row).toHaveTextContent(`/test/${TOKEN}`)

    await user.click(within(row).getByRole('button', { name: 'Revoke' }))
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(revoked).toEqual(['l1']))
    await waitFor(() => expect(screen.getByTestId('test-link')).toHaveAttribute('data-state', 'revoked'))
  })
})

describe('TestLinkPage', () => {
  const page = () =>
    renderWithProviders(
      <Routes>
        <Route path="/test/:token" element={<TestLinkPage />} />
      </Routes>,
      { route: `/test/${TOKEN}` },
    )

  it('shows the chart and sends a signed-in tester’s feedback at a moment', async () => {
    const sent: unknown[] = []
    server.use(
      http.get('*/sonolus/levels/:name', ({ params }) =>
        String(params.name) === `wbt-${TOKEN}`
          ? HttpResponse.json(detailsResponse(CHART))
          : HttpResponse.json({ code: 404, error: 'not_found', message: 'No' }, { status: 404 }),
      ),
      http.get('*/sonolus/user/mine', () => HttpResponse.json(sampleUser)),
      http.post('*/sonolus/test-links/:token/feedback', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ code: 200 })
      }),
    )
    const { user, store } = page()
    expect(await screen.findByTestId('chart-title')).toHaveTextContent('Draft Chart')
    expect(screen.getByRole('link', { name: /Open in Sonolus/ }).getAttribute('href')).toMatch(
      new RegExp(`/levels/wbt-${TOKEN}$`),
    )
    const card = screen.getByTestId('test-feedback')
    await user.type(
      await within(card).findByRole('textbox', { name: 'Feedback for the creators' }),
      'Great bridge',
    )
    await user.type(within(card).getByRole('textbox', { name: /At/ }), 'soon')
    await user.click(within(card).getByRole('button', { name: /Send/ }))
    expect(store.getState().messages.queue.map((message) => message.textId)).toContain('community.bad_moment')
    expect(sent).toEqual([])
    await user.clear(within(card).getByRole('textbox', { name: /At/ }))
    await user.type(within(card).getByRole('textbox', { name: /At/ }), '1:23')
    await user.click(within(card).getByRole('button', { name: /Send/ }))
    await waitFor(() => expect(sent).toEqual([{ content: 'Great bridge', moment: '83' }]))
    expect(await within(card).findByTestId('test-feedback-sent')).toHaveTextContent('Sent (1). Thank you!')
  })

  it('asks a visitor to sign in before sending feedback', async () => {
    server.use(http.get('*/sonolus/levels/:name', () => HttpResponse.json(detailsResponse(CHART))))
    const { store } = page()
    await loginChecked(store)
    expect(await within(screen.getByTestId('test-feedback')).findByTestId('login-prompt')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Send/ })).not.toBeInTheDocument()
  })

  it('says so when the link has ended', async () => {
    server.use(
      http.get('*/sonolus/levels/:name', () =>
        HttpResponse.json({ code: 404, error: 'not_found', message: 'Ended' }, { status: 404 }),
      ),
    )
    page()
    expect(await screen.findByText('This test link has ended, or never was.')).toBeInTheDocument()
  })
})
