// Chart info's co-authors card: the owner sees co-authors and invitations and invites by handle (an empty
// handle is empty_field, an unknown one explained); an invitee accepts; a co-author may leave; anyone else
// sees no card.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { type Coauthors } from '../../../common/api/levels'
import { server } from '../../../mocks/node'
import { CoauthorsCard } from '../../../src/features/chartInfo/CoauthorsCard'
import { renderWithProviders } from '../renderWithProviders'

const CHART = 'ab'.repeat(16)

const serve = (answer: Coauthors, submit: (values: string) => Response | undefined = () => undefined) => {
  const posted: string[] = []
  server.use(
    http.get('*/sonolus/levels/:name/coauthors', () => HttpResponse.json(answer)),
    http.post('*/sonolus/levels/:name/submit', async ({ request }) => {
      const { values } = (await request.json()) as { values: string }
      posted.push(values)
      return submit(values) ?? HttpResponse.json({ key: '', hashes: [], shouldUpdateItem: true })
    }),
  )
  return posted
}

describe('CoauthorsCard', () => {
  it('lets the owner invite by handle, and shows who is invited', async () => {
    const posted = serve(
      {
        role: 'owner',
        coauthors: [
          { name: 'Helper', handle: '2001', accepted: true },
          { name: 'Maybe', handle: '2002', accepted: false },
        ],
      },
      (values) =>
        values.includes('9999')
          ? HttpResponse.json({ code: 404, error: 'not_found', message: 'Nobody' }, { status: 404 })
          : undefined,
    )
    const { user, store } = renderWithProviders(<CoauthorsCard chartId={CHART} owner="Lead" signedIn />)
    const rows = await screen.findAllByTestId('coauthor')
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Helper#2001'),
      expect.stringContaining('Maybe#2002'),
    ])
    expect(within(rows[1]).getByText('Invited')).toBeInTheDocument()
    expect(within(rows[0]).queryByText('Invited')).not.toBeInTheDocument()
    const messages = () => store.getState().messages.queue.map((message) => message.textId)

    await user.click(screen.getByRole('button', { name: /Invite/ }))
    expect(messages()).toEqual(['error.empty_field'])
    expect(posted).toEqual([])

    const box = screen.getByRole('textbox', { name: 'Their handle (#1234)' })
    await user.type(box, '#9999')
    await user.click(screen.getByRole('button', { name: /Invite/ }))
    await waitFor(() => expect(messages()).toContain('coauthors.no_such_user'))
    expect(box).toHaveValue('#9999')

    await user.clear(box)
    await user.type(box, 'Friend#3003')
    await user.click(screen.getByRole('button', { name: /Invite/ }))
    await waitFor(() => expect(messages()).toContain('success.coauthor_invite'))
    expect(posted).toEqual(['type=invite&handle=%239999', 'type=invite&handle=Friend%233003'])
    await waitFor(() => expect(box).toHaveValue(''))
  })

  it('lets an invitee accept', async () => {
    const posted = serve({ role: 'invited', coauthors: [{ name: 'Me', handle: '2002', accepted: false }] })
    const { user } = renderWithProviders(<CoauthorsCard chartId={CHART} owner="Lead" signedIn />)
    expect(await screen.findByText(/Lead invited you to co-author this chart/)).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(posted).toEqual(['type=accept']))
  })

  it('lets a co-author leave, after confirming', async () => {
    const posted = serve({ role: 'coauthor', coauthors: [{ name: 'Me', handle: '2001', accepted: true }] })
    const { user } = renderWithProviders(<CoauthorsCard chartId={CHART} owner="Lead" signedIn />)
    await user.click(await screen.findByRole('button', { name: 'Stop co-authoring' }))
    expect(posted).toEqual([])
    const confirm = await screen.findByRole('tooltip')
    await user.click(within(confirm).getByRole('button', { name: 'Stop co-authoring' }))
    await waitFor(() => expect(posted).toEqual(['type=removeCoauthor']))
  })

  it('shows nothing to someone who is not on the chart, and asks nothing of a visitor', async () => {
    serve({ role: 'none', coauthors: [{ name: 'Helper', handle: '2001', accepted: true }] })
    const { container, store } = renderWithProviders(<CoauthorsCard chartId={CHART} owner="Lead" signedIn />)
    const { coauthorsApi } = await import('../../../src/api/coauthors')
    await waitFor(() =>
      expect(coauthorsApi.endpoints.getCoauthors.select(CHART)(store.getState()).isSuccess).toBe(true),
    )
    expect(container.querySelector('[data-testid="coauthors"]')).toBeNull()
    const visitor = renderWithProviders(<CoauthorsCard chartId={CHART} owner="Lead" signedIn={false} />)
    expect(coauthorsApi.endpoints.getCoauthors.select(CHART)(visitor.store.getState()).status).toBe(
      'uninitialized',
    )
  })
})
