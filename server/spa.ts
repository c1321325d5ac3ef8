// Serves the built SPA with a history fallback, so deep links such as /chart/abc/info load index.html.
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { type App } from './http/types.js'

/** A missing asset (an old tab after a deploy) must be a 404, not index.html served as a script. */
export const looksLikeFile = (url: string): boolean =>
  url.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(url)

/** The browser player's worker compiles the engine's node graphs into functions (new Function), which the
 *  SPA's policy forbids. A worker runs under the policy its own file is served with, so this one file gets
 *  'unsafe-eval' and nothing else: it fetches nothing and loads no other script. The compiled code is
 *  made of numbers and our own templates, never of text from the engine data
 *  (engine/interpreter/compile.ts). */
export const WATCH_WORKER_POLICY = "default-src 'none'; script-src 'self' 'unsafe-eval'"
export const isWatchWorker = (filePath: string): boolean =>
  /^watch\.worker-[\w-]+\.js(\.br|\.gz)?$/.test(path.basename(filePath))

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
    // The build writes .br and .gz beside each script and style sheet (vite.config.ts): sent to browsers
    // that accept them, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      // Vite names assets by content hash, so they never change; index.html must always be revalidated.
      const immutable = path.relative(staticRoot, filePath).startsWith(`assets${path.sep}`)
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      if (isWatchWorker(filePath)) res.header('content-security-policy', WATCH_WORKER_POLICY)
    },
  })
  return true
}
