// What `npm start` (scripts/run.mjs), `npm run build` (scripts/build.mjs) and the benchmarks share: which
// outputs are older than their sources, and how each is built.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '..')

const SERVER_INPUTS = [
  'server',
  'common',
  'engine',
  'tsconfig.base.json',
  'tsconfig.build.json',
  'package.json',
]
const SPA_INPUTS = ['src', 'common', 'i18n', 'index.html', 'vite.config.ts', 'package.json', 'public']
export const SERVER_OUT = path.join(root, 'build', 'server', 'main.js')
export const SPA_OUT = path.join(root, 'dist', 'index.html')

const newest = (entry) => {
  const stat = fs.statSync(entry, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let time = stat.mtimeMs
  for (const child of fs.readdirSync(entry)) time = Math.max(time, newest(path.join(entry, child)))
  return time
}
const builtAt = (file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0

export const isBuilt = (output) => builtAt(output) > 0
export const serverIsStale = () =>
  builtAt(SERVER_OUT) < Math.max(...SERVER_INPUTS.map((input) => newest(path.join(root, input))))
export const spaIsStale = () =>
  builtAt(SPA_OUT) < Math.max(...SPA_INPUTS.map((input) => newest(path.join(root, input))))

/** Whether a build tool is installed (it is not after `npm ci --omit=dev`). */
export const installed = (name) => fs.existsSync(path.join(root, 'node_modules', name, 'package.json'))

const run = (what, args) => {
  process.stdout.write(`${what}…\n`)
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status ?? result.signal})`)
}

/** The server, common/ and engine/ compiled to build/ (tsc), with the demo's media beside the compiled seed,
 *  and the engine's files built from engine/ (build/sirius-engine/). */
export const buildServer = () => {
  fs.rmSync(path.join(root, 'build'), { recursive: true, force: true })
  run('Compiling the server', [
    path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    'tsconfig.build.json',
  ])
  const assets = path.join(root, 'server', 'demo', 'assets')
  const target = path.join(root, 'build', 'server', 'demo', 'assets')
  fs.mkdirSync(target, { recursive: true })
  for (const name of fs.readdirSync(assets).filter((file) => /\.(png|mp3)$/.test(file)))
    fs.copyFileSync(path.join(assets, name), path.join(target, name))
  run('Building the engine', [path.join(root, 'build', 'server', 'cli', 'buildEngine.js')])
}

/** The SPA bundled to dist/ (vite). */
export const buildSpa = () =>
  run('Building the web site', [
    path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    '--logLevel',
    'warn',
  ])
