// Where a logged-in user lands on /playlists: on their own tab when they have playlists, on the public ones
// when they have none. Against msw handlers in the server's wire types (GET /sonolus/playlists/list).
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { type PlaylistListResponse, type RawPlaylist } from '../../../common/api/playlists'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { sampleUser } from '../../../mocks/data'
import { expectLocation, renderWithProviders } from '../renderWithProviders'

const playlist = (id: string, title: string, owner: string, isPublic = true): RawPlaylist => ({
  id,
  title,
  description: '',
  isPublic,
  owner,
  staff: false,
  chartCount: 0,
  covers: [],
  updatedTime: 1,
  canEdit: owner === 'Player One#123456',
})

/** The list as the server answers it: the app's items beside the site's rawItems. */
const listOf = (playlists: RawPlaylist[]): PlaylistListResponse => ({
  pageCount: 1,
  items: playlists.map((raw) => ({
    name: `wbp-${raw.id}`,
    version: 1,
    title: raw.title,
    subtitle: `${raw.chartCount} charts`,
    author: raw.owner,
    tags: [],
    levels: [],
  })),
  searches: [],
  rawItems: playlists,
})

const PUBLIC = playlist('ab'.repeat(16), 'Road trip', 'Someone#654321')
const OWN = playlist('cd'.repeat(16), 'My private mix', 'Player One#123456', false)

/** Logged in, with `own` as one's playlists; everyone's public list holds PUBLIC. */
const serve = (own: RawPlaylist[]) =>
  server.use(
    http.get('*/sonolus/user/mine', () => HttpResponse.json(sampleUser)),
    http.get('*/sonolus/playlists/list', ({ request }) =>
      HttpResponse.json(listOf(new URL(request.url).searchParams.get('type') === 'mine' ? own : [PUBLIC])),
    ),
  )

/** Opens /playlists from the menu once the app knows the user, as a visit from another page does. */
const openPlaylists = async () => {
  const rendered = renderWithProviders(<AppRoutes />, { route: '/home' })
  await screen.findByText('Notices')
  await rendered.user.click(screen.getAllByText('Playlists')[0])
  await expectLocation('/playlists')
  return rendered
}

const activeTab = () =>
  screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent

describe('the playlists page for a logged-in user', () => {
  it('opens on the public playlists when the user has none of their own', async () => {
    serve([])
    await openPlaylists()
    expect(await screen.findByText('Road trip')).toBeInTheDocument()
    expect(activeTab()).toBe('Public playlists')
    expect(screen.queryByText('No playlists here yet.')).not.toBeInTheDocument()
  })

  it('opens on their own playlists when they have some, and the public tab is a click away', async () => {
    serve([OWN])
    const { user } = await openPlaylists()
    expect(await screen.findByText('My private mix')).toBeInTheDocument()
    expect(activeTab()).toBe('My playlists')
    await user.click(screen.getByRole('tab', { name: 'Public playlists' }))
    expect(await screen.findByText('Road trip')).toBeInTheDocument()
    await waitFor(() => expect(activeTab()).toBe('Public playlists'))
  })
})
