// Counts read as English counts them ("1 warning", "2 warnings"): the catalogue's plural forms, on the
// chart preview's readout and in the messages that carry a count.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { createIntl } from 'react-intl'
import enUs from '../../../i18n/en_us.json'
import { convertSus } from '../../../common/chart'
import { server } from '../../../mocks/node'
import { ChartPreviewPage } from '../../../src/features/preview/ChartPreviewPage'
import { renderWithProviders } from '../renderWithProviders'

const CHART = ['#00002: 4', '#BPM01: 120', '#00008: 01', '#00112: 1300']
const en = createIntl({ locale: 'en', messages: enUs })
afterEach(() => vi.restoreAllMocks())

describe('counts in English', () => {
  it.each([
    ['1 warning', ['#FOO bar']],
    ['2 warnings', ['#FOO bar', '#BAR baz']],
  ])('the chart preview reads %s for a chart with that many unknown headers', async (readout, unknown) => {
    const text = [...unknown, ...CHART].join('\n')
    // The player below reads the loaded chart from its object URL: here, an address msw answers.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('http://charts.test/preview.gz')
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined)
    server.use(
      http.get('http://charts.test/preview.gz', () =>
        HttpResponse.arrayBuffer(convertSus(text).gzipped.slice().buffer),
      ),
    )
    const { user } = renderWithProviders(<ChartPreviewPage />, { route: '/chart/preview' })
    const file = new File([text], 'chart.sus', { type: 'text/plain' })
    await user.upload(screen.getByTestId('file-sus'), file)
    expect(await screen.findByText(readout, { exact: true })).toBeInTheDocument()
  })

  it('says one thing, not one things, wherever a message counts', () => {
    const one = (id: keyof typeof enUs) => en.formatMessage({ id }, { count: 1 })
    const two = (id: keyof typeof enUs) => en.formatMessage({ id }, { count: 2 })
    expect([one('preview.warnings'), two('preview.warnings')]).toEqual(['1 warning', '2 warnings'])
    expect([one('preview.note_count'), two('preview.note_count')]).toEqual(['1 note', '2 notes'])
    expect([one('chart.stats.notes_short'), two('chart.stats.notes_short')]).toEqual(['1 note', '2 notes'])
    expect([one('user.stats_rating_count'), two('user.stats_rating_count')]).toEqual([
      '(1 rating)',
      '(2 ratings)',
    ])
  })
})
