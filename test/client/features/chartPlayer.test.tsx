// docs/spec.md §2 "Player": reloads when the chart address changes, shows a loading state, shows nothing when the
// address is empty, and draws the file it fetched.
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { HttpResponse, delay, http } from 'msw'
import { PREVIEW_TILE_WIDTH, convertTxt } from '../../../common/chart'
import { ChartReader, GONE } from '../../../src/api/chartFileRead'
import { ChartPlayer } from '../../../src/features/preview/ChartPlayer'
import { server } from '../../../mocks/node'
import { renderWithProviders } from '../renderWithProviders'

const small = convertTxt('0,-1,10,1,3,0,0\n1,-1,20,4,3,0,0').gzipped
const large = convertTxt('0,-1,10,1,3,0,0\n1,-1,20,4,3,0,0\n2,-1,50,7,3,0,3').gzipped
const serve =
  (bytes: Uint8Array, wait = 0) =>
  async () => {
    await delay(wait)
    return new HttpResponse(bytes as BodyInit, { headers: { 'content-type': 'application/gzip' } })
  }

describe('ChartPlayer', () => {
  it('shows nothing for an empty or missing address', () => {
    const { container: empty } = renderWithProviders(<ChartPlayer url="" />)
    expect(empty.querySelector('svg, .ant-spin, .ant-alert')).toBeNull()
    const { container: missing } = renderWithProviders(<ChartPlayer />)
    expect(missing.querySelector('svg, .ant-spin, .ant-alert')).toBeNull()
  })

  it('shows a loading state, then draws the file with one shape per note', async () => {
    server.use(http.get('http://charts.test/a.gz', serve(small, 150)))
    renderWithProviders(<ChartPlayer url="http://charts.test/a.gz" />)
    expect(await screen.findByLabelText('Loading…')).toBeInTheDocument()
    const svg = await screen.findByRole('img', { name: 'Chart preview' })
    expect(svg.querySelectorAll('.note-shape')).toHaveLength(2)
    expect(screen.getByText('2 notes')).toBeInTheDocument()
  })

  it('reloads when the address changes', async () => {
    server.use(
      http.get('http://charts.test/a.gz', serve(small)),
      http.get('http://charts.test/b.gz', serve(large)),
    )
    const { rerender, store } = renderWithProviders(<ChartPlayer url="http://charts.test/a.gz" />)
    expect(await screen.findByText('2 notes')).toBeInTheDocument()
    const { Providers } = await import('../../../src/shell/providers')
    rerender(
      <Providers store={store}>
        <ChartPlayer url="http://charts.test/b.gz" />
      </Providers>,
    )
    expect(await screen.findByText('3 notes')).toBeInTheDocument()
  })

  it('follows redirects to the file', async () => {
    server.use(
      http.get('http://charts.test/old.gz', () => HttpResponse.redirect('http://charts.test/new.gz', 302)),
      http.get('http://charts.test/new.gz', serve(small)),
    )
    renderWithProviders(<ChartPlayer url="http://charts.test/old.gz" />)
    expect(await screen.findByText('2 notes')).toBeInTheDocument()
  })

  it('says Error with the reason for a missing or broken file', async () => {
    server.use(
      http.get('http://charts.test/missing.gz', () => new HttpResponse(null, { status: 404 })),
      http.get('http://charts.test/broken.gz', serve(new Uint8Array([0x1f, 0x8b, 1, 2]))),
    )
    const { unmount } = renderWithProviders(<ChartPlayer url="http://charts.test/missing.gz" />)
    expect(await screen.findByText('Error: HTTP 404')).toBeInTheDocument()
    unmount()
    renderWithProviders(<ChartPlayer url="http://charts.test/broken.gz" />)
    expect(await screen.findByText(/^Error: .*does not decompress/)).toBeInTheDocument()
  })

  it('draws a long chart a few tiles at a time: those in view first, the next ones as it scrolls', async () => {
    // 400 taps, one every half beat: 100 columns, 25 tiles of 4.
    const rows = Array.from({ length: 400 }, (_, i) => `${i * 0.5},-1,10,${1 + (i % 12)},1,0,0`).join('\n')
    server.use(http.get('http://charts.test/long.gz', serve(convertTxt(rows).gzipped)))
    const { container } = renderWithProviders(<ChartPlayer url="http://charts.test/long.gz" />)
    const preview = await screen.findByRole('img', { name: 'Chart preview' })
    expect(preview).toHaveAttribute('data-notes', '400')
    expect(screen.getByText('400 notes')).toBeInTheDocument()
    const drawnTiles = () =>
      [...container.querySelectorAll<SVGSVGElement>('.preview-tile')].map((tile) => Number(tile.dataset.tile))
    // jsdom lays nothing out: the view counts as one tile wide, with one tile either side.
    expect(drawnTiles()).toEqual([0, 1, 2])
    expect(preview.querySelectorAll('.note-shape')).toHaveLength(3 * 16)
    const scroller = container.querySelector<HTMLElement>('.chart-player-scroll')!
    scroller.scrollLeft = 10 * PREVIEW_TILE_WIDTH
    scroller.dispatchEvent(new Event('scroll'))
    await waitFor(() => expect(drawnTiles()).toEqual([9, 10, 11, 12]))
    const drawn = [...preview.querySelectorAll('.note-shape')].map((shape) =>
      Number(shape.getAttribute('data-note')),
    )
    expect(Math.min(...drawn)).toBe(9 * 16 + 1)
    expect(Math.max(...drawn)).toBe(13 * 16)
  })
})

describe('ChartReader', () => {
  it('answers tiles for the charts it holds, and says a chart it let go of is gone', () => {
    const reader = new ChartReader()
    const bytes = () => convertTxt('0,-1,10,1,1,0,0\n30,-1,20,4,3,0,0').gzipped
    const first = reader.read(bytes())
    expect(first).toMatchObject({ noteCount: 2, columnCount: 15, tileCount: 4 })
    expect(first.firstTiles).toHaveLength(3)
    expect(reader.tile(first.key, 3)).toContain('class="note-shape')
    for (let i = 0; i < 8; i++) reader.read(bytes())
    expect(() => reader.tile(first.key, 0)).toThrow(GONE)
  })
})
