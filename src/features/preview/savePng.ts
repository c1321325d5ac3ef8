// docs/spec.md §2: the preview's Save exports a PNG named after the SHA-1 of the image bytes.
import { canvasToPng, loadImage } from '../../app/canvas'
import { sha1OfBytes } from '../../app/sha1'

/** Renders the SVG onto a canvas and returns the PNG bytes. */
export const svgToPng = async (svg: SVGSVGElement): Promise<Uint8Array> => {
  const source = new XMLSerializer().serializeToString(svg)
  const url = URL.createObjectURL(new Blob([source], { type: 'image/svg+xml;charset=utf-8' }))
  try {
    const image = await loadImage(url, 'the preview could not be drawn as an image')
    const canvas = document.createElement('canvas')
    canvas.width = svg.width.baseVal.value
    canvas.height = svg.height.baseVal.value
    canvas.getContext('2d')!.drawImage(image, 0, 0)
    const blob = await canvasToPng(canvas, 'the browser could not encode a PNG')
    return new Uint8Array(await blob.arrayBuffer())
  } finally {
    URL.revokeObjectURL(url)
  }
}

export const downloadPng = async (svg: SVGSVGElement): Promise<string> => {
  const bytes = await svgToPng(svg)
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
