// Imports engines, skins, backgrounds, effects and particles from a Sonolus pack folder (db.json +
// repository/) or a .scp collection (a ZIP of a static server tree), docs/protocol.md §13.3.
// Everything is read and checked first (versions, every resource present, every SHA-1); only then are
// files stored and all items written in one transaction, so a failed import leaves no item behind.
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { unzipSync } from 'fflate'
import { sha1Hex } from '../crypto.js'
import { type Repositories } from '../db/repositories/index.js'
import { type BlobStore } from '../storage/index.js'
import { readFreePack } from './freePack.js'
import { type AnyDatabaseItem, PACK_ITEM_TYPES, type PackItemType, PLURAL, RESOURCES } from './types.js'

export class PackImportError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PackImportError'
  }
}

const VERSIONS: Record<PackItemType, number> = { engine: 13, skin: 4, background: 2, effect: 5, particle: 3 }
const PARTS = ['skin', 'background', 'effect', 'particle'] as const

/** Files by path inside the pack, read lazily. */
type Source = { read: (file: string) => Buffer | undefined; label: string }

const folderSource = (root: string): Source => ({
  label: root,
  read: (file) => {
    const full = path.join(root, file)
    return fs.existsSync(full) && fs.statSync(full).isFile() ? fs.readFileSync(full) : undefined
  },
})

/** A .scp is decompressed whole: each entry and the sum are bounded by their declared sizes, before any
 *  byte is inflated. (An entry whose header under-declares its size is inflated into a buffer of the
 *  declared size, so it cannot grow past it either; its SHA-1 then fails.) */
export const SCP_MAX_ENTRY_BYTES = 128 * 1024 * 1024
export const SCP_MAX_TOTAL_BYTES = 512 * 1024 * 1024
export const SCP_MAX_ENTRIES = 20_000

const zipSource = (file: string): Source => {
  let entries: Record<string, Uint8Array>
  let total = 0
  let count = 0
  try {
    entries = unzipSync(fs.readFileSync(file), {
      filter: (entry) => {
        total += entry.originalSize
        if (++count > SCP_MAX_ENTRIES) throw new PackImportError(`it has more than ${SCP_MAX_ENTRIES} files`)
        if (entry.originalSize > SCP_MAX_ENTRY_BYTES)
          throw new PackImportError(`${entry.name} decompresses to more than ${SCP_MAX_ENTRY_BYTES} bytes`)
        if (total > SCP_MAX_TOTAL_BYTES)
          throw new PackImportError(`it decompresses to more than ${SCP_MAX_TOTAL_BYTES} bytes`)
        return true
      },
    })
  } catch (error) {
    throw new PackImportError(`${file} is not a readable ZIP (.scp): ${(error as Error).message}`)
  }
  return { label: file, read: (name) => (entries[name] ? Buffer.from(entries[name]) : undefined) }
}

const json = (source: Source, file: string): unknown => {
  const bytes = source.read(file)
  if (!bytes) return undefined
  try {
    return JSON.parse(bytes.toString('utf8'))
  } catch {
    throw new PackImportError(`${file} in ${source.label} is not valid JSON`)
  }
}

type Collected = {
  items: Map<PackItemType, Map<string, AnyDatabaseItem>>
  resourcePath: (hash: string) => string
}

/** A served (localized) item of a .scp, back to a database item: texts as {en: …}, parts by name. */
const fromServed = (type: PackItemType, item: Record<string, unknown>, into: Collected['items']): void => {
  const text = (value: unknown) => ({ en: typeof value === 'string' ? value : '' })
  const record: Record<string, unknown> = {
    ...item,
    title: text(item.title),
    subtitle: text(item.subtitle),
    author: text(item.author),
    tags: Array.isArray(item.tags)
      ? item.tags.map((tag: { title?: string; icon?: string }) => ({
          title: text(tag.title),
          ...(tag.icon ? { icon: tag.icon } : {}),
        }))
      : [],
  }
  delete record.source
  delete record.authorUser
  if (type === 'engine') {
    for (const part of PARTS) {
      const nested = item[part] as Record<string, unknown> | undefined
      if (!nested || typeof nested.name !== 'string')
        throw new PackImportError(`engine "${String(item.name)}" has no embedded ${part}`)
      fromServed(part, nested, into)
      record[part] = nested.name
    }
  }
  into.get(type)!.set(String(item.name), record as unknown as AnyDatabaseItem)
}

