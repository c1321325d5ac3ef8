// Images in and out of a canvas, for the pictures the site makes itself: the preview's PNG and the chart's
// background.

/** An image loaded from a URL (a blob: URL, usually); rejects with `failure` when it cannot be decoded. */
export const loadImage = async (url: string, failure: string): Promise<HTMLImageElement> => {
  const image = new Image()
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve()
    image.onerror = () => reject(new Error(failure))
    image.src = url
  })
  return image
}

/** The canvas as a PNG; rejects with `failure` when the browser cannot encode it. */
export const canvasToPng = async (canvas: HTMLCanvasElement, failure: string): Promise<Blob> => {
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'))
  if (!png) throw new Error(failure)
  return png
}
