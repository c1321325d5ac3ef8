// The site's side of moderation, against msw handlers in our wire types: who sees the drawer's
// Moderation group and Notices, the queue and its actions (a reason is required), the audit log and the
// moderators, reports on charts and comments, the owner's hidden chart, notices, takedown requests, and
// the suspended 403 with its end and reason.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, delay, http } from 'msw'
import {
  type AuditEntry,
  type ChartModeration,
  type ModerationActionRequest,
  type ReportRequest,
  type Suspension,
  type TakedownRequest,
  type TargetPreview,
} from '../../../common/api/moderation'
import { type WebComment } from '../../../common/api/community'
import { AppRoutes } from '../../../src/shell/router'
import { queueActions } from '../../../src/features/moderation/QueueGroupCard'
import { server } from '../../../mocks/node'
import {
  detailsResponse,
  noticesResponse,
  queueResponse,
  SPAMMER_SUSPENSION,
  sampleAccounts,
  sampleAuditEntry,
  sampleChart,
  sampleModerator,
  sampleQueueGroups,
  sampleUser,
} from '../../../mocks/data'
import { loginChecked, renderWithProviders } from '../renderWithProviders'
import { chartDetailsHandler } from '../chartHandlers'

const EMPTY = 'Please complete all required fields and try again.'
const DENIED = 'Sorry, you do not have permission to enter this page'
/** Messages show 500 ms after their trigger. */
const message = (text: string | RegExp) => screen.findByText(text)

const loggedInAs = (mine: object) => {
  const calls = { count: 0 }
  server.use(
    http.get('*/sonolus/user/mine', () => {
      calls.count++
      return HttpResponse.json(mine)
    }),
  )
  return calls
}

/** Records the JSON bodies POSTed to a path. */
const recordPosts = <T,>(path: string, answer: () => Response) => {
  const bodies: T[] = []
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push((await request.json()) as T)
      return answer()
    }),
  )
  return bodies
}

const drawer = () => screen.findByRole('navigation', { name: 'Main menu' })

/** Noon UTC: the same day in any test machine's time zone. */
const SUSPENDED_UNTIL = Date.UTC(2026, 2, 1, 12)

/** The moderators' actions on user accounts, answered as the server would and kept as it would keep them
 *  (a suspend or change ends at SUSPENDED_UNTIL, whatever its hours). */
const accountBackend = (initial: Suspension | null) => {
  const state = { suspension: initial, posted: [] as ModerationActionRequest[] }
  server.use(
    http.post('*/sonolus/moderation/actions', async ({ request }) => {
      const body = (await request.json()) as ModerationActionRequest
      state.posted.push(body)
      if (body.action === 'suspend' || body.action === 'change')
        state.suspension = { kind: 'suspend', until: SUSPENDED_UNTIL, reason: body.reason }
      if (body.action === 'ban') state.suspension = { kind: 'ban', until: null, reason: body.reason }
      if (body.action === 'lift') state.suspension = null
      return HttpResponse.json({
        code: 200,
        entry: sampleAuditEntry(1, { action: body.action, target: body.target, reason: body.reason }),
      })
    }),
  )
  return state
}

const buttonsIn = (element: HTMLElement) =>
  within(element)
    .getAllByRole('button')
    .map((button) => button.textContent)

/** Fills in and confirms an action's dialog. */
const confirmIn = async (
  user: ReturnType<typeof renderWithProviders>['user'],
  title: string,
  confirm: string,
  reason: string,
) => {
  const dialog = await screen.findByRole('dialog', { name: title })
  await user.type(within(dialog).getByLabelText('Reason'), reason)
  await user.click(within(dialog).getByRole('button', { name: confirm }))
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
}

