// `npm start` builds the SPA when its sources are newer than dist/ (architecture.md "Contracts"),
// so a fresh clone needs nothing but `npm install && npm start`.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const INPUTS = ['src', 'common', 'i18n', 'index.html', 'vite.config.ts', 'package.json', 'public']

const newestMtime = (entry: string): number => {
  const stat = fs.statSync(entry, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)))
  return newest
}

export const spaIsStale = (projectRoot: string, outDir: string): boolean => {
  const built = fs.statSync(path.join(outDir, 'index.html'), { throwIfNoEntry: false })
  if (!built) return true
  return INPUTS.some((input) => newestMtime(path.join(projectRoot, input)) > built.mtimeMs)
}

export const buildSpa = (projectRoot: string): void => {
  const vite = path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js')
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: projectRoot,
    stdio: 'inherit',
  })
  if (result.status !== 0)
    throw new Error(`the SPA build failed (vite exited with ${result.status ?? result.signal})`)
}
