// Every author and player name opens that person's page, /user/{handle}: chart cards, chart info,
// comments and leaderboard records. A name without a handle, or with a given-up one ('~…'), is plain text.
import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { type WebComment } from '../../../common/api/community'
import { type WebRecord } from '../../../common/api/levels'
import { AppRoutes } from '../../../src/shell/router'
import { UserLink, linkedHandle } from '../../../src/components/UserLink'
import { server } from '../../../mocks/node'
import { detailsResponse, listResponse, sampleChart } from '../../../mocks/data'
import { expectLocation, renderWithProviders } from '../renderWithProviders'
import { chartDetailsHandler } from '../chartHandlers'

const chart = sampleChart(41, { title: 'Linked chart' })

const comment = (name: string, author: string): WebComment => ({
  name,
  author,
  time: Date.UTC(2026, 0, 5),
  content: `Comment ${name}`,
  markdown: `Comment ${name}`,
  actions: [],
  parent: null,
  edited: false,
})

const record = (rank: number, player: string): WebRecord => ({
  name: `r${rank}`,
  rank: `#${rank}`,
  player,
  value: `${1_000_000 - rank}`,
  replay: `replay-${rank}`,
})

describe('links to people', () => {
  it('links a chart card’s author to their page, and opens it instead of the chart', async () => {
    server.use(
      http.get('*/sonolus/levels/list', () =>
        HttpResponse.json(
          listResponse(
            [
              sampleChart(1, { title: 'Owned' }),
              sampleChart(2, { title: 'Released', author: 'Gone#~a1b2' }),
              sampleChart(3, { title: 'Handleless', author: 'Nobody' }),
            ],
            1,
          ),
        ),
      ),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/chart/list' })
    const [owned, released, handleless] = await screen.findAllByTestId('chart-card')
    const author = within(owned).getByRole('link', { name: /Player One#123456/ })
    expect(author).toHaveAttribute('href', '/user/123456')
    // The chart's own link does not hold the author's (no link inside a link).
    expect(author.parentElement?.closest('a')).toBeNull()
    expect(within(released).getByText('Gone#~a1b2').closest('a')).toBeNull()
    // Its only links are the card's own and its tags': the released author is not one.
    expect(
      within(released)
        .getAllByRole('link')
        .filter((link) => link.dataset.testid !== 'chart-card-tag'),
    ).toHaveLength(1)
    expect(within(handleless).getByText('Nobody').closest('a')).toBeNull()

    await user.click(author)
    await expectLocation('/user/123456')
    expect(await screen.findByTestId('user-name')).toHaveTextContent('Player One#123456')
  })

  it('links the author on chart info, comment authors and leaderboard players', async () => {
    server.use(
      chartDetailsHandler(() => HttpResponse.json(detailsResponse(chart))),
      http.get('*/sonolus/levels/:name/community/comments/list', () =>
        HttpResponse.json({
          pageCount: 1,
          comments: [comment('c1', 'Commenter#777001'), comment('c2', 'Left#~777002')],
          total: 2,
        }),
      ),
      http.get('*/sonolus/levels/:name/leaderboards/:board/records/list', () =>
        HttpResponse.json({ pageCount: 1, records: [record(1, 'Fast Player#888001'), record(2, 'Guest')] }),
      ),
    )
    renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    expect(await screen.findByTestId('chart-title')).toHaveTextContent('Linked chart')
    expect(screen.getByRole('link', { name: 'Player One#123456' })).toHaveAttribute('href', '/user/123456')

    const [linked, released] = await screen.findAllByTestId('comment')
    expect(within(linked).getByRole('link', { name: 'Commenter#777001' })).toHaveAttribute(
      'href',
      '/user/777001',
    )
    expect(within(released).getByText('Left#~777002').closest('a')).toBeNull()

    const [fast, guest] = await screen.findAllByTestId('record')
    expect(within(fast).getByRole('link', { name: 'Fast Player#888001' })).toHaveAttribute(
      'href',
      '/user/888001',
    )
    expect(within(guest).getByText('Guest').closest('a')).toBeNull()
  })

  it('reads the handle after the last #, and encodes it in the path', () => {
    expect(linkedHandle('A#B#123')).toBe('123')
    expect(linkedHandle('Name#')).toBeUndefined()
    expect(linkedHandle('Name')).toBeUndefined()
    expect(linkedHandle('Name#~released')).toBeUndefined()
    renderWithProviders(<UserLink author="Odd#a/b?c" />)
    expect(screen.getByRole('link', { name: 'Odd#a/b?c' })).toHaveAttribute('href', '/user/a%2Fb%3Fc')
  })
})