describe('the drawer', () => {
  it('shows neither Notices nor Moderation to visitors', async () => {
    const { store } = renderWithProviders(<AppRoutes />, { route: '/home' })
    const nav = await drawer()
    await loginChecked(store)
    expect(within(nav).queryByRole('link', { name: /Notices/ })).not.toBeInTheDocument()
    expect(within(nav).queryByText('Moderation')).not.toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Upload rules' })).toHaveAttribute('href', '/docs/rules')
    expect(within(nav).getByRole('link', { name: 'Takedown requests' })).toHaveAttribute(
      'href',
      '/docs/takedown',
    )
  })

  it('shows a user their notices with the unread count, and no Moderation group', async () => {
    loggedInAs({ ...sampleUser, unreadNotices: 3 })
    renderWithProviders(<AppRoutes />, { route: '/home' })
    const nav = await drawer()
    const notices = await within(nav).findByRole('link', { name: 'Notices (3 unread)' })
    expect(notices).toHaveAttribute('href', '/notices')
    expect(within(notices).getByTestId('notices-badge')).toHaveTextContent('3')
    expect(within(nav).queryByText('Moderation')).not.toBeInTheDocument()
    expect(within(nav).queryByRole('link', { name: 'Report queue' })).not.toBeInTheDocument()
  })

  it('shows moderators the Moderation group', async () => {
    loggedInAs(sampleModerator)
    renderWithProviders(<AppRoutes />, { route: '/home' })
    const nav = await drawer()
    expect(await within(nav).findByText('Moderation')).toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Report queue' })).toHaveAttribute('href', '/moderation')
    expect(within(nav).getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/moderation/log')
    expect(within(nav).getByRole('link', { name: 'Moderators' })).toHaveAttribute(
      'href',
      '/moderation/moderators',
    )
    // No unread notices: no badge.
    expect(within(nav).getByRole('link', { name: 'Notices' })).toBeInTheDocument()
  })
})

describe('/moderation: the queue', () => {
  it.each([
    ['a visitor', { code: 401 }],
    ['a user who is not a moderator', sampleUser],
  ])('tells %s permission_denied and asks nothing of the queue', async (_who, mine) => {
    server.use(
      http.get('*/sonolus/user/mine', () => HttpResponse.json(mine, { status: 'role' in mine ? 200 : 401 })),
    )
    let asked = false
    server.use(
      http.get('*/sonolus/moderation/queue', () => {
        asked = true
        return HttpResponse.json({ code: 401, error: 'permission_denied2' }, { status: 401 })
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/moderation' })
    expect(await screen.findByRole('heading', { level: 2, name: 'Moderation queue' })).toBeInTheDocument()
    expect(await screen.findAllByText(DENIED)).not.toHaveLength(0)
    expect(asked).toBe(false)
  })

  it('shows each group with its target, reports and the actions that fit', async () => {
    loggedInAs(sampleModerator)
    renderWithProviders(<AppRoutes />, { route: '/moderation' })
    const groups = await screen.findAllByTestId('queue-group')
    expect(groups).toHaveLength(3)
    const [chart, comment, user] = groups

    // The chart: cover from the data base, a link to its info, both reports, the takedown's details.
    const title = within(chart).getByRole('link', { name: 'Sample chart 7' })
    expect(title).toHaveAttribute('href', `/chart/${sampleChart(7).id}/info`)
    expect(chart.querySelector('img')).toHaveAttribute(
      'src',
      expect.stringMatching(new RegExp(`${sampleChart(7).coverHash}$`)),
    )
    expect(within(chart).getByText('2 reports')).toBeInTheDocument()
    expect(within(chart).getAllByText('Copyright / official game assets')).toHaveLength(2)
    expect(within(chart).getByText('Ripped from the official game')).toBeInTheDocument()
    expect(within(chart).getByText('Someone#111111')).toBeInTheDocument()
    expect(within(chart).getByText('Takedown request')).toBeInTheDocument()
    for (const text of [
      'Label Records',
      'legal@label.example',
      'Original Song',
      'We hold the rights to this song.',
    ])
      expect(within(chart).getByText(text)).toBeInTheDocument()
    const buttons = (group: HTMLElement) =>
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent)
    // A chart's or comment's author is acted on from its group, as their account stands.
    expect(within(chart).getByTestId('author-account')).toHaveTextContent('Author’s account: Not suspended')
    expect(buttons(chart)).toEqual([
      'Hide',
      'Delete',
      'Dismiss reports',
      'Suspend the author',
      'Ban the author',
    ])

    // The comment is hidden already: Restore instead of Hide; its chart is linked.
    expect(within(comment).getByText('Buy cheap stuff')).toBeInTheDocument()
    expect(within(comment).getByText('Hidden')).toBeInTheDocument()
    expect(within(comment).getByRole('link', { name: 'Sample chart 3' })).toHaveAttribute(
      'href',
      `/chart/${sampleChart(3).id}/info`,
    )
    // Its author is suspended already: lift, change or ban, never a second suspension.
    expect(within(comment).getByTestId('author-account')).toHaveTextContent(
      /^Author’s account: Suspended until .*2026.* \(spam\)$/,
    )
    expect(buttons(comment)).toEqual([
      'Restore',
      'Delete',
      'Dismiss reports',
      'Lift the author’s suspension',
      'Change the author’s suspension',
      'Ban the author',
    ])

    // The user is suspended: Lift, Change and Ban instead of Suspend; grant and revoke live on the
    // Moderators page.
    expect(within(user).getByText('Spammer#222222')).toBeInTheDocument()
    expect(within(user).getByText(/^Suspended until .*2026.* \(spam\)$/)).toBeInTheDocument()
    expect(buttons(user)).toEqual(['Lift suspension', 'Change suspension', 'Ban', 'Dismiss reports'])
  })

  it('refuses an action without a reason, then posts it with the reason and refetches the queue', async () => {
    loggedInAs(sampleModerator)
    let queueCalls = 0
    server.use(
      http.get('*/sonolus/moderation/queue', () => {
        queueCalls++
        return HttpResponse.json(queueResponse())
      }),
    )
    const posted = recordPosts<ModerationActionRequest>('*/sonolus/moderation/actions', () =>
      HttpResponse.json({ code: 200, entry: sampleAuditEntry(1) }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/moderation' })
    const [chart] = await screen.findAllByTestId('queue-group')
    expect(queueCalls).toBe(1)

    await user.click(within(chart).getByRole('button', { name: 'Hide' }))
    const dialog = await screen.findByRole('dialog', { name: 'Hide: Sample chart 7' })
    await user.type(within(dialog).getByLabelText('Reason'), '   ')
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }))
    expect(await message(EMPTY)).toBeInTheDocument()
    expect(within(dialog).getByText('Required')).toBeInTheDocument()
    expect(posted).toEqual([])

    await user.type(within(dialog).getByLabelText('Reason'), 'Official jacket art')
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual({
      target: { type: 'chart', id: sampleChart(7).id },
      action: 'hide',
      reason: 'Official jacket art',
    })
    expect(await message('Action applied successfully')).toBeInTheDocument()
    await waitFor(() => expect(queueCalls).toBe(2))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('says Required once when the reason is left empty', async () => {
    loggedInAs(sampleModerator)
    server.use(http.get('*/sonolus/moderation/queue', () => HttpResponse.json(queueResponse())))
    const { user } = renderWithProviders(<AppRoutes />, { route: '/moderation' })
    const [chart] = await screen.findAllByTestId('queue-group')
    await user.click(within(chart).getByRole('button', { name: 'Hide' }))
    const dialog = await screen.findByRole('dialog', { name: 'Hide: Sample chart 7' })
    const reason = within(dialog).getByLabelText('Reason')
    expect(reason).toHaveAttribute('aria-required', 'true')
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }))
    expect(await message(EMPTY)).toBeInTheDocument()
    expect(within(dialog).getAllByText(/Required/)).toHaveLength(1)
    expect(within(dialog).getByText('The author sees it.')).toBeInTheDocument()
    expect(reason).toHaveAttribute('aria-invalid', 'true')
  })

  it("suspends a comment's author from the comment's group, by their handle", async () => {
    loggedInAs(sampleModerator)
    // The author in good standing (the sample's is suspended already).
    const [, group] = sampleQueueGroups()
    server.use(
      http.get('*/sonolus/moderation/queue', () =>
        HttpResponse.json(
          queueResponse([
            { ...group, preview: { ...group.preview, authorSuspension: null } as TargetPreview },
          ]),
        ),
      ),
    )
    const posted = recordPosts<ModerationActionRequest>('*/sonolus/moderation/actions', () =>
      HttpResponse.json({ code: 200, entry: sampleAuditEntry(1) }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/moderation' })
    const [comment] = await screen.findAllByTestId('queue-group')
    await user.click(within(comment).getByRole('button', { name: 'Suspend the author' }))
    const dialog = await screen.findByRole('dialog', { name: 'Suspend: Spammer#222222' })
    await user.type(within(dialog).getByLabelText('Reason'), 'Spam links')
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual({
      target: { type: 'user', id: '222222' },
      action: 'suspend',
      reason: 'Spam links',
      hours: 24,
    })
  })

  it('suspends for the chosen duration, and deletes only after a danger confirm', async () => {
    loggedInAs(sampleModerator)
    // The user in good standing (the sample's is suspended already).
    const [chartGroup, commentGroup, userGroup] = sampleQueueGroups()
    server.use(
      http.get('*/sonolus/moderation/queue', () =>
        HttpResponse.json(
          queueResponse([
            chartGroup,
            commentGroup,
            { ...userGroup, preview: { ...userGroup.preview, suspension: null } as TargetPreview },
          ]),
        ),
      ),
    )
    const posted = recordPosts<ModerationActionRequest>('*/sonolus/moderation/actions', () =>
      HttpResponse.json({ code: 200, entry: sampleAuditEntry(1) }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/moderation' })
    const [chart, , spammer] = await screen.findAllByTestId('queue-group')

    await user.click(within(spammer).getByRole('button', { name: 'Suspend' }))
    let dialog = await screen.findByRole('dialog', { name: 'Suspend: Spammer#222222' })
    await user.click(within(dialog).getByRole('combobox', { name: 'Duration' }))
    for (const label of ['1 hour', '1 day', '3 days', '7 days', '30 days'])
      // The chosen one shows twice: in the field and in the list.
      expect((await screen.findAllByTitle(label)).length).toBeGreaterThan(0)
    await user.click(screen.getByTitle('3 days'))
    await user.type(within(dialog).getByLabelText('Reason'), 'Spam in comments')
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual({
      target: { type: 'user', id: '222222' },
      action: 'suspend',
      reason: 'Spam in comments',
      hours: 72,
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(within(chart).getByRole('button', { name: 'Delete' }))
    dialog = await screen.findByRole('dialog', { name: 'Delete: Sample chart 7' })
    expect(within(dialog).getByText('Deleting cannot be undone.')).toBeInTheDocument()
    const confirm = within(dialog).getByRole('button', { name: 'Delete' })
    expect(confirm).toHaveClass('ant-btn-dangerous')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(posted).toHaveLength(1)
  })

  it('marks a target that is gone, and offers only Dismiss for it', async () => {
    loggedInAs(sampleModerator)
    const [first] = sampleQueueGroups()
    server.use(
      http.get('*/sonolus/moderation/queue', () =>
        HttpResponse.json(
          queueResponse([{ ...first, preview: { type: 'chart', id: first.target.id, gone: true } }]),
        ),
      ),
    )
    renderWithProviders(<AppRoutes />, { route: '/moderation' })
    const [group] = await screen.findAllByTestId('queue-group')
    expect(within(group).getByText('Deleted')).toBeInTheDocument()
    expect(within(group).getByText('This target no longer exists.')).toBeInTheDocument()
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Dismiss reports'])
  })

  it('offers no suspend or ban for a moderator (the server refuses them until the role is revoked)', () => {
    const user = { type: 'user', id: '654321', gone: false, name: 'Mod Two', handle: '654321' } as const
    expect(queueActions({ ...user, moderator: true, suspension: null })).toEqual(['dismiss'])
    expect(queueActions({ ...user, moderator: false, suspension: null })).toEqual([
      'suspend',
      'ban',
      'dismiss',
    ])
  })

  it('shows the server refusing a non-moderator (401) as permission_denied', async () => {
    loggedInAs(sampleModerator)
    server.use(
      http.get('*/sonolus/moderation/queue', () =>
        HttpResponse.json({ code: 401, error: 'permission_denied2' }, { status: 401 }),
      ),
    )
    renderWithProviders(<AppRoutes />, { route: '/moderation' })
    expect(await screen.findByText(DENIED)).toBeInTheDocument()
  })
})

describe('suspensions from the queue and the user page', () => {
  it('shows an author suspended from the queue with lift, change and ban, and never suspends them twice', async () => {
    loggedInAs(sampleModerator)
    const backend = accountBackend(null)
    const [chartGroup] = sampleQueueGroups()
    server.use(
      http.get('*/sonolus/moderation/queue', () =>
        HttpResponse.json(
          queueResponse([
            {
              ...chartGroup,
              preview: { ...chartGroup.preview, authorSuspension: backend.suspension } as TargetPreview,
            },
          ]),
        ),
      ),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/moderation' })
    await screen.findAllByTestId('queue-group')
    const group = () => screen.getAllByTestId('queue-group')[0]
    const account = () => within(group()).getByTestId('author-account')
    // The author's page, where their account is acted on too.
    expect(within(group()).getByRole('link', { name: 'Player One#123456' })).toHaveAttribute(
      'href',
      '/user/123456',
    )

    await user.click(within(group()).getByRole('button', { name: 'Suspend the author' }))
    await confirmIn(user, 'Suspend: Player One#123456', 'Suspend', 'Stolen art')
    expect(backend.posted[0]).toEqual({
      target: { type: 'user', id: '123456' },
      action: 'suspend',
      reason: 'Stolen art',
      hours: 24,
    })
    // The group now shows the suspension in force: its kind, its end and its reason.
    await waitFor(() =>
      expect(account()).toHaveTextContent(/^Author’s account: Suspended until Mar 1, 2026.* \(Stolen art\)$/),
    )
    expect(buttonsIn(group())).toEqual([
      'Hide',
      'Delete',
      'Dismiss reports',
      'Lift the author’s suspension',
      'Change the author’s suspension',
      'Ban the author',
    ])

    // Change: the dialog shows what is in force and takes a new length.
    await user.click(within(group()).getByRole('button', { name: 'Change the author’s suspension' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change suspension: Player One#123456' })
    expect(within(dialog).getByTestId('current-suspension')).toHaveTextContent(
      /^Now: Suspended until Mar 1, 2026.* \(Stolen art\)$/,
    )
    await user.click(within(dialog).getByRole('combobox', { name: 'Duration' }))
    await user.click(await screen.findByTitle('7 days'))
    await confirmIn(user, 'Change suspension: Player One#123456', 'Change suspension', 'Apologised')
    expect(backend.posted[1]).toEqual({
      target: { type: 'user', id: '123456' },
      action: 'change',
      reason: 'Apologised',
      hours: 168,
    })

    // Ban from the report: a ban is lifted or changed, not banned again.
    await user.click(within(group()).getByRole('button', { name: 'Ban the author' }))
    await confirmIn(user, 'Ban: Player One#123456', 'Ban', 'Stolen again')
    expect(backend.posted[2]).toEqual({
      target: { type: 'user', id: '123456' },
      action: 'ban',
      reason: 'Stolen again',
    })
    await waitFor(() => expect(account()).toHaveTextContent('Author’s account: Banned (Stolen again)'))
    expect(buttonsIn(group()).slice(3)).toEqual([
      'Lift the author’s suspension',
      'Change the author’s suspension',
    ])

    await user.click(within(group()).getByRole('button', { name: 'Lift the author’s suspension' }))
    await confirmIn(user, 'Lift suspension: Player One#123456', 'Lift suspension', 'Appeal accepted')
    expect(backend.posted[3]).toMatchObject({ action: 'lift', target: { type: 'user', id: '123456' } })
    await waitFor(() => expect(account()).toHaveTextContent('Author’s account: Not suspended'))
    expect(buttonsIn(group()).slice(3)).toEqual(['Suspend the author', 'Ban the author'])
  })

  it('offers lift, change and ban for a suspension, and lift and change for a ban', () => {
    const user = { type: 'user', id: '222222', gone: false, name: 'Spammer', handle: '222222' } as const
    expect(queueActions({ ...user, moderator: false, suspension: SPAMMER_SUSPENSION })).toEqual([
      'lift',
      'change',
      'ban',
      'dismiss',
    ])
    expect(
      queueActions({ ...user, moderator: false, suspension: { kind: 'ban', until: null, reason: 'x' } }),
    ).toEqual(['lift', 'change', 'dismiss'])
  })

  it('shows moderators the suspension on the user page, and bans, lifts and suspends from there', async () => {
    loggedInAs(sampleModerator)
    const backend = accountBackend(SPAMMER_SUSPENSION)
    server.use(
      http.get('*/sonolus/moderation/users/:handle', () =>
        HttpResponse.json({ ...sampleAccounts['123456'], suspension: backend.suspension }),
      ),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/user/123456' })
    const card = await screen.findByTestId('account-moderation')
    const status = () => within(card).getByTestId('account-suspension')
    await waitFor(() => expect(status()).toHaveTextContent(/^Suspended until .*2026.* \(spam\)$/))
    expect(buttonsIn(card)).toEqual(['Lift suspension', 'Change suspension', 'Ban'])

    await user.click(within(card).getByRole('button', { name: 'Ban' }))
    await confirmIn(user, 'Ban: Player One#123456', 'Ban', 'Stolen charts')
    expect(backend.posted[0]).toEqual({
      target: { type: 'user', id: '123456' },
      action: 'ban',
      reason: 'Stolen charts',
    })
    await waitFor(() => expect(status()).toHaveTextContent('Banned (Stolen charts)'))
    expect(buttonsIn(card)).toEqual(['Lift suspension', 'Change suspension'])

    await user.click(within(card).getByRole('button', { name: 'Lift suspension' }))
    await confirmIn(user, 'Lift suspension: Player One#123456', 'Lift suspension', 'Appeal accepted')
    await waitFor(() => expect(status()).toHaveTextContent('Not suspended'))
    expect(buttonsIn(card)).toEqual(['Suspend', 'Ban'])

    await user.click(within(card).getByRole('button', { name: 'Suspend' }))
    await confirmIn(user, 'Suspend: Player One#123456', 'Suspend', 'Cooling off')
    expect(backend.posted.map((body) => body.action)).toEqual(['ban', 'lift', 'suspend'])
    expect(backend.posted[2]).toMatchObject({ hours: 24 })
    await waitFor(() => expect(status()).toHaveTextContent(/^Suspended until Mar 1, 2026.* \(Cooling off\)$/))
  })

  it('offers a moderator the account of someone with nothing public, and lifts their ban there', async () => {
    loggedInAs(sampleModerator)
    const backend = accountBackend({ kind: 'ban', until: null, reason: 'Stolen charts' })
    server.use(
      http.get('*/sonolus/moderation/users/:handle', ({ params }) =>
        HttpResponse.json({
          code: 200,
          handle: String(params.handle),
          name: 'Banned One',
          moderator: false,
          suspension: backend.suspension,
        }),
      ),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/user/999999' })
    expect(await screen.findByText('There is no user with this handle')).toBeInTheDocument()
    const card = await screen.findByTestId('account-moderation')
    await waitFor(() =>
      expect(within(card).getByTestId('account-suspension')).toHaveTextContent('Banned (Stolen charts)'),
    )
    await user.click(within(card).getByRole('button', { name: 'Lift suspension' }))
    await confirmIn(user, 'Lift suspension: Banned One#999999', 'Lift suspension', 'Appeal accepted')
    expect(backend.posted[0]).toEqual({
      target: { type: 'user', id: '999999' },
      action: 'lift',
      reason: 'Appeal accepted',
    })
  })

  it('shows no account card to anyone but moderators, and does not ask for it', async () => {
    loggedInAs(sampleUser)
    let asked = false
    server.use(
      http.get('*/sonolus/moderation/users/:handle', () => {
        asked = true
        return HttpResponse.json({ code: 401, error: 'permission_denied2' }, { status: 401 })
      }),
    )
    const { store } = renderWithProviders(<AppRoutes />, { route: '/user/123456' })
    expect(await screen.findByTestId('user-name')).toHaveTextContent('Player One#123456')
    // The card is the only thing that asks, and it is drawn as soon as the viewer is known.
    await loginChecked(store)
    expect(screen.queryByTestId('account-moderation')).not.toBeInTheDocument()
    expect(asked).toBe(false)
  })
})

describe('/moderation/log and /moderation/moderators', () => {
  it('lists audit entries newest first: time, action, target link, moderator, reason, before → after', async () => {
    loggedInAs(sampleModerator)
    renderWithProviders(<AppRoutes />, { route: '/moderation/log' })
    const entries = await screen.findAllByTestId('audit-entry')
    expect(entries).toHaveLength(2)
    const [newest] = entries
    expect(within(newest).getByText('Hide')).toBeInTheDocument()
    expect(within(newest).getByRole('link', { name: 'Sample chart 2' })).toHaveAttribute(
      'href',
      `/chart/${sampleChart(2).id}/info`,
    )
    expect(within(newest).getByText('by Mod Two#654321')).toBeInTheDocument()
    expect(within(newest).getByText('Reason: Reason 2')).toBeInTheDocument()
    expect(within(newest).getByTestId('audit-change')).toHaveTextContent('hidden: false → hidden: true')
    expect(within(newest).getByRole('time')).toBeInTheDocument()
  })

  it('grants by handle and revokes granted moderators only, each with a reason', async () => {
    loggedInAs(sampleModerator)
    const posted = recordPosts<ModerationActionRequest>('*/sonolus/moderation/actions', () =>
      HttpResponse.json({ code: 200, entry: sampleAuditEntry(1) }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/moderation/moderators' })
    const rows = await screen.findAllByTestId('moderator')
    expect(
      rows.map((row) => within(row).queryByRole('button', { name: 'Revoke moderator' }) !== null),
    ).toEqual([false, true])
    expect(within(rows[0]).getByText('Site configuration')).toBeInTheDocument()
    expect(within(rows[1]).getByText(/Granted by Admin#000001/)).toBeInTheDocument()

    await user.type(screen.getByLabelText('Handle'), '#777777')
    await user.click(screen.getByRole('button', { name: 'Grant moderator' }))
    let dialog = await screen.findByRole('dialog', { name: 'Grant moderator: #777777' })
    await user.type(within(dialog).getByLabelText('Reason'), 'Trusted charter')
    await user.click(within(dialog).getByRole('button', { name: 'Grant moderator' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual({
      target: { type: 'user', id: '777777' },
      action: 'grant',
      reason: 'Trusted charter',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(within(rows[1]).getByRole('button', { name: 'Revoke moderator' }))
    dialog = await screen.findByRole('dialog', { name: 'Revoke moderator: Mod Two#654321' })
    await user.click(within(dialog).getByRole('button', { name: 'Revoke moderator' }))
    expect(await message(EMPTY)).toBeInTheDocument()
    expect(posted).toHaveLength(1)
    await user.type(within(dialog).getByLabelText('Reason'), 'Stepped down')
    await user.click(within(dialog).getByRole('button', { name: 'Revoke moderator' }))
    await waitFor(() => expect(posted).toHaveLength(2))
    expect(posted[1]).toEqual({
      target: { type: 'user', id: '654321' },
      action: 'revoke',
      reason: 'Stepped down',
    })
  })
})

describe('reports', () => {
  const theirs = sampleChart(41, { title: 'Their chart', author: 'Someone#111111' })
  const route = `/chart/${theirs.id}/info`
  const withChart = (chart = theirs, comments: WebComment[] = []) =>
    server.use(
      chartDetailsHandler(() => HttpResponse.json(detailsResponse(chart))),
      http.get('*/sonolus/levels/:name/community/comments/list', () =>
        HttpResponse.json({ pageCount: 1, comments, total: comments.length }),
      ),
    )

  it('reports a chart with a reason and a note, and says so', async () => {
    loggedInAs(sampleUser)
    withChart()
    const posted = recordPosts<ReportRequest>('*/sonolus/reports', () =>
      HttpResponse.json({ code: 200, id: 'r1', duplicate: false }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route })
    await user.click(await screen.findByRole('button', { name: /Report$/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Report this chart' })
    for (const label of [
      'Copyright / official game assets',
      'Inappropriate content',
      'Spam',
      'Broken chart',
      'Other',
    ])
      expect(within(dialog).getByRole('radio', { name: label })).toBeInTheDocument()

    // No reason chosen: refused, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await message(EMPTY)).toBeInTheDocument()
    expect(posted).toEqual([])

    await user.click(within(dialog).getByRole('radio', { name: 'Copyright / official game assets' }))
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'The jacket is the official one')
    expect(within(dialog).getByText('30 / 1000')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual({
      target: { type: 'chart', id: theirs.id },
      reason: 'copyright',
      note: 'The jacket is the official one',
    })
    expect(await message('Report sent successfully')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('says so when the user had reported it already', async () => {
    loggedInAs(sampleUser)
    withChart()
    recordPosts<ReportRequest>('*/sonolus/reports', () =>
      HttpResponse.json({ code: 200, id: 'r1', duplicate: true }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route })
    await user.click(await screen.findByRole('button', { name: /Report$/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Report this chart' })
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }))
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await message('You have already reported this')).toBeInTheDocument()
  })

  it('reports a comment of someone else, and offers no Report on the user’s own chart or comment', async () => {
    loggedInAs(sampleUser)
    const comment = (name: string, author: string): WebComment => ({
      name,
      author,
      time: Date.now(),
      content: `Comment ${name}`,
      markdown: `Comment ${name}`,
      actions: [],
      parent: null,
      edited: false,
    })
    const mine = sampleChart(42, { title: 'My chart' })
    withChart(mine, [comment('c1', 'Someone#111111'), comment('c2', 'Player One#123456')])
    const posted = recordPosts<ReportRequest>('*/sonolus/reports', () =>
      HttpResponse.json({ code: 200, id: 'r2', duplicate: false }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${mine.id}/info` })
    const [theirs, own] = await screen.findAllByTestId('comment')
    // The owner's chart: Edit and Delete, no Report; the user's own comment: no Report either.
    expect(screen.getByRole('button', { name: /Edit$/ })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /Report$/ })).toHaveLength(1)
    expect(within(own).queryByRole('button', { name: /Report$/ })).not.toBeInTheDocument()

    await user.click(within(theirs).getByRole('button', { name: /Report$/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' })
    await user.click(within(dialog).getByRole('radio', { name: 'Inappropriate content' }))
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual({ target: { type: 'comment', id: 'c1' }, reason: 'inappropriate' })
  })

  it('offers visitors no Report button', async () => {
    withChart()
    const { store } = renderWithProviders(<AppRoutes />, { route })
    expect(await screen.findByTestId('chart-title')).toHaveTextContent('Their chart')
    await loginChecked(store)
    expect(screen.queryByRole('button', { name: /Report$/ })).not.toBeInTheDocument()
  })
})

describe('a suspended account', () => {
  const until = Date.UTC(2026, 5, 1, 12)
  const suspended = (untilTime: number | null) =>
    HttpResponse.json(
      { code: 403, error: 'suspended', message: 'suspended', until: untilTime, reason: 'Spamming' },
      { status: 403 },
    )

  it('sees until when and why a like was refused', async () => {
    loggedInAs(sampleUser)
    const chart = sampleChart(43, { author: 'Someone#111111' })
    server.use(
      chartDetailsHandler(() => HttpResponse.json(detailsResponse(chart))),
      http.post('*/sonolus/levels/:name/community/submit', () => suspended(until)),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    const like = await screen.findByRole('button', { name: /Like \(/ })
    await waitFor(() => expect(like).toBeEnabled())
    await user.click(like)
    expect(
      await message(/^Your account is suspended until Jun 1, 2026,? \d{1,2}:\d{2}\s?[AP]M \(Spamming\)$/),
    ).toBeInTheDocument()
  })

  it('sees a ban (no end) when commenting', async () => {
    loggedInAs(sampleUser)
    server.use(http.post('*/sonolus/levels/:name/community/submit', () => suspended(null)))
    const chart = sampleChart(44)
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    const box = await screen.findByRole('textbox', { name: 'Write a comment (markdown)' })
    await waitFor(() => expect(box).toBeEnabled())
    await user.type(box, 'Hello')
    await user.click(screen.getByRole('button', { name: /Submit$/ }))
    expect(await message('Your account is suspended (Spamming)')).toBeInTheDocument()
  })

  it('sees a warning on the login settings page', async () => {
    loggedInAs({ ...sampleUser, suspension: { kind: 'ban', until: null, reason: 'Official assets' } })
    renderWithProviders(<AppRoutes />, { route: '/settings/sonolus' })
    expect(await screen.findByTestId('suspension-alert')).toHaveTextContent(
      'Your account is suspended (Official assets)',
    )
  })
})

describe('the owner of a hidden chart', () => {
  const chart = sampleChart(45, { title: 'Hidden chart' })
  const hidden = (reviewRequested: boolean): ChartModeration => ({
    hidden: true,
    reason: 'Official jacket art',
    reviewRequested,
    log: [
      sampleAuditEntry(45, {
        moderator: null,
        reason: 'Official jacket art',
        targetLabel: 'Hidden chart',
      }),
    ],
  })

  it('sees why, asks for a review once, and sees the chart’s moderation history', async () => {
    loggedInAs(sampleUser)
    let requested = false
    server.use(
      chartDetailsHandler(() =>
        HttpResponse.json({ ...detailsResponse(chart), moderation: hidden(requested) }),
      ),
    )
    const submits: { url: URL; body: unknown }[] = []
    server.use(
      http.post('*/sonolus/levels/:name/submit', async ({ request }) => {
        submits.push({ url: new URL(request.url), body: await request.json() })
        requested = true
        return HttpResponse.json({ key: '', hashes: [] })
      }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    const alert = await screen.findByTestId('hidden-alert')
    expect(alert).toHaveTextContent('This chart is hidden by a moderator.')
    expect(alert).toHaveTextContent('Reason: Official jacket art')
    const history = screen.getByText('Moderation history').closest('.ant-card') as HTMLElement
    expect(within(history).getByTestId('audit-entry')).toHaveTextContent('Hide')
    expect(within(history).getByTestId('audit-entry')).toHaveTextContent('Reason: Official jacket art')

    await user.click(within(alert).getByRole('button', { name: 'Request review' }))
    await waitFor(() => expect(submits).toHaveLength(1))
    expect(submits[0].url.pathname).toBe(`/sonolus/levels/wbs-${chart.id}/submit`)
    expect(submits[0].url.searchParams.get('type')).toBe('review')
    expect(submits[0].body).toEqual({ values: '' })
    expect(await message('Review requested successfully')).toBeInTheDocument()
    // antd keeps the loading icon's node (and its name) while its exit animation runs, which never ends in
    // jsdom: match the end of the name.
    await waitFor(() =>
      expect(within(alert).getByRole('button', { name: /Review requested$/ })).toBeDisabled(),
    )
  })

  it('reads to its owner as sentences, and to moderators as the record', async () => {
    loggedInAs(sampleUser)
    server.use(
      chartDetailsHandler(() => HttpResponse.json({ ...detailsResponse(chart), moderation: hidden(false) })),
    )
    renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    await screen.findByTestId('hidden-alert')
    const history = screen.getByText('Moderation history').closest('.ant-card') as HTMLElement
    expect(within(history).getByTestId('notice-text')).toHaveTextContent(
      'Your chart “Hidden chart” was hidden by a moderator.Reason: Official jacket art',
    )
    expect(within(history).queryByTestId('audit-change')).not.toBeInTheDocument()
  })

  it('is shown to moderators with hide/restore, without the review request', async () => {
    loggedInAs(sampleModerator)
    server.use(
      chartDetailsHandler(() => HttpResponse.json({ ...detailsResponse(chart), moderation: hidden(false) })),
    )
    const posted = recordPosts<ModerationActionRequest>('*/sonolus/moderation/actions', () =>
      HttpResponse.json({ code: 200, entry: sampleAuditEntry(1) }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    const alert = await screen.findByTestId('hidden-alert')
    expect(within(alert).queryByRole('button', { name: 'Request review' })).not.toBeInTheDocument()
    const history = screen.getByText('Moderation history').closest('.ant-card') as HTMLElement
    expect(within(history).getByTestId('audit-change')).toHaveTextContent('hidden: false → hidden: true')
    await user.click(screen.getByRole('button', { name: 'Restore' }))
    const dialog = await screen.findByRole('dialog', { name: 'Restore: Hidden chart' })
    await user.type(within(dialog).getByLabelText('Reason'), 'Licensed art')
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }))
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual({
      target: { type: 'chart', id: chart.id },
      action: 'restore',
      reason: 'Licensed art',
    })
  })
})

describe('/notices', () => {
  it('lists the user’s notices, marks them read and clears the badge', async () => {
    let unread = 2
    let mineCalls = 0
    server.use(
      http.get('*/sonolus/user/mine', () => {
        mineCalls++
        return HttpResponse.json({ ...sampleUser, unreadNotices: unread })
      }),
      http.get('*/sonolus/user/notices', () =>
        HttpResponse.json(
          noticesResponse(
            [
              sampleAuditEntry(47, { action: 'hide', reason: 'Official art' }),
              sampleAuditEntry(46, {
                action: 'suspend',
                target: { type: 'user', id: '123456' },
                targetLabel: 'Player One#123456',
                chartId: null,
                reason: 'Repeated uploads',
                before: { suspension: null },
                after: {
                  suspension: { kind: 'suspend', until: SUSPENDED_UNTIL, reason: 'Repeated uploads' },
                },
              }),
            ],
            unread,
          ),
        ),
      ),
    )
    let marked = 0
    server.use(
      // Slow enough for the badge to be seen before it clears.
      http.post('*/sonolus/user/notices/read', async () => {
        await delay(300)
        marked++
        unread = 0
        return HttpResponse.json({ code: 200 })
      }),
    )
    renderWithProviders(<AppRoutes />, { route: '/notices' })
    const nav = await drawer()
    expect(await within(nav).findByRole('link', { name: 'Notices (2 unread)' })).toBeInTheDocument()
    const entries = await screen.findAllByTestId('audit-entry')
    expect(entries).toHaveLength(2)
    expect(within(entries[0]).getByRole('link', { name: 'Sample chart 47' })).toHaveAttribute(
      'href',
      `/chart/${sampleChart(47).id}/info`,
    )
    expect(entries[0]).toHaveTextContent('Reason: Official art')
    expect(entries[1]).toHaveTextContent('Suspend')
    expect(entries[1]).toHaveTextContent(/Your account was suspended until Mar 1, 2026/)
    expect(within(entries[1]).queryByRole('link')).not.toBeInTheDocument()
    expect(screen.getAllByText('New')).toHaveLength(2)

    await waitFor(() => expect(marked).toBe(1))
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Notices' })).toBeInTheDocument())
    expect(mineCalls).toBe(2)
  })

  it('reads each notice as sentences with the reason and what can be done, never a record of the state', async () => {
    loggedInAs(sampleUser)
    const user = { type: 'user' as const, id: '123456' }
    const entries: AuditEntry[] = [
      sampleAuditEntry(47, {
        action: 'hide',
        reason: 'Official art',
        before: { hidden: false, reason: null },
        after: { hidden: true, reason: 'Official art' },
      }),
      sampleAuditEntry(46, {
        action: 'delete',
        reason: 'Spam upload',
        before: { hidden: false, title: 'Sample chart 46' },
        after: null,
      }),
      sampleAuditEntry(45, {
        action: 'change',
        target: user,
        targetLabel: 'Player One#123456',
        chartId: null,
        reason: 'Apologised',
        before: { suspension: { kind: 'ban', until: null, reason: 'Spam' } },
        after: { suspension: { kind: 'suspend', until: SUSPENDED_UNTIL, reason: 'Apologised' } },
      }),
      sampleAuditEntry(44, {
        action: 'ban',
        target: user,
        targetLabel: 'Player One#123456',
        chartId: null,
        reason: 'Spam',
        before: { suspension: null },
        after: { suspension: { kind: 'ban', until: null, reason: 'Spam' }, hiddenCharts: ['x'] },
      }),
      sampleAuditEntry(43, {
        action: 'lift',
        target: user,
        targetLabel: 'Player One#123456',
        chartId: null,
        reason: 'Appeal accepted',
        before: { suspension: { kind: 'suspend', until: SUSPENDED_UNTIL, reason: 'Spam' } },
        after: { suspension: null },
      }),
    ]
    server.use(http.get('*/sonolus/user/notices', () => HttpResponse.json(noticesResponse(entries, 0))))
    renderWithProviders(<AppRoutes />, { route: '/notices' })
    const shown = await screen.findAllByTestId('notice-text')
    expect(shown.map((item) => item.textContent)).toEqual([
      'Your chart “Sample chart 47” was hidden by a moderator.Reason: Official art' +
        'Only you and the moderators can see it now. You can fix it, or ask for a review on its page.',
      'Your chart “Sample chart 46” was deleted by a moderator.Reason: Spam upload',
      expect.stringMatching(
        /^Your suspension was changed: it now ends Mar 1, 2026,? .+\.Reason: ApologisedUntil then you can still read/,
      ),
      'Your account was banned.Reason: Spam' +
        'You can still read, but you cannot upload, edit, comment, rate, like or report, and your charts are hidden.',
      'Your suspension was lifted: you can upload, comment, rate and like again.Reason: Appeal accepted',
    ])
    // The hidden chart links to its page (where a review is asked for); the deleted one has none.
    expect(within(shown[0]).getByRole('link', { name: 'Sample chart 47' })).toHaveAttribute(
      'href',
      `/chart/${sampleChart(47).id}/info`,
    )
    expect(within(shown[1]).queryByRole('link')).not.toBeInTheDocument()
    expect(screen.queryByTestId('audit-change')).not.toBeInTheDocument()
    expect(document.body.textContent).not.toMatch(/suspension:|hidden: true|→/)
  })

  it('reads notices in the language the user chose', async () => {
    loggedInAs(sampleUser)
    server.use(
      http.get('*/sonolus/user/notices', () =>
        HttpResponse.json(
          noticesResponse(
            [
              sampleAuditEntry(47, { action: 'hide', reason: '公式の素材' }),
              sampleAuditEntry(46, {
                action: 'suspend',
                target: { type: 'user', id: '123456' },
                targetLabel: 'Player One#123456',
                chartId: null,
                reason: 'スパム',
                before: { suspension: null },
                after: { suspension: { kind: 'suspend', until: SUSPENDED_UNTIL, reason: 'スパム' } },
              }),
            ],
            0,
          ),
        ),
      ),
    )
    renderWithProviders(<AppRoutes />, {
      route: '/notices',
      preloadedState: {
        settings: {
          locale: 'ja_jp',
          server: 'global',
          primaryColor: '#6200ee',
          _persist: { version: 1, rehydrated: true },
        },
      },
    })
    const shown = await screen.findAllByTestId('notice-text')
    expect(shown[0]).toHaveTextContent(
      'あなたの譜面「Sample chart 47」はモデレーターによって非表示にされました。理由: 公式の素材',
    )
    expect(shown[1]).toHaveTextContent(/^あなたのアカウントは 2026.+まで利用停止になりました。理由: スパム/)
  })

  it('asks visitors to log in', async () => {
    renderWithProviders(<AppRoutes />, { route: '/notices' })
    expect(
      await screen.findAllByText('You are not logged in, please login with Sonolus and try again'),
    ).not.toHaveLength(0)
  })
})

describe('/docs/takedown', () => {
  it('sends a takedown request without a login, refusing empty fields first', async () => {
    const posted = recordPosts<TakedownRequest>('*/sonolus/takedown', () =>
      HttpResponse.json({ code: 200, ids: ['t1'] }),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/docs/takedown' })
    expect(await screen.findByRole('heading', { name: 'takedown (en_us)' })).toBeInTheDocument()
    const send = screen.getByRole('button', { name: 'Send request' })
    await user.type(screen.getByLabelText('Claimant'), 'Label Records')
    await user.click(send)
    expect(await message(EMPTY)).toBeInTheDocument()
    expect(screen.getAllByText('Required')).toHaveLength(4)
    expect(posted).toEqual([])

    const request: TakedownRequest = {
      claimant: 'Label Records',
      contact: 'legal@label.example',
      work: 'Original Song',
      urls: 'https://charts.example/chart/1/info\nhttps://charts.example/chart/2/info',
      statement: 'We hold the rights.',
    }
    await user.type(screen.getByLabelText('Contact'), request.contact)
    await user.type(screen.getByLabelText('Work'), request.work)
    await user.click(screen.getByLabelText('Chart URLs'))
    await user.paste(request.urls)
    await user.type(screen.getByLabelText('Statement'), request.statement)
    expect(screen.getByText('19 / 5000')).toBeInTheDocument()
    await user.click(send)
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toEqual(request)
    expect(await message('Takedown request sent successfully')).toBeInTheDocument()
    expect(screen.getByLabelText('Claimant')).toHaveValue('')
  })

  it('explains the 400 for addresses that name no chart of this site', async () => {
    server.use(
      http.post('*/sonolus/takedown', () =>
        HttpResponse.json({ code: 400, error: 'bad_request', message: 'no chart' }, { status: 400 }),
      ),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/docs/takedown' })
    await screen.findByRole('heading', { name: 'takedown (en_us)' })
    for (const label of ['Claimant', 'Contact', 'Work', 'Chart URLs', 'Statement'])
      await user.type(screen.getByLabelText(label), 'x')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await message(/^None of the addresses names a chart of this site/)).toBeInTheDocument()
    // What was typed stays, to be corrected.
    expect(screen.getByLabelText('Chart URLs')).toHaveValue('x')
  })

  it('shows the configured contact below the form, as a link', async () => {
    server.use(
      http.get('*/sonolus/takedown', () => HttpResponse.json({ code: 200, contact: 'legal@charts.example' })),
    )
    renderWithProviders(<AppRoutes />, { route: '/docs/takedown' })
    const contact = await screen.findByTestId('takedown-contact')
    expect(contact).toHaveTextContent(
      'For questions about a request, legal notices that do not fit the form, or anything else about this site, write to legal@charts.example.',
    )
    expect(within(contact).getByRole('link', { name: 'legal@charts.example' })).toHaveAttribute(
      'href',
      'mailto:legal@charts.example',
    )
  })

  it('tells visitors how to reach the moderators when no contact is configured', async () => {
    renderWithProviders(<AppRoutes />, { route: '/docs/takedown' })
    const contact = await screen.findByTestId('takedown-contact')
    expect(contact).toHaveTextContent(
      'This site publishes no contact address. Send rights claims with the form above; for anything else about a chart or a comment, use the Report button on its page: it reaches the same moderators.',
    )
    expect(within(contact).queryByRole('link')).not.toBeInTheDocument()
  })

  it('shows no form under the other documents', async () => {
    renderWithProviders(<AppRoutes />, { route: '/docs/rules' })
    expect(await screen.findByRole('heading', { name: 'rules (en_us)' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument()
    expect(screen.queryByTestId('takedown-contact')).not.toBeInTheDocument()
  })
})
