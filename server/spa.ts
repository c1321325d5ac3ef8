// Serves the built SPA with a history fallback, so deep links such as /chart/abc/info load index.html.
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { type App } from './sonolus/types.js'

/** Paths the SPA never owns: their misses are real 404s with a JSON body. */
const API_PREFIXES = ['/sonolus/', '/upload/', '/healthz']

export const isApiPath = (url: string): boolean =>
  API_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix))

export const registerSpa = async (app: App, staticRoot: string): Promise<boolean> => {
  const index = path.join(staticRoot, 'index.html')
  if (!fs.existsSync(index)) {
    app.log.warn({ staticRoot }, 'the SPA is not built (no index.html): only the API is served')
    return false
  }
  await app.register(fastifyStatic, {
    root: staticRoot,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      // Vite names assets by content hash, so they never change; index.html must always be revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable')
      else res.header('cache-control', 'no-cache')
    },
  })
  return true
}
