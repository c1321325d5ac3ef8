// sharp (libvips) is loaded when an image is first checked or composed, not when the server starts: a server
// that only serves keeps about 10 MB less (issue 20: its memory).
import type Sharp from 'sharp'

let loading: Promise<typeof Sharp> | undefined

export const loadSharp = (): Promise<typeof Sharp> =>
  (loading ??= import('sharp').then((module) => module.default))
