// docs/spec.md §2: the preview's Save exports a PNG named after the SHA-1 of the image bytes. The image is
// the whole chart, its columns wrapped into rows (renderPreviewImage), written by the chart reader rather
// than taken from the page, which holds only the columns in view.
import { chartReader } from '../../api/chartData'
import { canvasToPng, loadImage } from '../../app/canvas'
import { sha1OfBytes } from '../../app/sha1'

/** The chart is too long for one image a canvas can hold. */
export class PreviewTooLongError extends Error {}

/** Draws the chart the reader holds under `key` onto a canvas and returns the PNG bytes. */
export const chartToPng = async (key: number): Promise<Uint8Array> => {
  const image = await chartReader.image(key)
  if (!image) throw new PreviewTooLongError('the chart is too long for one image')
  const url = URL.createObjectURL(new Blob([image.svg], { type: 'image/svg+xml;charset=utf-8' }))
  try {
    const loaded = await loadImage(url, 'the preview could not be drawn as an image')
    const canvas = document.createElement('canvas')
    canvas.width = image.width
    canvas.height = image.height
    canvas.getContext('2d')!.drawImage(loaded, 0, 0)
    const blob = await canvasToPng(canvas, 'the browser could not encode a PNG')
    return new Uint8Array(await blob.arrayBuffer())
  } finally {
    URL.revokeObjectURL(url)
  }
}

export const downloadPng = async (key: number): Promise<string> => {
  const bytes = await chartToPng(key)
  const name = `${sha1OfBytes(bytes)}.png`
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'image/png' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return name
}
