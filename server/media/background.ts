// The per-chart background image (docs/spec.md §9): a 1920×1180 canvas with the cover drawn 450×450 at (741, 169).
// The canvas behind the cover is the cover itself, enlarged, blurred and darkened.
import { loadSharp } from './sharp.js'
import {
  BACKGROUND_COVER_LEFT,
  BACKGROUND_COVER_SIZE,
  BACKGROUND_COVER_TOP,
  BACKGROUND_HEIGHT,
  BACKGROUND_WIDTH,
} from '../../common/rules.js'

export { BACKGROUND_HEIGHT, BACKGROUND_WIDTH }
export const COVER_BOX = {
  left: BACKGROUND_COVER_LEFT,
  top: BACKGROUND_COVER_TOP,
  size: BACKGROUND_COVER_SIZE,
}

export const composeBackground = async (cover: Buffer): Promise<Buffer> => {
  const sharp = await loadSharp()
  const backdrop = await sharp(cover)
    .resize(BACKGROUND_WIDTH, BACKGROUND_HEIGHT, { fit: 'cover' })
    .blur(40)
    .modulate({ brightness: 0.45 })
    .toBuffer()
  const front = await sharp(cover).resize(COVER_BOX.size, COVER_BOX.size, { fit: 'cover' }).toBuffer()
  return sharp(backdrop)
    .composite([{ input: front, left: COVER_BOX.left, top: COVER_BOX.top }])
    .png({ compressionLevel: 9 })
    .toBuffer()
}
