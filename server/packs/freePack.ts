// @sonolus/free-pack (MIT): the default skin, background, effect and particle, and the parts of the
// placeholder engine used until an operator imports the Sirius engine (docs/protocol.md §12.2, §13.4).
import fs from 'node:fs'
import path from 'node:path'
import { packPath } from '@sonolus/free-pack'
import { type Repositories } from '../db/repositories/index.js'
import { type BlobStore } from '../storage/index.js'
import { type AnyDatabaseItem, PACK_ITEM_TYPES, type PackItemType, RESOURCES } from './types.js'

const packDir = packPath

type PackDb = Record<string, unknown[]>

export const FREE_PACK = {
  skin: 'pixel',
  background: 'darkblue',
  effect: '8bit',
  particle: 'pixel',
} as const

export const readFreePack = (): Map<PackItemType, AnyDatabaseItem[]> => {
  const db = JSON.parse(fs.readFileSync(path.join(packDir, 'db.json'), 'utf8')) as PackDb
  const items = new Map<PackItemType, AnyDatabaseItem[]>()
  for (const type of PACK_ITEM_TYPES) items.set(type, (db[`${type}s`] ?? []) as AnyDatabaseItem[])
  return items
}

/** Copies every free-pack resource into the blob store (each checked against its SHA-1) and records it. */
export const installFreePack = async (blobStore: BlobStore, repos: Repositories): Promise<number> => {
  let files = 0
  for (const [type, items] of readFreePack()) {
    for (const item of items) {
      for (const [field, contentType] of Object.entries(RESOURCES[type])) {
        const hash = (item as unknown as Record<string, { hash?: string } | undefined>)[field]?.hash
        if (!hash || (await repos.files.get(hash))) continue
        const { size } = await blobStore.put(
          fs.createReadStream(path.join(packDir, 'repository', hash)),
          hash,
        )
        await repos.files.record({ hash, size, contentType, createdTime: Date.now() })
        files++
      }
    }
  }
  return files
}
