// npm start (and migrate, import-pack, backup, restore, demo:remove): runs a compiled entry of the server, build/server/….
// What is older than its sources is built first when the build tools are installed, so a fresh clone's
// `npm install && npm start` works; after `npm ci --omit=dev` (the container image) the build must exist.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  SERVER_OUT,
  SPA_OUT,
  buildServer,
  buildSpa,
  installed,
  isBuilt,
  root,
  serverIsStale,
  spaIsStale,
} from './build-lib.mjs'

const ENTRIES = new Set(['main', 'cli/migrate', 'cli/importPack', 'cli/backup', 'cli/restore', 'demo/remove'])
const [entry = 'main', ...args] = process.argv.slice(2)
if (!ENTRIES.has(entry)) {
  process.stderr.write(`Unknown entry "${entry}"; one of: ${[...ENTRIES].join(', ')}\n`)
  process.exit(2)
}

try {
  if (serverIsStale()) {
    if (installed('typescript')) buildServer()
    else if (!isBuilt(SERVER_OUT))
      throw new Error(
        'The server is not built and TypeScript is not installed: run `npm ci && npm run build`.',
      )
    else
      process.stderr.write('Note: server sources are newer than build/, but TypeScript is not installed.\n')
  }
  // The web site, unless it is served from elsewhere (STATIC_ROOT) or the build is turned off.
  if (entry === 'main' && !process.env.STATIC_ROOT && process.env.SKIP_SPA_BUILD !== '1' && spaIsStale()) {
    if (installed('vite')) buildSpa()
    else if (!isBuilt(SPA_OUT))
      process.stderr.write('Note: the web site is not built; only the API is served.\n')
  }
} catch (error) {
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
}

const file = path.join(root, 'build', 'server', `${entry}.js`)
process.argv = [process.argv[0], file, ...args]
await import(pathToFileURL(file).href)
