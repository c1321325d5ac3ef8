// Listening on the site (src/features/listen), beyond the spec: a card plays its chart's preview clip, one
// clip at a time, and chart info plays the whole song in a player of its own, which stops a preview clip.
// Against msw handlers in our wire types; jsdom plays nothing, so play and pause are stand-ins.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { AppRoutes } from '../../../src/shell/router'
import { server } from '../../../mocks/node'
import { detailsResponse, listResponse, sampleChart } from '../../../mocks/data'
import { expectLocation, renderWithProviders } from '../renderWithProviders'
import { chartDetailsHandler } from '../chartHandlers'

afterEach(() => vi.restoreAllMocks())

describe('listening before opening (beyond the spec)', () => {
  const played: string[] = []
  afterEach(() => {
    vi.restoreAllMocks()
    played.length = 0
  })

  it('plays a card’s clip, stops it on a second press, and plays one clip at a time', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this.src)
      return Promise.resolve()
    })
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
    server.use(
      http.get('*/sonolus/levels/list', () =>
        HttpResponse.json(
          listResponse(
            [
              sampleChart(66, { title: 'First', previewHash: 'a'.repeat(40) }),
              sampleChart(67, { title: 'Second', previewHash: 'b'.repeat(40) }),
              sampleChart(68, { title: 'Silent', previewHash: null }),
            ],
            1,
          ),
        ),
      ),
    )
    const { user } = renderWithProviders(<AppRoutes />, { route: '/chart/list' })
    const [first, second, silent] = await screen.findAllByTestId('chart-card')
    expect(within(silent).queryByTestId('preview-button')).not.toBeInTheDocument()
    await user.click(within(first).getByRole('button', { name: 'Play the preview of First' }))
    expect(played.at(-1)).toMatch(new RegExp(`${'a'.repeat(40)}$`))
    expect(within(first).getByRole('button', { name: 'Pause the preview of First' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    // A second card's clip replaces the first.
    await user.click(within(second).getByRole('button', { name: 'Play the preview of Second' }))
    expect(played.at(-1)).toMatch(new RegExp(`${'b'.repeat(40)}$`))
    expect(within(first).getByRole('button', { name: 'Play the preview of First' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    // Pressing it again stops it, and the card was not opened.
    const pausesBefore = pause.mock.calls.length
    await user.click(within(second).getByRole('button', { name: 'Pause the preview of Second' }))
    expect(pause.mock.calls.length).toBeGreaterThan(pausesBefore)
    expect(within(second).getByRole('button', { name: 'Play the preview of Second' })).toBeInTheDocument()
    await expectLocation('/chart/list')
  })
})

describe('the whole song on chart info (beyond the spec)', () => {
  it('plays the music in a player of its own; starting it stops a preview clip', async () => {
    const chart = sampleChart(71, { musicHash: 'e'.repeat(40), previewHash: 'f'.repeat(40) })
    server.use(chartDetailsHandler(() => HttpResponse.json(detailsResponse(chart))))
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve())
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined)
    const { user } = renderWithProviders(<AppRoutes />, { route: `/chart/${chart.id}/info` })
    const listen = await screen.findByTestId('chart-listen')
    const song = listen.querySelector('audio')!
    expect(song).toHaveAttribute('src', expect.stringMatching(new RegExp(`${'e'.repeat(40)}$`)))
    expect(song).toHaveAttribute('controls')
    await user.click(within(listen).getByRole('button', { name: /Play the preview of/ }))
    expect(within(listen).getByRole('button', { name: /Pause the preview of/ })).toBeInTheDocument()
    song.dispatchEvent(new Event('play'))
    await waitFor(() =>
      expect(within(listen).getByRole('button', { name: /Play the preview of/ })).toBeInTheDocument(),
    )
  })
})
