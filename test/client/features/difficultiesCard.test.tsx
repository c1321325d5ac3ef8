// Chart info's difficulties: the song's other charts with their levels and a link to the song's page; the
// owner links another chart by its address or id (sent as a level name), takes this one out, and makes a new
// difficulty from it.
import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { type RawChart } from '../../../common/api/levels'
import { server } from '../../../mocks/node'
import { sampleChart } from '../../../mocks/data'
import { DifficultiesCard, chartIdIn } from '../../../src/features/chartInfo/DifficultiesCard'
import { expectLocation, renderWithProviders } from '../renderWithProviders'

const easy = sampleChart(51, { title: 'Song (Easy)', level: 8 })
const hard = sampleChart(52, { title: 'Song (Hard)', level: 24 })
const other = sampleChart(53, { title: 'Song (Expert)', level: 30 })

const serve = (charts: RawChart[]) => {
  const posted: string[] = []
  server.use(
    http.get('*/sonolus/levels/:name/set', () => HttpResponse.json({ charts })),
    http.post('*/sonolus/levels/:name/submit', async ({ params, request }) => {
      posted.push(`${String(params.name)} ${((await request.json()) as { values: string }).values}`)
      return HttpResponse.json({ key: '', hashes: [], shouldUpdateItem: true })
    }),
  )
  return posted
}

describe('chartIdIn', () => {
  it('finds a chart id in a page address, a level name or the id itself', () => {
    const id = other.id
    expect(chartIdIn(`https://charts.example/chart/${id}/info`)).toBe(id)
    expect(chartIdIn(`wbs-${id}`)).toBe(id)
    expect(chartIdIn(` ${id.toUpperCase()} `)).toBe(id)
    expect(chartIdIn('not a chart')).toBeUndefined()
    expect(chartIdIn(`${id}ff`)).toBeUndefined()
  })
})

describe('DifficultiesCard', () => {
  it('lists the song’s other charts with their levels, linking each and the song’s page', async () => {
    serve([easy, hard])
    renderWithProviders(<DifficultiesCard chartId={hard.id} owner={false} />)
    const rows = await screen.findAllByTestId('difficulty')
    expect(rows).toHaveLength(1)
    expect(within(rows[0]).getByRole('link', { name: 'Song (Easy)' })).toHaveAttribute(
      'href',
      `/chart/${easy.id}/info`,
    )
    expect(screen.getByRole('link', { name: 'All difficulties of this song' })).toHaveAttribute(
      'href',
      `/chart/${hard.id}/song`,
    )
    expect(screen.queryByRole('button', { name: /Add as a difficulty/ })).not.toBeInTheDocument()
  })

  it('lets the owner link another chart by its address, and refuses text that names none', async () => {
    const posted = serve([hard])
    const { user, store } = renderWithProviders(<DifficultiesCard chartId={hard.id} owner />)
    const box = await screen.findByRole('textbox', { name: 'Another of your charts (its link or id)' })
    await user.type(box, 'my other chart')
    await user.click(screen.getByRole('button', { name: /Add as a difficulty/ }))
    // The message host (not drawn here) shows what the store queues.
    expect(store.getState().messages.queue.map((message) => message.textId)).toEqual(['song.bad_chart'])
    expect(posted).toEqual([])
    await user.clear(box)
    await user.type(box, `http://localhost/chart/${other.id}/info`)
    await user.click(screen.getByRole('button', { name: /Add as a difficulty/ }))
    await waitFor(() => expect(posted).toEqual([`wbs-${hard.id} type=linkSet&level=wbs-${other.id}`]))
    await waitFor(() => expect(box).toHaveValue(''))
  })

  it('shows a visitor nothing for a chart that is the only one of its song', async () => {
    serve([hard])
    const { container, store } = renderWithProviders(<DifficultiesCard chartId={hard.id} owner={false} />)
    const { levelsApi } = await import('../../../src/api/levels')
    await waitFor(() =>
      expect(levelsApi.endpoints.getSongSet.select(hard.id)(store.getState()).isSuccess).toBe(true),
    )
    expect(container.querySelector('[data-testid="difficulties"]')).toBeNull()
  })

  it('lets the owner make a new difficulty at a level, and opens its edit page', async () => {
    serve([hard])
    const made: unknown[] = []
    server.use(
      http.post('*/sonolus/levels/:name/difficulties', async ({ params, request }) => {
        made.push([String(params.name), await request.json()])
        return HttpResponse.json({ id: other.id })
      }),
    )
    const { user, store } = renderWithProviders(<DifficultiesCard chartId={hard.id} owner />)
    const button = await screen.findByRole('button', { name: /New difficulty from this chart/ })
    await user.click(button)
    expect(store.getState().messages.queue.map((message) => message.textId)).toEqual(['error.empty_field'])
    await user.type(screen.getByRole('spinbutton', { name: 'Level of the new difficulty' }), '27')
    await user.click(button)
    await waitFor(() => expect(made).toEqual([[`wbs-${hard.id}`, { level: 27, isOliver: 0 }]]))
    await expectLocation(`/chart/${other.id}/edit`)
  })
})
