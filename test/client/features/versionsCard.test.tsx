// Chart info's versions card: each version with what it changed in the notes and where, and the current
// version's changed notes handed to the preview as marks when asked (and cleared again).
import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { type ChartVersions, type VersionChanges } from '../../../common/api/levels'
import { server } from '../../../mocks/node'
import { VersionsCard } from '../../../src/features/chartInfo/VersionsCard'
import { leaderboardsApi } from '../../../src/api/leaderboards'
import { renderWithProviders } from '../renderWithProviders'

const ID = 'ab'.repeat(16)
const versions: ChartVersions = {
  current: {
    version: 3,
    time: Date.UTC(2026, 10, 20, 12),
    players: 0,
    editor: 'Second Hand#2002',
    changes: {
      added: 2,
      removed: 1,
      moved: 1,
      spans: [
        { from: 8, to: 9.5 },
        { from: 40, to: 40 },
      ],
    },
  },
  earlier: [
    { version: 2, time: Date.UTC(2026, 10, 10, 12), replacedTime: Date.UTC(2026, 10, 20, 12), players: 1 },
    { version: 1, time: Date.UTC(2026, 10, 1, 12), replacedTime: Date.UTC(2026, 10, 10, 12), players: 4 },
  ],
}
const changes: VersionChanges = {
  ...versions.current.changes!,
  notes: [
    { kind: 'added', beat: 8, lane: 3, laneLength: 2 },
    { kind: 'moved', beat: 9.5, lane: 5, laneLength: 3, fromBeat: 9, fromLane: 5 },
    { kind: 'removed', beat: 40, lane: 1, laneLength: 1 },
    { kind: 'added', beat: 40, lane: 7, laneLength: 2 },
  ],
  notesCut: false,
}

const serve = (list: ChartVersions) => {
  const asked: string[] = []
  server.use(
    http.get('*/sonolus/levels/:name/versions', () => HttpResponse.json(list)),
    http.get('*/sonolus/levels/:name/versions/:version', ({ params }) => {
      asked.push(`${String(params.name)}/${String(params.version)}`)
      return HttpResponse.json(changes)
    }),
  )
  return asked
}

describe('VersionsCard', () => {
  it('lists every version, newest first, with what it changed and where', async () => {
    serve(versions)
    renderWithProviders(<VersionsCard chartId={ID} onMarks={() => undefined} />)
    const current = await screen.findByTestId('version-3')
    expect(current).toHaveTextContent(/Version 3 · current since/)
    // Who uploaded it (a co-author here); the earlier versions name nobody.
    expect(current).toHaveTextContent('by Second Hand')
    expect(screen.getByTestId('version-2')).not.toHaveTextContent(' by ')
    expect(current).toHaveTextContent('2 added · 1 removed · 1 moved at 0:08–0:09.5, 0:40')
    // Version 2 came before changes were kept; version 1 is where the chart began.
    expect(screen.getByTestId('version-2')).toHaveTextContent('Its note changes were not recorded')
    expect(screen.getByTestId('version-1')).toHaveTextContent('The first version')
    expect(screen.getAllByTestId(/^version-/).map((row) => row.dataset.testid)).toEqual([
      'version-3',
      'version-2',
      'version-1',
    ])
  })

  it('marks the current version’s changed notes on the preview when asked, and clears them', async () => {
    const asked = serve(versions)
    const onMarks = vi.fn()
    const { user } = renderWithProviders(<VersionsCard chartId={ID} onMarks={onMarks} />)
    const row = await screen.findByTestId('version-3')
    // Nothing is fetched until the creator asks.
    expect(asked).toEqual([])
    await user.click(within(row).getByRole('button', { name: /Mark the changes in the preview/ }))
    await waitFor(() => expect(onMarks).toHaveBeenCalled())
    expect(asked).toEqual([`wbs-${ID}/3`])
    expect(onMarks.mock.calls.at(-1)![0]).toEqual([
      expect.objectContaining({
        beat: 8,
        lane: 3,
        laneLength: 2,
        tone: 'added',
        label: 'Note added at 0:08',
      }),
      expect.objectContaining({ tone: 'moved', label: 'Note moved to 0:09.5 (from 0:09)' }),
      expect.objectContaining({ tone: 'removed', label: 'Note removed at 0:40' }),
      expect.objectContaining({ tone: 'added', lane: 7 }),
    ])
    await user.click(within(row).getByRole('button', { name: /Clear the marks/ }))
    expect(onMarks.mock.calls.at(-1)![0]).toBeUndefined()
  })

  it('shows nothing for a chart with one version', async () => {
    serve({ current: { version: 1, time: 1, players: 0 }, earlier: [] })
    const { container, store } = renderWithProviders(<VersionsCard chartId={ID} onMarks={() => undefined} />)
    // Once the list has arrived (react-redux draws a store change at once), the card is still not there.
    await waitFor(() =>
      expect(leaderboardsApi.endpoints.getVersions.select(ID)(store.getState()).isSuccess).toBe(true),
    )
    expect(container.querySelector('[data-testid="versions"]')).toBeNull()
  })
})
