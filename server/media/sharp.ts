// sharp (libvips) is loaded when an image is first checked or composed, not when the server starts: a server
// that only serves keeps that memory free.
import type Sharp from 'sharp'

let loading: Promise<typeof Sharp> | undefined

export const loadSharp = (): Promise<typeof Sharp> =>
  (loading ??= import('sharp').then((module) => module.default))
