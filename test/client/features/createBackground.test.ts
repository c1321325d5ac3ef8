// docs/spec.md §9: the background is a 1920×1180 canvas with the cover drawn 450×450 at (741, 169), the rest filled
// with the cover scaled to cover the canvas and darkened, encoded as PNG. jsdom cannot draw, so the canvas
// context and the image decoder are recording fakes; the geometry and the calls are the real code's.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { centredSquare, composeBackground, coverRect } from '../../../src/features/create/background'

describe('background geometry', () => {
  it('scales an image to cover a box, centred and cropped', () => {
    // Wide image: height decides, the sides are cropped.
    expect(coverRect(800, 400, 1920, 1180)).toEqual({ x: -220, y: 0, width: 2360, height: 1180 })
    // Tall image: width decides.
    expect(coverRect(300, 600, 1920, 1180)).toEqual({ x: 0, y: -1330, width: 1920, height: 3840 })
    // Same aspect: no crop.
    expect(coverRect(960, 590, 1920, 1180)).toEqual({ x: 0, y: 0, width: 1920, height: 1180 })
  })

  it('takes the centred square of a cover', () => {
    expect(centredSquare(800, 400)).toEqual({ x: 200, y: 0, width: 400, height: 400 })
    expect(centredSquare(300, 600)).toEqual({ x: 0, y: 150, width: 300, height: 300 })
    expect(centredSquare(512, 512)).toEqual({ x: 0, y: 0, width: 512, height: 512 })
  })
})

describe('composeBackground', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  const fakeCanvas = () => {
    const calls: unknown[][] = []
    const context = {
      filter: 'none',
      fillStyle: '',
      drawImage: (...args: unknown[]) => calls.push(['drawImage', context.filter, ...args]),
      fillRect: (...args: unknown[]) => calls.push(['fillRect', context.fillStyle, ...args]),
    }
    const sizes: [number, number][] = []
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
    ) {
      sizes.push([this.width, this.height])
      return context as unknown as CanvasRenderingContext2D
    } as never)
    const png = new Blob(['png'], { type: 'image/png' })
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) => {
      calls.push(['toBlob', type])
      callback(png)
    })
    return { calls, sizes, png }
  }

  it('draws the darkened backdrop, then the cover 450×450 at (741, 169), and encodes a PNG', async () => {
    const bitmap = { width: 800, height: 400, close: vi.fn() }
    const decode = vi.fn(async () => bitmap)
    vi.stubGlobal('createImageBitmap', decode)
    const { calls, sizes, png } = fakeCanvas()
    const cover = new Blob(['cover'], { type: 'image/png' })

    await expect(composeBackground(cover)).resolves.toBe(png)
    expect(decode).toHaveBeenCalledWith(cover)
    expect(sizes).toEqual([[1920, 1180]])
    // The backdrop covers the canvas plus the blur's margin (80 px each side), blurred.
    const back = coverRect(800, 400, 1920 + 160, 1180 + 160)
    expect(calls).toEqual([
      ['drawImage', 'blur(40px)', bitmap, back.x - 80, back.y - 80, back.width, back.height],
      ['fillRect', 'rgba(0, 0, 0, 0.55)', 0, 0, 1920, 1180],
      ['drawImage', 'none', bitmap, 200, 0, 400, 400, 741, 169, 450, 450],
      ['toBlob', 'image/png'],
    ])
    expect(bitmap.close).toHaveBeenCalled()
  })

  it('fails when the browser cannot encode the PNG', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 10, height: 10, close: () => {} })),
    )
    fakeCanvas()
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(null))
    await expect(composeBackground(new Blob(['x']))).rejects.toThrow('could not encode the background')
  })

  it('fails when the cover cannot be decoded', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new Error('bad image'))),
    )
    await expect(composeBackground(new Blob(['x']))).rejects.toThrow('bad image')
  })
})
