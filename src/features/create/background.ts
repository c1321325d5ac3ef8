// docs/spec.md §3/§9: the chart's background is made from its cover in the browser: a 1920×1180 canvas with the
// cover drawn 450×450 at (741, 169), and behind it the cover scaled to cover the whole canvas, blurred
// where the browser can, and darkened. The result is a PNG (canvas.toBlob).
import {
  BACKGROUND_COVER_LEFT,
  BACKGROUND_COVER_SIZE,
  BACKGROUND_COVER_TOP,
  BACKGROUND_DIM,
  BACKGROUND_HEIGHT,
  BACKGROUND_WIDTH,
} from '../../../common/rules'
import { canvasToPng, loadImage } from '../../app/canvas'

const BLUR_RADIUS = 40
const BLUR_MARGIN = 2 * BLUR_RADIUS

export type Rect = { x: number; y: number; width: number; height: number }

/** Where a width×height image goes so that it covers a boxWidth×boxHeight box, centred and cropped. */
export const coverRect = (width: number, height: number, boxWidth: number, boxHeight: number): Rect => {
  const scale = Math.max(boxWidth / width, boxHeight / height)
  const w = width * scale
  const h = height * scale
  return { x: (boxWidth - w) / 2, y: (boxHeight - h) / 2, width: w, height: h }
}

/** The centred square of a width×height image (the part drawn 450×450, like the server's fit: cover). */
export const centredSquare = (width: number, height: number): Rect => {
  const side = Math.min(width, height)
  return { x: (width - side) / 2, y: (height - side) / 2, width: side, height: side }
}

type Decoded = { image: CanvasImageSource; width: number; height: number; close: () => void }

const decode = async (blob: Blob): Promise<Decoded> => {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(blob)
    return { image: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() }
  }
  const url = URL.createObjectURL(blob)
  try {
    const image = await loadImage(url, 'the cover could not be read as an image')
    return { image, width: image.naturalWidth, height: image.naturalHeight, close: () => undefined }
  } finally {
    URL.revokeObjectURL(url)
  }
}

export const composeBackground = async (cover: Blob): Promise<Blob> => {
  const decoded = await decode(cover)
  try {
    if (!decoded.width || !decoded.height) throw new Error('the cover has no size')
    const canvas = document.createElement('canvas')
    canvas.width = BACKGROUND_WIDTH
    canvas.height = BACKGROUND_HEIGHT
    const context = canvas.getContext('2d')
    if (!context) throw new Error('this browser cannot draw on a canvas')

    // The backdrop reaches BLUR_MARGIN past every edge, so the blur has no transparent rim to pull in.
    const back = coverRect(
      decoded.width,
      decoded.height,
      BACKGROUND_WIDTH + 2 * BLUR_MARGIN,
      BACKGROUND_HEIGHT + 2 * BLUR_MARGIN,
    )
    // Browsers without canvas filters draw the backdrop sharp; the dimming below works everywhere.
    context.filter = `blur(${BLUR_RADIUS}px)`
    context.drawImage(decoded.image, back.x - BLUR_MARGIN, back.y - BLUR_MARGIN, back.width, back.height)
    context.filter = 'none'
    context.fillStyle = `rgba(0, 0, 0, ${BACKGROUND_DIM})`
    context.fillRect(0, 0, BACKGROUND_WIDTH, BACKGROUND_HEIGHT)

    const square = centredSquare(decoded.width, decoded.height)
    context.drawImage(
      decoded.image,
      square.x,
      square.y,
      square.width,
      square.height,
      BACKGROUND_COVER_LEFT,
      BACKGROUND_COVER_TOP,
      BACKGROUND_COVER_SIZE,
      BACKGROUND_COVER_SIZE,
    )
    return await canvasToPng(canvas, 'this browser could not encode the background as PNG')
  } finally {
    decoded.close()
  }
}
