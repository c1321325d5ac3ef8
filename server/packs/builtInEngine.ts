// Our own Sirius engine (engine/), served as an engine item like an imported one. `npm run build` writes
// its files to build/sirius-engine/ (server/cli/buildEngine.ts); a server run from its TypeScript sources
// (tests, `npm run dev:server`) builds them in memory instead, so they never go stale. Either way each
// file is checked against its SHA-1 and copied into the blob store once.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { BACKGROUND_HEIGHT, BACKGROUND_WIDTH } from '../../common/rules.js'
import { type DatabaseEngineItem } from '@sonolus/core'
import { SIRIUS_ENGINE, type EngineFileField, buildEngineFiles } from '../../engine/index.js'
import { type Repositories } from '../db/repositories/index.js'
import { type BlobStore } from '../storage/index.js'
import { putBuffer } from '../storage/putFile.js'
import { FREE_PACK } from './freePack.js'
import { RESOURCES } from './types.js'

export type EngineFiles = Record<EngineFileField, { hash: string; bytes: Buffer }>
export type BuiltInEngine = { item: DatabaseEngineItem; files: EngineFiles }

export const BUILT_ENGINE_DIR = 'sirius-engine'
const MANIFEST = 'manifest.json'

const sha1 = (bytes: Uint8Array) => crypto.createHash('sha1').update(bytes).digest('hex')

/** The files from the sources. */
export const engineFilesFromSources = (): EngineFiles =>
  Object.fromEntries(
    Object.entries(buildEngineFiles()).map(([field, bytes]) => [
      field,
      { hash: sha1(bytes), bytes: Buffer.from(bytes) },
    ]),
  ) as EngineFiles

/** Writes the files and their manifest (field → SHA-1) into `dir`. */
export const writeEngineFiles = (dir: string, files: EngineFiles): void => {
  fs.mkdirSync(dir, { recursive: true })
  for (const { hash, bytes } of Object.values(files)) fs.writeFileSync(path.join(dir, hash), bytes)
  const manifest = Object.fromEntries(Object.entries(files).map(([field, { hash }]) => [field, hash]))
  fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n')
}

const readEngineFiles = (dir: string): EngineFiles => {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as Record<string, string>
  return Object.fromEntries(
    Object.entries(manifest).map(([field, hash]) => {
      const bytes = fs.readFileSync(path.join(dir, hash))
      if (sha1(bytes) !== hash)
        throw new Error(`${path.join(dir, hash)} does not match its SHA-1: run npm run build`)
      return [field, { hash, bytes }]
    }),
  ) as EngineFiles
}

/** The built files when this server is the compiled one and they are there; otherwise built now. */
const engineFiles = (): EngineFiles => {
  const here = path.dirname(fileURLToPath(import.meta.url))
  const compiled = path.basename(path.resolve(here, '../..')) === 'build'
  const dir = path.resolve(here, '../..', BUILT_ENGINE_DIR)
  return compiled && fs.existsSync(path.join(dir, MANIFEST)) ? readEngineFiles(dir) : engineFilesFromSources()
}

const srl = (hash: string) => ({ hash, url: `/sonolus/repository/${hash}` })

let loaded: BuiltInEngine | undefined

/** The engine item (with free-pack's skin, background, effect and particle) and its files; once a process. */
export const builtInEngine = (): BuiltInEngine => {
  if (!loaded) {
    const files = engineFiles()
    loaded = {
      files,
      item: {
        name: SIRIUS_ENGINE.name,
        version: 13,
        title: { ...SIRIUS_ENGINE.title },
        subtitle: { ...SIRIUS_ENGINE.subtitle },
        author: { ...SIRIUS_ENGINE.author },
        tags: [],
        description: { ...SIRIUS_ENGINE.description },
        skin: FREE_PACK.skin,
        background: FREE_PACK.background,
        effect: FREE_PACK.effect,
        particle: FREE_PACK.particle,
        thumbnail: srl(files.thumbnail.hash),
        playData: srl(files.playData.hash),
        watchData: srl(files.watchData.hash),
        previewData: srl(files.previewData.hash),
        tutorialData: srl(files.tutorialData.hash),
        configuration: srl(files.configuration.hash),
      },
    }
  }
  return loaded
}

/** The background data of a chart's own background (our composite, in place of the engine background's
 *  image): its aspect ratio, so the app draws it unsquashed, covering the screen, on free-pack's default
 *  background's colour (the background specs' BackgroundData). */
export const CHART_BACKGROUND_DATA = (() => {
  const bytes = gzipSync(
    JSON.stringify({ aspectRatio: BACKGROUND_WIDTH / BACKGROUND_HEIGHT, fit: 'cover', color: '#000020' }),
    { level: 9 },
  )
  return { hash: sha1(bytes), bytes }
})()

/** Copies the engine's files, and the chart backgrounds' data, into the blob store (those it does not
 *  have yet). */
export const installBuiltInEngine = async (blobStore: BlobStore, repos: Repositories): Promise<number> => {
  let copied = 0
  const files = [
    ...Object.entries(builtInEngine().files).map(([field, file]) => ({
      ...file,
      type: RESOURCES.engine[field]!,
    })),
    { ...CHART_BACKGROUND_DATA, type: 'application/gzip' },
  ]
  for (const { hash, bytes, type } of files) {
    if (await repos.files.get(hash)) continue
    await putBuffer(blobStore, repos, bytes, type)
    copied++
  }
  return copied
}