const collect = (source: Source): Collected => {
  const items = new Map<PackItemType, Map<string, AnyDatabaseItem>>(
    PACK_ITEM_TYPES.map((type) => [type, new Map()]),
  )
  const db = json(source, 'db.json') as Record<string, AnyDatabaseItem[]> | undefined
  if (db) {
    for (const type of PACK_ITEM_TYPES)
      for (const item of db[`${type}s`] ?? []) items.get(type)!.set(item.name, item)
    return { items, resourcePath: (hash) => `repository/${hash}` }
  }
  let found = false
  for (const type of PACK_ITEM_TYPES) {
    const list = json(source, `sonolus/${PLURAL[type]}/list`) as
      { items?: Record<string, unknown>[] } | undefined
    for (const item of list?.items ?? []) {
      found = true
      fromServed(type, item, items)
    }
  }
  if (!found)
    throw new PackImportError(
      `${source.label} has neither db.json nor sonolus/*/list: it is not a Sonolus pack or .scp`,
    )
  return { items, resourcePath: (hash) => `sonolus/repository/${hash}` }
}

export type ImportResult = { items: Record<PackItemType, string[]>; files: number; newFiles: number }

export const importPack = async (
  input: string,
  repos: Repositories,
  blobStore: BlobStore,
  now = Date.now(),
): Promise<ImportResult> => {
  if (!fs.existsSync(input)) throw new PackImportError(`${input} does not exist`)
  const source = fs.statSync(input).isDirectory() ? folderSource(input) : zipSource(input)
  const { items, resourcePath } = collect(source)

  // Engine parts may come from the pack, from free-pack (always present) or from an earlier import.
  const known = new Set<string>()
  for (const [type, list] of readFreePack()) for (const item of list) known.add(`${type}:${item.name}`)
  for (const row of await repos.packItems.list()) known.add(`${row.type}:${row.name}`)
  for (const [type, byName] of items) for (const name of byName.keys()) known.add(`${type}:${name}`)

  // 1. Check every item and every resource before touching storage.
  const files = new Map<string, { bytes: Buffer; contentType: string }>()
  for (const [type, byName] of items) {
    for (const [name, item] of byName) {
      const version = (item as { version?: unknown }).version
      if (version !== VERSIONS[type])
        throw new PackImportError(
          `${type} "${name}" has version ${String(version)}; this server needs version ${VERSIONS[type]}`,
        )
      if (type === 'engine') {
        for (const part of PARTS) {
          const partName = (item as unknown as Record<string, string>)[part]
          if (!known.has(`${part}:${partName}`)) {
            throw new PackImportError(
              `engine "${name}" uses ${part} "${partName}", which is neither in the pack nor on this server`,
            )
          }
        }
      }
      for (const [field, contentType] of Object.entries(RESOURCES[type])) {
        const srl = (item as unknown as Record<string, { hash?: string | null } | undefined>)[field]
        if (!srl) {
          if (field === 'rom') continue
          throw new PackImportError(`${type} "${name}" has no ${field}`)
        }
        const hash = srl.hash
        if (!hash || !/^[0-9a-f]{40}$/.test(hash))
          throw new PackImportError(`${type} "${name}" ${field} has no valid SHA-1 hash`)
        if (files.has(hash)) continue
        const bytes = source.read(resourcePath(hash))
        if (!bytes)
          throw new PackImportError(
            `${type} "${name}" ${field}: file ${resourcePath(hash)} is missing from the pack`,
          )
        const actual = sha1Hex(bytes)
        if (actual !== hash)
          throw new PackImportError(`${type} "${name}" ${field}: file ${hash} has SHA-1 ${actual}`)
        files.set(hash, { bytes, contentType })
      }
    }
  }
  if ([...items.values()].every((byName) => byName.size === 0))
    throw new PackImportError(`${source.label} holds no engine, skin, background, effect or particle`)

  // 2. Files (content-addressed, so a retry after a failure here is harmless), then 3. all items at once.
  let newFiles = 0
  for (const [hash, file] of files) {
    if (!(await repos.files.get(hash))) {
      const { created, size } = await blobStore.put(Readable.from([file.bytes]), hash)
      await repos.files.record({ hash, size, contentType: file.contentType, createdTime: now })
      if (created) newFiles++
    }
  }
  // Relative URLs, served by our repository route (docs/protocol.md §13.3 step 3).
  const rewrite = (item: AnyDatabaseItem) => {
    const copy = JSON.parse(JSON.stringify(item)) as Record<string, unknown>
    for (const value of Object.values(copy)) {
      const srl = value as { hash?: string; url?: string } | null
      if (srl && typeof srl === 'object' && typeof srl.hash === 'string' && 'url' in srl)
        srl.url = `/sonolus/repository/${srl.hash}`
    }
    return JSON.stringify(copy)
  }
  await repos.transaction(async (trx) => {
    for (const [type, byName] of items) {
      for (const [name, item] of byName)
        await trx.packItems.upsert({ type, name, item: rewrite(item), createdTime: now })
    }
    // Running instances reload their catalogue when this changes.
    await trx.meta.set('packs_updated', String(now))
  })

  const result = Object.fromEntries(
    PACK_ITEM_TYPES.map((type) => [type, [...items.get(type)!.keys()]]),
  ) as Record<PackItemType, string[]>
  return { items: result, files: files.size, newFiles }
}
