// npm run build (and npm start when the sources are newer): our engine's files, built from engine/ into
// build/sirius-engine/ beside the compiled server, which serves them.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUILT_ENGINE_DIR, engineFilesFromSources, writeEngineFiles } from '../packs/builtInEngine.js'

const started = Date.now()
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..', BUILT_ENGINE_DIR)
const files = engineFilesFromSources()
writeEngineFiles(dir, files)
console.log(
  `Engine built in ${Date.now() - started} ms: ${Object.entries(files)
    .map(([field, { hash }]) => `${field} ${hash.slice(0, 8)}`)
    .join(', ')}`,
)
